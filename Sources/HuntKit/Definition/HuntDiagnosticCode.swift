/// Every code `HuntLoader` reports, with what it means. Codes are stable: scripts match on them.
public enum HuntDiagnosticCode: String, Sendable, CaseIterable {
    // Reading the file (YAMLParser)
    case fileNotFound = "file-not-found"
    case notAFile = "not-a-file"
    case unreadable
    case fileTooLarge = "file-too-large"
    case yamlSyntax = "yaml-syntax"
    case multipleDocuments = "multiple-documents"
    case tooDeep = "too-deep"
    case tooLarge = "too-large"
    case badMerge = "bad-merge"
    case emptyFile = "empty-file"
    // Shape
    case unknownKey = "unknown-key"
    case duplicateKey = "duplicate-key"
    case missingKey = "missing-key"
    case wrongType = "wrong-type"
    case badValue = "bad-value"
    case textTooLong = "text-too-long"
    case badNumber = "bad-number"
    case badLength = "bad-length"
    case badDuration = "bad-duration"
    case badSpeed = "bad-speed"
    case badCoordinate = "bad-coordinate"
    case coordinateOutOfRange = "coordinate-out-of-range"
    case nullIsland = "null-island"
    case coordinatesSwapped = "coordinates-swapped"
    case badTime = "bad-time"
    case badId = "bad-id"
    // Meaning
    case unknownTimezone = "unknown-timezone"
    case noTimezone = "no-timezone"
    case windowEndBeforeStart = "window-end-before-start"
    case taskWindowOutside = "task-window-outside"
    case duplicateId = "duplicate-id"
    case namesAlike = "names-alike"
    case radiusTooSmall = "radius-too-small"
    case radiusSmall = "radius-small"
    case radiusUnused = "radius-unused"
    case negativePoints = "negative-points"
    case pointsTooLarge = "points-too-large"
    case bandsNotAscending = "bands-not-ascending"
    case unknownTask = "unknown-task"
    case afterCycle = "after-cycle"
    case missingFile = "missing-file"
    case fileOutsideFolder = "file-outside-folder"
    case referenceNotPhoto = "reference-not-photo"
    case rewardsNotAscending = "rewards-not-ascending"
    case rewardUnreachable = "reward-unreachable"
    case dwellWithoutPlace = "dwell-without-place"
    case perPlaceWithoutPlaces = "per-place-without-places"
    case noTarget = "no-target"
    case targetNotRead = "target-not-read"
    case multipleTargets = "multiple-targets"
    case noTasks = "no-tasks"
    // Choose N of a set
    case chooseTooMany = "choose-too-many"
    case chooseWithoutSet = "choose-without-set"
    case chooseConflict = "choose-conflict"
    case groupMember = "group-member"
    // Answer and choice tasks
    case questionConflict = "question-conflict"
    case noCorrectChoice = "no-correct-choice"
    case correctNotAChoice = "correct-not-a-choice"
    case emptyAnswer = "empty-answer"
    case badAttempts = "bad-attempts"
    // Code tasks
    case codeWithoutPlace = "code-without-place"
    case emptyCode = "empty-code"
    // Check-ins
    case checkInWithoutPlace = "check-in-without-place"
    case checkInConflict = "check-in-conflict"

    // The players' page
    case liveWithoutBrowserPosition = "live-without-browser-position"
    // Languages
    case missingTranslation = "missing-translation"
    case unknownLanguage = "unknown-language"

    // Personal data
    case shortRetention = "short-retention"
    case freezeWithoutWindow = "freeze-without-window"
    case guideWithoutTarget = "guide-without-target"

    // The live day
    case announcementOutsideWindow = "announcement-outside-window"
    case announcementUnknownTeam = "announcement-unknown-team"

