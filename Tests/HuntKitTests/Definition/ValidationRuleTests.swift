import Foundation
import Testing
@testable import HuntKit

/// Every validation rule: a file that breaks it (the code, severity and the line it points at)
/// and the same file fixed, which loads without any diagnostic.
struct RuleCase: CustomTestStringConvertible, Sendable {
    var code: String
    var severity: Diagnostic.Severity = .error
    var failing: String
    var passing: String
    /// Text the line the diagnostic points at contains.
    var pointsAt: String
    /// Text the fix contains, when it matters.
    var fixContains: String? = nil
    var messageContains: String? = nil
    var testDescription: String { "\(code): \(pointsAt)" }
}

private typealias S = DefinitionTestSupport

/// A group `pair` over `members`, then tasks `a` and `b` (`a` with `aPoints`, when given).
private func chooseGroup(_ choose: String, _ members: String, aPoints: String? = nil) -> String {
    "  - id: pair\n    title: Any of two\n    \(choose)\n    tasks: \(members)\n"
        + "  - id: a\n    title: A\n    at: 52.09067, 5.12133\n" + (aPoints.map { "    \($0)\n" } ?? "")
        + "  - id: b\n    title: B\n    at: 52.0880, 5.1190\n"
}

private func task(_ extra: String, id: String = "dom", at: String? = "52.09067, 5.12133") -> String {
    var text = "  - id: \(id)\n    title: Task \(id)\n"
    if let at { text += "    at: \(at)\n" }
    for line in extra.split(separator: "\n") { text += "    \(line)\n" }
    return text
}

