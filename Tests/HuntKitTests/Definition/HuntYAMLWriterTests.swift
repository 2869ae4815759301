import Foundation
import Testing
@testable import HuntKit

/// `Hunt.yaml()` writes a hunt file that loads back to the same hunt.
@Suite struct HuntYAMLWriterTests {
    @Test(arguments: 0..<200) func randomHuntsRoundTrip(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        let hunt = RandomHunt.make(&rng)
        let text = hunt.yaml()
        let loaded = DefinitionTestSupport.load(text)
        #expect(!loaded.diagnostics.hasErrors, "\(loaded.diagnostics.filter { $0.severity == .error }.map(\.message))\n\(text)")
        let back = try #require(loaded.hunt)
        #expect(RandomHunt.described(back) == RandomHunt.described(hunt), "\(text)")
        #expect(back.yaml() == text)
    }

    @Test func theSketchRoundTrips() throws {
        let original = try DefinitionTestSupport.load(DefinitionLoaderTests.sketch).get()
        let back = try DefinitionTestSupport.load(original.yaml()).get()
        #expect(RandomHunt.described(back) == RandomHunt.described(original))
    }

    /// An area built in code with its polygons (a hole in it) is written beside the hunt file as
    /// GeoJSON and loads back with the same polygons; an absolute path is written into the folder.
    @Test(arguments: ["areas/old-town.geojson", "/tmp/somewhere/old-town.geojson", "../outside.geojson", "old-town.kml"])
    func anAreaBuiltInCodeIsWrittenBesideTheHunt(path: String) throws {
        let ring = [(38.7105, -9.1370), (38.7105, -9.1300), (38.7145, -9.1300), (38.7145, -9.1370)].map {
            Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let hole = [(38.7120, -9.1340), (38.7120, -9.1330), (38.7130, -9.1330)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
        let area = Area(name: "Old town", polygons: [AreaPolygon(outer: ring, holes: [hole])])
        let hunt = Hunt(
            title: "Lisbon", timezone: TimeZone(identifier: "Europe/Lisbon")!, teams: [Team(id: "foxes", name: "Foxes")],
            tasks: [
                HuntTask(id: "old-town", title: "Inside the old town", target: .area(AreaTarget(path: path, area: area))),
                HuntTask(
                    id: "se", title: "The cathedral",
                    target: .circle(center: Coordinate(latitude: 38.70981, longitude: -9.13290), radius: .metres(40)))
            ])
        #expect(hunt.validate().isEmpty)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hunt-write-\(UUID().uuidString)/lisbon")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let written = try hunt.write(to: folder)
        let expectedPath = path == "areas/old-town.geojson" ? path : "areas/old-town.geojson"
        #expect(written.map { $0.path.replacingOccurrences(of: folder.path + "/", with: "") } == [expectedPath, "hunt.yaml"])
        let loaded = try HuntLoader().load(contentsOf: folder.appendingPathComponent("hunt.yaml"), displayPath: "hunt.yaml").get()
        guard case .area(let back)? = loaded.task("old-town")?.target else { Issue.record("no area"); return }
        #expect(back.path == expectedPath)
        let polygons = try #require(back.area?.polygons)
        #expect(polygons.count == 1 && polygons[0].holes.count == 1)
        #expect(Set(polygons[0].outer) == Set(ring) && Set(polygons[0].holes[0]) == Set(hole))
        #expect(back.area?.contains(Coordinate(latitude: 38.7110, longitude: -9.1350)) == true)
        #expect(back.area?.contains(Coordinate(latitude: 38.7124, longitude: -9.1336)) == false, "inside the hole")
        #expect(loaded.validate().isEmpty)
    }

    /// An area or places target whose file was never read is an error, not a task the judge
    /// silently places nothing in.
    @Test func aTargetWithoutItsGeometryIsAnError() {
        let hunt = Hunt(
            title: "Lisbon",
            tasks: [
                HuntTask(
                    id: "old-town", title: "Old town",
                    target: .area(AreaTarget(path: "old-town.geojson", url: URL(fileURLWithPath: "/nowhere/old-town.geojson")))),
                HuntTask(
                    id: "cafes", title: "Cafés",
                    target: .places(PlacesTarget(path: "cafes.csv", url: URL(fileURLWithPath: "/nowhere/cafes.csv"), radius: .metres(25))))
            ])
        #expect(hunt.validate().map { "\($0.severity) \($0.code)" } == ["warning target-not-read", "warning target-not-read"])
        #expect(throws: DiagnosticError.self) { _ = try Judge(hunt: hunt) }
        #expect(throws: DiagnosticError.self) { _ = try Simulator(hunt: hunt, options: .init(teams: 0, photosPerTeam: 1)).plan() }
    }

    @Test func aHuntBuiltInCodeReadsLikeAFile() {
        let hunt = Hunt(
            title: "Café Crawl", timezone: TimeZone(identifier: "Europe/Amsterdam")!,
            tasks: [
                HuntTask(title: "The Dom Tower", target: .circle(center: Coordinate(latitude: 52.09067, longitude: 5.12133), radius: .metres(75)))
            ])
        #expect(
            hunt.yaml() == """
                hunt: "Café Crawl"
                timezone: Europe/Amsterdam
                tasks:
                  - id: the-dom-tower
                    title: "The Dom Tower"
                    at: 52.09067, 5.12133
                    radius: 75 m
                    points: 10

                """)
    }
}

/// Random hunts that load without errors: every kind of target, rule and text a file can hold.
enum RandomHunt {
    static let words = [
        "Dom", "tower", "café", "yes", "null", "a: b", "#1", "\"quoted\"", "it's", "[x]", "{y}", "- dash", "tab\there",
        "line\nbreak", "ümlaut", "日本", "~", "100", "@home", "back\\slash", "% off", "&anchor", "*star", "!tag"
    ]
    static let zones = ["UTC", "Europe/Amsterdam", "America/New_York", "Australia/Sydney", "Asia/Tokyo"]

