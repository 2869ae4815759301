import Foundation

/// A log that only grows (the console's audit and players' logs, `hunt purge`'s record): each
/// append is one `write` with `O_APPEND`, so lines from two processes never interleave, and the
/// file is created if missing and never reached through a symbolic link.
package enum AppendOnlyFile {
    /// Appends `bytes` to the file at `url` in one `write`; the error says why it could not.
    package static func append(_ bytes: Data, to url: URL) throws(OutputError) {
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw OutputError(path: url.path, message: "cannot open the log: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw OutputError(path: url.path, message: "the log could not be written in full") }
    }
}
