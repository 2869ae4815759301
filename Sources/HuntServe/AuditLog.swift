import Foundation
import HuntKit

/// Every decision event, one JSON object a line, appended beside the reviews file
/// (`reviews.yaml` → `reviews.audit.jsonl`). Undo reads it; nothing in it is ever rewritten.
struct AuditLog: Sendable {
    struct Event: Codable, Sendable, Equatable {
        /// `decide` or `undo`.
        var action: String
        var path: String
        var by: String
        /// ISO 8601, UTC.
        var at: String
        /// The entry written; nil when the entry was removed (an undo back to no decision).
        var entry: Reviews.Review?
        /// The file's entry before, nil when the photo had none.
        var previous: Reviews.Review?
    }

    var url: URL

    init(reviewsFile: URL) {
        url = ServeConfiguration.besideReviews(reviewsFile, "audit.jsonl")
    }

    /// Appends `events` with one `write` (O_APPEND), so lines from two processes never interleave.
    func append(_ events: [Event]) throws(ServeError) {
        var text = Data()
        let encoder = ServeJSON.encoder
        for event in events {
            guard let line = try? encoder.encode(event) else { throw ServeError("an audit event could not be written as JSON", status: 500) }
            text.append(line)
            text.append(0x0A)
        }
        try Self.appendAtOnce(text, to: url)
    }

    /// Appends `text` to the file at `url` with one `write` (O_APPEND), creating it (`AppendOnlyFile`).
    static func appendAtOnce(_ text: Data, to url: URL) throws(ServeError) {
        do { try AppendOnlyFile.append(text, to: url) } catch { throw ServeError("\(url.path): \(error.message)") }
    }

    /// Every event, oldest first; lines that do not parse (a crash half way through a write) are skipped.
    func events() -> [Event] {
        var all: [Event] = []
        _ = latest {
            all.append($0); return false
        }
        return all.reversed()
    }

    /// The newest event that `matches`, read from the end of the log backwards a block at a
    /// time, so finding a recent event costs the same however long the day's log has grown.
    /// Lines that do not parse (a crash half way through a write) are skipped.
    func latest(where matches: (Event) -> Bool) -> Event? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let decoder = ServeJSON.decoder
        let block = 1 << 20
        var end = Int(info.st_size)
        var carry: [UInt8] = []  // the start of a line whose beginning is in an earlier block
        while end > 0 || !carry.isEmpty {
            let start = max(0, end - block)
            var bytes = [UInt8](repeating: 0, count: end - start)
            if !bytes.isEmpty {
                let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(start)) }
                guard n == bytes.count else { return nil }
            }
            bytes += carry
            var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            // The first piece may be the end of a line that began in the block before.
            carry = start > 0 ? Array(lines.removeFirst()) : []
            for line in lines.reversed() where !line.isEmpty {
                if let event = try? decoder.decode(Event.self, from: Data(line)), matches(event) { return event }
            }
            if start == 0 { break }
            end = start
            // A single line longer than 64 MiB is not an event this server wrote.
            if carry.count > 64 << 20 { return nil }
        }
        return nil
    }
}