let ruleCases: [RuleCase] = [
    RuleCase(
        code: "unknown-key", failing: S.hunt(tasks: task("raduis: 30 m")), passing: S.hunt(tasks: task("radius: 30 m")),
        pointsAt: "raduis", fixContains: "did you mean `radius`?"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "radius: 30 m"), passing: S.hunt(top: "defaults: { radius: 30 m }"),
        pointsAt: "radius: 30 m", fixContains: "defaults"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "policy: { uncertain-position: accept }"), passing: S.hunt(top: "policy: { uncertain: accept }"),
        pointsAt: "uncertain-position", fixContains: "`uncertain`"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "policy: { clock_skew: 5 min }"), passing: S.hunt(top: "policy: { clock-skew: 5 min }"),
        pointsAt: "clock_skew", fixContains: "`clock-skew`"),
    RuleCase(
        code: "duplicate-key", failing: S.hunt(tasks: task("points: 1\npoints: 2")), passing: S.hunt(tasks: task("points: 1")),
        pointsAt: "points: 2"),
    RuleCase(
        code: "missing-key", failing: "timezone: UTC\ntasks:\n" + task(""), passing: "hunt: H\ntimezone: UTC\ntasks:\n" + task(""),
        pointsAt: "timezone: UTC", messageContains: "`hunt`"),
    RuleCase(
        code: "missing-key", failing: "hunt: H\n", passing: "hunt: H\ntasks:\n" + task(""), pointsAt: "hunt: H",
        messageContains: "`tasks`"),
    RuleCase(
        code: "missing-key", failing: S.hunt(tasks: "  - id: dom\n    at: 52.1, 5.1\n"),
        passing: S.hunt(tasks: "  - id: dom\n    title: Dom\n    at: 52.1, 5.1\n"),
        pointsAt: "- id: dom", messageContains: "`title`"),
    RuleCase(
        code: "missing-key", failing: S.hunt(tasks: "  - title: The Dom\n    at: 52.1, 5.1\n"),
        passing: S.hunt(tasks: "  - id: the-dom\n    title: The Dom\n    at: 52.1, 5.1\n"),
        pointsAt: "- title: The Dom", fixContains: "id: the-dom"),
    RuleCase(
        code: "missing-key", failing: S.hunt(top: "window: { start: 2026-05-02 10:00 }", header: "hunt: H\ntimezone: UTC\n"),
        passing: S.hunt(top: "window: { start: 2026-05-02 10:00, end: 2026-05-02 11:00 }", header: "hunt: H\ntimezone: UTC\n"),
        pointsAt: "window:", messageContains: "`end`"),
    RuleCase(code: "wrong-type", failing: S.hunt(top: "teams: foxes"), passing: S.hunt(top: "teams: [foxes]"), pointsAt: "teams: foxes"),
    RuleCase(
        code: "wrong-type", failing: S.hunt(tasks: task("clue: { a: b }")), passing: S.hunt(tasks: task("clue: \"{ a: b }\"")), pointsAt: "clue:"),
    RuleCase(code: "wrong-type", failing: "- hunt: H\n", passing: "hunt: H\ntasks:\n" + task(""), pointsAt: "- hunt: H"),
    RuleCase(
        code: "bad-value", failing: S.hunt(tasks: task("repeat: sometimes")), passing: S.hunt(tasks: task("repeat: unlimited")),
        pointsAt: "repeat: sometimes"),
    RuleCase(
        code: "bad-value", failing: S.hunt(top: "policy: { edited: rejct }"), passing: S.hunt(top: "policy: { edited: reject }"),
        pointsAt: "rejct", fixContains: "`reject`"),
    RuleCase(
        code: "bad-value", failing: S.hunt(top: "sheets: { qr: maybe, paper: a4 }"), passing: S.hunt(top: "sheets: { qr: no, paper: letter }"),
        pointsAt: "maybe"),
    RuleCase(code: "bad-number", failing: S.hunt(tasks: task("points: ten")), passing: S.hunt(tasks: task("points: 10")), pointsAt: "points: ten"),
    RuleCase(
        code: "bad-length", failing: S.hunt(tasks: task("radius: 30 meterz")), passing: S.hunt(tasks: task("radius: 30 meters")),
        pointsAt: "radius:", fixContains: "meter"),
    RuleCase(
        code: "bad-length", failing: S.hunt(tasks: task("radius: 1,5 km")), passing: S.hunt(tasks: task("radius: 1.5 km")),
        pointsAt: "radius:", fixContains: "decimal point"),
    RuleCase(
        code: "bad-duration", failing: S.hunt(tasks: task("dwell: 10")), passing: S.hunt(tasks: task("dwell: 10 min")),
        pointsAt: "dwell: 10", fixContains: "unit"),
    RuleCase(
        code: "bad-speed", failing: S.hunt(top: "policy: { max-speed: fast }"), passing: S.hunt(top: "policy: { max-speed: 120 km/h }"),
        pointsAt: "fast"),
    RuleCase(
        code: "bad-coordinate", failing: S.hunt(tasks: task("", at: "the big church")), passing: S.hunt(tasks: task("", at: "52.1, 5.1")),
        pointsAt: "big church"),
    RuleCase(
        code: "bad-coordinate", failing: S.hunt(tasks: task("", at: "[52.1]")), passing: S.hunt(tasks: task("", at: "[52.1, 5.1]")),
        pointsAt: "[52.1"),
    RuleCase(
        code: "coordinate-out-of-range", failing: S.hunt(tasks: task("", at: "95.1, 5.1")), passing: S.hunt(tasks: task("", at: "5.1, 95.1")),
        pointsAt: "95.1", fixContains: "swap"),
    RuleCase(
        code: "coordinate-out-of-range", failing: S.hunt(tasks: task("", at: "{ lat: 52, lon: 190 }")),
        passing: S.hunt(tasks: task("", at: "{ lat: 52, lon: 170 }")),
        pointsAt: "190"),
    RuleCase(
        code: "null-island", severity: .warning, failing: S.hunt(tasks: task("", at: "0, 0")), passing: S.hunt(tasks: task("", at: "0.5, 0")),
        pointsAt: "at: 0, 0"),
    RuleCase(
        code: "bad-time", failing: S.hunt(top: "", header: "hunt: H\ntimezone: UTC\nwindow: { start: 2026-02-30 10:00, end: 2026-03-01 10:00 }\n"),
        passing: S.hunt(top: "", header: "hunt: H\ntimezone: UTC\nwindow: { start: 2026-02-28 10:00, end: 2026-03-01 10:00 }\n"),
        pointsAt: "2026-02-30"),
    RuleCase(
        code: "bad-time",
        failing: S.hunt(header: "hunt: H\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-03-29 02:30, end: 2026-03-29 05:00 }\n"),
        passing: S.hunt(header: "hunt: H\ntimezone: Europe/Amsterdam\nwindow: { start: 2026-03-29 03:30, end: 2026-03-29 05:00 }\n"),
        pointsAt: "02:30", messageContains: "does not exist"),
    RuleCase(
        code: "bad-id", failing: S.hunt(tasks: task("", id: "dom tower")), passing: S.hunt(tasks: task("", id: "dom-tower")),
        pointsAt: "id: dom tower", fixContains: "dom-tower"),
    RuleCase(
        code: "unknown-timezone", failing: S.hunt(header: "hunt: H\ntimezone: Europe/Amsterdm\n"),
        passing: S.hunt(header: "hunt: H\ntimezone: Europe/Amsterdam\n"),
        pointsAt: "Amsterdm", fixContains: "Europe/Amsterdam"),
    RuleCase(
        code: "unknown-timezone", failing: S.hunt(header: "hunt: H\ntimezone: Amsterdam\n"), passing: S.hunt(header: "hunt: H\ntimezone: UTC\n"),
        pointsAt: "timezone: Amsterdam", fixContains: "Europe/Amsterdam"),
    RuleCase(
        code: "no-timezone", severity: .warning, failing: S.hunt(header: "hunt: H\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\n"),
        passing: S.hunt(header: "hunt: H\nwindow: { start: 2026-05-02T10:00+02:00, end: 2026-05-02T16:00+02:00 }\n"), pointsAt: "window:"),
    RuleCase(
        code: "window-end-before-start",
        failing: S.hunt(header: "hunt: H\ntimezone: UTC\nwindow: { start: 2026-05-02 16:00, end: 2026-05-02 10:00 }\n"),
        passing: S.hunt(header: "hunt: H\ntimezone: UTC\nwindow: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }\n"), pointsAt: "window:"),
    RuleCase(
        code: "task-window-outside", severity: .warning, failing: S.hunt(tasks: task("window: { start: 09:00, end: 11:00 }")),
        passing: S.hunt(tasks: task("window: { start: 10:30, end: 11:00 }")), pointsAt: "window:"),
    RuleCase(
        code: "duplicate-id", failing: S.hunt(tasks: task("") + task("", id: "dom")), passing: S.hunt(tasks: task("") + task("", id: "dom2")),
        pointsAt: "id: dom", messageContains: "line"),
    RuleCase(
        code: "duplicate-id", failing: S.hunt(top: "teams: [foxes, owls, foxes]"), passing: S.hunt(top: "teams: [foxes, owls, hares]"),
        pointsAt: "teams:"),
    RuleCase(
        code: "duplicate-id", failing: S.hunt(top: "teams: [Foxes, foxes]"), passing: S.hunt(top: "teams: [Foxes, owls]"),
        pointsAt: "teams:", messageContains: "case"),
    // Folders name teams and tasks without regard to case, accents or separators (NameKey).
    RuleCase(
        code: "names-alike", severity: .warning, failing: S.hunt(top: "teams: [{ id: equipe-rouge, name: Reds }, { id: rouge, name: Équipe Rouge }]"),
        passing: S.hunt(top: "teams: [{ id: equipe-rouge, name: Équipe Rouge }, { id: bleue, name: Équipe Bleue }]"), pointsAt: "teams:",
        messageContains:
            "teams `equipe-rouge` and `rouge` share one name once case, accents and separators are ignored (`equipe-rouge`, `Équipe Rouge`)"),
    RuleCase(
        code: "names-alike", severity: .warning, failing: S.hunt(tasks: task("", id: "dom-tower") + task("", id: "Dom_Tower")),
        passing: S.hunt(tasks: task("", id: "dom-tower") + task("", id: "dom-tower-2")), pointsAt: "Dom_Tower",
        messageContains: "tasks `dom-tower` and `Dom_Tower`"),
    RuleCase(
        code: "radius-too-small", failing: S.hunt(tasks: task("radius: 5 m")), passing: S.hunt(tasks: task("radius: 20 m")), pointsAt: "radius: 5 m"),
    RuleCase(
        code: "radius-too-small", failing: S.hunt(top: "defaults: { radius: 20 ft }"), passing: S.hunt(top: "defaults: { radius: 100 ft }"),
        pointsAt: "20 ft"),
    RuleCase(
        code: "radius-small", severity: .warning, failing: S.hunt(tasks: task("radius: 12 m")), passing: S.hunt(tasks: task("radius: 15 m")),
        pointsAt: "radius: 12 m"),
    RuleCase(
        code: "radius-unused", severity: .warning, failing: S.hunt(tasks: task("area: area.geojson\nradius: 30 m", at: nil)),
        passing: S.hunt(tasks: task("area: area.geojson", at: nil)), pointsAt: "radius: 30 m"),
    RuleCase(code: "negative-points", failing: S.hunt(tasks: task("points: -5")), passing: S.hunt(tasks: task("points: 0")), pointsAt: "points: -5"),
    RuleCase(
        code: "negative-points", failing: S.hunt(top: "rewards: [{ points: -1, reward: x }]"),
        passing: S.hunt(top: "rewards: [{ points: 1, reward: x }]"),
        pointsAt: "rewards:"),
    RuleCase(
        code: "points-too-large", failing: S.hunt(tasks: task("points: 1000001")), passing: S.hunt(tasks: task("points: 1000000")),
        pointsAt: "points: 1000001"),
    RuleCase(
        code: "points-too-large", failing: S.hunt(top: "rewards: [{ points: 9223372036854775807, reward: x }]"),
        passing: S.hunt(top: "rewards: [{ points: 10, reward: x }]"), pointsAt: "rewards:"),
    RuleCase(
        code: "text-too-long", failing: S.hunt(tasks: task("clue: " + String(repeating: "x", count: 8193))),
        passing: S.hunt(tasks: task("clue: " + String(repeating: "x", count: 8192))), pointsAt: "clue: xxx"),
    RuleCase(
        code: "bands-not-ascending", failing: S.hunt(top: "bands: { found: 300 m, hot: 100 m }"),
        passing: S.hunt(top: "bands: { found: 50 m, hot: 100 m }"),
        pointsAt: "bands:", messageContains: "`hot`"),
    RuleCase(
        code: "bands-not-ascending", failing: S.hunt(tasks: task("bands: { warm: 200 m }")), passing: S.hunt(tasks: task("bands: { warm: 2 km }")),
        pointsAt: "warm: 200 m"),
    RuleCase(
        code: "unknown-task", failing: S.hunt(tasks: task("") + task("after: [dmo]", id: "b")),
        passing: S.hunt(tasks: task("") + task("after: [dom]", id: "b")),
        pointsAt: "after: [dmo]", fixContains: "`dom`"),
    RuleCase(
        code: "after-cycle", failing: S.hunt(tasks: task("after: b") + task("after: [dom]", id: "b")),
        passing: S.hunt(tasks: task("") + task("after: [dom]", id: "b")),
        pointsAt: "after:", messageContains: "dom → b → dom"),
    RuleCase(
        code: "after-cycle", failing: S.hunt(tasks: task("after: dom")), passing: S.hunt(tasks: task("")), pointsAt: "after: dom",
        messageContains: "dom → dom"),
    RuleCase(
        code: "missing-file", failing: S.hunt(tasks: task("area: aera.geojson", at: nil)),
        passing: S.hunt(tasks: task("area: area.geojson", at: nil)),
        pointsAt: "aera.geojson", fixContains: "`area.geojson`"),
    RuleCase(
        code: "missing-file", failing: S.hunt(tasks: task("places: cafes.csv", at: nil)),
        passing: S.hunt(tasks: task("places: places.geojson", at: nil)),
        pointsAt: "cafes.csv"),
    RuleCase(
        code: "file-outside-folder", failing: S.hunt(tasks: task("places: ../../../../proc/self/environ", at: nil)),
        passing: S.hunt(tasks: task("places: places.geojson", at: nil)), pointsAt: "environ", fixContains: "copy the file into"),
    RuleCase(
        code: "file-outside-folder", failing: S.hunt(tasks: task("area: /etc/passwd", at: nil)),
        passing: S.hunt(tasks: task("area: ./area.geojson", at: nil)), pointsAt: "/etc/passwd", messageContains: "outside the hunt file's folder"),
    RuleCase(
        code: "missing-file", failing: S.hunt(tasks: task("reference: fountian.jpg")), passing: S.hunt(tasks: task("reference: fountain.jpg")),
        pointsAt: "fountian.jpg", fixContains: "`fountain.jpg`"),
    RuleCase(
        code: "file-outside-folder", failing: S.hunt(tasks: task("reference: /etc/passwd")),
        passing: S.hunt(tasks: task("reference: ./fountain.png")),
        pointsAt: "/etc/passwd"),
    RuleCase(
        code: "reference-not-photo", failing: S.hunt(tasks: task("reference: fountain.heic")),
        passing: S.hunt(tasks: task("reference: fountain.jpg")),
        pointsAt: "fountain.heic", fixContains: "JPEG", messageContains: "HEIC photo, which browsers do not show"),
    RuleCase(
        code: "reference-not-photo", failing: S.hunt(tasks: task("reference: notes.txt")), passing: S.hunt(tasks: task("reference: fountain.png")),
        pointsAt: "notes.txt", messageContains: "not a photo"),
    RuleCase(
        code: "rewards-not-ascending", failing: S.hunt(top: "rewards:\n  - { points: 10, reward: a }\n  - { points: 5, reward: b }"),
        passing: S.hunt(top: "rewards:\n  - { points: 5, reward: b }\n  - { points: 10, reward: a }"), pointsAt: "points: 5"),
    RuleCase(
        code: "reward-unreachable", severity: .warning, failing: S.hunt(top: "rewards: [{ points: 100, reward: a }]"),
        passing: S.hunt(top: "rewards: [{ points: 10, reward: a }]"), pointsAt: "rewards:"),
    RuleCase(
        code: "dwell-without-place", failing: S.hunt(tasks: task("area: area.geojson\ndwell: 10 min", at: nil)),
        passing: S.hunt(tasks: task("places: places.geojson\ndwell: 10 min", at: nil)), pointsAt: "dwell: 10 min"),
    RuleCase(
        code: "per-place-without-places", failing: S.hunt(tasks: task("repeat: per-place")), passing: S.hunt(tasks: task("repeat: per-day")),
        pointsAt: "repeat: per-place"),
    RuleCase(
        code: "no-target", failing: S.hunt(tasks: task("clue: somewhere", at: nil)), passing: S.hunt(tasks: task("clue: somewhere")),
        pointsAt: "- id: dom"),
    RuleCase(
        code: "multiple-targets", failing: S.hunt(tasks: task("places: places.geojson")),
        passing: S.hunt(tasks: task("places: places.geojson", at: nil)),
        pointsAt: "places: places.geojson"),
    RuleCase(
        code: "choose-too-many", failing: S.hunt(tasks: chooseGroup("choose: 3", "[a, b]")),
        passing: S.hunt(tasks: chooseGroup("choose: 2", "[a, b]")),
        pointsAt: "choose: 3", fixContains: "at most 2"),
    RuleCase(
        code: "choose-without-set", failing: S.hunt(tasks: task("choose: 2")), passing: S.hunt(tasks: task("points: 2")),
        pointsAt: "choose: 2", fixContains: "places: FILE"),
    RuleCase(
        code: "choose-conflict", failing: S.hunt(tasks: chooseGroup("choose: 1\n    dwell: 10 min", "[a, b]")),
        passing: S.hunt(tasks: chooseGroup("choose: 1", "[a, b]")), pointsAt: "dwell: 10 min", messageContains: "on the group"),
    RuleCase(
        code: "group-member", failing: S.hunt(tasks: chooseGroup("choose: 1", "[a, b]", aPoints: "points: 5")),
        passing: S.hunt(tasks: chooseGroup("choose: 1", "[a, b]")), pointsAt: "points: 5", fixContains: "move the points to the group"),
    RuleCase(
        code: "question-conflict", failing: S.hunt(tasks: task("answer: seven\nwithin: 2", at: nil)),
        passing: S.hunt(tasks: task("number: 7\nwithin: 2", at: nil)), pointsAt: "within: 2", fixContains: "number: 42"),
    RuleCase(
        code: "no-correct-choice", failing: S.hunt(tasks: task("choices: [Red, Blue]", at: nil)),
        passing: S.hunt(tasks: task("choices: [Red, Blue]\ncorrect: Red", at: nil)), pointsAt: "choices:", fixContains: "correct: Red"),
    RuleCase(
        code: "correct-not-a-choice", failing: S.hunt(tasks: task("choices: [Red, Blue]\ncorrect: Green", at: nil)),
        passing: S.hunt(tasks: task("choices: [Red, Blue]\ncorrect: blue", at: nil)), pointsAt: "correct: Green", messageContains: "`Red`, `Blue`"),
    RuleCase(
        code: "empty-answer", failing: S.hunt(tasks: task("answer: \"?!\"", at: nil)), passing: S.hunt(tasks: task("answer: \"7?!\"", at: nil)),
        pointsAt: "answer:", messageContains: "empty once"),
    RuleCase(
        code: "bad-attempts", failing: S.hunt(tasks: task("number: 7\nattempts: 0", at: nil)),
        passing: S.hunt(tasks: task("number: 7\nattempts: 1", at: nil)), pointsAt: "attempts: 0", fixContains: "attempts: 3"),
    RuleCase(
        code: "code-without-place", failing: S.hunt(tasks: task("code: true", at: nil)), passing: S.hunt(tasks: task("code: true")),
        pointsAt: "code: true", fixContains: "at:"),
    RuleCase(
        code: "empty-code", failing: S.hunt(tasks: task("code: \"- -\"")), passing: S.hunt(tasks: task("code: \"FOX-42\"")),
        pointsAt: "code:", fixContains: "code: true"),
    RuleCase(
        code: "live-without-browser-position", severity: .warning,
        failing: S.hunt(tasks: task("live: true"), top: "policy: { browser-position: ignore }"),
        passing: S.hunt(tasks: task("live: true"), top: "policy: { browser-position: review }"), pointsAt: "live: true",
        fixContains: "browser-position: review"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "policy: { browser_position: accept }"),
        passing: S.hunt(top: "policy: { browser-position: accept }"),
        pointsAt: "browser_position", fixContains: "browser-position"),
    RuleCase(
        code: "short-retention", severity: .warning, failing: S.hunt(top: "retention: 2 h"), passing: S.hunt(top: "retention: 30 days"),
        pointsAt: "retention: 2 h", fixContains: "at least a day"),
    RuleCase(
        code: "freeze-without-window", severity: .warning, failing: S.hunt(top: "leaderboard: { freeze: 6 h }"),
        passing: S.hunt(top: "leaderboard: { freeze: 15 min }"), pointsAt: "6 h", fixContains: "freeze: 15 min"),
    RuleCase(
        code: "freeze-without-window", severity: .warning,
        failing: S.hunt(top: "leaderboard: { freeze: 15 min }", header: "hunt: Test Hunt\ntimezone: Europe/Amsterdam\n"),
        passing: S.hunt(top: "leaderboard: { freeze: 15 min }"), pointsAt: "15 min", fixContains: "window"),
    RuleCase(
        code: "check-in-without-place", failing: S.hunt(tasks: task("check_in: true", at: nil)),
        passing: S.hunt(tasks: task("check_in: true")), pointsAt: "check_in: true", fixContains: "give the task a place"),
    RuleCase(
        code: "check-in-conflict", failing: S.hunt(tasks: task("check_in: true\nanswer: seven")),
        passing: S.hunt(tasks: task("check_in: true\ndwell: 10 min")), pointsAt: "answer: seven", fixContains: "keep one of them"),
    RuleCase(
        code: "guide-without-target", failing: S.hunt(tasks: task("answer: 7\nlive: bands", at: nil)),
        passing: S.hunt(tasks: task("live: bands")), pointsAt: "live: bands", fixContains: "give the task a place"),
    RuleCase(
        code: "bad-value", failing: S.hunt(tasks: task("live: band")), passing: S.hunt(tasks: task("live: direction")), pointsAt: "live: band",
        fixContains: "live: bands", messageContains: "true, false, bands or direction"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "leaderboard: { frozen: 15 min }"), passing: S.hunt(top: "leaderboard: { freeze: 15 min }"),
        pointsAt: "frozen", fixContains: "freeze"),
    RuleCase(
        code: "announcement-outside-window", severity: .warning, failing: S.hunt(top: "announcements: [{ at: 18:30, text: Dinner }]"),
        passing: S.hunt(top: "announcements: [{ at: 12:00, text: Lunch }]"), pointsAt: "at: 18:30", fixContains: "between the window's"),
    RuleCase(
        code: "announcement-unknown-team", severity: .warning,
        failing: S.hunt(top: "teams: [foxes, owls]\nannouncements: [{ at: 12:00, text: Lunch, teams: [foxes, herons] }]"),
        passing: S.hunt(top: "teams: [foxes, owls]\nannouncements: [{ at: 12:00, text: Lunch, teams: [foxes, owls] }]"), pointsAt: "herons",
        fixContains: "`foxes`"),
    RuleCase(
        code: "text-too-long", failing: S.hunt(top: "announcements: [{ at: 12:00, text: \(String(repeating: "a", count: 1_001)) }]"),
        passing: S.hunt(top: "announcements: [{ at: 12:00, text: \(String(repeating: "a", count: 1_000)) }]"), pointsAt: "aaaa",
        messageContains: "1001 characters"),
    RuleCase(
        code: "unknown-key", failing: S.hunt(top: "announcements: [{ at: 12:00, message: Lunch }]"),
        passing: S.hunt(top: "announcements: [{ at: 12:00, text: Lunch }]"), pointsAt: "message: Lunch", fixContains: "`text`"),
    RuleCase(
        code: "missing-translation", severity: .warning,
        failing:
            "hunt: { en: H, es: H }\nlanguages: [en, es]\ntimezone: UTC\ntasks:\n  - id: dom\n    title: { en: The Dom, es: El Dom }\n    at: 52.09067, 5.12133\n    clue: Look up.\n",
        passing:
            "hunt: { en: H, es: H }\nlanguages: [en, es]\ntimezone: UTC\ntasks:\n  - id: dom\n    title: { en: The Dom, es: El Dom }\n    at: 52.09067, 5.12133\n    clue: { en: Look up., es: Mira arriba. }\n",
        pointsAt: "clue: Look up.", fixContains: "{ en: …, es: … }"),
    RuleCase(
        code: "unknown-language", severity: .warning, failing: S.hunt(top: "language: xx"), passing: S.hunt(top: "language: nl"),
        pointsAt: "language: xx", fixContains: "`es`"),
    RuleCase(code: "no-tasks", severity: .warning, failing: S.hunt(tasks: "  []\n"), passing: S.hunt(), pointsAt: "[]"),
    RuleCase(code: "empty-file", failing: "# nothing yet\n", passing: S.hunt(), pointsAt: ""),
    RuleCase(
        code: "yaml-syntax", failing: S.hunt(tasks: task("clue: Stop: look up")), passing: S.hunt(tasks: task("clue: \"Stop: look up\"")),
        pointsAt: "Stop: look up", fixContains: "quotes"),
    RuleCase(
        code: "coordinates-swapped", severity: .warning, failing: S.hunt(tasks: task("", at: "5.12133, 52.09067")),
        passing: S.hunt(tasks: task("")), pointsAt: "at: 5.12133, 52.09067", fixContains: "`at: 52.09067, 5.12133`"),
    RuleCase(
        code: "wrong-type", failing: S.hunt(top: "window: 2026-05-02 10:00 - 16:00", header: "hunt: H\ntimezone: UTC\n"),
        passing: S.hunt(top: "window: { start: 2026-05-02 10:00, end: 16:00 }", header: "hunt: H\ntimezone: UTC\n"),
        pointsAt: "window: 2026", fixContains: "`window: { start: 2026-05-02 10:00, end: 16:00 }`"),
    RuleCase(code: "multiple-documents", failing: S.hunt() + "---\nhunt: Two\n", passing: S.hunt(), pointsAt: "---")
]

