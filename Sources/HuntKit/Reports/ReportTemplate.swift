import Foundation
import Mustache

/// A report layout: the Mustache source for the HTML page or the Markdown text.
///
/// The standard layouts are Templates/reports/report.html.mustache and report.md.mustache;
/// `--template PATH` names an organizer's copy (a file, or a folder holding files of those names).
/// The variables a template sees are listed at the top of each standard layout and in the docs.
public struct ReportTemplate: Sendable, Hashable {
    /// The Mustache text.
    public var source: String
    /// Where `source` was read from, for messages.
    public var path: String

    /// A layout from Mustache text; `path` names it in messages.
    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    /// `report.html.mustache` or `report.md.mustache`; nil for formats without a layout.
    public static func fileName(for format: ReportFormat) -> String? {
        switch format {
        case .html: "report.html.mustache"
        case .md: "report.md.mustache"
        case .csv, .json: nil
        }
    }

    /// The standard layout from Templates/reports/.
    public static func standard(for format: ReportFormat) throws(ReportError) -> ReportTemplate {
        guard let name = fileName(for: format) else {
            throw .template(path: "Templates/reports", reason: "\(format.rawValue) reports have no layout")
        }
        guard let url = TemplateLibrary.url("reports/\(name)"), FileManager.default.fileExists(atPath: url.path) else {
            throw .template(
                path: "Templates/reports/\(name)",
                reason:
                    "the standard report layout was not found (neither in HuntKit's resources, an installed Templates folder nor $HUNT_TEMPLATES); give a layout of your own as `templatePath`, or set HUNT_TEMPLATES to a Templates folder"
            )
        }
        return try read(url, displayPath: url.path)
    }

    /// An organizer's layout: a `.mustache` file, or a folder with `report.html.mustache` /
    /// `report.md.mustache`.
    public static func load(_ path: String, for format: ReportFormat) throws(ReportError) -> ReportTemplate {
        guard let name = fileName(for: format) else {
            throw .template(path: path, reason: "a layout applies to html and md reports only; \(format.rawValue) has none")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .template(path: path, reason: "no such file or folder; copy Templates/reports/\(name) and pass its path")
        }
        let url = isDirectory.boolValue ? URL(fileURLWithPath: path).appendingPathComponent(name) : URL(fileURLWithPath: path)
        return try read(url, displayPath: isDirectory.boolValue ? (path as NSString).appendingPathComponent(name) : path)
    }

    /// Larger templates are refused before reading.
    static let maximumBytes = 4 << 20

    static func read(_ url: URL, displayPath: String) throws(ReportError) -> ReportTemplate {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: url.path, displayPath: displayPath, limitBytes: maximumBytes, what: "report template")
        } catch {
            throw .template(path: displayPath, reason: "\(error.message); \(error.fix)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .template(path: displayPath, reason: "the template is not UTF-8 text; save it as UTF-8")
        }
        return ReportTemplate(source: text, path: displayPath)
    }

    /// Parses the source; errors name the line and column.
    func compiled() throws(ReportError) -> MustacheTemplate {
        MarkdownContentType.registerOnce
        do {
            return try MustacheTemplate(string: source)
        } catch let error as MustacheTemplate.ParserError {
            throw .template(
                path: "\(path):\(error.context.lineNumber):\(error.context.columnNumber)",
                reason: "the Mustache template does not parse (\(error.error)): \(error.context.line)")
        } catch {
            throw .template(path: path, reason: "the Mustache template does not parse: \(error)")
        }
    }
}

/// `{{% CONTENT_TYPE: MARKDOWN }}`: `{{ }}` escapes Markdown instead of HTML, so a team named
/// `*a|b*` shows as typed, a table cell stays one cell and no `<tag>` reaches the page.
///
/// Backslash-escapes the CommonMark/GFM characters that change meaning anywhere in a line
/// (`\ ` * _ [ ] < > | ~ #`), keeps `&` from starting an entity, turns line breaks into spaces,
/// and shows other control characters (ESC, NUL, …) as `TerminalText` does: a report read in a
/// terminal (`cat report.md`) obeys nothing a name or a file carried.
struct MarkdownContentType: MustacheContentType {
    static let registerOnce: Void = {
        MustacheContentTypes.register(MarkdownContentType(), named: "MARKDOWN")
        MustacheContentTypes.register(HTMLEscaping(), named: HTMLEscaping.name)
    }()

    /// Bytes that need escaping: the ASCII punctuation above and the line breaks (U+2028/2029
    /// start with 0xE2, checked precisely in the slow path).
    private static let special: [Bool] = (0..<256).map { (b: Int) -> Bool in
        let punctuation = Array("\\`*_[]<>|~#&".utf8)
        let control = b < 0x20 || b == 0x7F || b == 0xC2
        return control || b == 0xE2 || punctuation.contains(UInt8(b))
    }

    func escapeText(_ text: String) -> String { Self.escape(text) }

    /// On UTF-8 bytes: what is escaped is ASCII, and U+2028/2029 are E2 80 A8/A9.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { special[Int($0)] }) else { return text }
        // Line breaks of every kind become LF (then spaces, below); other controls are shown.
        // Looked for in the bytes first (CR, or the E2 that U+2028/2029 start with): Foundation's
        // substring search, asked of every text, was a tenth of a Markdown report's time.
        var lines = text
        if text.utf8.contains(where: { $0 == 0x0D || $0 == 0xE2 }) {
            for separator in ["\r", "\u{2028}", "\u{2029}"] where lines.contains(separator) {
                lines = lines.replacingOccurrences(of: separator, with: "\n")
            }
        }
        let shown = TerminalText.visible(lines, keepingLineBreaks: true)
        let bytes = Array(shown.utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 8)
        var changed = false
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "|"), UInt8(ascii: "~"), UInt8(ascii: "#"), UInt8(ascii: "&"):
                out.append(UInt8(ascii: "\\"))
                out.append(b)
                changed = true
            case 0x0A, 0x0D:
                out.append(0x20)
                changed = true
            default:
                out.append(b)
            }
            i += 1
        }
        return changed || shown != text ? String(decoding: out, as: UTF8.self) : text
    }
}

/// The HTML page's escaping, `MarkupText`'s (the same five characters as Mustache's own HTML
/// content type, found by scanning UTF-8 bytes). The HTML renderer puts
/// `{{% CONTENT_TYPE: HUNTKIT_HTML }}` before a template that sets no content type of its own.
struct HTMLEscaping: MustacheContentType {
    static let name = "HUNTKIT_HTML"

    func escapeText(_ text: String) -> String { MarkupText.escape(text) }
}
