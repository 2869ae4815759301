import Foundation

/// The ids the console and the team pages give submissions, and the leaderboard's photo ids:
/// the first 8 bytes of HMAC-SHA256 of the path, as 16 hex digits, under a key drawn when the
/// server starts. An id names no team and cannot be made from a path without the key, so a blind
/// judge cannot try paths to find a photo's team; it stays the same while the server runs (the
/// console and the team pages agree on it) and changes at a restart. Nothing written to disk
/// holds one: the reviews file, the players' log and `--out` name photos by path.
struct SubmissionIDs: Sendable {
    private let hmac: SHA256.KeyedHMAC

    /// Ids under `key`; 32 random bytes when none is given.
    init(key: [UInt8]? = nil) {
        var generator = SystemRandomNumberGenerator()
        hmac = SHA256.KeyedHMAC(key: key ?? (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The id the queue, the team pages and the decisions know `path` by.
    func id(of path: String) -> String { Self.hex(hmac.code("queue\u{0}" + path, count: 8)) }

    /// The id a leaderboard photo goes by: unrelated to its queue id, so in blind mode nothing
    /// links a queue item to the team the leaderboard names.
    func shownID(of path: String) -> String { Self.hex(hmac.code("shown\u{0}" + path, count: 8)) }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]] }
        return String(decoding: text, as: UTF8.self)
    }
}
