import Foundation

/// One attempt at an answer or choice task: what a team typed or chose, and when. A submission
/// like a photo (`Submission.answer`), judged by the same rules where they apply (the windows,
/// `after` order, reviews) and by the task's `TaskQuestion`.
public struct AnswerAttempt: Sendable, Hashable, Codable {
    /// Unique within its log: with the log's name, the attempt's key in reviews and results
    /// (`answers.jsonl#8f2c…`).
    public var id: String
    /// The team as sent (an id or a name, matched by `NameKey` as team folders are).
    public var team: String
    /// The task as sent (an id, matched by `NameKey`).
    public var task: String
    /// What was typed, or the chosen choice's text; empty for a check-in.
    public var answer: String
    /// When it was sent, with the offset it was written in.
    public var sentAt: Timestamp
    /// For a check-in (`HuntTask.checkIn`): where the browser said the team was; nil for an answer.
    public var position: CheckInPosition?

    /// An attempt by `team` at `task`: an answer, or with `position` a check-in.
    public init(id: String, team: String, task: String, answer: String, sentAt: Timestamp, position: CheckInPosition? = nil) {
        self.id = id
        self.team = team
        self.task = task
        self.answer = answer
        self.sentAt = sentAt
        self.position = position
    }

    /// Reads a line; a check-in's `answer` may be left out.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(String.self, forKey: .id)
        team = try c.decode(String.self, forKey: .team)
        task = try c.decode(String.self, forKey: .task)
        position = try c.decodeIfPresent(CheckInPosition.self, forKey: .position)
        answer = try position == nil ? c.decode(String.self, forKey: .answer) : c.decodeIfPresent(String.self, forKey: .answer) ?? ""
        sentAt = try c.decode(Timestamp.self, forKey: .sentAt)
    }

    /// The log's name at the top of a submissions folder (`AnswerLog.fileName`).
    public static let logName = "answers.jsonl"

    /// The attempt as one line of the log: JSON with sorted keys, ending in a newline.
    public var line: [UInt8] { Array(JSONLines.line(self)) }

    enum CodingKeys: String, CodingKey {
        case id, team, task, answer, position
        case sentAt = "time"
    }
}
