import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

@Suite struct SheetDocumentTests {
    @Test func oneSectionPerTeamWithItsNameOnTheCover() throws {
        let document = try SheetDocument(hunt: SheetSamples.utrecht(teams: 3), options: SheetOptions())
        #expect(document.sections.map(\.teamName) == ["Red Foxes", "Night Owls", "Zelené žáby"])
        #expect(document.sections.map(\.cover.teamName) == ["Red Foxes", "Night Owls", "Zelené žáby"])
        #expect(document.sections[0].cover.teamMembers == ["Anna", "Bram"])
    }

    /// A hunt built in code that `validate()` rejects is refused with its diagnostics, not drawn.
    @Test func aHuntWithErrorsIsRefusedWithThem() throws {
        var hunt = SheetSamples.utrecht(teams: 2)
        hunt.tasks.append(hunt.tasks[0])
        hunt.tasks[1].points = -5
        let errors = hunt.validate().filter { $0.severity == .error }
        #expect(Set(errors.map(\.code.rawValue)) == ["duplicate-id", "negative-points"])
        for answerKey in [false, true] {
            #expect { _ = try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: answerKey)) } throws: { error in
                (error as? DiagnosticError)?.diagnostics == errors
            }
        }
    }

    @Test func aHuntWithoutTeamsGetsOneUnnamedSection() throws {
        let document = try SheetDocument(hunt: SheetSamples.utrecht(teams: 0), options: SheetOptions())
        #expect(document.sections.count == 1)
        #expect(document.sections[0].teamName == nil)
    }

    @Test func anUnknownTeamIsAnErrorThatListsTheTeams() {
        #expect {
            try SheetDocument(hunt: SheetSamples.utrecht(teams: 2), options: SheetOptions(teamID: "wolves"))
        } throws: { error in
            guard let error = error as? DiagnosticError, let d = error.diagnostics.first else { return false }
            return d.code == "unknown-team" && d.message.contains("wolves") && d.fix == "use one of: foxes, owls"
        }
    }

    @Test func theCoverStatesTheWindowInTheHuntsTimezone() throws {
        let cover = try SheetDocument(hunt: SheetSamples.utrecht(), options: SheetOptions()).sections[0].cover
        #expect(cover.window == "Saturday, 2 May 2026, 10:00 – 16:00")
        #expect(cover.timezoneName == "Europe/Amsterdam")
        #expect(
            cover.rules == [
                "Stay together as a team.\nDo not enter private property.",
                "Send your photos as files, not through the chat app, so their location survives."
            ])
        #expect(cover.rewards.map(\.points) == [10, 50])
        #expect(cover.scoring.contains { $0.lowercased().contains("closest") })
    }

    @Test func windowsOverSeveralDaysNameBothDays() {
        let zone = TimeZone(identifier: "Europe/Prague")!
        let window = TimeWindow(
            start: SheetSamples.date("2026-06-01 08:00", "Europe/Prague"),
            end: SheetSamples.date("2026-06-07 20:30", "Europe/Prague"))
        #expect(SheetDocument.describe(window, in: zone) == "Monday, 1 June 2026 at 08:00 – Sunday, 7 June 2026 at 20:30")
    }

    @Test(arguments: [(SheetSettings.HintStyle.upsideDown, true, false), (.separate, true, true), (.hidden, false, false)])
    func hintSettings(_ style: SheetSettings.HintStyle, onCard: Bool, onHintPage: Bool) throws {
        let section = try SheetDocument(hunt: SheetSamples.utrecht(hints: style), options: SheetOptions()).sections[0]
        #expect((section.cards[0].hint != nil) == onCard)
        #expect(section.hintPage.map(\.id).contains("dom-tower") == onHintPage)
    }

    @Test func onlyPointTargetsGetAQRCode() throws {
        let cards = try SheetDocument(hunt: SheetSamples.utrecht(), options: SheetOptions()).sections[0].cards
        #expect(cards.map { $0.geoURI != nil } == [true, false, false, true, true, true, true, true, true, true])
        #expect(cards[0].geoURI == "geo:52.09067,5.12133")
        #expect(cards[0].qr?.text == "geo:52.09067,5.12133")
        let off = try SheetDocument(hunt: SheetSamples.utrecht(positions: .none), options: SheetOptions()).sections[0].cards
        #expect(off.allSatisfy { $0.geoURI == nil && $0.qr == nil })
    }

    @Test func cardsSayWhatPlayersMustKnow() throws {
        let cards = try SheetDocument(hunt: SheetSamples.utrecht(), options: SheetOptions()).sections[0].cards
        #expect(cards[3].details == ["Do after: De Domtoren"])
        #expect(cards[2].details.contains("Counts once for every different place"))
        #expect(cards[2].details.contains { $0.hasPrefix("Stay 10 min") })
        #expect(cards[1].details == ["Ranked by closest approach; your best each day counts"])
    }

    @Test func theAnswerKeyDescribesEachKindOfTarget() throws {
        var hunt = SheetSamples.utrecht()
        if case .area(var area) = hunt.tasks[1].target {
            area.area = Area(
                name: "France",
                polygons: [
                    AreaPolygon(outer: [
                        Coordinate(latitude: 42, longitude: -5), Coordinate(latitude: 51, longitude: -5),
                        Coordinate(latitude: 51, longitude: 8), Coordinate(latitude: 42, longitude: 8), Coordinate(latitude: 42, longitude: -5)
                    ])
                ])
            hunt.tasks[1].target = .area(area)
        }
        let key = try #require(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true)).answerKey)
        #expect(key.entries.count == hunt.tasks.count)
        let facts = key.entries.map { Dictionary($0.facts.map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a }) }
        #expect(facts[0]["Position"] == "52.09067° N, 5.12133° E  (52°05′26.4″N 5°07′16.8″E)")
        #expect(facts[0]["Radius"] == "75 m")
        #expect(facts[1]["Area"] == "france.geojson")
        #expect(facts[1]["Shape"] == "“France”, 1 polygon, 4 vertices")
        #expect(facts[1]["Bounds"] == "42° N to 51° N, 5° W to 8° E")
        #expect(facts[2]["Places"] == "cafes.geojson: 2 places")
        // `units: imperial`: the radius in feet, whatever the file wrote it in.
        hunt.units = .imperial
        let imperial = try #require(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true)).answerKey)
        #expect(imperial.entries[0].facts.first { $0.label == "Radius" }?.value == "246 ft")
        #expect(key.entries[2].places == ["Café de Zaak — 52.0912° N, 5.1201° E", "Stadskasteel Oudaen — 52.0899° N, 5.1187° E"])
        #expect(key.entries[0].reveal?.hasPrefix("Built between") == true)
        #expect(facts[3]["After"] == "De Domtoren")
    }
}

