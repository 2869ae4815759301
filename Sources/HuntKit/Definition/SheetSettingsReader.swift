/// Reads `sheets:`, how printed task sheets look. Add a key: name it in `keys`, read it in `read`.
enum SheetSettingsReader {
    static let keys = ["paper", "qr", "hints", "layout"]

    static func read(_ node: YAMLNode, into settings: inout SheetSettings, context: inout LoadContext) {
        guard let fields = context.mapping(node, section: "sheets", keys: keys,
                                           hints: ["paper-size": "did you mean `paper`?", "hint": "did you mean `hints`?"]) else { return }
        if let n = fields.present("paper"), let v = context.choice(n, "`sheets.paper`", as: SheetSettings.Paper.self) { settings.paper = v }
        if let n = fields.present("qr"), let v = context.bool(n, "`sheets.qr`") { settings.qr = v }
        if let n = fields.present("hints"), let v = context.choice(n, "`sheets.hints`", as: SheetSettings.HintStyle.self) { settings.hints = v }
        if let n = fields.present("layout"), let v = context.nonEmptyText(n, "`sheets.layout`", example: "layout: cards") {
            settings.layout = v
            settings.layoutLocation = n.location
        }
    }
}
