import Foundation

extension JudgeRun {
    /// A run of `hunt` with the decisions of a reviews file and the task assignments of a
    /// manifest (team,task,path rows), each read from its path when given. Throws the problems
    /// of the first file that cannot be used; nothing has been judged then.
    public init(hunt: Hunt, reviewsFile: String?, manifestFile: String?) throws(DiagnosticError) {
        var reviews = Reviews(), manifest: Manifest?
        if let reviewsFile { reviews = try Reviews.read(contentsOf: URL(fileURLWithPath: reviewsFile), displayPath: reviewsFile) }
        if let manifestFile { manifest = try Manifest.read(contentsOf: URL(fileURLWithPath: manifestFile), displayPath: manifestFile) }
        self.init(hunt: hunt, reviews: reviews, manifest: manifest)
    }
}