    /// One line for the reference.
    public var summary: String {
        switch self {
        case .fileNotFound: return "the hunt file does not exist"
        case .notAFile: return "the path names a directory, not a file"
        case .unreadable: return "the file cannot be opened or read"
        case .fileTooLarge: return "the file is larger than a hunt file can be (32 MiB)"
        case .yamlSyntax: return "the YAML is malformed (or the file is not UTF-8/UTF-16 text)"
        case .multipleDocuments: return "a second `---` document; a hunt file holds one"
        case .tooDeep: return "nesting deeper than 256 levels"
        case .tooLarge: return "more than 1,000,000 nodes once aliases are expanded (an alias bomb)"
        case .badMerge: return "`<<` merges something that is not a mapping"
        case .emptyFile: return "the file holds nothing (or only comments)"
        case .unknownKey: return "a key that means nothing here; the message suggests the closest known key"
        case .duplicateKey: return "the same key twice in one mapping"
        case .missingKey: return "a required key is missing; points at the mapping that lacks it"
        case .wrongType: return "a list where a mapping belongs, a mapping where text belongs, …"
        case .badValue: return "a value outside its set (`repeat: sometimes`, `qr: maybe`)"
        case .textTooLong: return "a text value longer than 8 KiB"
        case .badNumber: return "not a whole number where one is needed (`points: ten`)"
        case .badLength: return "not a distance (`30 m`, `1.5 km`, `300 ft`, `0.5 mi`), or not positive"
        case .badDuration: return "not a duration (`90 s`, `10 min`, `2 h`), or negative"
        case .badSpeed: return "not a speed (`250 km/h`, `30 m/s`, `120 mph`), or not positive"
        case .badCoordinate: return "not a coordinate in any of the accepted forms"
        case .coordinateOutOfRange: return "latitude outside -90…90 or longitude outside -180…180"
        case .nullIsland: return "warning: the point 0, 0 (usually a missing value)"
        case .coordinatesSwapped:
            return "warning: a target far from the others (or from the hunt's timezone) that would be among them with latitude and longitude swapped"
        case .badTime: return "not a date-time, a date that does not exist, or a local time skipped by a DST change"
        case .badId: return "an id with characters that do not work as a folder or file-name prefix"
        case .unknownTimezone: return "not an IANA timezone name; the message suggests one"
        case .noTimezone: return "warning: times without an offset but no `timezone:` (read as UTC)"
        case .windowEndBeforeStart: return "a window whose end is not after its start"
        case .taskWindowOutside: return "warning: a task's window reaches outside the hunt's window"
        case .duplicateId: return "two tasks or two teams with the same id"
        case .namesAlike: return "warning: two teams or two tasks that one folder name matches (case, accents and separators do not count)"
        case .radiusTooSmall: return "a radius below 10 m (phone GPS cannot prove it)"
        case .radiusSmall: return "warning: a radius below 15 m (many photos will need review)"
        case .radiusUnused: return "warning: `radius` on an `area` task, where it means nothing"
        case .negativePoints: return "negative points"
        case .pointsTooLarge: return "more than 1,000,000 points on one task or reward"
        case .bandsNotAscending: return "bands not in order found ≤ hot ≤ warm"
        case .unknownTask: return "`after` names a task that does not exist"
        case .afterCycle: return "`after` links that go round in a circle (printed as a → b → a)"
        case .missingFile: return "an `area:`, `places:` or `reference:` file that does not exist"
        case .fileOutsideFolder:
            return "an `area:`, `places:` or `reference:` path outside the hunt file's folder (absolute, `..`, or through a symbolic link)"
        case .referenceNotPhoto: return "a `reference:` file that is not a JPEG, PNG or WebP photo"
        case .rewardsNotAscending: return "reward tiers not in ascending order of points"
        case .rewardUnreachable: return "warning: a reward needs more points than the tasks can give"
        case .dwellWithoutPlace: return "`dwell` on a task without `at` or `places`"
        case .perPlaceWithoutPlaces: return "`repeat: per-place` on a task without `places`"
        case .noTarget: return "a task with none of `at`, `area`, `places`"
        case .targetNotRead:
            return
                "warning (an error for the judge and the simulator): an `area:` or `places:` target with no geometry: a hunt built in code whose files were never read (`readTargetFiles()`) and that was given none"
        case .multipleTargets: return "a task with more than one of `at`, `area`, `places`"
        case .noTasks: return "warning: `tasks:` is an empty list"
        case .chooseTooMany: return "`choose: N` asks for more than the group's tasks or the task's places"
        case .chooseWithoutSet: return "`choose` on a task with neither `places` nor `tasks`, or a group's `tasks` without `choose`"
        case .chooseConflict:
            return "a key that means nothing with `choose` (a group's target, `repeat`, `score: closest`…), or `after` naming a group"
        case .groupMember:
            return
                "a group's task that cannot be in it: another group (groups do not nest), in two groups, listed twice, `score: closest`, or with points of its own"
        case .questionConflict:
            return
                "`answer` or `number` with `choices` on one task, `within` without `number`, `correct` without `choices`, or `attempts` on a photo task"
        case .noCorrectChoice: return "`choices` without `correct`: no choice could be accepted"
        case .correctNotAChoice: return "a `correct` that is not the text of one of the task's `choices`"
        case .emptyAnswer: return "an `answer` that is empty once case, accents, punctuation and articles are ignored"
        case .badAttempts: return "`attempts` that is not a whole number from 1 to 100"
        case .codeWithoutPlace: return "a `code` task with none of `at`, `area`, `places`: a marshal would not know where to put up its poster"
        case .emptyCode: return "a written `code` with no letter A–Z or digit 0–9, or `code: false` or `code: \"\"`"
        case .checkInWithoutPlace: return "`check_in: true` on a task with no place (`at`, `places` or `area`) to be at"
        case .checkInConflict:
            return "`check_in: true` with `answer`, `number` or `choices`: a task is checked by being there or by an answer, not both"
        case .missingTranslation:
            return
                "warning: a text for players without a language the hunt offers (`languages:`), or with one it does not; players read the hunt's language instead"
        case .unknownLanguage:
            return "warning: a language HuntKit has no catalog for (Templates/languages): the page's and sheets' own words are English"
        case .liveWithoutBrowserPosition:
            return "warning: a `live: true` task while `policy.browser-position: ignore` (photos from a browser's camera usually carry no GPS)"
        case .shortRetention: return "warning: `retention` under a day: `hunt purge` could remove photos before the judges are done"
        case .guideWithoutTarget: return "`live: bands` or `live: direction` on a task with no place to guide players to"
        case .freezeWithoutWindow:
            return "warning: `leaderboard.freeze` with no window to count back from, or as long as the window: players never see the standings change"
        case .announcementOutsideWindow: return "warning: an announcement's `at` is outside the hunt's window, when no team is playing"
        case .announcementUnknownTeam: return "warning: an announcement for a team the hunt's `teams` does not list: no page shows it to them"
        }
    }
}

extension DiagnosticCode {
    /// The diagnostic code of a hunt file's finding.
    public init(_ code: HuntDiagnosticCode) { self.init(rawValue: code.rawValue) }
}

extension DiagnosticCode {
    /// Whether this is the hunt file's code `code`, so a script writes `diagnostic.code == .duplicateId`
    /// rather than comparing text.
    public static func == (a: DiagnosticCode, code: HuntDiagnosticCode) -> Bool { a.rawValue == code.rawValue }
}
