import Foundation
import Synchronization

/// Photo reads kept by relative path and `FileStamp`, for a judge that runs again and again over
/// the same folder: a file whose device, inode, size and modification time are unchanged is not
/// read again. Thread-safe; `PhotoReader.cache` consults it.
package final class PhotoReadCache: Sendable {
    private struct State {
        var entries: [String: (stamp: FileStamp, result: PhotoReadResult)] = [:]
        var expected: [String: FileStamp] = [:]
        var hitCount = 0
        var missCount = 0
    }

    private let state = Mutex(State())

    /// An empty cache; share one `PhotoReader` holding it across runs over the same folder.
    public init() {}

    func result(for path: String, stamp: FileStamp) -> PhotoReadResult? {
        state.withLock { state in
            guard let entry = state.entries[path], entry.stamp == stamp else {
                state.missCount += 1
                return nil
            }
            state.hitCount += 1
            return entry.result
        }
    }

    /// The result for `path` when the stamp the caller saw (`expect`) is the one it was read
    /// with: no need to open the file to check.
    func expectedResult(for path: String) -> PhotoReadResult? {
        state.withLock { state in
            guard let seen = state.expected[path], let entry = state.entries[path], entry.stamp == seen else { return nil }
            state.hitCount += 1
            return entry.result
        }
    }

    /// Stamps the caller has just taken (with `lstat`, so a link is never taken for its target)
    /// by path: a photo whose stamp is unchanged is answered from the cache without opening it.
    /// Replaces the previous set.
    public func expect(_ stamps: [String: FileStamp]) {
        state.withLock { $0.expected = stamps }
    }

    func keep(_ result: PhotoReadResult, for path: String, stamp: FileStamp) {
        state.withLock { $0.entries[path] = (stamp, result) }
    }

    /// Drops every entry whose path `shouldDrop` says, e.g. files that are gone, or the photos of a
    /// folder whose XMP sidecar changed (a sidecar is not part of the photo's stamp).
    public func drop(where shouldDrop: (String) -> Bool) {
        state.withLock { $0.entries = $0.entries.filter { !shouldDrop($0.key) } }
    }

    /// Reads answered from the cache and reads that went to the file, since the cache was made.
    public var counts: (hits: Int, misses: Int) { state.withLock { ($0.hitCount, $0.missCount) } }
    /// How many photos' reads are kept.
    public var count: Int { state.withLock { $0.entries.count } }
}
