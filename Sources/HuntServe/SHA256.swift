internal import CNettle

/// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), by Nettle: the players' upload names carry the
/// content's SHA-256, a team's token is an HMAC of its id, and a submission's id an HMAC of its
/// path. The one file that sees Nettle.
///
///     var hash = SHA256()
///     hash.update(piece)            // as the bytes arrive
///     let digest = hash.finalize()  // 32 bytes
struct SHA256: Sendable {
    /// Nettle's context: a plain struct (the state, a count and a block), no allocation.
    private var context = sha256_ctx()

    init() { nettle_sha256_init(&context) }

    /// Adds the next bytes.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        nettle_sha256_update(&context, bytes.count, base.assumingMemoryBound(to: UInt8.self))
    }

    /// The digest of every byte added, 32 bytes. The hash starts again afterwards (Nettle's way).
    mutating func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        return digest
    }

    /// HMAC-SHA256 of `message` under `key`, 32 bytes.
    static func hmac(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var context = hmac_sha256_ctx()
        nettle_hmac_sha256_set_key(&context, key.count, key)
        nettle_hmac_sha256_update(&context, message.count, message)
        var code = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_hmac_sha256_digest(&context, code.count, &code)
        return code
    }

    /// HMAC-SHA256 under one key, many messages: the key is taken in once (Nettle's context after
    /// `set_key` is a plain struct, copied per message), so a short message costs two compressions.
    struct KeyedHMAC: Sendable {
        private let context: hmac_sha256_ctx

        init(key: [UInt8]) {
            var context = hmac_sha256_ctx()
            nettle_hmac_sha256_set_key(&context, key.count, key)
            self.context = context
        }

        /// The first `count` bytes (at most 32) of HMAC-SHA256(key, `message`).
        func code(_ message: String, count: Int) -> [UInt8] {
            var context = self.context
            var message = message
            message.withUTF8 { nettle_hmac_sha256_update(&context, $0.count, $0.baseAddress) }
            var code = [UInt8](repeating: 0, count: min(count, Int(SHA256_DIGEST_SIZE)))
            nettle_hmac_sha256_digest(&context, code.count, &code)
            return code
        }
    }
}
