import Foundation

/// The two secrets of a `hunt serve` session: the judge's (decides) and the viewer's (reads the
/// leaderboard). 128 random bits each, as 32 hex digits.
public struct ServeTokens: Sendable {
    /// The judge's token: it decides.
    public var judge: String
    /// The viewer's token: it reads the leaderboard.
    public var viewer: String
    /// The name of the cookie that carries a token: `hunt_` and 8 random hex digits, one name per
    /// console. Browsers send a host's cookies to every port of it, so with one fixed name two
    /// consoles on one machine overwrote each other's token; and a console takes only its own.
    package var cookieName: String

    /// The tokens given, or new random ones.
    public init(judge: String? = nil, viewer: String? = nil, cookieName: String? = nil) {
        self.judge = judge ?? ServeTokens.random()
        self.viewer = viewer ?? ServeTokens.random()
        self.cookieName = cookieName ?? "hunt_" + ServeTokens.random().prefix(8)
    }

    /// 16 bytes from the system's secure generator.
    package static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    package enum Role: String, Sendable { case judge, viewer }

    /// The role `token` grants, compared in constant time (no early exit that a clock could read).
    package func role(of token: Substring?) -> Role? {
        guard let token else { return nil }
        if Self.same(token.utf8, judge.utf8) { return .judge }
        if Self.same(token.utf8, viewer.utf8) { return .viewer }
        return nil
    }

    static func same(_ a: Substring.UTF8View, _ b: String.UTF8View) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

/// Slows guessing: each request with a bad token waits longer, by how many bad tokens came in the
/// last minute (100 ms each, at most 5 s), so 128-bit tokens cannot be tried fast while a judge
/// who mistypes once barely notices.
actor BadTokenBrake {
    private var failures: [Date] = []

    func delayAfterFailure(now: Date = Date()) -> Duration {
        failures.removeAll { now.timeIntervalSince($0) > 60 }
        if failures.count < 10_000 { failures.append(now) }
        return .milliseconds(min(5_000, 100 * failures.count))
    }
}
