import Foundation

/// GPS position from an XMP packet (embedded in the photo, or a `.xmp` sidecar beside it), the
/// fallback when EXIF has none.
///
/// XMP writes EXIF GPS values as text: `exif:GPSLatitude="52,5.4N"` (degrees, decimal minutes)
/// or `54,59,22.8N` (degrees, minutes, seconds), as an attribute or an element; altitude as a
/// rational `90/1` with `exif:GPSAltitudeRef` 0 or 1. Source: Adobe XMP Specification Part 2,
/// 1.2.7 (EXIF schema GPSCoordinate).
enum XMPLocation {
    struct Found: Equatable {
        var latitude: Double
        var longitude: Double
        var altitudeMetres: Double?
    }

    static func parse(_ packet: [UInt8]) -> Found? {
        let text = Array(packet.prefix(4 << 20))
        guard let latText = value(of: "GPSLatitude", in: text), let lonText = value(of: "GPSLongitude", in: text),
            let lat = coordinate(latText, negative: "S", positive: "N"), let lon = coordinate(lonText, negative: "W", positive: "E"),
            abs(lat) <= 90, abs(lon) <= 180, !(lat == 0 && lon == 0)
        else { return nil }
        var found = Found(latitude: lat, longitude: lon)
        if let altText = value(of: "GPSAltitude", in: text), let alt = rational(altText) {
            let below = value(of: "GPSAltitudeRef", in: text) == "1"
            found.altitudeMetres = below ? -abs(alt) : alt
        }
        return found
    }

    /// The value of `exif:NAME` (any prefix), as an attribute `NAME="v"` or an element `<x:NAME>v</x:NAME>`.
    static func value(of name: String, in text: [UInt8]) -> String? {
        value(after: Array((":" + name).utf8), in: text)
    }

    /// The value of exactly `prefix:NAME` (`huntkit:Latitude`), as an attribute or an element.
    static func value(qualified name: String, in text: [UInt8]) -> String? {
        value(after: Array(name.utf8), in: text)
    }

    private static func value(after needle: [UInt8], in text: [UInt8]) -> String? {
        guard text.count > needle.count else { return nil }
        var i = 0
        let last = text.count - needle.count
        while i <= last {
            guard text[i] == needle[0], text[i..<i + needle.count].elementsEqual(needle) else { i += 1; continue }
            var j = i + needle.count
            i = j
            // Not a longer name (GPSLatitudeRef when looking for GPSLatitude).
            guard j < text.count, !isLetter(text[j]) else { continue }
            while j < text.count, text[j] == 0x20 || text[j] == 0x09 || text[j] == 0x0A || text[j] == 0x0D { j += 1 }
            guard j < text.count else { return nil }
            if text[j] == UInt8(ascii: "=") {
                j += 1
                while j < text.count, text[j] == 0x20 { j += 1 }
                guard j < text.count, text[j] == UInt8(ascii: "\"") || text[j] == UInt8(ascii: "'") else { continue }
                let quote = text[j]
                guard let end = text[(j + 1)...].firstIndex(of: quote) else { return nil }
                return trimmed(text[(j + 1)..<end])
            }
            if text[j] == UInt8(ascii: ">") {
                guard let end = text[(j + 1)...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
                return trimmed(text[(j + 1)..<end])
            }
        }
        return nil
    }

    private static func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `52,5.4N`, `54,59,22.8N`, or a signed decimal `-3.7247`.
    static func coordinate(_ text: String, negative: Character, positive: Character) -> Double? {
        var body = text.trimmingCharacters(in: .whitespaces)
        var sign = 1.0
        if let last = body.last?.uppercased().first, last == negative || last == positive {
            sign = last == negative ? -1 : 1
            body.removeLast()
        }
        let parts = body.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else { return nil }
        let v = parts.enumerated().reduce(0.0) { $0 + abs($1.element!) / [1.0, 60.0, 3600.0][$1.offset] }
        let negativeDecimal = parts.count == 1 && parts[0]! < 0
        return sign * (negativeDecimal ? -v : v)
    }

    /// `90/1` or `90.5`.
    static func rational(_ text: String) -> Double? {
        let parts = text.split(separator: "/")
        if parts.count == 2, let n = Double(parts[0]), let d = Double(parts[1]), d != 0 { return n / d }
        if parts.count == 1, let v = Double(parts[0]), v.isFinite { return v }
        return nil
    }

    /// Sidecar candidates for a photo named `name`, in the order tried: `IMG_1.xmp`, `IMG_1.XMP`, `IMG_1.jpg.xmp`.
    static func sidecarNames(for name: String) -> [String] {
        let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return [base + ".xmp", base + ".XMP", name + ".xmp"]
    }
}