@Suite struct ValidationRuleTests {
    @Test(arguments: ruleCases)
    func failingCaseReportsTheRule(_ rule: RuleCase) throws {
        let result = DefinitionTestSupport.load(rule.failing)
        let found = result.diagnostics.first { $0.code.rawValue == rule.code }
        let diagnostic = try #require(found, "expected \(rule.code); got \(result.diagnostics.map { "\($0.code): \($0.message)" })")
        #expect(diagnostic.severity == rule.severity)
        #expect(diagnostic.location.file == "hunt.yaml")
        if !rule.pointsAt.isEmpty {
            let line = DefinitionTestSupport.line(diagnostic.location.line, of: rule.failing)
            #expect(line.contains(rule.pointsAt), "points at line \(diagnostic.location.line): \(line)")
            #expect(diagnostic.location.column >= 1)
        }
        if let fix = rule.fixContains { #expect(diagnostic.fix?.contains(fix) == true, "fix: \(diagnostic.fix ?? "none")") }
        if let text = rule.messageContains { #expect(diagnostic.message.contains(text), "message: \(diagnostic.message)") }
        #expect(result.hasErrors == (rule.severity == .error))
    }

    @Test(arguments: ruleCases)
    func passingCaseIsClean(_ rule: RuleCase) {
        let result = DefinitionTestSupport.load(rule.passing)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map { "\($0.location): \($0.code): \($0.message)" })")
        #expect(result.hunt != nil)
    }

    @Test func everyCodeHasACase() {
        let tested = Set(ruleCases.map(\.code))
        // Read failures have their own tests (DefinitionBadInputTests); the rest must be here.
        let readFailures: Set = ["file-not-found", "not-a-file", "unreadable", "file-too-large", "too-deep", "too-large", "bad-merge"]
        // A loaded hunt has read its files: only one built in code lacks a target's geometry (HuntYAMLWriterTests).
        let codeOnly: Set = ["target-not-read"]
        let untested = HuntDiagnosticCode.allCases.map(\.rawValue).filter {
            !tested.contains($0) && !readFailures.contains($0) && !codeOnly.contains($0)
        }
        #expect(untested.isEmpty, "no rule case for \(untested)")
    }
}
