import Foundation

/// Writes a file so that readers see the old file or the new one, never half of either:
/// a temporary file in the same folder, then renamed over the target.
public enum AtomicFile {
    /// The temporary file being written, so an interrupt handler can remove it.
    nonisolated(unsafe) private static var inFlight: String?
    private static let lock = NSLock()

    public static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { fd in try data.withUnsafeBytes { try writeAll(fd, $0, url: url) } }
    }

    /// Writes the chunks one after the other: a 20 MB results file need not be joined in memory first.
    public static func write(chunks: [[UInt8]], to url: URL) throws {
        try write(to: url) { fd in
            for chunk in chunks { try chunk.withUnsafeBytes { try writeAll(fd, $0, url: url) } }
        }
    }

    private static func write(to url: URL, body: (Int32) throws -> Void) throws {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        lock.withLock { inFlight = temporary }
        defer { lock.withLock { inFlight = nil } }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw AtomicFileError(path: url.path, message: "cannot write in \(folder.path) (\(String(cString: strerror(errno))))")
        }
        do {
            try body(fd)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        guard close(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(path: url.path, message: "cannot write the file (\(reason))")
        }
        // No fsync: rename(2) is what makes the swap atomic for readers and for Ctrl-C, and
        // flushing 20 MB to disk on every run cost more wall time than judging it.
        guard rename(temporary, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw AtomicFileError(path: url.path, message: "cannot replace the file (\(reason))")
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, url: URL) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0, errno == EINTR { continue }
            guard n > 0 else {
                throw AtomicFileError(path: url.path, message: "cannot write the file (\(String(cString: strerror(errno)))); nothing was replaced")
            }
            offset += n
        }
    }

    /// Removes a half-written temporary file; for a SIGINT handler.
    public static func abandon() {
        lock.withLock {
            if let path = inFlight { unlink(path) }
            inFlight = nil
        }
    }

    /// Makes `folder` (and its parents) if needed and checks that files can be created in it.
    public static func prepareFolder(_ folder: URL, displayPath: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw AtomicFileError(path: displayPath, message: "is a file, not a folder; give --out a folder (results.json is written inside it)")
            }
        } else {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw AtomicFileError(path: displayPath, message: "cannot create the folder: \(error.localizedDescription)")
            }
        }
        // Try it: access(2) says yes to root even on a read-only mount.
        let probe = folder.appendingPathComponent(".hunt-write-test.\(getpid())")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else {
            throw AtomicFileError(path: displayPath, message: "cannot write in this folder (\(String(cString: strerror(errno)))); choose another --out")
        }
        unlink(probe.path)
    }
}

public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }
}
