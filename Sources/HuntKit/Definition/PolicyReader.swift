/// Reads `policy:`: thresholds, then one action (`reject`, `review`, `ignore`, `accept`) per kind of finding.
enum PolicyReader {
    /// Action keys, the judge's reason codes each settles, and where the action is stored.
    /// (Key paths are not Sendable; this table is never mutated.)
    nonisolated(unsafe) static let actionKeys: [(key: String, reasons: String, path: WritableKeyPath<Policy, PolicyAction>)] = [
        ("uncertain", "uncertain-position", \.uncertain),
        ("imprecise", "imprecise-position", \.imprecise),
        ("no-position", "no-position", \.noPosition),
        ("outside-window", "before-window, after-window", \.outsideWindow),
        ("skew", "clock-skew", \.skew),
        ("duplicates", "duplicate-of", \.duplicates),
        ("edited", "edited", \.edited),
        ("too-fast", "too-fast", \.tooFast),
        ("order", "order", \.order),
        ("wrong-media", "wrong-media", \.wrongMedia),
        ("browser-fix-weak", "browser-fix-weak", \.browserFixWeak),
        ("not-live", "not-live", \.notLive)
    ]
    static let thresholdKeys = ["accuracy", "clock-skew", "max-speed", "browser-max-gap", "browser-max-accuracy", "live-max-age"]
    /// What to make of the browser's fix at upload: `accept`, `review` or `ignore` (`BrowserPositionUse`).
    static let browserPositionKey = "browser-position"
    static var keys: [String] { thresholdKeys + [browserPositionKey] + actionKeys.map(\.key) }

    /// People write the judge's reason codes; point them at the key.
    static let hints: [String: String] = [
        "uncertain-position": "did you mean `uncertain`?",
        "imprecise-position": "did you mean `imprecise`?",
        "duplicate-of": "did you mean `duplicates`?",
        "duplicate": "did you mean `duplicates`?",
        "before-window": "both before and after the window are `outside-window`",
        "after-window": "both before and after the window are `outside-window`",
        "clock": "the allowed gap is `clock-skew: 10 min`; what to do beyond it is `skew: review`",
        "speed": "did you mean `max-speed`?",
        "max-speed-action": "the action for too-fast photos is `too-fast:`",
        "gps-accuracy": "did you mean `accuracy`?",
        "browser_position": "did you mean `browser-position`?",
        "browser": "did you mean `browser-position` (`accept`, `review` or `ignore`)?",
        "browser-fix": "did you mean `browser-position` (`accept`, `review` or `ignore`)?",
        "browser_fix_max_gap": "did you mean `browser-max-gap`?",
        "browser-fix-max-gap": "did you mean `browser-max-gap`?",
        "browser_fix_max_accuracy": "did you mean `browser-max-accuracy`?",
        "browser-fix-max-accuracy": "did you mean `browser-max-accuracy`?",
        "live_max_age": "did you mean `live-max-age`?",
        "live": "`live: true` goes on a task; the policy's limit is `live-max-age: 5 min`, its action `not-live:`"
    ]

    static func read(_ node: YAMLNode, into policy: inout Policy, context: inout LoadContext) {
        guard let fields = context.mapping(node, section: "policy", keys: keys, hints: hints) else { return }
        if let n = fields.present("accuracy"), let v = context.length(n, "`accuracy`") { policy.assumedAccuracy = v }
        if let n = fields.present("clock-skew"), let v = context.timeSpan(n, "`clock-skew`") { policy.clockSkew = v }
        if let n = fields.present("max-speed"), let v = context.speed(n, "`max-speed`") { policy.maximumSpeed = v }
        if let n = fields.present("browser-max-gap"), let v = context.timeSpan(n, "`browser-max-gap`") { policy.browserMaxGap = v }
        if let n = fields.present("browser-max-accuracy"), let v = context.length(n, "`browser-max-accuracy`") { policy.browserMaxAccuracy = v }
        if let n = fields.present("live-max-age"), let v = context.timeSpan(n, "`live-max-age`") { policy.liveMaxAge = v }
        if let n = fields.present(browserPositionKey),
            let use = context.choice(n, "`policy.\(browserPositionKey)`", as: BrowserPositionUse.self)
        {
            policy.browserPosition = use
        }
        for (key, _, path) in actionKeys {
            if let n = fields.present(key), let action = context.choice(n, "`policy.\(key)`", as: PolicyAction.self) {
                policy[keyPath: path] = action
            }
        }
    }
}
