import Foundation

/// Photo reads kept by relative path and `FileStamp`, for a judge that runs again and again over
/// the same folder: a file whose device, inode, size and modification time are unchanged is not
/// read again. Thread-safe; `PhotoReader.cache` consults it.
public final class PhotoReadCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (stamp: FileStamp, result: PhotoReadResult)] = [:]
    private var expected: [String: FileStamp] = [:]
    private var hitCount = 0
    private var missCount = 0

    public init() {}

    func result(for path: String, stamp: FileStamp) -> PhotoReadResult? {
        lock.withLock {
            guard let entry = entries[path], entry.stamp == stamp else {
                missCount += 1
                return nil
            }
            hitCount += 1
            return entry.result
        }
    }

    /// The result for `path` when the stamp the caller saw (`expect`) is the one it was read
    /// with: no need to open the file to check.
    func expectedResult(for path: String) -> PhotoReadResult? {
        lock.withLock {
            guard let seen = expected[path], let entry = entries[path], entry.stamp == seen else { return nil }
            hitCount += 1
            return entry.result
        }
    }

    /// Stamps the caller has just taken (with `lstat`, so a link is never taken for its target)
    /// by path: a photo whose stamp is unchanged is answered from the cache without opening it.
    /// Replaces the previous set.
    public func expect(_ stamps: [String: FileStamp]) {
        lock.withLock { expected = stamps }
    }

    func keep(_ result: PhotoReadResult, for path: String, stamp: FileStamp) {
        lock.withLock { entries[path] = (stamp, result) }
    }

    /// Drops every entry whose path `shouldDrop` says, e.g. files that are gone, or the photos of a
    /// folder whose XMP sidecar changed (a sidecar is not part of the photo's stamp).
    public func drop(where shouldDrop: (String) -> Bool) {
        lock.withLock { entries = entries.filter { !shouldDrop($0.key) } }
    }

    /// Reads answered from the cache and reads that went to the file, since the cache was made.
    public var counts: (hits: Int, misses: Int) { lock.withLock { (hitCount, missCount) } }
    public var count: Int { lock.withLock { entries.count } }
}
