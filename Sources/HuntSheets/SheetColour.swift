import Foundation
import HuntKit

/// A colour as red, green and blue in 0…1.
public struct SheetColour: Sendable, Hashable, CustomStringConvertible {
    public var red, green, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#1a5fb4` or `#15b` (the leading `#` is optional).
    public init?(hex: String) {
        var digits = hex.trimmingCharacters(in: .whitespaces)
        if digits.hasPrefix("#") { digits.removeFirst() }
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        red = Double((value >> 16) & 0xff) / 255
        green = Double((value >> 8) & 0xff) / 255
        blue = Double(value & 0xff) / 255
    }

    /// `#rrggbb`, for CSS.
    public var description: String {
        func byte(_ c: Double) -> String {
            let s = String(Int((max(0, min(1, c)) * 255).rounded()), radix: 16)
            return s.count == 1 ? "0" + s : s
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }

    public static let black = SheetColour(red: 0, green: 0, blue: 0)
    public static let white = SheetColour(red: 1, green: 1, blue: 1)
}
