import Testing
@testable import HuntKit

@Suite struct DefinitionCoordinateTests {
    static let dom = (52.09067, 5.12133)

    @Test(arguments: [
        ("52.09067, 5.12133", 52.09067, 5.12133),
        ("52.09067,5.12133", 52.09067, 5.12133),
        ("52.09067 5.12133", 52.09067, 5.12133),
        ("-33.85678, 151.21530", -33.85678, 151.2153),
        ("52.09067N 5.12133E", 52.09067, 5.12133),
        ("N 52.09067 E 5.12133", 52.09067, 5.12133),
        ("33.85678S, 151.2153E", -33.85678, 151.2153),
        ("52°05'26.4\"N 5°07'16.8\"E", 52.0906667, 5.1213333),
        ("52°05′26.4″N 5°07′16.8″E", 52.0906667, 5.1213333),
        ("52° 05' 26.4\" N, 5° 07' 16.8\" E", 52.0906667, 5.1213333),
        ("52º05'26.4''N 5º07'16.8''E", 52.0906667, 5.1213333),
        ("52°05.44'N 5°07.28'E", 52.0906667, 5.1213333),
        ("N 52° 05.440 E 005° 07.280", 52.0906667, 5.1213333),
        ("5°07'16.8\"E 52°05'26.4\"N", 52.0906667, 5.1213333),
        ("40°26'46\"N 79°58'56\"W", 40.4461111, -79.9822222),
        ("90, 180", 90, 180),
        ("-90, -180", -90, -180)
    ])
    func parses(_ text: String, _ latitude: Double, _ longitude: Double) throws {
        let c = try CoordinateText.parse(text).get()
        #expect(abs(c.latitude - latitude) < 1e-6, "\(text) → \(c)")
        #expect(abs(c.longitude - longitude) < 1e-6, "\(text) → \(c)")
    }

    @Test(arguments: [
        ("", "no coordinate"),
        ("52.1", "found 1 value"),
        ("52.1, 5.1, 7", "found 3 values"),
        ("91, 5", "latitude 91"),
        ("52, 181", "longitude 181"),
        ("52°65'N 5°E", "minutes must be below 60"),
        ("52°05'61\"N 5°E", "seconds must be below 60"),
        ("-52°N 5°E", "both a minus sign"),
        ("52°N 5°S", "both values are latitudes"),
        ("52.5°05'N 5°E", "only the last"),
        ("here", "unexpected"),
        ("52.1; 5.1 x", "unexpected"),
        ("°, 5", "without a number")
    ])
    func rejects(_ text: String, _ why: String) {
        switch CoordinateText.parse(text) {
        case .success(let c): Issue.record("\(text) parsed as \(c)")
        case .failure(let problem): #expect(problem.description.contains(why), "\(text): \(problem)")
        }
    }

    @Test func nodeForms() throws {
        for at in [
            "52.09067, 5.12133", "[52.09067, 5.12133]", "{ lat: 52.09067, lon: 5.12133 }",
            "{ latitude: 52.09067, longitude: 5.12133 }", "[\"52°05'26.412\\\"N\", \"5°07'16.788\\\"E\"]"
        ] {
            let text = DefinitionTestSupport.hunt(tasks: "  - id: dom\n    title: Dom\n    at: \(at)\n")
            let result = DefinitionTestSupport.load(text)
            #expect(result.diagnostics.isEmpty, "\(at): \(result.diagnostics)")
            guard case .circle(let centre, _)? = result.hunt?.tasks.first?.target else {
                Issue.record("\(at): no circle target"); continue
            }
            #expect(abs(centre.latitude - 52.09067) < 1e-6 && abs(centre.longitude - 5.12133) < 1e-6, "\(at) → \(centre)")
        }
    }

    @Test func listWithHemispheresInTheWrongOrderIsAnError() {
        let text = DefinitionTestSupport.hunt(tasks: "  - id: dom\n    title: Dom\n    at: [5.1E, 52.1N]\n")
        #expect(DefinitionTestSupport.load(text).diagnostics.map(\.code) == ["bad-coordinate"])
    }
}
