@testable import HuntServe
import Testing

/// SHA-256 and HMAC-SHA256 (Nettle) against the standards' own test vectors, and the team tokens
/// against Python's `hmac` on the same secret.
@Suite struct SHA256Tests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    static func digest(_ pieces: [[UInt8]]) -> String {
        var hash = SHA256()
        for piece in pieces { piece.withUnsafeBytes { hash.update($0) } }
        return hex(hash.finalize())
    }

    /// FIPS 180-2 appendix B: "abc", the 448-bit message, and a million "a" sent in uneven pieces
    /// (as an upload arrives); and the empty message.
    @Test func knownDigests() {
        #expect(Self.digest([Array("abc".utf8)]) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.digest([Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)])
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(Self.digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let million = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        let pieces = stride(from: 0, to: million.count, by: 65_521).map { Array(million[$0..<min($0 + 65_521, million.count)]) }
        #expect(Self.digest([[]] + pieces) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// RFC 4231 test cases 2 (a short key) and 6 (a key longer than the block, hashed first).
    @Test func knownHMACs() {
        #expect(
            Self.hex(SHA256.hmac(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8)))
                == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let longKey = [UInt8](repeating: 0xaa, count: 131)
        #expect(
            Self.hex(SHA256.hmac(key: longKey, message: Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8)))
                == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

    /// A team's token is the first 16 bytes of HMAC-SHA256(secret, id): the value Python's
    /// `hmac.new(secret, b"foxes", hashlib.sha256).hexdigest()[:32]` gives.
    @Test func teamTokenIsTheTruncatedHMAC() {
        let tokens = PlayerTokens(secret: Array("0123456789abcdef0123456789abcdef".utf8), teams: ["foxes"])
        #expect(tokens.token(team: "foxes") == "067d3b24c13d07f7074d1b5a397d4ce1")
        #expect(tokens.team(of: "067d3b24c13d07f7074d1b5a397d4ce1") == "foxes")
    }
}
