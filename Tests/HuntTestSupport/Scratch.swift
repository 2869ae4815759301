import Foundation

/// Where tests write their files: one folder per test process under the system's temporary
/// folder, removed when the process exits. A test still removes what it made when it is done
/// (a long run stays small), but files a test forgets, a suite's shared fixtures and a failed
/// test's leftovers go with the folder instead of piling up in /tmp run after run.
public enum Scratch {
    public static let root: URL = {
        let url = folder()
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The handler names the folder again: reading `root` there would wait on this initializer.
        atexit { try? FileManager.default.removeItem(at: Scratch.folder()) }
        return url
    }()

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("huntkit-tests-\(getpid())")
    }
}
