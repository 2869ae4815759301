import Foundation
import HuntTestSupport
@testable import HuntKit

/// The photo fixtures (made by `.ci/check/make-photo-fixtures.py`).
enum PhotoFixtures {
    static var folder: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("photos")
    }

    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }

    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: url(name))) }

    static func read(_ name: String) -> PhotoReadResult {
        PhotoReader().read(url(name), displayPath: name)
    }

    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> URL {
        let url = Scratch.root.appendingPathComponent("huntkit-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension Result {
    var value: Success? { try? get() }
    var failure: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
