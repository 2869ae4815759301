import Foundation
import HuntKit

/// A line for the organizer's terminal per photo that arrives, per decision and per players'
/// upload that failed, made from the
/// session's events (the ones the pages get), so it follows the console without a hook in it:
///
///     10:42:07 arrived herons/new-arrival.jpg: accepted (obelisco, 10 points)
///     10:42:30 decided herons/IMG_0003.jpg: accepted, was review (Ann Judge)
///     10:43:01 upload failed herons/obelisco: 500 the submissions folder cannot take uploads: …
///
/// A decision is worded once the judgement that includes it is made, so it says what changed.
/// Blind sessions name photos by id. The photos of the first judgement are not listed. Paths and
/// judges' names are shown as `TerminalText` shows them: a newline or an escape in either cannot
/// make a line of its own on the organizer's terminal.
package struct ServeLog: Sendable {
    let session: ServeSession
    let events: AsyncStream<EventHub.Event>
    /// Photos judged so far, by id: their path and verdict; nil while nothing is judged (a start
    /// whose judgement failed: its first good judgement is not a flood of arrivals either).
    let known: [String: Seen]?

    struct Seen: Sendable {
        var path: String
        var verdict: String
    }

    /// Only the failed uploads (`hunt serve --quiet`): a failure is never left unsaid.
    let failuresOnly: Bool

    /// Starts listening; the photos judged so far are known, not arrivals.
    package init(session: ServeSession, failuresOnly: Bool = false) async {
        self.session = session
        self.failuresOnly = failuresOnly
        // Every event: a log line is not something to drop when the terminal is slow.
        events = session.events.subscribe(judge: true, keepingNewest: nil).stream
        known = await session.results.map { Self.seen($0, ids: session.ids) }
    }

    /// Writes a line per arrival and decision until the session's events end (at shutdown).
    package func run(clock: @escaping @Sendable () -> Date = Date.init, _ write: @Sendable (String) -> Void) async {
        var memory = known
        var pending: [Decided] = []
        let blind = session.configuration.blind
        for await event in events {
            switch event.name {
            case "upload-failed":
                guard let failed = try? ServeJSON.decoder.decode(UploadFailure.self, from: Data(event.json.utf8)) else { continue }
                write(TerminalText.visible(Self.line(failed, at: clock(), blind: blind)))
            case _ where failuresOnly:
                continue
            case "decided":
                if let decided = try? ServeJSON.decoder.decode(Decided.self, from: Data(event.json.utf8)) { pending.append(decided) }
            case "judged":
                guard let results = await session.results else { continue }
                guard var seen = memory else {
                    memory = Self.seen(results, ids: session.ids)
                    continue
                }
                // `seen` alone holds the table now, so a decision changes it in place: a copy of
                // 20,000 entries per decision would cost more than judging it.
                memory = nil
                let time = Self.clock(clock())
                let name = { (id: String, path: String) in blind ? "photo " + id : path }
                // What each decided photo was, before this judgement.
                let was = pending.map { seen[$0.id] }
                let reason = (try? ServeJSON.decoder.decode(Judged.self, from: Data(event.json.utf8)))?.reason
                // Only a new read of the folder can bring photos; a decision is looked up alone.
                if reason != "decided" && reason != "reviews changed" {
                    let now = Self.seen(results, ids: session.ids)
                    for s in results.submissions {
                        let id = session.ids.id(of: s.path)
                        if seen[id] == nil { write(TerminalText.visible("\(time) arrived \(name(id, s.path)): \(Self.outcome(s))")) }
                    }
                    seen = now
                }
                for (decided, was) in zip(pending, was) {
                    guard let was, let s = results.submission(at: was.path) else { continue }
                    write(
                        TerminalText.visible(
                            "\(time) \(decided.action == "undo" ? "undone" : "decided") \(name(decided.id, was.path)): "
                                + "\(s.verdict.rawValue), was \(was.verdict) (\(decided.by))"))
                    seen[decided.id]?.verdict = s.verdict.rawValue
                }
                pending = []
                memory = seen
            default:
                continue
            }
        }
    }

    /// `10:42:07 upload failed herons/obelisco: 500 the submissions folder cannot take uploads: …`
    /// (blind: `a team's upload to obelisco failed`, the team unnamed as everywhere else).
    static func line(_ failed: UploadFailure, at date: Date, blind: Bool) -> String {
        let what = blind ? "a team's upload to \(failed.task) failed" : "upload failed \(failed.team)/\(failed.task)"
        return "\(clock(date)) \(what): \(failed.status) \(failed.why)"
    }

    struct Judged: Decodable {
        var reason: String
    }

    /// What the `decided` event says.
    struct Decided: Decodable {
        var id: String
        var by: String
        var action: String
    }

    /// `accepted (obelisco, 10 points)`, `review (uncertain-position)`.
    static func outcome(_ s: JudgeResults.SubmissionResult) -> String {
        let why = s.reasons.isEmpty ? [s.task ?? "no task", "\(s.points) points"] : s.reasons.map(\.rawValue)
        return "\(s.verdict.rawValue) (\(why.joined(separator: ", ")))"
    }

    static func seen(_ results: JudgeResults?, ids: SubmissionIDs) -> [String: Seen] {
        Dictionary(
            (results?.submissions ?? []).map { (ids.id(of: $0.path), Seen(path: $0.path, verdict: $0.verdict.rawValue)) },
            uniquingKeysWith: { a, _ in a })
    }

    /// The server's wall clock, `HH:mm:ss`.
    static func clock(_ date: Date) -> String {
        let c = Calendar.current.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}