@Suite struct GeoURITests {
    @Test(arguments: [
        (52.09067, 5.12133, "geo:52.09067,5.12133"),
        (-33.8568, 151.2153, "geo:-33.8568,151.2153"),
        (0.0, 0.0, "geo:0,0"),
        (-0.0000001, 179.9999999, "geo:0,180"),
        (48.123456789, -2.5, "geo:48.123457,-2.5")
    ])
    func pointsBecomeRFC5870URIs(_ latitude: Double, _ longitude: Double, _ uri: String) {
        #expect(GeoURI.string(for: Coordinate(latitude: latitude, longitude: longitude)) == uri)
    }

    @Test func marshalsAlsoGetDegreesMinutesSeconds() {
        #expect(CoordinateText.sexagesimal(Coordinate(latitude: -33.8568, longitude: -151.2153)) == "33°51′24.5″S 151°12′55.1″W")
    }
}

@Suite struct QRCodeTests {
    @Test func aGeoURIBecomesAVersionTwoCodeWithFinderPatterns() throws {
        // 20 bytes: more than version 1 holds at any error-correction level, within version 2.
        let code = try QRCode(encoding: "geo:52.09067,5.12133")
        #expect(code.size == 25)
        #expect(code.modules.count == code.size * code.size)
        // The finder pattern in each of three corners: a dark 7×7 ring around a dark 3×3 centre.
        for (ox, oy) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for i in 0..<7 {
                #expect(code[ox + i, oy] && code[ox + i, oy + 6] && code[ox, oy + i] && code[ox + 6, oy + i])
            }
            #expect(!code[ox + 1, oy + 1] && code[ox + 3, oy + 3])
        }
    }

    @Test func darkRunsCoverExactlyTheDarkModules() throws {
        let code = try QRCode(encoding: "geo:-33.8568,151.2153")
        var painted = [Bool](repeating: false, count: code.size * code.size)
        for run in code.darkRuns { for x in run.column..<(run.column + run.length) { painted[run.row * code.size + x] = true } }
        #expect(painted == code.modules)
    }

    /// Even-odd and non-zero tests at each module's centre: the outlines cover exactly the dark modules.
    @Test(arguments: ["geo:52.09067,5.12133", "geo:-33.8568,151.2153", String(repeating: "geo:0,0;", count: 40)])
    func outlinesPaintExactlyTheDarkModules(_ text: String) throws {
        let code = try QRCode(encoding: text)
        let loops = code.outlines
        var painted = [Bool](repeating: false, count: code.size * code.size)
        for y in 0..<code.size {
            for x in 0..<code.size {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                var winding = 0
                for loop in loops {
                    for i in loop.indices {
                        let a = loop[i], b = loop[(i + 1) % loop.count]
                        // Vertical edges crossing the horizontal ray to the right of the centre.
                        guard a.x == b.x, Double(a.x) > px else { continue }
                        if Double(min(a.y, b.y)) < py && py < Double(max(a.y, b.y)) { winding += b.y > a.y ? 1 : -1 }
                    }
                }
                painted[y * code.size + x] = winding != 0
            }
        }
        #expect(painted == code.modules)
        #expect(loops.allSatisfy { $0.count >= 4 && $0.count % 2 == 0 })
        #expect(loops.reduce(0) { $0 + $1.count } < code.darkRuns.count * 4, "fewer points than rectangles")
    }

    @Test func textThatCannotBeACodeIsAnError() {
        #expect(throws: QRCodeError.self) { try QRCode(encoding: "") }
        #expect(throws: QRCodeError.self) { try QRCode(encoding: String(repeating: "x", count: 5000)) }
    }
}

