import Foundation

/// The checkout the tests were built from, found from this file's own path, so a test file can
/// name `Examples/…` or its fixtures' source folder wherever it sits in `Tests/`.
public enum SourceTree {
    public static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder
    }()
}
