import Foundation
import Synchronization

/// Server-Sent Events to every open `/api/events` stream. A slow reader loses old events rather
/// than holding memory: each stream buffers the newest 64.
final class EventHub: Sendable {
    struct Event: Sendable {
        var name: String
        var json: String

        init(name: String, json: String) {
            self.name = name
            self.json = json
        }

        init(name: String, value: some Encodable) {
            self.init(name: name, json: (try? ServeJSON.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
        }

        /// The event as SSE text (one `data:` line: JSON has no raw newline).
        var text: String { "event: \(name)\ndata: \(json)\n\n" }
    }

    private let streams = Mutex<[UUID: (continuation: AsyncStream<Event>.Continuation, judge: Bool)]>([:])
    /// The only events a leaderboard (viewer) stream gets; the others name photos and judges.
    static let forViewers: Set<String> = ["leaderboard"]

    /// A stream of events: all of them for a judge, the leaderboard's for a viewer. It keeps the
    /// newest `keepingNewest` unread events, or every one (nil: the log, which must not skip).
    /// `end()` ends it (the client went away), so its request handler returns at once, not at the
    /// next event.
    func subscribe(judge: Bool, keepingNewest: Int? = 64) -> (stream: AsyncStream<Event>, end: @Sendable () -> Void) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: keepingNewest.map { .bufferingNewest($0) } ?? .unbounded)
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        streams.withLock { $0[id] = (continuation, judge) }
        return (stream, { continuation.finish() })
    }

    private func remove(_ id: UUID) { streams.withLock { _ = $0.removeValue(forKey: id) } }

    /// Who an event is for: the judges' streams, the viewers' (the leaderboard screen's), or both.
    enum Audience: Sendable {
        case judges, viewers, everyone
    }

    /// Sends `value` as event `name` to `audience`; by default to everyone when viewers may see
    /// events of that name (`forViewers`), else to the judges.
    func send(_ name: String, _ value: some Encodable, to audience: Audience? = nil) {
        let event = Event(name: name, value: value)
        let audience = audience ?? (Self.forViewers.contains(name) ? .everyone : .judges)
        for stream in streams.withLock({ Array($0.values) }) {
            switch audience {
            case .everyone: stream.continuation.yield(event)
            case .judges: if stream.judge { stream.continuation.yield(event) }
            case .viewers: if !stream.judge { stream.continuation.yield(event) }
            }
        }
    }

    var subscriberCount: Int { streams.withLock { $0.count } }

    func finishAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.continuation.finish() }
    }
}

enum ServeJSON {
    /// Keys as each type's `CodingKeys` declare them (snake_case, like results.json); sorted so
    /// answers are stable.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder { JSONDecoder() }
}