/// Issue 39, item 5: the players' sheets in the hunt's language, or `--language`'s.
@Suite struct SheetLanguageTests {
    static func hunt() throws -> Hunt {
        let text = """
            hunt: { es: Centro, en: Centre }
            language: es
            languages: [es, en]
            timezone: America/Argentina/Buenos_Aires
            window: { start: 2026-12-05 10:00, end: 2026-12-05 17:00 }
            tasks:
              - { id: obelisco, title: { es: El Obelisco, en: The Obelisk }, hint: { es: Arriba., en: Up. }, at: [-34.60373, -58.38157], points: 1 }
            """
        let result = HuntLoader().load(Array(text.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/tmp"))
        return try #require(result.hunt)
    }

    @Test func theHuntsLanguageByDefaultAndAnotherOnRequest() throws {
        let spanish = try SheetDocument(hunt: try Self.hunt(), options: SheetOptions())
        #expect(spanish.huntTitle == "Centro" && spanish.language == "es")
        #expect(spanish.sections[0].cover.window == "sábado, 5 de diciembre de 2026, 10:00 – 17:00")
        #expect(spanish.sections[0].cards[0].title == "El Obelisco" && spanish.sections[0].cards[0].pointsLabel == "1 pt")
        #expect(spanish.sections[0].cover.scoring.contains("1 prueba, 1 punto en total; cada tarjeta indica sus puntos."))
        let english = try SheetDocument(hunt: try Self.hunt(), options: SheetOptions(language: "en"))
        #expect(english.sections[0].cards[0].title == "The Obelisk" && english.sections[0].cards[0].hint == "Up.")
        #expect(english.sections[0].cover.window == "Saturday, 5 December 2026, 10:00 – 17:00")
    }
}

/// Right-to-left sheets: which paragraphs pango lays out from the right.
@Suite struct SheetDirectionTests {
    @Test(arguments: [
        ("النقاط", true), ("«النقاط» 10", true), ("10 ن", true), ("El Obelisco", false), ("52.09° N, 5.12° E", false),
        ("“El Cabildo” بعد", false), ("", false), ("שלום", true)
    ])
    func firstStrongLetterDecides(_ text: String, _ rightToLeft: Bool) {
        #expect(PDFCanvas.startsRightToLeft(text) == rightToLeft)
    }
}
