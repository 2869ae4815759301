import Foundation

/// Zero-padded decimal fields into a buffer (years outside 0...9999 keep their digits and sign).
struct DigitWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func byte(_ b: UInt8) {
        buffer[count] = b
        count += 1
    }

    mutating func digits(_ value: Int, _ width: Int) {
        var v = value
        if v < 0 { byte(UInt8(ascii: "-")); v = -v }
        var n = 1, p = 10
        while p <= v, n < 19 { n += 1; p &*= 10 }
        if n < width { for _ in n..<width { byte(UInt8(ascii: "0")) } }
        var i = count + n - 1
        repeat {
            buffer[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
            i -= 1
        } while v > 0
        count += n
    }

    /// `YYYY-MM-DDTHH:MM:SS`
    mutating func dateTime(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int) {
        digits(y, 4); byte(UInt8(ascii: "-")); digits(mo, 2); byte(UInt8(ascii: "-")); digits(d, 2)
        byte(UInt8(ascii: "T")); digits(h, 2); byte(UInt8(ascii: ":")); digits(mi, 2); byte(UInt8(ascii: ":")); digits(s, 2)
    }
}
