import Foundation
import HuntKit

/// How printed sheets look: page margins, fonts, sizes, colours, card spacing and which fields
/// show. Read from a template's `layout.yaml`, over the built-in defaults, so a copied template
/// may set only what it changes.
public struct SheetLayout: Sendable, Hashable {
    /// Page margins in points.
    public var marginTopPoints = 15 * pointsPerMillimetre
    public var marginRightPoints = 15 * pointsPerMillimetre
    public var marginBottomPoints = 15 * pointsPerMillimetre
    public var marginLeftPoints = 15 * pointsPerMillimetre

    /// Font families as fontconfig names them (`fc-list : family`); missing glyphs fall back to
    /// any installed font that has them.
    public var bodyFont = "DejaVu Sans"
    public var headingFont = "DejaVu Sans"
    public var monoFont = "DejaVu Sans Mono"

    /// Type sizes in points.
    public var titleSizePoints = 26.0
    public var headingSizePoints = 14.0
    public var bodySizePoints = 10.5
    public var smallSizePoints = 8.0

    public var textColour = SheetColour(red: 0.11, green: 0.11, blue: 0.13)
    public var accentColour = SheetColour(red: 0.10, green: 0.37, blue: 0.71)
    public var mutedColour = SheetColour(red: 0.43, green: 0.43, blue: 0.45)
    public var ruleColour = SheetColour(red: 0.78, green: 0.78, blue: 0.80)
    /// The fill behind a card's number and points.
    public var tintColour = SheetColour(red: 0.93, green: 0.95, blue: 0.98)

    /// The printed side of a QR code, in points (at least 20 mm keeps phones reading it easily).
    public var qrSizePoints = 26 * pointsPerMillimetre
    /// Space between cards, in points; a cut line runs through its middle.
    public var cardGapPoints = 8 * pointsPerMillimetre
    /// Dashed lines with a scissors mark between cards, for cutting a page into task slips.
    public var cutLines = true

    /// Which fields show.
    public var showCover = true
    public var showPoints = true
    public var showCheckbox = true
    public var showTaskID = false
    public var showTags = true
    /// The `geo:` URI printed under each QR code, for people without a camera app.
    public var showQRCaption = true
    /// "Page 3 of 12" and the team's name at the foot of each page.
    public var showFooter = true
    /// QR codes of point targets in the answer key too.
    public var answerKeyQR = false

    public init() {}

    static let pointsPerMillimetre = 72 / 25.4

    /// The built-in look; `Templates/sheets/default/layout.yaml` spells it out for copying.
    public static let standard = SheetLayout()

    /// Reads a layout file: every key optional, unknown keys and bad values are errors that point
    /// at their line and column.
    public static func load(contentsOf url: URL, displayPath: String) throws(DiagnosticError) -> SheetLayout {
        guard let root = try YAMLParser().parse(contentsOf: url, displayPath: displayPath, what: "sheet layout") else { return .standard }
        var layout = SheetLayout.standard
        let diagnostics = layout.apply(root)
        if diagnostics.hasErrors { throw DiagnosticError(diagnostics) }
        return layout
    }

    /// Applies a parsed layout document over `self`; returns what was wrong with it.
    mutating func apply(_ root: YAMLNode) -> [Diagnostic] {
        guard let sections = root.mapping else {
            return [
                .error(
                    "layout-not-mapping", "a layout file is a mapping of sections, found \(root.kindName)",
                    at: root.location, fix: "start from Templates/sheets/default/layout.yaml")
            ]
        }
        var diagnostics: [Diagnostic] = []
        for section in sections {
            let name = section.key.text ?? ""
            guard let keys = Self.keys[name] else {
                diagnostics.append(Self.unknown("section", name, among: Array(Self.keys.keys), at: section.key.location))
                continue
            }
            guard let pairs = section.value.mapping else {
                diagnostics.append(
                    .error(
                        "layout-not-mapping", "`\(name)` is a mapping, found \(section.value.kindName)",
                        at: section.value.location))
                continue
            }
            for pair in pairs {
                let key = pair.key.text ?? ""
                guard let setter = keys[key] else {
                    diagnostics.append(Self.unknown("key in `\(name)`", key, among: Array(keys.keys), at: pair.key.location))
                    continue
                }
                if let problem = setter(&self, pair.value) { diagnostics.append(problem) }
            }
        }
        return diagnostics
    }

    // MARK: The keys of a layout file

    private typealias Setter = @Sendable (inout SheetLayout, YAMLNode) -> Diagnostic?

    private static func length(_ keyPath: WritableKeyPath<SheetLayout, Double> & Sendable) -> Setter {
        { layout, node in
            guard let points = points(node), points >= 0 else { return badLength(node) }
            layout[keyPath: keyPath] = points
            return nil
        }
    }

