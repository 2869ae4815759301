/// Reads `sheets:`, how printed task sheets look, and a task's own `sheets: { positions: … }`.
/// Add a key: name it in `keys`, read it in `read`.
enum SheetSettingsReader {
    static let keys = ["paper", "positions", "qr", "hints", "layout"]
    /// What a task's `sheets:` may say; the rest is the whole hunt's.
    static let taskKeys = ["positions"]

    static func read(_ node: YAMLNode, into settings: inout SheetSettings, context: inout LoadContext) {
        guard
            let fields = context.mapping(
                node, section: "sheets", keys: keys,
                hints: [
                    "paper-size": "did you mean `paper`?", "hint": "did you mean `hints`?",
                    "position": "did you mean `positions`?"
                ])
        else { return }
        if let n = fields.present("paper"), let v = context.choice(n, "`sheets.paper`", as: SheetSettings.Paper.self) { settings.paper = v }
        if let n = fields.present("positions"), let v = context.choice(n, "`sheets.positions`", as: SheetSettings.Positions.self) {
            settings.positions = v
        }
        if let n = fields.present("qr"), let v = context.bool(n, "`sheets.qr`") {
            // The older switch for the QR code on point tasks' cards: `qr: true` is `positions: qr`.
            if fields.present("positions") != nil {
                context.error(
                    .duplicateKey, "`sheets.qr` and `sheets.positions` both say how positions print; `positions` is used",
                    at: fields.keyLocation("qr") ?? n.location, fix: "remove `qr` (`positions: qr` prints QR codes)")
            } else {
                settings.positions = v ? .qr : .none
            }
        }
        if let n = fields.present("hints"), let v = context.choice(n, "`sheets.hints`", as: SheetSettings.HintStyle.self) { settings.hints = v }
        if let n = fields.present("layout"), let v = context.nonEmptyText(n, "`sheets.layout`", example: "layout: cards") {
            settings.layout = v
            settings.layoutLocation = n.location
        }
    }

    /// A task's `sheets: { positions: none | text | qr }`.
    static func readTask(_ node: YAMLNode, context: inout LoadContext) -> SheetSettings.Positions? {
        var hints = ["position": "did you mean `positions`?", "qr": "write `positions: qr`"]
        for key in keys where !taskKeys.contains(key) && key != "qr" {
            hints[key] = "`\(key)` is for the whole hunt: put it in the top-level `sheets:`"
        }
        guard let fields = context.mapping(node, section: "a task's `sheets`", keys: taskKeys, hints: hints),
            let n = fields.present("positions")
        else { return nil }
        return context.choice(n, "the task's `sheets.positions`", as: SheetSettings.Positions.self)
    }
}