    static func text(_ rng: inout SplitMix64, words count: ClosedRange<Int> = 1...4) -> String {
        (0..<Int.random(in: count, using: &rng)).map { _ in words.randomElement(using: &rng)! }.joined(separator: " ")
    }

    static func maybe<T>(_ rng: inout SplitMix64, _ make: (inout SplitMix64) -> T) -> T? {
        Bool.random(using: &rng) ? make(&rng) : nil
    }

    static func length(_ rng: inout SplitMix64, _ range: ClosedRange<Double>) -> Length {
        Bool.random(using: &rng)
            ? .metres(Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &rng)))
            : .metres(Double.random(in: range, using: &rng))
    }

    static func window(_ rng: inout SplitMix64, inside outer: TimeWindow?) -> TimeWindow {
        let base = outer?.start.timeIntervalSince1970 ?? Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &rng))
        let span = outer.map { $0.end.timeIntervalSince($0.start) } ?? 86_400 * 3
        let start = base + Double(Int.random(in: 0...Int(span / 2), using: &rng))
        let end = start + Double(Int.random(in: 1...Int(span / 2), using: &rng))
        return TimeWindow(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
    }

    static func bands(_ rng: inout SplitMix64) -> Bands {
        let found = length(&rng, 10...200)
        let hot = Length.metres(found.metres + length(&rng, 0...300).metres)
        return Bands(found: found, hot: hot, warm: .metres(hot.metres + length(&rng, 0...300).metres))
    }

    static func make(_ rng: inout SplitMix64) -> Hunt {
        let folder = DefinitionTestSupport.folder
        var hunt = Hunt(title: text(&rng), timezone: TimeZone(identifier: zones.randomElement(using: &rng)!)!)
        if Bool.random(using: &rng) { hunt.id = "hunt-\(Int.random(in: 1...99, using: &rng))" }
        hunt.window = maybe(&rng) { window(&$0, inside: nil) }
        hunt.defaults = TaskDefaults(radius: length(&rng, 15...500), points: Int.random(in: 0...100, using: &rng))
        hunt.policy.assumedAccuracy = length(&rng, 1...50)
        hunt.policy.clockSkew = TimeSpan(seconds: Bool.random(using: &rng) ? 600 : Double.random(in: 0...7200, using: &rng))
        hunt.policy.maximumSpeed = Speed(metresPerSecond: Double.random(in: 1...300, using: &rng))
        for (_, _, path) in PolicyReader.actionKeys { hunt.policy[keyPath: path] = PolicyAction.allCases.randomElement(using: &rng)! }
        hunt.policy.browserPosition = BrowserPositionUse.allCases.randomElement(using: &rng)!
        hunt.policy.browserMaxGap = TimeSpan(seconds: Bool.random(using: &rng) ? 600 : Double(Int.random(in: 0...7200, using: &rng)))
        hunt.policy.browserMaxAccuracy = length(&rng, 1...500)
        hunt.policy.liveMaxAge = TimeSpan(seconds: Bool.random(using: &rng) ? 300 : Double(Int.random(in: 0...3600, using: &rng)))
        if Bool.random(using: &rng) { hunt.bands = bands(&rng) }
        hunt.rules = maybe(&rng) { text(&$0, words: 1...12) }
        hunt.sheets.paper = SheetSettings.Paper.allCases.randomElement(using: &rng)!
        hunt.sheets.positions = SheetSettings.Positions.allCases.randomElement(using: &rng)!
        hunt.sheets.hints = SheetSettings.HintStyle.allCases.randomElement(using: &rng)!
        hunt.sheets.layout = maybe(&rng) { _ in "cards" }
        hunt.teams = (0..<Int.random(in: 0...4, using: &rng)).map { i in
            Team(
                id: "team\(i)", name: (["Team \(i)"] + [text(&rng, words: 0...2)].filter { !$0.isEmpty }).joined(separator: " "),
                members: (0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng) })
        }
        var ids: [String] = []
        for i in 0..<Int.random(in: 0...8, using: &rng) {
            var task = HuntTask(id: "t\(i)", title: text(&rng), points: Int.random(in: 0...1000, using: &rng))
            task.clue = maybe(&rng) { text(&$0, words: 1...8) }
            task.hint = maybe(&rng) { text(&$0) }
            task.reveal = maybe(&rng) { text(&$0) }
            let radius = length(&rng, 15...500)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                task.target = .area(AreaTarget(path: "area.geojson", url: folder.appendingPathComponent("area.geojson").standardizedFileURL))
            case 1:
                task.target = .places(
                    PlacesTarget(
                        path: "places.geojson", url: folder.appendingPathComponent("places.geojson").standardizedFileURL,
                        radius: radius))
            default:
                let latitude =
                    Bool.random(using: &rng)
                    ? Double(Int.random(in: -8_999_999...8_999_999, using: &rng)) / 1e5
                    : Double.random(in: -89.9...89.9, using: &rng)
                task.target = .circle(
                    center: Coordinate(latitude: latitude == 0 ? 1 : latitude, longitude: Double.random(in: -179.9...179.9, using: &rng)),
                    radius: radius)
            }
            task.after = ids.filter { _ in Int.random(in: 0..<4, using: &rng) == 0 }
            switch task.target {
            case .places?:
                if Bool.random(using: &rng) {
                    task.choose = Choice(count: Int.random(in: 1...5, using: &rng))
                } else {
                    task.repeatRule = [.once, .perPlace, .unlimited, .perDay].randomElement(using: &rng)!
                    task.score = ScoreRule.allCases.randomElement(using: &rng)!
                }
                task.dwell = maybe(&rng) { TimeSpan(seconds: Double(Int.random(in: 1...3600, using: &$0))) }
            case .circle?:
                task.repeatRule = [.once, .unlimited, .perDay].randomElement(using: &rng)!
                task.score = ScoreRule.allCases.randomElement(using: &rng)!
                task.dwell = maybe(&rng) { TimeSpan(seconds: Double.random(in: 1...3600, using: &$0)) }
            default:
                task.score = ScoreRule.allCases.randomElement(using: &rng)!
            }
            task.evidence = EvidenceKind.allCases.randomElement(using: &rng)!
            task.live = Bool.random(using: &rng)
            if Int.random(in: 0..<4, using: &rng) == 0 {
                task.reference = TaskReference(path: "fountain.jpg", in: folder)
            }
            task.positions = maybe(&rng) { SheetSettings.Positions.allCases.randomElement(using: &$0)! }
            task.tags = (0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng, words: 1...2) }
            task.window = maybe(&rng) { window(&$0, inside: hunt.window) }
            task.bands = maybe(&rng) { bands(&$0) }
            hunt.tasks.append(task)
            ids.append(task.id)
        }
        // A group over some of the ordinary tasks; they score only through it.
        let members = hunt.tasks.indices.filter { hunt.tasks[$0].score == .complete && Bool.random(using: &rng) }
        if !members.isEmpty {
            for i in members { hunt.tasks[i].points = 0 }
            hunt.tasks.append(
                HuntTask(
                    id: "group", title: text(&rng), points: Int.random(in: 0...100, using: &rng), tags: ["group"],
                    choose: Choice(count: Int.random(in: 1...members.count, using: &rng), tasks: members.map { hunt.tasks[$0].id })))
        }
        var points = 0
        hunt.rewards = (0..<Int.random(in: 0...3, using: &rng)).map { _ in
            points += Int.random(in: 1...50, using: &rng)
            return Reward(points: points, reward: text(&rng))
        }
        return hunt
    }

    /// Everything the hunt holds but where it was written, as text to compare.
    static func described(_ hunt: Hunt) -> String {
        var hunt = hunt
        hunt.source = .builtInCode
        hunt.fileURL = nil
        hunt.sheets.layoutLocation = nil
        for i in hunt.teams.indices { hunt.teams[i].location = .builtInCode }
        for i in hunt.rewards.indices { hunt.rewards[i].location = .builtInCode }
        for i in hunt.tasks.indices {
            hunt.tasks[i].location = .builtInCode
            hunt.tasks[i].choose?.location = .builtInCode
        }
        // The zone by its name: a `TimeZone`'s dump shows its storage's addresses.
        var text = "\(hunt.id) \(hunt.title) \(hunt.timezoneName) \(hunt.rules ?? "-")\n"
        dump(hunt.window, to: &text)
        dump(hunt.defaults, to: &text)
        dump(hunt.policy, to: &text)
        dump(hunt.bands, to: &text)
        dump(hunt.sheets, to: &text)
        dump(hunt.teams, to: &text)
        dump(hunt.tasks, to: &text)
        dump(hunt.rewards, to: &text)
        return text
    }
}
