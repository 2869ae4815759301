import Foundation

/// Reads coordinates as people write them.
///
/// - decimal degrees: `52.09067, 5.12133`, `52.09067 5.12133`, `-33.8568, 151.2153`
/// - with hemispheres: `52.09067N 5.12133E`, `N 52.09067 E 5.12133`
/// - degrees, minutes, seconds: `52°05'26.4"N 5°07'16.8"E`, also with `′ ″`, `’ ”`, `º`, spaces
///   and a comma between the two
/// - degrees and decimal minutes, as geocachers write them: `N 52° 05.440 E 005° 07.280`
///
/// Latitude comes first unless hemisphere letters say otherwise (`5°07'E 52°05'N`).
package enum CoordinateText {
    /// Why a text is not a coordinate; `description` says what was expected.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        case empty
        case notTwoValues(found: Int)
        case unexpected(String)
        case badComponent(String)
        case bothSignAndHemisphere
        case sameHemisphereTwice
        case latitudeOutOfRange(Double)
        case longitudeOutOfRange(Double)

        public var description: String {
            switch self {
            case .empty: return "no coordinate given"
            case .notTwoValues(let n): return "expected a latitude and a longitude, found \(n) value\(n == 1 ? "" : "s")"
            case .unexpected(let text): return "unexpected `\(text)` in a coordinate"
            case .badComponent(let why): return why
            case .bothSignAndHemisphere: return "a value has both a minus sign and a hemisphere letter"
            case .sameHemisphereTwice: return "both values are latitudes (N/S) or both longitudes (E/W)"
            case .latitudeOutOfRange(let v): return "latitude \(CoordinateText.format(v)) is outside -90…90"
            case .longitudeOutOfRange(let v): return "longitude \(CoordinateText.format(v)) is outside -180…180"
            }
        }
    }

    /// One axis (latitude or longitude) as read, before it is known which it is.
    struct Axis: Equatable {
        var degrees: Double
        /// "N", "S", "E", "W" or nil.
        var hemisphere: Character?
    }

    /// Parses a latitude and longitude.
    public static func parse(_ text: String) -> Result<Coordinate, Problem> {
        parseAxes(text).flatMap(coordinate(axes:))
    }

    /// The coordinate that axes read by `parseAxes` give.
    static func coordinate(axes: [Axis]) -> Result<Coordinate, Problem> {
        guard axes.count == 2 else { return .failure(axes.isEmpty ? .empty : .notTwoValues(found: axes.count)) }
        var first = axes[0], second = axes[1]
        let isLongitude: (Axis) -> Bool = { $0.hemisphere == "E" || $0.hemisphere == "W" }
        let isLatitude: (Axis) -> Bool = { $0.hemisphere == "N" || $0.hemisphere == "S" }
        if (isLatitude(first) && isLatitude(second)) || (isLongitude(first) && isLongitude(second)) {
            return .failure(.sameHemisphereTwice)
        }
        if isLongitude(first) || isLatitude(second) { swap(&first, &second) }
        return check(latitude: signed(first), longitude: signed(second))
    }

    /// Parses a single latitude or longitude, e.g. one item of `[52°05'26.4"N, 5.12133]`.
    /// The hemisphere letter, if any, is returned so that the caller can check it is on the right axis.
    public static func parseAngle(_ text: String) -> Result<(degrees: Double, hemisphere: Character?), Problem> {
        if let degrees = plainNumber(text) { return .success((degrees, nil)) }
        switch parseAxes(text) {
        case .success(let axes):
            guard axes.count == 1 else { return .failure(axes.isEmpty ? .empty : .unexpected(text)) }
            return .success((signed(axes[0]), axes[0].hemisphere))
        case .failure(let p): return .failure(p)
        }
    }

    /// `52.09067` or `-5.1`: digits and at most a point and a leading sign, read without
    /// tokens (what `parseAxes` would read from them); nil for anything else.
    static func plainNumber(_ text: String) -> Double? {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// Checks ranges and builds the coordinate.
    public static func check(latitude: Double, longitude: Double) -> Result<Coordinate, Problem> {
        guard latitude.isFinite, abs(latitude) <= 90 else { return .failure(.latitudeOutOfRange(latitude)) }
        guard longitude.isFinite, abs(longitude) <= 180 else { return .failure(.longitudeOutOfRange(longitude)) }
        return .success(Coordinate(latitude: latitude, longitude: longitude))
    }

    static func signed(_ axis: Axis) -> Double {
        axis.hemisphere == "S" || axis.hemisphere == "W" ? -axis.degrees : axis.degrees
    }

    static func format(_ value: Double) -> String {
        value.isFinite ? Coordinate.format(value) : String(describing: value)
    }

    // MARK: - Tokens

    enum Token: Equatable {
        case number(Double, text: String)
        case degreeSign, minuteSign, secondSign
        case hemisphere(Character)
        case comma
    }

    static func tokens(_ text: String) -> Result<[Token], Problem> {
        var result: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case " ", "\t", "\n", "\r", "\u{00A0}":
                i += 1
            case "0"..."9", ".", "-", "+", "\u{2212}":
                let isDigit: (Int) -> Bool = { j in ("0"..."9").contains(scalars[j]) }
                var j = i
                if c == "-" || c == "+" || c == "\u{2212}" { j += 1 }
                while j < scalars.count, isDigit(j) || scalars[j] == "." { j += 1 }
                // An exponent only directly after digits, and only with digits after it.
                var exponent: Int?
                if j + 1 < scalars.count, scalars[j] == "e" || scalars[j] == "E",
                    isDigit(j + 1) || ((scalars[j + 1] == "-" || scalars[j + 1] == "+") && j + 2 < scalars.count && isDigit(j + 2))
                {
                    exponent = j
                    j += 2
                    while j < scalars.count, isDigit(j) { j += 1 }
                }
                // One ASCII byte per scalar: the sign as `+` or `-`, `e` for either case of the exponent.
                let numberText = String(unsafeUninitializedCapacity: j - i) { bytes in
                    for k in i..<j { bytes[k - i] = UInt8(truncatingIfNeeded: scalars[k].value) }
                    if c == "\u{2212}" { bytes[0] = UInt8(ascii: "-") }
                    if let exponent { bytes[exponent - i] = UInt8(ascii: "e") }
                    return j - i
                }
                guard let value = Double(numberText), value.isFinite else {
                    return .failure(.unexpected(numberText.isEmpty ? String(c) : numberText))
                }
                result.append(.number(value, text: numberText))
                i = j
            case "°", "º", "˚", "d", "D":
                result.append(.degreeSign); i += 1
            case "'", "′", "’", "‘", "´", "`":
                // Two single quotes are a seconds sign.
                if i + 1 < scalars.count, ["'", "′", "’"].contains(scalars[i + 1]) {
                    result.append(.secondSign); i += 2
                } else {
                    result.append(.minuteSign); i += 1
                }
            case "\"", "″", "”", "“":
                result.append(.secondSign); i += 1
            case "N", "S", "E", "W", "n", "s", "e", "w":
                result.append(.hemisphere(Character(Unicode.Scalar(UInt8(c.value) & 0xDF)))); i += 1  // ASCII upper case
            case ",", ";":
                result.append(.comma); i += 1
            default:
                var word = ""
                var j = i
                while j < scalars.count, !(" ,;".unicodeScalars.contains(scalars[j])), word.unicodeScalars.count < 12 {
                    word.unicodeScalars.append(scalars[j]); j += 1
                }
                return .failure(.unexpected(word))
            }
        }
        return .success(result)
    }

    // MARK: - Axes

    /// Groups tokens into axes of up to three components (degrees, minutes, seconds): bare
    /// numbers are axes as they are (`plainAxes`); otherwise the signs, hemisphere letters and
    /// commas say where each axis ends (`AxisReader`).
    static func parseAxes(_ text: String) -> Result<[Axis], Problem> {
        let tokens: [Token]
        switch self.tokens(text) {
        case .success(let t): tokens = t
        case .failure(let p): return .failure(p)
        }
        if tokens.isEmpty { return .failure(.empty) }
        if let axes = plainAxes(tokens) { return .success(axes) }
        var reader = AxisReader()
        do throws(Problem) {
            for token in tokens { try reader.read(token) }
            return .success(try reader.finish())
        } catch {
            return .failure(error)
        }
    }

    /// `52.1 5.1`: with no sign, letter or comma, each number is an axis; nil otherwise.
    static func plainAxes(_ tokens: [Token]) -> [Axis]? {
        let hasMarks = tokens.contains {
            if case .number = $0 { return false }; return $0 != .comma
        }
        guard !hasMarks, !tokens.contains(.comma) else { return nil }
        return tokens.compactMap { if case .number(let v, _) = $0 { Axis(degrees: v, hemisphere: nil) } else { nil } }
    }

    /// Reads marked tokens into axes, one at a time: a number after a trailing hemisphere or
    /// after seconds, a leading hemisphere, and a comma each end the axis being read.
    struct AxisReader {
        var axes: [Axis] = []
        var current = AxisParts()

        mutating func read(_ token: Token) throws(Problem) {
            switch token {
            case .number(let v, let t):
                if current.pendingNumber != nil { try current.place(slot: nil) }
                if current.trailing != nil || current.slots.last == 2 { try startNext() }
                current.pendingNumber = (v, t)
            case .degreeSign:
                try current.place(slot: 0)
            case .minuteSign:
                try current.place(slot: 1)
            case .secondSign:
                try current.place(slot: 2)
            case .hemisphere(let h):
                let hasNumbers = !current.components.isEmpty || current.pendingNumber != nil
                if hasNumbers && current.leading == nil && current.trailing == nil {
                    current.trailing = h
                } else {
                    try startNext()
                    current.leading = h
                }
            case .comma:
                guard let axis = try current.finish() else { throw .unexpected(",") }
                axes.append(axis)
                current = AxisParts()
            }
        }

        /// Ends the axis being read, keeping it when it has any parts, and starts the next.
        mutating func startNext() throws(Problem) {
            if let axis = try current.finish() { axes.append(axis) }
            current = AxisParts()
        }

        /// Every axis, once the last is ended.
        mutating func finish() throws(Problem) -> [Axis] {
            try startNext()
            return axes
        }
    }

    /// The parts of one axis read so far: its numbers, each placed as degrees, minutes or
    /// seconds, and its hemisphere letter before or after them.
    struct AxisParts {
        var components: [(value: Double, text: String)] = []
        /// The place of each component: 0 degrees, 1 minutes, 2 seconds.
        var slots: [Int] = []
        var leading: Character?
        var trailing: Character?
        /// The number read last, placed once the sign after it (or the next number) says where.
        var pendingNumber: (Double, String)?

        /// Places the pending number in `slot`, or, when no sign follows it (nil), after the last.
        mutating func place(slot: Int?) throws(Problem) {
            guard let (value, text) = pendingNumber else {
                if slot == nil { return }
                throw .badComponent("a `°`, `'` or `\"` sign without a number before it")
            }
            pendingNumber = nil
            let next = slot ?? ((slots.last ?? -1) + 1)
            if next > 2 { throw .badComponent("too many numbers in one value; write degrees, minutes and seconds at most") }
            if let last = slots.last, next <= last {
                throw .badComponent("minutes and seconds come after the degrees (`52°05'26\"`)")
            }
            components.append((value, text))
            slots.append(next)
        }

        /// The axis in degrees, signed by its minus sign (never with a hemisphere letter too);
        /// nil when nothing was read.
        mutating func finish() throws(Problem) -> Axis? {
            try place(slot: nil)
            if components.isEmpty {
                if leading != nil { throw .badComponent("a hemisphere letter without a number") }
                return nil
            }
            var degrees = 0.0
            let negative = components[0].value < 0 || components[0].text.hasPrefix("-")
            for (index, (value, text)) in components.enumerated() {
                let slot = slots[index]
                if index > 0, text.hasPrefix("-") || text.hasPrefix("+") {
                    throw .badComponent("only the degrees may have a sign")
                }
                if index < components.count - 1, value.rounded() != value {
                    throw .badComponent("only the last of degrees, minutes and seconds may have decimals")
                }
                if slot > 0, value >= 60 {
                    throw .badComponent("\(slot == 1 ? "minutes" : "seconds") must be below 60, found \(text)")
                }
                let magnitude = abs(value)
                degrees += slot == 0 ? magnitude : slot == 1 ? magnitude / 60 : magnitude / 3600
            }
            let hemisphere = leading ?? trailing
            if negative && hemisphere != nil { throw .bothSignAndHemisphere }
            return Axis(degrees: negative ? -degrees : degrees, hemisphere: hemisphere)
        }
    }
}

