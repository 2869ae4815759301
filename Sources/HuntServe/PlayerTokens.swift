import Foundation

/// The players' team tokens: derived, never stored. A team's token is HMAC-SHA256 of its id under
/// a secret kept in a file beside the hunt, so the URL printed on a sheet today is the one the
/// server accepts tomorrow, and replacing the file revokes every team URL at once.
package struct PlayerTokens: Sendable {
    private let key: [UInt8]
    /// The teams' tokens, in the hunt's team order.
    private let byTeam: [(team: String, token: String)]

    /// Tokens for `teams` (their ids) under `secret`.
    package init(secret: [UInt8], teams: [String]) {
        key = secret
        byTeam = teams.map { ($0, Self.token(team: $0, key: secret)) }
    }

    /// How many teams have a token.
    package var teamCount: Int { byTeam.count }

    /// The token of team `id`: the first 16 bytes of HMAC-SHA256(secret, id), as 32 hex digits
    /// (128 bits, as the console's own tokens).
    package func token(team id: String) -> String { Self.token(team: id, key: key) }

    private static func token(team: String, key: [UInt8]) -> String {
        let mac = SHA256.hmac(key: key, message: Array(team.utf8))
        return mac.prefix(16).map { String(format: "%02x", $0) }.joined()
    }

    /// The team `token` belongs to, compared with every team's token in constant time.
    package func team(of token: Substring) -> String? {
        var found: String?
        for entry in byTeam where ServeTokens.same(token.utf8, entry.token.utf8) { found = entry.team }
        return found
    }

    /// A team's page: `base` (what the players' phones reach, e.g. `https://hunt.example.org`)
    /// followed by `/t/<token>`.
    package func url(base: String, team id: String) -> String {
        var base = base
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/t/" + token(team: id)
    }

    /// `.hunt-players-secret` beside the hunt file.
    package static func defaultSecretPath(huntPath: String) -> String {
        let folder = (huntPath as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder) + "/.hunt-players-secret"
    }

    /// The secret in `path`, created there (32 random bytes as hex, mode 0600, created exclusively)
    /// when there is no file yet. A secret readable by others is refused: anyone who reads it can
    /// make every team's URL.
    package static func secret(at path: String) throws(ServeError) -> [UInt8] {
        try secretMade(at: path).secret
    }

    /// `secret(at:)`, and whether this call made the file (so a command can say it did).
    package static func secretMade(at path: String) throws(ServeError) -> (secret: [UInt8], made: Bool) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        let made = fd >= 0
        if fd >= 0 {
            let text = Array((ServeTokens.random() + ServeTokens.random() + "\n").utf8)
            let written = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            let synced = fsync(fd) == 0
            close(fd)
            guard written == text.count, synced else {
                unlink(path)
                throw ServeError("\(path): the players' secret could not be written", status: 500)
            }
        } else if errno != EEXIST {
            throw ServeError("\(path): cannot create the players' secret: \(String(cString: strerror(errno)))", status: 500)
        }
        return (try read(path), made)
    }

    static func read(_ path: String) throws(ServeError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw ServeError("\(path): cannot read the players' secret: \(String(cString: strerror(errno)))", status: 500) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw ServeError("\(path): the players' secret is not a plain file", status: 500)
        }
        guard info.st_mode & 0o077 == 0 else {
            throw ServeError(
                "\(path): the players' secret may be read by others; `chmod 600 \(path)`, or delete it to make a new one (every team URL changes)",
                status: 500)
        }
        var bytes = [UInt8](repeating: 0, count: 256)
        let n = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
        let text = String(decoding: bytes.prefix(max(0, n)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.utf8.count >= 32 else {
            throw ServeError("\(path): the players' secret is too short (at least 32 characters); delete it to make a new one", status: 500)
        }
        return Array(text.utf8)
    }
}
