import Foundation

/// File names as text that maps back to exactly one file.
///
/// A name on disk is any bytes but `/` and NUL; text in results.json, a reviews file or a manifest
/// is Unicode. A name is written as its UTF-8 text, except that a backslash is written `\\` and
/// each byte that is not part of valid UTF-8 is written `\xHH` (two upper-case hex digits):
/// `bad\377name.jpg` on disk is `bad\xFFname.jpg`, and `a\b.jpg` is `a\\b.jpg`. Different names
/// always give different text, and `unescape` gives back the bytes to open.
///
/// A name that is not in Unicode normalization form C (`cafe` + U+0301, as macOS's HFS+ writes
/// it) has every non-ASCII byte written `\xHH`: Swift compares strings by canonical equivalence,
/// so two such names would otherwise be one key in a reviews file or a dictionary.
package enum PathText {
    /// The text for a name's bytes.
    public static func escape<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Fast path: plain ASCII without a backslash, the usual name.
        if bytes.allSatisfy({ $0 < 0x80 && $0 != 0x5C }) { return String(decoding: bytes, as: UTF8.self) }
        let bytes = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x5C {
                out += [0x5C, 0x5C]
                i += 1
            } else if b < 0x80 {
                out.append(b)
                i += 1
            } else if let length = validSequence(bytes, at: i) {
                out += bytes[i..<i + length]
                i += length
            } else {
                out += Array("\\x".utf8) + hex(b)
                i += 1
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        guard !Array(text.precomposedStringWithCanonicalMapping.utf8).elementsEqual(out) else { return text }
        return String(
            decoding: bytes.flatMap { b -> [UInt8] in
                b == 0x5C ? [0x5C, 0x5C] : b < 0x80 ? [b] : Array("\\x".utf8) + hex(b)
            }, as: UTF8.self)
    }

    /// The bytes a text written by `escape` stands for (hex digits in either case); nil when it
    /// holds a backslash that is not `\\` or `\xHH` — such text names no file.
    public static func unescape(_ text: String) -> [UInt8]? {
        let utf8 = text.utf8
        guard utf8.contains(0x5C) else { return Array(utf8) }
        let bytes = Array(utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x5C else { out.append(bytes[i]); i += 1; continue }
            guard i + 1 < bytes.count else { return nil }
            if bytes[i + 1] == 0x5C {
                out.append(0x5C)
                i += 2
            } else if bytes[i + 1] == UInt8(ascii: "x"), i + 3 < bytes.count,
                let high = hexValue(bytes[i + 2]), let low = hexValue(bytes[i + 3])
            {
                out.append(high << 4 | low)
                i += 4
            } else {
                return nil
            }
        }
        return out
    }

    /// The one text `escape` writes for the name `text` stands for (`\xff` → `\xFF`, `\xC3\xA9` → `é`);
    /// nil when `text` holds a stray backslash.
    public static func canonical(_ text: String) -> String? {
        guard text.utf8.contains(0x5C) else { return text }
        return unescape(text).map { escape($0) }
    }

    /// Runs `body` with the NUL-terminated bytes of the escaped name `name` (one component or a path).
    static func withRawName<R>(_ name: String, _ body: (UnsafePointer<CChar>) -> R) -> R {
        let bytes = unescape(name) ?? Array(name.utf8)
        return (bytes + [0]).withUnsafeBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// The length of the valid UTF-8 sequence starting at `i` (a lead byte ≥ 0x80), or nil.
    private static func validSequence(_ bytes: [UInt8], at i: Int) -> Int? {
        let b = bytes[i]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch b {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard i + length <= bytes.count else { return nil }
        guard (low...high).contains(bytes[i + 1]) else { return nil }
        for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return nil }
        return length
    }

    private static func hex(_ b: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [digits[Int(b >> 4)], digits[Int(b & 0xF)]]
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
