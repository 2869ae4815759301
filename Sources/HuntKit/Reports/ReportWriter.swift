import Foundation

/// Writes reports to files: the library side of `hunt report --out` and `hunt judge --format`.
public enum ReportWriter {
    /// What `stage` staged, and the documents' warnings (photos refused a thumbnail) to print.
    public struct Written: Sendable {
        /// The files staged, in order.
        public var files: [URL]
        /// The documents' warnings (photos refused a thumbnail).
        public var diagnostics: [Diagnostic]
    }

    /// Renders `results` in each of `formats` and stages the files in `folder` (created if
    /// missing) in `batch`; they replace the old ones only when the caller commits the batch, so
    /// a run's reports and results file change together. Thumbnails are read from `photosFolder`
    /// when given. Returns the paths staged, in order, and the warnings.
    @discardableResult
    package static func stage(
        results: JudgeResults, formats: [ReportFormat], to folder: URL, in batch: OutputBatch,
        options: ReportOptions = ReportOptions(), photosFolder: URL? = nil,
        templatePath: String? = nil
    ) async throws -> Written {
        // No report model for no reports: building it costs a fifth of a 20,000-photo judge.
        guard !formats.isEmpty else { return Written(files: [], diagnostics: []) }
        let report = try Report(results, options: options)
        try batch.makeFolder(folder, displayPath: folder.relativePathForDisplay)
        var written = Written(files: [], diagnostics: [])
        for format in formats {
            let documents = try await render(report, format: format, photosFolder: photosFolder, templatePath: templatePath)
            for document in documents {
                let url = folder.appendingPathComponent(document.name)
                try batch.stage(document.bytes, to: url, displayPath: url.relativePathForDisplay)
                written.files.append(url)
                written.diagnostics += document.diagnostics
            }
        }
        return written
    }

    /// The documents of one format; reads the template (standard or `templatePath`) and, for
    /// HTML, the thumbnails.
    public static func render(
        _ report: Report, format: ReportFormat, photosFolder: URL?,
        templatePath: String? = nil
    ) async throws(ReportError) -> [ReportDocument] {
        try await renderer(for: format, report: report, photosFolder: photosFolder, templatePath: templatePath).render(report)
    }

    /// The renderer for `format`: the standard layout or `templatePath` for html and md, thumbnails from `photosFolder` for html.
    public static func renderer(
        for format: ReportFormat, report: Report, photosFolder: URL?,
        templatePath: String?
    ) async throws(ReportError) -> any ReportRenderer {
        switch format {
        case .json: return JSONReportRenderer()
        case .csv: return CSVReportRenderer()
        case .md:
            return MarkdownReportRenderer(template: try template(format, templatePath))
        case .html:
            let template = try template(format, templatePath)
            let loaded = await ReportThumbnails.load(report, photosFolder: photosFolder)
            return HTMLReportRenderer(template: template, thumbnails: loaded.thumbnails, refusedThumbnails: loaded.refused)
        }
    }

    static func template(_ format: ReportFormat, _ path: String?) throws(ReportError) -> ReportTemplate {
        if let path { return try ReportTemplate.load(path, for: format) }
        return try ReportTemplate.standard(for: format)
    }

}