    private static func size(_ keyPath: WritableKeyPath<SheetLayout, Double> & Sendable) -> Setter {
        { layout, node in
            guard let text = node.text, let (value, unit) = UnitText.split(text), unit.isEmpty || unit == "pt",
                value >= 4, value <= 96
            else {
                return .error("bad-font-size", "a font size is a number of points from 4 to 96, like `10.5`", at: node.location)
            }
            layout[keyPath: keyPath] = value
            return nil
        }
    }

    private static func colour(_ keyPath: WritableKeyPath<SheetLayout, SheetColour> & Sendable) -> Setter {
        { layout, node in
            guard let text = node.text, let colour = SheetColour(hex: text) else {
                return .error(
                    "bad-colour", "a colour is written `\"#1a5fb4\"` (quoted, or YAML reads # as a comment)",
                    at: node.location)
            }
            layout[keyPath: keyPath] = colour
            return nil
        }
    }

    private static func font(_ keyPath: WritableKeyPath<SheetLayout, String> & Sendable) -> Setter {
        { layout, node in
            guard let text = node.text?.trimmingCharacters(in: .whitespaces), !text.isEmpty, node.scalar != nil else {
                return .error(
                    "bad-font", "a font is a family name, like `DejaVu Serif` (see `fc-list : family`)",
                    at: node.location)
            }
            layout[keyPath: keyPath] = text
            return nil
        }
    }

    private static func flag(_ keyPath: WritableKeyPath<SheetLayout, Bool> & Sendable) -> Setter {
        { layout, node in
            switch node.scalar.flatMap({ $0.isPlain ? $0.text.lowercased() : nil }) {
            case "true", "yes", "on": layout[keyPath: keyPath] = true
            case "false", "no", "off": layout[keyPath: keyPath] = false
            default: return .error("bad-flag", "expected `true` or `false`, found `\(node.text ?? node.kindName)`", at: node.location)
            }
            return nil
        }
    }

    private static let keys: [String: [String: Setter]] = [
        "page": [
            "margin-top": length(\.marginTopPoints), "margin-right": length(\.marginRightPoints),
            "margin-bottom": length(\.marginBottomPoints), "margin-left": length(\.marginLeftPoints),
            // One length for all four sides; margin-top… after it in the file override one side.
            "margins": { layout, node in
                guard let points = points(node), points >= 0 else { return badLength(node) }
                layout.marginTopPoints = points
                layout.marginRightPoints = points
                layout.marginBottomPoints = points
                layout.marginLeftPoints = points
                return nil
            }
        ],
        "fonts": ["body": font(\.bodyFont), "heading": font(\.headingFont), "mono": font(\.monoFont)],
        "sizes": [
            "title": size(\.titleSizePoints), "heading": size(\.headingSizePoints),
            "body": size(\.bodySizePoints), "small": size(\.smallSizePoints)
        ],
        "colours": [
            "text": colour(\.textColour), "accent": colour(\.accentColour), "muted": colour(\.mutedColour),
            "rule": colour(\.ruleColour), "tint": colour(\.tintColour)
        ],
        "cards": ["qr-size": length(\.qrSizePoints), "gap": length(\.cardGapPoints), "cut-lines": flag(\.cutLines)],
        "show": [
            "cover": flag(\.showCover), "points": flag(\.showPoints), "checkbox": flag(\.showCheckbox),
            "task-id": flag(\.showTaskID), "tags": flag(\.showTags), "qr-caption": flag(\.showQRCaption),
            "footer": flag(\.showFooter), "answer-key-qr": flag(\.answerKeyQR)
        ]
    ]

    /// `15 mm`, `1.5 cm`, `0.5 in`, `12 pt` (a bare number is points) → points.
    static func points(_ node: YAMLNode) -> Double? {
        guard let text = node.text, let (value, unit) = UnitText.split(text), value.isFinite else { return nil }
        switch unit.lowercased() {
        case "", "pt": return value
        case "mm": return value * 72 / 25.4
        case "cm": return value * 72 / 2.54
        case "in": return value * 72
        default: return nil
        }
    }

    private static func badLength(_ node: YAMLNode) -> Diagnostic {
        .error(
            "bad-length", "expected a length like `15 mm`, `1.5 cm`, `0.5 in` or `12 pt`, found `\(node.text ?? node.kindName)`",
            at: node.location)
    }

    private static func unknown(_ what: String, _ name: String, among names: [String], at location: SourceLocation) -> Diagnostic {
        let sorted = names.sorted()
        let fix = Suggestions.closest(to: name, in: sorted).map { "did you mean `\($0)`?" } ?? "known: \(sorted.joined(separator: ", "))"
        return .error("unknown-key", "unknown \(what) `\(name)`", at: location, fix: fix)
    }
}
