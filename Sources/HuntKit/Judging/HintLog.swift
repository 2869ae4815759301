import Foundation

/// A hint a team bought on the players' page (`TaskHint.cost`): which, for how many points, and when.
public struct HintPurchase: Sendable, Hashable, Codable {
    /// The team's id.
    public var team: String
    /// The task's id.
    public var task: String
    /// The hint's index in the task's hints (`HuntTask.allHints`), from 0.
    public var hint: Int
    /// The points it cost when bought.
    public var cost: Int
    /// When it was bought, with the offset it was written in.
    public var sentAt: Timestamp

    /// `team` bought hint `hint` of `task` for `cost` points at `sentAt`.
    public init(team: String, task: String, hint: Int, cost: Int, sentAt: Timestamp) {
        self.team = team
        self.task = task
        self.hint = hint
        self.cost = cost
        self.sentAt = sentAt
    }

    enum CodingKeys: String, CodingKey {
        case team, task, hint, cost
        case sentAt = "time"
    }
}

/// The hints bought, as a submissions folder holds them in `hints.jsonl` — one JSON object a
/// line, `{"cost":5,"hint":0,"task":…,"team":…,"time":"2026-05-02T10:15:00+02:00"}`, appended by
/// the players' page (`append(_:to:)`), never rewritten. A bad line is a diagnostic naming its
/// line, and is skipped: the other purchases still count. A hint bought twice counts once, at
/// its first purchase.
public enum HintLog {
    /// The log's name, at the top of the submissions folder.
    public static let fileName = "hints.jsonl"
    /// Larger logs are refused before reading: every team buying every hint fits in far less.
    public static let maximumBytes = 16 << 20
    /// The longest team or task, in UTF-8 bytes.
    static let maximumFieldBytes = 256
    /// After this many bad lines the rest are not read: the fix is the same.
    static let maximumProblems = 100

    /// A purchase as one line of the log, ending in a newline.
    public static func line(_ purchase: HintPurchase) -> Data { JSONLines.line(purchase) }

    /// Appends `purchase` to the log at `url` in one write (`AppendOnlyFile`): two writers never interleave.
    public static func append(_ purchase: HintPurchase, to url: URL) throws(OutputError) {
        try AppendOnlyFile.append(line(purchase), to: url)
    }

    /// The purchases of a log's bytes, each hint once (its first line), in line order, and a
    /// diagnostic for each bad line; with `hunt`, a line naming a team, task or hint it does not
    /// have is one too (a team may be named as team folders are; it is kept as its id).
    public static func parse(_ bytes: [UInt8], displayPath: String, hunt: Hunt? = nil) -> (purchases: [HintPurchase], problems: [Diagnostic]) {
        let teams = hunt?.teamLookup
        var purchases: [HintPurchase] = [], problems: [Diagnostic] = []
        var seen = Set<String>()
        JSONLines.decode(
            HintPurchase.self, bytes, displayPath: displayPath, code: "hint-line", log: "hints log", limit: maximumProblems,
            problems: &problems, skipped: { _ in "not a hint bought (skipped)" },
            fix: #"each line is {"cost":5,"hint":0,"task":…,"team":…,"time":"2026-05-02T10:15:00+02:00"}; a line cut short by a crash can be deleted"#
        ) { read, location, problems in
            var purchase = read
            if let hunt, check(purchase) == nil {
                guard case .found(let team) = teams!.find(purchase.team) else {
                    problems.append(
                        .warning("hint-line", "no team `\(purchase.team)` in the hunt; the line is skipped", at: location, fix: "write a team's id"))
                    return
                }
                purchase.team = team.id
                guard let task = hunt.task(purchase.task), purchase.hint < task.allHints.count else {
                    problems.append(
                        .warning(
                            "hint-line", "the hunt has no hint \(purchase.hint) on task `\(purchase.task)`; the line is skipped", at: location,
                            fix: "write a task's id and its hint's index from 0"))
                    return
                }
            }
            if let problem = check(purchase) {
                problems.append(.warning("hint-line", problem + "; the line is skipped", at: location, fix: "correct the line, or delete it"))
            } else if seen.insert(purchase.team + "\u{0}" + purchase.task + "\u{0}" + String(purchase.hint)).inserted {
                purchases.append(purchase)
            }
        }
        return (purchases, problems)
    }

    /// The purchases of `hints.jsonl` in `folder` (none when it has no such file), checked
    /// against `hunt` when given (`parse`), with the problems of its lines, or the reason it
    /// could not be read.
    public static func read(in folder: URL, displayPath: String, hunt: Hunt? = nil) -> (purchases: [HintPurchase], problems: [Diagnostic]) {
        let logPath = displayPath + "/" + fileName
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent(fileName).path) else { return ([], []) }
        do {
            let file = try InputFile(path: folder.appendingPathComponent(fileName).path, displayPath: logPath)
            return parse(try file.readAll(limitBytes: maximumBytes, what: "hints log"), displayPath: logPath, hunt: hunt)
        } catch {
            return ([], [error.diagnostic])
        }
    }

    /// What is wrong with a purchase read from a file, or nil.
    static func check(_ purchase: HintPurchase) -> String? {
        for (value, what) in [(purchase.team, "team"), (purchase.task, "task")] {
            if value.trimmedWhitespace.isEmpty { return "the \(what) is empty" }
            if value.utf8.count > maximumFieldBytes { return "the \(what) is \(value.utf8.count) bytes long; at most \(maximumFieldBytes)" }
        }
        if purchase.hint < 0 { return "the hint index is \(purchase.hint); hints count from 0" }
        if purchase.cost < 0 { return "the cost is \(purchase.cost); a cost is 0 or more" }
        return nil
    }
}
