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
        var entry: ReviewEntry?
        /// The file's entry before, nil when the photo had none.
        var previous: ReviewEntry?
    }

    var url: URL

    init(reviewsFile: URL) {
        let base = reviewsFile.deletingPathExtension().lastPathComponent
        url = reviewsFile.deletingLastPathComponent().appendingPathComponent(base + ".audit.jsonl")
    }

    /// Appends `events` with one `write` (O_APPEND), so lines from two processes never interleave.
    func append(_ events: [Event]) throws {
        var text = Data()
        let encoder = ServeJSON.encoder
        for event in events {
            text.append(try encoder.encode(event))
            text.append(0x0A)
        }
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw ServeError("\(url.path): cannot open the audit log: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == text.count else { throw ServeError("\(url.path): the audit log could not be written in full") }
    }

    /// Every event, oldest first; lines that do not parse (a crash half way through a write) are skipped.
    func events() -> [Event] {
        guard let bytes = try? InputFile.read(path: url.path, limitBytes: 512 << 20, what: "audit log") else { return [] }
        let decoder = ServeJSON.decoder
        return bytes.split(separator: 0x0A).compactMap { try? decoder.decode(Event.self, from: Data($0)) }
    }
}

/// A request `hunt serve` refuses, worded for the judge.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    public var description: String
    /// The HTTP status the API answers with.
    public var status: Int

    public init(_ description: String, status: Int = 400) {
        self.description = description
        self.status = status
    }
}
