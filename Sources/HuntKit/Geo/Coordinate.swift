/// A position on the WGS84 ellipsoid in signed decimal degrees (north and east positive).
public struct Coordinate: Sendable, Hashable, Codable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// `52.0906700, 5.1213300` — seven decimals is about 1 cm.
    public var description: String {
        "\(Self.format(latitude)), \(Self.format(longitude))"
    }

    static func format(_ degrees: Double) -> String {
        var s = String(format: "%.7f", degrees)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }
}

import Foundation

extension Coordinate {
    /// Reads a position as people write it: `52.09067, 5.12133`, `52.09067 5.12133`,
    /// `52.09067;5.12133`, or degrees–minutes–seconds with hemispheres
    /// (`52°05'26.4"N 5°07'16.8"E`, `N 52° 5.44' E 5° 7.28'`). Latitude comes first. Nil when the
    /// text is not a position on the Earth.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let c = Self.decimal(trimmed) ?? Self.sexagesimal(trimmed), c.isValid { self = c } else { return nil }
    }

    private static func decimal(_ text: String) -> Coordinate? {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " || $0 == "\t" })
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]) else { return nil }
        return Coordinate(latitude: lat, longitude: lon)
    }

    /// Two groups of up to three numbers, each with a hemisphere letter before or after it.
    private static func sexagesimal(_ text: String) -> Coordinate? {
        var values: [(value: Double, hemisphere: Character?)] = []
        var numbers: [Double] = []
        var hemisphere: Character?
        var current = ""
        func flushNumber() -> Bool {
            if current.isEmpty { return true }
            guard let v = Double(current) else { return false }
            numbers.append(v); current = ""
            return true
        }
        func flushGroup() -> Bool {
            guard !numbers.isEmpty, numbers.count <= 3 else { return numbers.isEmpty }
            let v = numbers[0].magnitude + (numbers.count > 1 ? numbers[1] / 60 : 0) + (numbers.count > 2 ? numbers[2] / 3600 : 0)
            values.append((numbers[0] < 0 ? -v : v, hemisphere)); numbers = []; hemisphere = nil
            return true
        }
        for c in text.uppercased() {
            if c.isNumber || c == "." || (c == "-" && current.isEmpty && numbers.isEmpty) {
                current.append(c)
            } else if "NSEW".contains(c) {
                guard flushNumber() else { return nil }
                if numbers.isEmpty {
                    hemisphere = c
                } else if hemisphere != nil {
                    guard flushGroup() else { return nil }  // the letter before began this group; c begins the next
                    hemisphere = c
                } else {
                    hemisphere = c
                    guard flushGroup() else { return nil }
                }
            } else if c == "," || c == ";" {
                guard flushNumber(), flushGroup() else { return nil }
            } else if "°'′\"″ºd:".contains(c) || c == " " || c == "\t" {
                guard flushNumber() else { return nil }
            } else { return nil }
        }
        guard flushNumber(), flushGroup(), values.count == 2 else { return nil }
        var lat = values[0], lon = values[1]
        if let h = lat.hemisphere, "EW".contains(h) { swap(&lat, &lon) }
        if let h = lat.hemisphere, !"NS".contains(h) { return nil }
        if let h = lon.hemisphere, !"EW".contains(h) { return nil }
        if lat.hemisphere == nil || lon.hemisphere == nil { return nil }
        return Coordinate(latitude: lat.hemisphere == "S" ? -abs(lat.value) : abs(lat.value),
                          longitude: lon.hemisphere == "W" ? -abs(lon.value) : abs(lon.value))
    }
}
