import Foundation
import HuntKit

/// A sheet layout as organizers copy and change it: a folder with `layout.yaml` (the look of the
/// PDF and the HTML page) and `sheets.html.mustache` (the HTML page), each optional.
///
/// Found by name in Templates/sheets/ (`default`), or by path; what a copied folder leaves out
/// comes from the default template.
public struct SheetTemplate: Sendable {
    public var layout: SheetLayout
    /// The Mustache source of the HTML page; nil when no template could be found.
    public var html: String?
    /// Where `html` was read from, for messages.
    public var htmlPath: String?
    /// Where `layout` was read from (nil: built in).
    public var layoutPath: String?

    public static let layoutFile = "layout.yaml"
    public static let htmlFile = "sheets.html.mustache"

    /// The template's files as read: inputs an output must not replace.
    public var files: [URL] { [layoutPath, htmlPath].compactMap { $0.map { URL(fileURLWithPath: $0) } } }

    public init(layout: SheetLayout = .standard, html: String? = nil, htmlPath: String? = nil, layoutPath: String? = nil) {
        self.layout = layout
        self.html = html
        self.htmlPath = htmlPath
        self.layoutPath = layoutPath
    }

    /// The names of the templates in Templates/sheets/.
    public static var installed: [String] {
        guard let folder = TemplateLibrary.url("sheets"),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { isDirectory(folder.appendingPathComponent($0)) }.sorted()
    }

    /// Finds and reads a template.
    ///
    /// - Parameters:
    ///   - reference: a folder or file path, or the name of a folder in Templates/sheets/; nil for `default`.
    ///   - base: the folder relative paths start from (the hunt file's for `layout:`, the current one for `--template`).
    ///   - location: where the reference was written, for errors; nil for a command-line option.
    public static func load(_ reference: String?, relativeTo base: URL, at location: SourceLocation? = nil) throws(DiagnosticError) -> SheetTemplate {
        let fallback = try standard()
        guard let reference, !reference.isEmpty else { return fallback }
        let shownAt = location ?? SourceLocation(file: "--template")
        let url = reference.hasPrefix("/") ? URL(fileURLWithPath: reference) : base.appendingPathComponent(reference)
        // A hunt file's `layout:` stays inside the hunt's folder, like `area:` and `places:`: a
        // hunt from a pull request must not make `hunt sheets` read (and quote) other files.
        if let location, !isInside(url, base) {
            throw DiagnosticError(
                .error(
                    "file-outside-folder", "sheet layout `\(reference)` is outside the hunt file's folder; it is not read",
                    at: location, fix: "copy the template folder next to the hunt file, or name one in Templates/sheets/"))
        }
        var found: URL?
        if FileManager.default.fileExists(atPath: url.path) {
            found = url
        } else if !reference.contains("/"), let named = TemplateLibrary.url("sheets/\(reference)"), isDirectory(named) {
            found = named
        }
        guard let found else {
            let names = installed
            throw DiagnosticError(
                .error(
                    "template-not-found",
                    "no sheet template `\(reference)` (looked for \(url.path)\(names.isEmpty ? "" : " and Templates/sheets/\(reference)"))",
                    at: shownAt,
                    fix: names.isEmpty
                        ? "give the path of a folder with layout.yaml or sheets.html.mustache"
                        : "use a folder path, or one of: \(names.joined(separator: ", "))"))
        }
        var template = fallback
        if isDirectory(found) {
            let layoutURL = found.appendingPathComponent(layoutFile), htmlURL = found.appendingPathComponent(htmlFile)
            let hasLayout = FileManager.default.fileExists(atPath: layoutURL.path)
            let hasHTML = FileManager.default.fileExists(atPath: htmlURL.path)
            guard hasLayout || hasHTML else {
                throw DiagnosticError(
                    .error(
                        "template-empty", "\(found.path) has neither \(layoutFile) nor \(htmlFile)", at: shownAt,
                        fix: "copy Templates/sheets/default and change it"))
            }
            if hasLayout { try template.readLayout(layoutURL) }
            if hasHTML { try template.readHTML(htmlURL) }
        } else {
            switch found.pathExtension.lowercased() {
            case "yaml", "yml": try template.readLayout(found)
            case "mustache", "html", "htm": try template.readHTML(found)
            default:
                throw DiagnosticError(
                    .error(
                        "template-kind", "\(found.path) is neither a layout (.yaml) nor an HTML template (.mustache)",
                        at: shownAt, fix: "give a template folder, a layout.yaml or a sheets.html.mustache"))
            }
        }
        return template
    }

    /// Templates/sheets/default when Templates/ is found; else the built-in layout without HTML.
    public static func standard() throws(DiagnosticError) -> SheetTemplate {
        var template = SheetTemplate()
        guard let folder = TemplateLibrary.url("sheets/default"), isDirectory(folder) else { return template }
        let layoutURL = folder.appendingPathComponent(layoutFile), htmlURL = folder.appendingPathComponent(htmlFile)
        if FileManager.default.fileExists(atPath: layoutURL.path) { try template.readLayout(layoutURL) }
        if FileManager.default.fileExists(atPath: htmlURL.path) { try template.readHTML(htmlURL) }
        return template
    }

