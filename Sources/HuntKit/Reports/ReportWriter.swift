import Foundation

/// Writes reports to files: the library side of `hunt report --out` and `hunt judge --format`.
public enum ReportWriter {
    /// What `write` wrote, and the documents' warnings (photos refused a thumbnail) to print.
    public struct Written: Sendable {
        public var files: [URL]
        public var diagnostics: [Diagnostic]
    }

    /// Renders `results` in each of `formats` and writes the files into `folder` (created if
    /// missing), each atomically (a temporary file beside it, then a rename). Thumbnails are read
    /// from `photosFolder` when given. Returns the paths written, in order, and the warnings.
    @discardableResult
    public static func write(results: JudgeResults, formats: [ReportFormat], to folder: URL,
                             options: ReportOptions = ReportOptions(), photosFolder: URL? = nil,
                             templatePath: String? = nil) async throws -> Written {
        let report = try Report(results, options: options)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = Written(files: [], diagnostics: [])
        for format in formats {
            let documents = try await render(report, format: format, photosFolder: photosFolder, templatePath: templatePath)
            for document in documents {
                let url = folder.appendingPathComponent(document.name)
                try writeAtomically(document.bytes, to: url)
                written.files.append(url)
                written.diagnostics += document.diagnostics
            }
        }
        return written
    }

    /// The documents of one format; reads the template (standard or `templatePath`) and, for
    /// HTML, the thumbnails.
    public static func render(_ report: Report, format: ReportFormat, photosFolder: URL?,
                              templatePath: String? = nil) async throws(ReportError) -> [ReportDocument] {
        try await renderer(for: format, report: report, photosFolder: photosFolder, templatePath: templatePath).render(report)
    }

    public static func renderer(for format: ReportFormat, report: Report, photosFolder: URL?,
                                templatePath: String?) async throws(ReportError) -> any ReportRenderer {
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

    /// Temporary file in the same folder, then rename(2), so readers never see half a report.
    public static func writeAtomically(_ bytes: [UInt8], to url: URL) throws {
        try Data(bytes).write(to: url, options: .atomic)
    }
}
