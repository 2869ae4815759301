/// A stable code for one finding about a submission. Scripts match these; they never change meaning.
public enum ReasonCode: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case unreadable
    case unknownTeam = "unknown-team"
    case unknownTask = "unknown-task"
    case ambiguousTask = "ambiguous-task"
    case noTarget = "no-target"
    case noPosition = "no-position"
    case outsideTarget = "outside-target"
    case uncertainPosition = "uncertain-position"
    case imprecisePosition = "imprecise-position"
    case noTime = "no-time"
    case beforeWindow = "before-window"
    case afterWindow = "after-window"
    case clockSkew = "clock-skew"
    case edited
    case duplicateOf = "duplicate-of"
    case tooFast = "too-fast"
    case dwellShort = "dwell-short"
    case order
    case wrongMedia = "wrong-media"
    // Added last: the order of the cases is the order reasons are listed in.
    case browserPosition = "browser-position"
    case browserFixWeak = "browser-fix-weak"
    case notLive = "not-live"
    case wrongAnswer = "wrong-answer"
    case closeAnswer = "close-answer"
    case noAttemptsLeft = "no-attempts-left"
    case alreadyAnswered = "already-answered"
    case wrongKind = "wrong-kind"
    case codeUnknown = "code-unknown"
    case tooPrecise = "too-precise"
    case positionUnchanged = "position-unchanged"

    public static func < (a: ReasonCode, b: ReasonCode) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// What the code means, for documentation and `--explain`-style output.
    public var meaning: String {
        switch self {
        case .unreadable: "the file could not be read as a photo (the reason is given)"
        case .unknownTeam: "the team folder names no team of the hunt's roster"
        case .unknownTask: "the task folder, file-name prefix or manifest row names no task of the hunt"
        case .ambiguousTask: "no task was given and the position lies in more than one task's target"
        case .noTarget: "the task's target has no geometry to judge against"
        case .noPosition: "the photo records no GPS position (or exactly 0, 0)"
        case .outsideTarget: "the position is outside the target even allowing for the GPS accuracy"
        case .uncertainPosition: "the accuracy circle straddles the target's edge"
        case .imprecisePosition: "the GPS accuracy is worse than max(radius, 100 m) and the edge is within it"
        case .noTime: "neither a capture time nor a GPS time: the windows cannot be checked"
        case .beforeWindow: "taken before the hunt's or the task's window opened"
        case .afterWindow: "taken after the hunt's or the task's window closed"
        case .clockSkew: "capture time and GPS time differ by more than the policy allows"
        case .edited: "the Software tag names a photo editor"
        case .duplicateOf:
            "the same file was submitted for another team or task; the copy received first keeps it (another team's copy goes to review)"
        case .tooFast: "reaching this photo's position from the team's previous photo needs an impossible speed"
        case .dwellShort: "a dwell task needs two photos at the same place at least the dwell apart; this one has no partner"
        case .order: "a task this one must come after was not done (accepted) earlier"
        case .wrongMedia: "the task's `evidence:` asks for a video and this is a photo, or the reverse"
        case .browserPosition: "the photo records no position; the one judged is the players' page's browser fix at upload"
        case .browserFixWeak:
            "the photo records no position, and the browser's fix at upload is too far in time from the capture or too imprecise to stand for it"
        case .notLive: "a `live: true` task: the photo was not taken with the players' page's camera, or was sent too long after it was taken"
        case .wrongAnswer: "an answer or choice that is not accepted (nor close to an accepted answer), or nothing typed"
        case .closeAnswer: "an answer one or two letters off a long accepted answer: a judge decides, with both side by side"
        case .noAttemptsLeft: "an attempt after the team had used the task's `attempts:` (counted in time order)"
        case .alreadyAnswered: "noted: an attempt after the team's accepted answer to the task; it changes nothing"
        case .wrongKind:
            "an answer sent for a photo task, or a photo for an answer or choice task that has no place, for a code task or for a check-in task"
        case .codeUnknown: "a code typed for a `code: true` task judged without the players' secret (`.hunt-players-secret`): a judge decides"
        case .tooPrecise: "a check-in whose browser position claims an accuracy under 1 m, finer than a phone's GPS gives: maybe a forged position"
        case .positionUnchanged:
            "a check-in at exactly the position of the team's earlier check-in at another place: a real position moves; maybe a forged one"
        }
    }

    /// What the finding does to the verdict under `policy`.
    public func action(under policy: Policy) -> PolicyAction {
        switch self {
        case .unreadable, .unknownTeam, .unknownTask, .outsideTarget, .dwellShort, .wrongAnswer, .noAttemptsLeft, .wrongKind: .reject
        case .closeAnswer, .codeUnknown, .tooPrecise, .positionUnchanged: .review
        case .alreadyAnswered: .ignore
        case .ambiguousTask, .noTarget, .noTime: .review
        case .noPosition: policy.noPosition
        case .uncertainPosition: policy.uncertain
        case .imprecisePosition: policy.imprecise
        case .beforeWindow, .afterWindow: policy.outsideWindow
        case .clockSkew: policy.skew
        case .edited: policy.edited
        case .duplicateOf: policy.duplicates
        case .tooFast: policy.tooFast
        case .order: policy.order
        case .wrongMedia: policy.wrongMedia
        case .browserPosition:
            switch policy.browserPosition {
            case .accept: .accept
            case .review: .review
            case .ignore: .ignore
            }
        case .browserFixWeak: policy.browserFixWeak
        case .notLive: policy.notLive
        }
    }

    /// The policy key that sets this code's action, when there is one.
    public var policyKey: String? {
        switch self {
        case .noPosition: "no-position"
        case .uncertainPosition: "uncertain"
        case .imprecisePosition: "imprecise"
        case .beforeWindow, .afterWindow: "outside-window"
        case .clockSkew: "skew"
        case .edited: "edited"
        case .duplicateOf: "duplicates"
        case .tooFast: "too-fast"
        case .order: "order"
        case .wrongMedia: "wrong-media"
        case .browserPosition: "browser-position"
        case .browserFixWeak: "browser-fix-weak"
        case .notLive: "not-live"
        default: nil
        }
    }
}

/// The outcome for one submission.
public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case accepted, review, rejected

    public static func < (a: Verdict, b: Verdict) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The verdict a set of actions leads to: any reject rejects, else any review reviews.
    static func from(_ actions: some Sequence<PolicyAction>) -> Verdict {
        var verdict = Verdict.accepted
        for action in actions {
            switch action {
            case .reject: return .rejected
            case .review: verdict = .review
            case .ignore, .accept: break
            }
        }
        return verdict
    }
}
