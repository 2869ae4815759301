import Foundation

/// Decimal text of a `Double`, without Foundation's `String(format:)` (slow on Linux) and
/// locale-free by construction: the one writer of such numbers.
enum DecimalText {
    /// Rounded to `places` decimals with trailing zeros dropped ("12.5", "7", "-0.25"; never
    /// "-0"); "" when not finite. For `hunt exif`, the CSV files and the QuickTime writer.
    static func trimmed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "" }
        let places = min(max(places, 0), powers.count - 1)
        let scale = powers[places]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let n = Int64(scaled)
        guard n != 0 else { return "0" }
        var text = String(n / Int64(scale))
        var fraction = n % Int64(scale), digits = places
        while digits > 0, fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        if digits > 0 {
            let fractionText = String(fraction)
            text += "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
        }
        return value < 0 ? "-" + text : text
    }

    /// Exactly `places` decimals, zeros kept ("52.0906700"); "null" when not finite (the exports
    /// write it into JSON). For coordinates and radii in exports and `hunt where`.
    static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "null" }
        let scale = powers[places]
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let n = Int(scaled)
        let negative = value < 0 && n != 0
        let whole = n / Int(scale), fraction = n % Int(scale)
        var s = negative ? "-" : ""
        s += String(whole)
        if places > 0 {
            s += "."
            let f = String(fraction)
            s += String(repeating: "0", count: places - f.count) + f
        }
        return s
    }

    private static let powers: [Double] = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
}
