import Foundation

/// What `hunt report` is asked for — a results file, a format and layout, a scope, a destination —
/// and the making of it: read the results, build the report, render it, write it.
package struct ReportRequest: Sendable {
    /// For csv on standard output or in one file: which of the two tables.
    public enum Table: String, Sendable, CaseIterable { case submissions, leaderboard }

    public var results: String
    /// The format asked for; nil to take it from `out`'s extension (else html).
    public var format: ReportFormat?
    /// A Mustache layout (a file, or a folder holding the standard names) instead of Templates/reports/.
    public var template: String?
    public var options: ReportOptions
    /// A file (its folder made if missing), a folder (existing, or ending in `/`), or nil or `-`
    /// for standard output. For csv, a file gets one table (`table`), a folder both.
    public var out: String?
    /// The submissions folder, when the photos moved since judging.
    public var photos: String?
    public var table: Table
    /// The report's language (`--language`); nil for the hunt's `language:`, else English.
    public var language: String?
    /// The hunt file, when it moved since judging: its task texts in the language, its
    /// `language:` and `units:`. Nil for the one results.json records.
    public var hunt: String?

    public init(
        results: String, format: ReportFormat? = nil, template: String? = nil, options: ReportOptions = ReportOptions(),
        out: String? = nil, photos: String? = nil, table: Table = .submissions, language: String? = nil, hunt: String? = nil
    ) {
        self.language = language
        self.hunt = hunt
        self.results = results
        self.format = format
        self.template = template
        self.options = options
        self.out = out
        self.photos = photos
        self.table = table
    }

    public var chosenFormat: ReportFormat { format ?? ReportFormat(outputPath: out) }
    public var destination: ReportDestination { ReportDestination(out: out) }

    /// What does not fit together, worded for a usage error; nil when the request can be made.
    public var problem: String? {
        let format = chosenFormat
        if options.thumbnailLimit < 0 { return "--thumbnails takes a count, e.g. `--thumbnails 100`, or 0 for none" }
        if let template, format == .csv || format == .json {
            return "--template \(template) applies to html and md reports; add `--format html` or `--format md`"
        }
        if let out, out.isEmpty { return "--out needs a file or folder, e.g. `--out report.html` or `--out results/`" }
        if table != .submissions, format != .csv { return "--table chooses the csv table; add `--format csv`" }
        if let hunt, !FileManager.default.fileExists(atPath: hunt) {
            return "--hunt \(hunt): no such file; give the hunt file the results were judged from"
        }
        if let language, PlayerCatalog.url(of: language) == nil {
            return "--language \(language): HuntKit has no catalog for it; use one of \(PlayerCatalog.languages.joined(separator: ", "))"
        }
        return nil
    }

    /// A report built and rendered, not yet written: what `make()` returns and `write(_:)` takes.
    public struct Rendered: Sendable {
        public var report: Report
        public var documents: [ReportDocument]
        /// What the person should know that is not a diagnostic of a document.
        public var notes: [String]
        /// What standard output or one `--out` file gets: the first document, or the chosen csv table.
        public var single: ReportDocument
        /// The bytes standard output gets.
        public var standardOutput: [UInt8] { single.bytes }
    }

    /// Why the report could not be made, with what to do.
    public struct RequestError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var fix: String?
        public var description: String { message + "\n" + (fix.map { "  fix: \($0)\n" } ?? "") }
    }

    /// Reads the results (read-only), builds the report and renders it; thumbnails come from the
    /// photos folder the results record (as given to the judge, else beside the results file) or `photos`.
    public func make() async throws(RequestError) -> Rendered {
        let resultsURL = URL(fileURLWithPath: results)
        let judged: JudgeResults
        do { judged = try ResultsFileReader.read(resultsURL, displayPath: results) } catch {
            throw RequestError(message: error.description, fix: error.fix)
        }
        let format = chosenFormat
        var notes: [String] = []
        var options = options
        options.language = reportLanguage(judged, resultsFile: resultsURL, notes: &notes)
        do {
            let report = try Report(judged, options: options)
            let folder = format == .html ? ReportThumbnails.photosFolder(results: judged, resultsFile: resultsURL, explicit: photos) : nil
            if format == .html, options.thumbnailLimit > 0, folder == nil {
                notes.append(
                    "note: the photos folder \(judged.hunt.submissionsFolder.map { "`\($0)` " } ?? "")was not found; thumbnails are placeholders (use --photos DIR)"
                )
            }
            let documents = try await ReportWriter.render(report, format: format, photosFolder: folder, templatePath: template)
            return Rendered(
                report: report, documents: documents, notes: notes,
                single: format == .csv && table == .leaderboard ? documents[1] : documents[0])
        } catch {
            switch error {
            case .unknownTeam, .ambiguousTeam:
                throw RequestError(message: "\(results): error: \(error.description)", fix: "pass one of the team ids above to --team")
            case .template(let path, let reason): throw RequestError(message: "\(path): error: \(reason)")
            }
        }
    }

    /// The language asked for (else the hunt's, else English), with the hunt's texts in it when
    /// the hunt file is found and reads without errors; else the results' texts, and a note.
    func reportLanguage(_ judged: JudgeResults, resultsFile: URL, notes: inout [String]) -> ReportLanguage {
        var loaded: Hunt?
        if let file = Self.huntFile(results: judged, resultsFile: resultsFile, explicit: hunt) {
            let result = HuntLoader().load(contentsOf: file, displayPath: hunt ?? judged.hunt.file)
            if let found = result.hunt, !result.hasErrors {
                loaded = found
            } else if language != nil {
                notes.append("note: \(file.path) has errors (`hunt validate` says which); task texts stay as results.json has them")
            }
        } else if language != nil {
            let named = (hunt ?? judged.hunt.file).map { "`\($0)` " } ?? ""
            notes.append("note: the hunt file \(named)was not found; task texts stay as results.json has them (use --hunt FILE)")
        }
        let code = language ?? loaded?.language ?? "en"
        if let loaded, let chosen = ReportLanguage(hunt: loaded, language: code) { return chosen }
        return (try? PlayerCatalog.named(code)).flatMap { $0.map { ReportLanguage(catalog: $0) } } ?? .english
    }

    /// The hunt file: `explicit`, else the one results.json records (as given to the judge,
    /// else beside the results file or its folder); nil when none is found.
    static func huntFile(results: JudgeResults, resultsFile: URL, explicit: String?) -> URL? {
        var candidates: [URL] = []
        if let explicit { candidates.append(URL(fileURLWithPath: explicit)) }
        if explicit == nil, let recorded = results.hunt.file, !recorded.isEmpty, recorded != "-" {
            candidates.append(URL(fileURLWithPath: recorded))
            if !recorded.hasPrefix("/") {
                let folder = resultsFile.deletingLastPathComponent()
                candidates.append(folder.appendingPathComponent(recorded))
                candidates.append(folder.deletingLastPathComponent().appendingPathComponent(recorded))
            }
        }
        return candidates.first {
            var d: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &d) && !d.boolValue
        }
    }

    /// Writes what was made to the destination, together and atomically, never over the results
    /// or the template read; returns what it says it wrote.
    public func write(_ made: Rendered) throws(OutputError) -> String {
        let inputs = [URL(fileURLWithPath: results)] + [template, hunt].compactMap { $0.map { URL(fileURLWithPath: $0) } }
        // A folder gets every document under its standard name; one file gets the one asked for.
        let documents = if case .file = destination { [made.single] } else { made.documents }
        let written = try destination.write(documents, inputs: inputs)
        let who = made.report.team.map { "team \($0.id)" } ?? "\(made.report.summary.teams) teams"
        return
            "wrote \(written.joined(separator: ", ")): \(who), \(ReportLanguage.english.sent(photos: made.report.summary.submissions - made.report.summary.answers, answers: made.report.summary.answers)), \(made.report.reviewQueue.count) to review"
    }
}
