/// A task's `hints:` (`TaskHint`): a list whose items are a text (free from the start) or
/// `{ text, after, cost }`.
extension HuntReader {
    /// The hints of `hints:` (`node`); `hint:` beside it is an error, since it would be a second
    /// list of the same hints.
    mutating func hints(_ node: YAMLNode, fields: Fields, task: HuntTask, hunt: Hunt) -> [TaskHint] {
        if let at = fields.keyLocation("hint") {
            context.error(
                .badValue, "task `\(task.id)` has both `hint` and `hints`", at: at,
                fix: "move the hint into the list: `hints: [{ text: … }]`, and remove `hint`")
        }
        guard let items = context.list(node, "`hints`", example: "- { text: Look up., after: 30 min }") else { return [] }
        var hints: [TaskHint] = []
        for item in items {
            guard item.mapping != nil, item["text"] != nil || item["after"] != nil || item["cost"] != nil else {
                // A text (or a text by language): a free hint.
                if let text = localizedText(item, "a hint of `hints`", hunt: hunt, required: true, example: "hints: [Look up.]") {
                    hints.append(TaskHint(text: text, location: item.location))
                }
                continue
            }
            guard let hintFields = context.mapping(item, section: "a hint", keys: TaskHint.keys, hints: ["hint": "did you mean `text`?"]) else {
                continue
            }
            // A hint without its text is reported and left out: there would be nothing to show.
            guard let n = context.require("text", in: hintFields, section: "a hint", example: "text: Look up."),
                let text = localizedText(n, "a hint's `text`", hunt: hunt, required: true, example: "text: Look up.")
            else { continue }
            var hint = TaskHint(text: text, location: item.location)
            if let n = hintFields.present("after"), let after = context.timeSpan(n, "a hint's `after`") { hint.after = after }
            if let n = hintFields.present("cost"), let cost = context.integer(n, "a hint's `cost`") { hint.cost = cost }
            hints.append(hint)
        }
        var withHints = task
        withHints.hints = hints
        for (finding, at) in HuntRules.hints(of: withHints, in: hunt) { _ = context.check(finding, at: at) }
        return hints
    }
}
