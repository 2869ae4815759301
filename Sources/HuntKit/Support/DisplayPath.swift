import Foundation

extension URL {
    /// The path relative to the current folder when it is inside it, else absolute.
    var relativePathForDisplay: String {
        let cwd = FileManager.default.currentDirectoryPath
        let path = standardizedFileURL.path
        if path == cwd { return "." }
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }
}