// MARK: - For people

extension CoordinateText {
    /// `34.6093° S, 58.3739° W`: a position as people read it, hemisphere letters instead of
    /// signs, latitude first, at most six decimals (about 0.1 m) with trailing zeros dropped.
    /// The one way sheets and answer keys print a position for people.
    public static func readable(_ coordinate: Coordinate) -> String {
        readable(latitude: coordinate.latitude) + ", " + readable(longitude: coordinate.longitude)
    }

    /// `34.6093° S` (0 is `0° N`).
    public static func readable(latitude: Double) -> String { hemisphere(latitude, "N", "S") }

    /// `58.3739° W` (0 is `0° E`).
    public static func readable(longitude: Double) -> String { hemisphere(longitude, "E", "W") }

    /// `33°51′24.5″S 151°12′55.1″W`, as marshals' paper maps and GPS units show it.
    public static func sexagesimal(_ coordinate: Coordinate) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            guard value.isFinite, abs(value) <= 360 else { return "\(value)" }
            let tenths = Int((abs(value) * 36000).rounded())
            let degrees = tenths / 36000, minutes = (tenths % 36000) / 600, seconds = Double(tenths % 600) / 10
            return String(format: "%d°%02d′%04.1f″%@", degrees, minutes, seconds, value < 0 && tenths > 0 ? negative : positive)
        }
        return part(coordinate.latitude, "N", "S") + " " + part(coordinate.longitude, "E", "W")
    }

    /// Degrees with at most six decimals (about 0.1 m), trailing zeros dropped: `-34.6093`.
    public static func decimal(_ degrees: Double) -> String {
        var text = String(format: "%.6f", degrees)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    private static func hemisphere(_ degrees: Double, _ positive: String, _ negative: String) -> String {
        let text = decimal(abs(degrees))
        return "\(text)° \(degrees < 0 && text != "0" ? negative : positive)"
    }
}