    private mutating func readLayout(_ url: URL) throws(DiagnosticError) {
        layout = try SheetLayout.load(contentsOf: url, displayPath: url.path)
        layoutPath = url.path
    }

    private mutating func readHTML(_ url: URL) throws(DiagnosticError) {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path: url.path, limitBytes: 4 << 20, what: "sheet template")
        } catch {
            throw DiagnosticError(error.diagnostic)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw DiagnosticError(
                .error(
                    "not-utf8", "\(url.path) is not UTF-8 text", at: SourceLocation(file: url.path),
                    fix: "save the template as UTF-8"))
        }
        html = text
        htmlPath = url.path
    }

    /// Whether `url`, every link resolved, is `base` or below it.
    private static func isInside(_ url: URL, _ base: URL) -> Bool {
        let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
        let folder = base.standardizedFileURL.resolvingSymlinksInPath().path
        return resolved == folder || resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &directory) && directory.boolValue
    }
}

/// Makes printable sheets from a loaded hunt: the library side of `hunt sheets`.
public enum HuntSheets {
    /// What does not fit together in a request for sheets written to `output` (a file, `-` for
    /// standard output, nil for the default), worded for a usage error; nil when they can be made.
    public static func problem(output: String?, format: SheetFormat?, options: SheetOptions, huntPath: String) -> String? {
        if options.posters && (options.answerKey || options.teamID != nil) {
            return
                "--posters are the same for every team and hold no answer: leave out --team and --answer-key (e.g. `hunt sheets \(huntPath) --posters`)"
        }
        if options.answerKey && options.teamID != nil {
            return "--answer-key is the same for every team: leave out --team (e.g. `hunt sheets \(huntPath) --answer-key`)"
        }
        if let output, output.isEmpty { return "-o needs a file name, e.g. `-o sheets.pdf`, or `-o -` for standard output" }
        if output == "-" && format == nil { return "with `-o -` say which format to write: add `--format pdf` or `--format html`" }
        return nil
    }

    /// The hunt's `sheets: layout:` template, else the default one.
    public static func template(for hunt: Hunt) throws(DiagnosticError) -> SheetTemplate {
        let base = hunt.fileURL?.deletingLastPathComponent() ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        return try SheetTemplate.load(hunt.sheets.layout, relativeTo: base, at: hunt.sheets.layoutLocation)
    }

    /// `reference` (a template folder, layout.yaml or .mustache file, or a name in
    /// Templates/sheets/, relative to the current folder) when given, else `template(for:)`.
    public static func template(for hunt: Hunt, reference: String?) throws(DiagnosticError) -> SheetTemplate {
        guard let reference else { return try template(for: hunt) }
        return try SheetTemplate.load(reference, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    }

    /// What `options` make of `hunt`, for a message: `sheets for 3 teams, 12 tasks`, `answer key, 1 task`.
    public static func summary(_ hunt: Hunt, options: SheetOptions) -> String {
        let teams = hunt.teams.count
        if options.posters {
            let count = hunt.tasks.count { $0.question?.code != nil }
            return "\(count) poster\(count == 1 ? "" : "s") of code tasks"
        }
        let what =
            options.answerKey
            ? "answer key"
            : options.teamID.map { "sheets for team \($0)" }
                ?? (teams == 0 ? "sheets" : "sheets for \(teams) team\(teams == 1 ? "" : "s")")
        return "\(what), \(hunt.scoringTasks.count) task\(hunt.scoringTasks.count == 1 ? "" : "s")"
    }

    /// The bytes of the PDF or HTML file for `hunt`.
    ///
    /// Uses `template` when given, else the hunt's `sheets: layout:`, else the default template.
    public static func make(
        _ hunt: Hunt, options: SheetOptions, format: SheetFormat,
        template: SheetTemplate? = nil
    ) throws(DiagnosticError) -> [UInt8] {
        let template = if let template { template } else { try Self.template(for: hunt) }
        let document = try SheetDocument(hunt: hunt, options: options, layout: template.layout)
        do throws(SheetError) {
            switch format {
            case .pdf:
                return try PDFSheetRenderer(layout: template.layout).render(document)
            case .html:
                guard let html = template.html, let path = template.htmlPath else {
                    throw SheetError.template(
                        path: "Templates/sheets/default/\(SheetTemplate.htmlFile)",
                        reason: "not found; give a template of your own (`template`), or set HUNT_TEMPLATES to a Templates folder")
                }
                return try HTMLSheetRenderer(layout: template.layout, template: html, templatePath: path).render(document)
            }
        } catch {
            throw DiagnosticError(.error("sheets-failed", error.description, at: hunt.source))
        }
    }
}
