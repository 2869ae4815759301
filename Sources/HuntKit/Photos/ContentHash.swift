/// The content hash of a photo file (`PhotoMetadata.contentHash`), by which the judge spots the
/// same photo sent twice: XXH64 (Yann Collet, xxHash specification,
/// <https://github.com/Cyan4973/xxHash>, `doc/xxhash_spec.md`) of the first 64 KiB seeded with the
/// file size, and of the last 64 KiB seeded with the size XOR a constant; 32 lowercase hex digits.
/// Why sampling both ends finds true duplicates and nothing else, and what it does not defend
/// against: <doc:PhotosAndVideos#Content-hash>.
package enum ContentHash {
    /// Bytes hashed at each end of the file.
    public static let sampleBytes = 65_536

    /// The digest of a file's bytes, given its size and its two ends (head = first
    /// min(size, 64 KiB) bytes, tail = last min(size, 64 KiB) bytes).
    static func digest(size: UInt64, head: ArraySlice<UInt8>, tail: ArraySlice<UInt8>) -> String {
        let a = head.withUnsafeBytes { XXH64.hash($0, seed: size) }
        let b = tail.withUnsafeBytes { XXH64.hash($0, seed: size ^ 0x9E37_79B9_7F4A_7C15) }
        return hex(a) + hex(b)
    }

    /// The head comes from the reader's first page (already read to sniff the format); the tail is
    /// one more `pread`, unless the file is small enough to lie within pages already read.
    static func compute(_ reader: PagedReader) throws(ContainerError) -> String {
        let size = reader.size
        let n = Int(min(size, UInt64(sampleBytes)))
        var head: ArraySlice<UInt8>
        if let cached = try reader.slice(at: 0, count: n) { head = cached } else { head = try reader.bytes(at: 0, count: n)[...] }
        let tailStart = size - UInt64(n)
        var tail: ArraySlice<UInt8>
        if let cached = try reader.slice(at: tailStart, count: n) { tail = cached } else { tail = try reader.uncached(at: tailStart, count: n)[...] }
        guard head.count == n, tail.count == n else { throw .io("the file changed size while being read") }
        return digest(size: size, head: head, tail: tail)
    }

    /// The digest of bytes in memory (the same as for a file holding exactly these bytes).
    public static func digest(of bytes: [UInt8]) -> String {
        let n = min(bytes.count, sampleBytes)
        return digest(size: UInt64(bytes.count), head: bytes.prefix(n), tail: bytes.suffix(n))
    }

    static func hex(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }
}

/// XXH64, from the xxHash specification (`doc/xxhash_spec.md`, "XXH64 Algorithm Description").
enum XXH64 {
    static let p1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let p3: UInt64 = 0x1656_67B1_9E37_79F9
    static let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let p5: UInt64 = 0x27D4_EB2F_1656_67C5

    @inline(__always) static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
    @inline(__always) static func round(_ acc: UInt64, _ lane: UInt64) -> UInt64 {
        rotl(acc &+ lane &* p2, 31) &* p1
    }
    @inline(__always) static func merge(_ acc: UInt64, _ v: UInt64) -> UInt64 {
        (acc ^ round(0, v)) &* p1 &+ p4
    }

    static func hash(_ bytes: [UInt8], seed: UInt64) -> UInt64 {
        bytes.withUnsafeBytes { hash($0, seed: seed) }
    }

    static func hash(_ input: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        let length = input.count
        var i = 0
        var acc: UInt64
        @inline(__always) func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: input.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
        @inline(__always) func u32(_ at: Int) -> UInt64 { UInt64(UInt32(littleEndian: input.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        if length >= 32 {
            var v1 = seed &+ p1 &+ p2, v2 = seed &+ p2, v3 = seed, v4 = seed &- p1
            while i + 32 <= length {
                v1 = round(v1, u64(i)); v2 = round(v2, u64(i + 8)); v3 = round(v3, u64(i + 16)); v4 = round(v4, u64(i + 24))
                i += 32
            }
            acc = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
            acc = merge(acc, v1); acc = merge(acc, v2); acc = merge(acc, v3); acc = merge(acc, v4)
        } else {
            acc = seed &+ p5
        }
        acc = acc &+ UInt64(length)
        while i + 8 <= length {
            acc = rotl(acc ^ round(0, u64(i)), 27) &* p1 &+ p4
            i += 8
        }
        if i + 4 <= length {
            acc = rotl(acc ^ (u32(i) &* p1), 23) &* p2 &+ p3
            i += 4
        }
        while i < length {
            acc = rotl(acc ^ (UInt64(input[i]) &* p5), 11) &* p1
            i += 1
        }
        acc ^= acc >> 33; acc = acc &* p2
        acc ^= acc >> 29; acc = acc &* p3
        acc ^= acc >> 32
        return acc
    }
}
