import Foundation

/// One of a task's hints (`hints:`): a text the team's page shows from the start, once a time
/// has passed (`after:`), or when the team buys it for points (`cost:`), or both (then it is
/// free once its time has come, and may be bought before).
///
/// `after:` counts from the hunt window's start, or from the task's opening when the task has
/// `opens:` (that time) or `unlocked_by:` (when the team did the last of those tasks). A hint
/// with neither `after` nor `cost` is free from the start, as the single `hint:` is.
public struct TaskHint: Sendable, Equatable {
    /// The hint, in the hunt's language and its translations.
    public var text: LocalizedText
    /// How long after the start (see above) the hint opens by itself; nil for not by time.
    public var after: TimeSpan?
    /// The points the team gives up to see the hint before its time; nil when it is not sold.
    public var cost: Int?
    /// Where the hint was written, for diagnostics.
    public var location: SourceLocation

    /// A hint with `text`, opening `after` the start and/or sold for `cost` points.
    public init(text: LocalizedText, after: TimeSpan? = nil, cost: Int? = nil, location: SourceLocation = .builtInCode) {
        self.text = text
        self.after = after
        self.cost = cost
        self.location = location
    }

    /// Free from the start: printed on sheets and shown on the page as `hint:` is.
    public var isFree: Bool { after == nil && cost == nil }

    /// The keys a hint of `hints:` may have.
    static let keys = ["text", "after", "cost"]
}

extension HuntTask {
    /// Every hint of the task in order: its `hints:`, or its `hint:` as one free hint. The index
    /// in this list is what the page buys and hints.jsonl records.
    public var allHints: [TaskHint] {
        if let hintText { return [TaskHint(text: hintText, location: location)] }
        return hints
    }

    /// When `hint` opens by itself for a team: `after` past the task's `opens:`, else (a task
    /// with `unlocked_by:`) past `unlockedAt`, the moment the team did the last of those tasks,
    /// else past the hunt window's start. Nil when it does not open by time (no `after:`, or the
    /// task is not unlocked yet); `.distantPast` in a hunt without a window.
    public func hintOpening(_ hint: TaskHint, in hunt: Hunt, unlockedAt: Date?) -> Date? {
        guard let after = hint.after else { return nil }
        let start: Date
        if let opens {
            start = opens
        } else if !unlockedBy.isEmpty {
            guard let unlockedAt else { return nil }
            start = unlockedAt
        } else {
            guard let windowStart = hunt.window?.start else { return .distantPast }
            start = windowStart
        }
        return start.addingTimeInterval(after.seconds)
    }
}

extension HuntRules {
    /// What is wrong with a task's hints, each finding with where to report it: an empty text or
    /// a cost under 1 (errors); an `after` past the window's end or a cost above the task's
    /// points (warnings).
    static func hints(of task: HuntTask, in hunt: Hunt) -> [(finding: HuntFinding, at: SourceLocation)] {
        var found: [(HuntFinding, SourceLocation)] = []
        for (number, hint) in task.hints.enumerated().map({ ($0 + 1, $1) }) {
            let what = "hint \(number) of task `\(task.id)`"
            if hint.text.text.trimmedWhitespace.isEmpty {
                found.append((.error(.missingKey, "\(what) has no text", fix: "write the hint: `- text: Look up.`"), hint.location))
            }
            if let cost = hint.cost {
                if cost <= 0 {
                    found.append(
                        (
                            .error(
                                .badNumber, "\(what) costs \(cost) points; a cost is 1 point or more",
                                fix: "write `cost: 5`, or leave `cost` out for a hint that is not sold"), hint.location
                        ))
                } else if cost > task.points {
                    found.append(
                        (
                            .warning(
                                .badNumber, "\(what) costs \(cost) points, more than the task's \(task.points)",
                                fix: "a task's hints take at most its points; lower the cost"), hint.location
                        ))
                }
            }
            if let after = hint.after, let window = hunt.window, let opening = task.hintOpening(hint, in: hunt, unlockedAt: nil),
                opening > window.end
            {
                found.append(
                    (
                        .warning(
                            .badDuration, "\(what) opens \(after) after its start, after the hunt's window has ended",
                            fix: "write a shorter `after`, within the window"), hint.location
                    ))
            }
        }
        return found
    }
}
