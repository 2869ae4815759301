import Foundation
import Mustache

/// `--format md`: Markdown for pasting into a chat or an issue, from report.md.mustache.
///
/// Every `{{value}}` is Markdown-escaped (see `MarkdownContentType`): the standard layout declares
/// `{{% CONTENT_TYPE: MARKDOWN }}`, and a template without a content type gets it.
public struct MarkdownReportRenderer: ReportRenderer {
    /// `md`.
    public var format: ReportFormat { .md }
    /// The layout rendered.
    public var template: ReportTemplate

    /// A Markdown renderer with this layout.
    public init(template: ReportTemplate) { self.template = template }

    /// The report laid out by the template, one document.
    public func render(_ report: Report) throws(ReportError) -> [ReportDocument] {
        var markdown = template
        // An organizer's copy that left out the pragma still gets Markdown escaping, not HTML's.
        // Prepended on the same line, so error positions keep their line numbers.
        if !markdown.source.contains("CONTENT_TYPE") { markdown.source = "{{% CONTENT_TYPE: MARKDOWN }}" + markdown.source }
        let compiled = try markdown.compiled()
        let text = compiled.render(ReportContext().make(report, format: .md))
        return [ReportDocument(name: format.fileNames(team: report.team?.id)[0], bytes: Array(text.utf8))]
    }
}

/// `--format html`: one self-contained page from report.html.mustache — styles, script, task
/// maps (inline SVG) and thumbnails (`data:` URIs) all inside the file; nothing is fetched.
///
/// Every string from the results goes through `{{ }}`, which HTML-escapes it (`<script>` in a
/// team name shows as text); only the SVG this renderer makes (its text escaped here) and the
/// base64 `data:` URIs are inserted raw with `{{{ }}}`.
public struct HTMLReportRenderer: ReportRenderer {
    /// `html`.
    public var format: ReportFormat { .html }
    /// The layout rendered.
    public var template: ReportTemplate
    /// Thumbnails by submission path (see `ReportThumbnails`); photos without one get a placeholder.
    public var thumbnails: [String: PhotoThumbnail]
    /// Photos refused a thumbnail as too costly to decode, with the warning for each: their
    /// placeholder says "too large to preview", and the page's document carries the warnings.
    public var refusedThumbnails: [String: Diagnostic]

    /// An HTML renderer with this layout and these thumbnails.
    public init(template: ReportTemplate, thumbnails: [String: PhotoThumbnail] = [:], refusedThumbnails: [String: Diagnostic] = [:]) {
        self.template = template
        self.thumbnails = thumbnails
        self.refusedThumbnails = refusedThumbnails
    }

    /// The report laid out by the template, one document.
    public func render(_ report: Report) throws(ReportError) -> [ReportDocument] {
        var page = template
        // Same escaping as Mustache's HTML default, faster; same line, so error positions hold.
        if !page.source.contains("CONTENT_TYPE") { page.source = "{{% CONTENT_TYPE: \(HTMLEscaping.name) }}" + page.source }
        let compiled = try page.compiled()
        var context = ReportContext()
        for (path, thumbnail) in thumbnails {
            context.thumbnails[path] = "data:image/jpeg;base64," + Data(thumbnail.jpeg).base64EncodedString()
        }
        context.refusedThumbnails = Set(refusedThumbnails.keys)
        let byTask = Dictionary(grouping: report.verdicts.filter { $0.task != nil }, by: { $0.task! })
        for task in report.tasks {
            context.maps[task.id] = TaskMapSVG.make(task, photos: byTask[task.id] ?? [])
        }
        let text = compiled.render(context.make(report, format: .html))
        let warnings = refusedThumbnails.sorted { $0.key < $1.key }.map(\.value)
        return [ReportDocument(name: format.fileNames(team: report.team?.id)[0], bytes: Array(text.utf8), diagnostics: warnings)]
    }
}
