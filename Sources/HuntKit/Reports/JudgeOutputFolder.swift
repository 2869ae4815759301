import Foundation

/// The folder `hunt judge --out DIR` writes and `hunt serve --out DIR` keeps current: results.json
/// (schema 1) and the asked reports beside it, staged in one `OutputBatch` and swapped in whole.
///
/// Opening it claims the folder before any photo is read, so a wrong `--out` fails at once:
///
///     let folder = try JudgeOutputFolder("results", reports: [.html], inputs: [huntURL], submissions: photos)
///     let written = try await folder.write(results, json: results.jsonText)
package struct JudgeOutputFolder: Sendable {
    /// The folder as given, e.g. `results` or `results/`.
    public let path: String
    /// Reports written beside results.json.
    public let reports: [ReportFormat]
    private let submissions: URL
    private let batch: OutputBatch

    /// Checks that results.json would replace none of `inputs` and lie outside `submissions`,
    /// makes the folder (and its parents) and locks it against other runs until the commit.
    public init(_ path: String, reports: [ReportFormat], inputs: [URL], submissions: URL) throws(OutputError) {
        self.path = path
        self.reports = reports
        self.submissions = submissions
        batch = OutputBatch(inputs: inputs, inputFolders: [submissions], destination: path.hasSuffix("/") ? path : path + "/")
        let folder = URL(fileURLWithPath: path)
        try batch.check(folder.appendingPathComponent("results.json"), displayPath: resultsPath)
        try batch.makeFolder(folder, displayPath: path)
        try batch.lockFolder(folder, displayPath: path)
    }

    /// The folder for the results of `run`: results.json may replace none of the files the run
    /// reads (`JudgeRun.inputFiles`).
    public init(_ path: String, reports: [ReportFormat], for run: JudgeRun, submissions: URL) throws(OutputError) {
        try self.init(path, reports: reports, inputs: run.inputFiles, submissions: submissions)
    }

    /// What is wrong with asking for `reports` in the folder `out`, worded for a usage error:
    /// reports are written beside results.json, so they need a folder, and an existing `.json`
    /// file is no folder. Nil when the folder can be tried. Worded in `hunt judge`'s and `hunt
    /// serve`'s `--out`, so theirs: package access.
    package static func problem(out: String?, reports: [ReportFormat]) -> String? {
        if !reports.isEmpty, out == nil { return "reports are written beside results.json: add `--out DIR`" }
        if let out, out.hasSuffix(".json"), FileManager.default.fileExists(atPath: out) {
            return "--out takes a folder; results.json is written inside it, e.g. `--out results/`"
        }
        return nil
    }

    /// results.json's path as messages show it, e.g. `results/results.json`.
    public var resultsPath: String { (path as NSString).appendingPathComponent("results.json") }

    /// Stages results.json (`json`, from `results.jsonText` or `results.jsonChunks()`) and the
    /// reports, with thumbnails read from the submissions folder. Nothing is replaced yet; on
    /// failure nothing ever is.
    public func stage(_ results: JudgeResults, json: some Sequence<[UInt8]>) async throws -> ReportWriter.Written {
        let folder = URL(fileURLWithPath: path)
        do {
            try batch.stage(chunks: json, to: folder.appendingPathComponent("results.json"), displayPath: resultsPath)
            return try await ReportWriter.stage(results: results, formats: reports, to: folder, in: batch, photosFolder: submissions)
        } catch {
            batch.discard()
            throw error
        }
    }

    /// Replaces the old files with the staged ones and unlocks the folder.
    public func commit() throws(OutputError) {
        try batch.commit()
    }

    /// Why the folder was not written, in words (a failure while staging says nothing was replaced).
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Stages and commits: results.json and the reports replace the old ones together, or none does.
    /// Returns the reports written, by their paths as messages show them.
    public func write(
        _ results: JudgeResults, json: some Sequence<[UInt8]>
    ) async throws(WriteError) -> (reports: [String], diagnostics: [Diagnostic]) {
        let written: ReportWriter.Written
        do { written = try await stage(results, json: json) } catch { throw WriteError(description: "\(error)\nnothing in \(path) was replaced") }
        do { try commit() } catch { throw WriteError(description: "\(error)") }
        return (written.files.map { (path as NSString).appendingPathComponent($0.lastPathComponent) }, written.diagnostics)
    }
}
