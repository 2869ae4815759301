import Foundation

extension JudgeRun {
    /// A run of `hunt` with the decisions of a reviews file and the task assignments of a
    /// manifest (team,task,path rows), each read from its path when given. Throws the problems
    /// of the first file that cannot be used; nothing has been judged then.
    public init(hunt: Hunt, reviewsFile: String?, manifestFile: String?) throws(InputError) {
        var reviews = Reviews(), manifest: Manifest?
        do {
            if let reviewsFile { reviews = try Reviews.read(contentsOf: URL(fileURLWithPath: reviewsFile), displayPath: reviewsFile) }
            if let manifestFile { manifest = try Manifest.read(contentsOf: URL(fileURLWithPath: manifestFile), displayPath: manifestFile) }
        } catch {
            throw InputError(error.diagnostics, reviewsFile: reviewsFile, manifestFile: manifestFile)
        }
        self.init(hunt: hunt, reviews: reviews, manifest: manifest)
        self.reviewsFile = reviewsFile
        self.manifestFile = manifestFile
    }

    /// The files the run reads, which no output of it may replace: the hunt file (when the hunt
    /// was loaded from one), its area and places files, the reviews file, the manifest and the answers file.
    public var inputFiles: [URL] {
        [hunt.fileURL].compactMap { $0 } + hunt.targetFiles
            + [reviewsFile, manifestFile, collectedAnswers?.filePath].compactMap { $0.map { URL(fileURLWithPath: $0) } }
    }

    /// What stopped a run before anything was judged: a file it could not use, a folder it could
    /// not scan, or reviews of paths that are no submissions.
    public struct InputError: Error, Sendable, CustomStringConvertible {
        /// What to say after the problems: when one is in the reviews file or the manifest, that
        /// nothing was written and the file wants fixing (the run writes nothing until it fits).
        public var note: String?
        /// The problems that stopped the run, each located in the file it is about.
        public var diagnostics: [Diagnostic]

        /// The failure of `diagnostics`, with the note when one of them is located in `reviewsFile`
        /// or `manifestFile`.
        public init(_ diagnostics: [Diagnostic], reviewsFile: String?, manifestFile: String? = nil) {
            func names(_ file: String?) -> Bool { file.map { file in diagnostics.contains { $0.location.file == file } } ?? false }
            note =
                names(reviewsFile)
                ? "nothing written: fix the reviews file and run again"
                : names(manifestFile) ? "nothing written: fix the manifest and run again" : nil
            self.diagnostics = diagnostics
        }

        public var description: String { ([DiagnosticError(diagnostics).description] + [note].compactMap { $0 }).joined(separator: "\n") }
    }
}
