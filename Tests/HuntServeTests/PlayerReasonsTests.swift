import Foundation
import HuntKit
import Testing
@testable import HuntServe

/// Issue 38, item 3: every reason a player sees is a sentence for players — titles not ids, the
/// hunt's local time, durations in the largest sensible unit, numbers with separators, where the
/// photo was as a side (never a way to go), and what to do next.
@Suite("The players' reasons")
struct PlayerReasonsTests {
    static let huntText = """
        hunt: Melbourne orientation
        timezone: Australia/Melbourne
        window: { start: 2026-11-28 10:00, end: 2026-11-28 16:00 }
        tasks:
          - { id: old-quad, title: The Old Quad, at: [-37.7983, 144.9610], radius: 50 m }
          - { id: library, title: The Baillieu Library, at: [-37.7985, 144.9593], after: [old-quad] }
          - { id: tram, title: Catch a tram, at: [-37.7990, 144.9600], live: true }
          - { id: landmarks, title: Three city landmarks, choose: 2, tasks: [old-quad, library, tram], points: 30 }
        """

    static func hunt() throws -> Hunt {
        let result = HuntLoader().load(Array(huntText.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/tmp"))
        return try #require(result.hunt, "\(result.diagnostics.map(\.message))")
    }

    /// A judged photo as results.json has it.
    static func result(task: String, codes: [(String, String)], evidence: String) throws -> JudgeResults.SubmissionResult {
        let findings = codes.map { #"{"code":"\#($0.0)","action":"reject","message":"\#($0.1)"}"# }.joined(separator: ",")
        let json = """
            {"path":"foxes/\(task)/IMG_1.jpg","team":"foxes","task":"\(task)","task_source":"folder","verdict":"rejected",
             "judged_verdict":"rejected","reasons":[\(codes.map { "\"\($0.0)\"" }.joined(separator: ","))],"findings":[\(findings)],
             "points":0,"evidence":{\(evidence)}}
            """
        return try JSONDecoder().decode(JudgeResults.SubmissionResult.self, from: Data(json.utf8))
    }

    @Test("a photo five years old: its day and the gap in years, in the hunt's local time")
    func fiveYearsOld() throws {
        let reasons = PlayerReasons(hunt: try Self.hunt())
        let s = try Self.result(
            task: "old-quad", codes: [("before-window", "taken at 06:47 on 2021-04-12, 49332 h 12 min before the hunt's start")],
            evidence: #""captured_at":"2021-04-12T06:47:00+10:00""#)
        #expect(
            reasons.sentences(for: s) == [
                "Your photo was taken on 12 April 2021 at 06:47, 5 years before the hunt started (on 28 November 2026 at 10:00). Take a new photo now."
            ])
    }

    @Test("far away: the distance with separators and the side it was on, not a compass heading to follow")
    func outside() throws {
        let reasons = PlayerReasons(hunt: try Self.hunt())
        let far = try Self.result(
            task: "old-quad", codes: [("outside-target", "14942 km ENE of the target's centre")],
            evidence: #""distance_m":14942123,"compass":"ENE""#)
        #expect(
            reasons.sentences(for: far) == [
                "Your photo was taken 14,942 km east of “The Old Quad”, too far away to count. Go there and take a new photo."
            ])
        let near = try Self.result(task: "old-quad", codes: [("outside-target", "2.3 km S")], evidence: #""distance_m":2300,"compass":"S""#)
        #expect(reasons.sentences(for: near).first?.contains("2.3 km south of “The Old Quad”") == true)
    }

    @Test("order: the earlier task by its title, the time in the hunt's clock, what to do")
    func order() throws {
        let reasons = PlayerReasons(hunt: try Self.hunt())
        let s = try Self.result(
            task: "library",
            codes: [("order", "must come after `old-quad`, which the team had not done (accepted) by 2026-11-28T11:42:14.550+11:00")],
            evidence: #""captured_at":"2026-11-28T11:42:14.550+11:00""#)
        let text = try #require(reasons.sentences(for: s).first)
        #expect(
            text
                == "This task counts only after “The Old Quad”, which your team had not done when this photo was taken (on 28 November 2026 at 11:42). Do that first, then take a new photo here."
        )
        #expect(!text.contains("`") && !text.contains("T11:"))
    }

    @Test("no position: what to switch on")
    func noPosition() throws {
        let reasons = PlayerReasons(hunt: try Self.hunt())
        let s = try Self.result(task: "old-quad", codes: [("no-position", "the photo records no GPS position")], evidence: "")
        #expect(reasons.sentences(for: s) == ["Your photo has no location. Switch location on for the camera and take a new photo."])
    }

    @Test(
        "every reason code has a player's sentence, and none shows the judge's wording or a placeholder",
        arguments: ReasonCode.allCases)
    func everyCode(_ code: ReasonCode) throws {
        let reasons = PlayerReasons(hunt: try Self.hunt())
        #expect(PlayerCatalog.english.has(code.rawValue))
        let s = try Self.result(
            task: "old-quad", codes: [(code.rawValue, "JUDGE WORDS")],
            evidence: #""captured_at":"2026-11-28T09:00:00+11:00","distance_m":120,"compass":"N","accuracy_m":30,"clock_skew_s":900,"speed_kmh":400"#)
        let text = reasons.sentence(code, s)
        #expect(!text.contains("JUDGE") && !text.contains("{") && text.hasSuffix("."), "\(text)")
    }

    @Test(
        "every reason code reads in every language, with no placeholder left",
        arguments: ["ar", "de", "es", "fr", "nl", "pt"])
    func everyLanguage(_ language: String) throws {
        let reasons = PlayerReasons(hunt: try Self.hunt(), catalog: try #require(try PlayerCatalog.named(language)))
        for code in ReasonCode.allCases {
            let s = try Self.result(
                task: "old-quad", codes: [(code.rawValue, "JUDGE WORDS")],
                evidence:
                    #""captured_at":"2026-11-28T09:00:00+11:00","distance_m":120,"compass":"N","accuracy_m":30,"clock_skew_s":900,"speed_kmh":400"#)
            let text = reasons.sentence(code, s)
            #expect(!text.contains("JUDGE") && !text.contains("{") && text.contains("."), "\(language) \(code): \(text)")
        }
    }

    @Test("in Spanish: the sentence, its day, its quotes and its numbers as Spanish writes them")
    func spanish() throws {
        let reasons = PlayerReasons(hunt: try Self.hunt(), catalog: try #require(try PlayerCatalog.named("es")))
        let old = try Self.result(
            task: "old-quad", codes: [("before-window", "taken at 06:47 on 2021-04-12")],
            evidence: #""captured_at":"2021-04-12T06:47:00+10:00""#)
        #expect(
            reasons.sentences(for: old) == [
                "Tu foto se tomó el 12 de abril de 2021 a las 6:47, 5 años antes de que empezara el juego (el 28 de noviembre de 2026 a las 10:00). Toma una foto nueva ahora."
            ])
        let far = try Self.result(task: "old-quad", codes: [("outside-target", "14942 km ENE")], evidence: #""distance_m":14942123,"compass":"ENE""#)
        #expect(
            reasons.sentences(for: far) == [
                "Tu foto se tomó a 14.942 km al este de «The Old Quad», demasiado lejos para contar. Ve hasta allí y toma una foto nueva."
            ])
        #expect(reasons.distance(2_345) == "2,3 km")
    }

    @Test("units: imperial: feet and miles, mph; the judge's metres unchanged")
    func imperial() throws {
        var hunt = try Self.hunt()
        hunt.units = .imperial
        let reasons = PlayerReasons(hunt: hunt)
        #expect(reasons.distance(120) == "394 ft" && reasons.distance(2_300) == "1.4 mi" && reasons.distance(14_942_123) == "9,285 mi")
        let far = try Self.result(task: "old-quad", codes: [("outside-target", "14942 km ENE")], evidence: #""distance_m":14942123,"compass":"ENE""#)
        #expect(
            reasons.sentences(for: far) == [
                "Your photo was taken 9,285 mi east of “The Old Quad”, too far away to count. Go there and take a new photo."
            ])
        let fast = try Self.result(task: "old-quad", codes: [("too-fast", "400 km/h")], evidence: #""speed_kmh":400"#)
        #expect(reasons.sentence(.tooFast, fast).contains("249 mph"))
    }

    static let durationCases: [(Double, String)] = [
        (157_939_200, "5 years"), (34_560_000, "1 year"), (266_400, "3 days"), (86_460, "1 day"),
        (7_500, "2 h 5 min"), (7_200, "2 h"), (750, "12 min"), (40, "40 s")
    ]

    @Test("durations in the largest sensible unit", arguments: durationCases)
    func durations(_ seconds: Double, _ text: String) throws {
        #expect(PlayerReasons(hunt: try Self.hunt()).duration(seconds) == text)
    }

    static let numberCases: [(Double, Int, String)] = [(14942, 0, "14,942"), (1_234_567, 0, "1,234,567"), (2.34, 1, "2.3"), (999, 0, "999")]

    @Test("numbers with separators", arguments: numberCases)
    func numbers(_ value: Double, _ places: Int, _ text: String) throws {
        #expect(PlayerReasons(hunt: try Self.hunt()).catalog.measure().number(value, places: places) == text)
    }
}
