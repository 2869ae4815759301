/// A point written as ISO 6709 (Annex H, "string representation"), as videos carry their
/// position: `+52.0907+005.1213/`, `+52.0907+005.1213+002.458/`, and the degree-minute and
/// degree-minute-second forms `+5205.442+00507.278/`, `+520526.5+0050716.7/`. An optional
/// altitude follows the longitude, optionally followed by a `CRS…` reference; the closing `/`
/// is often left out, so it is not required.
enum ISO6709 {
    struct Point: Equatable {
        var latitude: Double
        var longitude: Double
        var altitudeMetres: Double?
    }

    /// The point, or nil when `text` is not an ISO 6709 point or lies outside ±90°/±180°.
    static func parse(_ text: String) -> Point? {
        var bytes = Array(text.utf8.prefix(256))
        while let last = bytes.last, last == 0 || last == 0x20 || last == 0x0A || last == 0x0D { bytes.removeLast() }
        while let first = bytes.first, first == 0x20 { bytes.removeFirst() }
        var i = 0
        guard let latitude = component(bytes, &i, degreeDigits: 2), abs(latitude) <= 90,
            let longitude = component(bytes, &i, degreeDigits: 3), abs(longitude) <= 180
        else { return nil }
        var altitude: Double?
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            guard let value = decimal(bytes, &i) else { return nil }
            altitude = value
        }
        // What may follow: a coordinate reference (`CRSWGS_84`), the closing `/`, nothing.
        if i < bytes.count, bytes[i] != UInt8(ascii: "/"), !bytes[i...].starts(with: "CRS".utf8) { return nil }
        return Point(latitude: latitude, longitude: longitude, altitudeMetres: altitude)
    }

    /// One signed coordinate: degrees (`degreeDigits` integer digits), degrees and minutes (+2),
    /// or degrees, minutes and seconds (+4), with a decimal fraction on the last.
    private static func component(_ b: [UInt8], _ i: inout Int, degreeDigits: Int) -> Double? {
        guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let negative = b[i] == UInt8(ascii: "-")
        i += 1
        let start = i
        while i < b.count, isDigit(b[i]) { i += 1 }
        let digits = Array(b[start..<i])
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            let fractionStart = i
            while i < b.count, isDigit(b[i]) {
                fraction += Double(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > fractionStart else { return nil }
        }
        func number(_ slice: ArraySlice<UInt8>) -> Double { slice.reduce(0) { $0 * 10 + Double($1 - 0x30) } }
        let value: Double
        switch digits.count - degreeDigits {
        case 0:
            value = number(digits[...]) + fraction
        case 2:
            let minutes = number(digits[degreeDigits...]) + fraction
            guard minutes < 60 else { return nil }
            value = number(digits[..<degreeDigits]) + minutes / 60
        case 4:
            let minutes = number(digits[degreeDigits..<degreeDigits + 2])
            let seconds = number(digits[(degreeDigits + 2)...]) + fraction
            guard minutes < 60, seconds < 60 else { return nil }
            value = number(digits[..<degreeDigits]) + minutes / 60 + seconds / 3600
        default:
            return nil
        }
        return negative ? -value : value
    }

    /// A signed decimal number (the altitude, metres).
    private static func decimal(_ b: [UInt8], _ i: inout Int) -> Double? {
        let start = i
        i += 1
        while i < b.count, isDigit(b[i]) || b[i] == UInt8(ascii: ".") { i += 1 }
        guard i - start > 1, i - start <= 32 else { return nil }
        return Double(String(decoding: b[start..<i], as: UTF8.self))
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
