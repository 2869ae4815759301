import Foundation

/// Turns raw EXIF entries into `PhotoMetadata`, defending against what real cameras write.
///
/// Each rule below was seen in real files (see the photos corpus):
/// - latitude/longitude may be RATIONAL or SRATIONAL (Nokia, FLIR); values are read raw, in the
///   block's byte order, never from libexif's formatted text;
/// - every component 0/0 means no fix, while a single 0/0 component (usually the seconds) counts as 0;
/// - exactly (0, 0) is no fix; a GPS IFD with only a version or an altitude is no fix;
/// - a missing AltitudeRef means above sea level; refs may be empty or of the wrong type;
/// - GPSDateStamp may be malformed (`2014:09:259`, a whole date-time): parsed defensively, raw text kept;
/// - `0000:00:00` dates are absent.
/// Source for the tags: CIPA DC-008-2019 (Exif 2.32), 4.6.6 (GPS attribute information).
enum ExifInterpreter {
    static func apply(_ raw: RawExif, to meta: inout PhotoMetadata) {
        let be = raw.bigEndian
        meta.make = raw.ifd0[0x010F]?.text
        meta.model = raw.ifd0[0x0110]?.text
        meta.software = raw.ifd0[0x0131]?.text
        meta.orientation = raw.ifd0[0x0112]?.unsigned(bigEndian: be).first.map(Int.init)
        if meta.pixelWidth == nil || meta.pixelHeight == nil {
            let w = (raw.exif[0xA002] ?? raw.ifd0[0x0100])?.unsigned(bigEndian: be).first
            let h = (raw.exif[0xA003] ?? raw.ifd0[0x0101])?.unsigned(bigEndian: be).first
            if let w, let h, w > 0, h > 0 {
                meta.pixelWidth = Int(w)
                meta.pixelHeight = Int(h)
            }
        }
        meta.hasThumbnail = meta.hasThumbnail || raw.hasThumbnail
        if let note = raw.exif[0x927C], note.bytes.starts(with: AppleMakerNote.signature) {
            meta.contentIdentifier = AppleMakerNote.contentIdentifier(note.bytes)
        }

        // Capture time.
        if let text = raw.exif[0x9003]?.text {
            if let local = parseDateTime(text) {
                var local = local
                if let subsec = raw.exif[0x9291]?.text, let nanos = parseSubseconds(subsec) { local.nanosecond = nanos }
                meta.capturedAt = local
            } else if !isZeroDate(text) {
                meta.capturedAtRaw = text
                meta.warnings.append("DateTimeOriginal `\(text)` is not a date and time")
            }
        }
        if let text = raw.exif[0x9011]?.text {
            if let offset = parseOffset(text) {
                meta.offsetSeconds = offset
            } else {
                meta.warnings.append("OffsetTimeOriginal `\(text)` is not an offset like +02:00")
            }
        }

        applyGPS(raw.gps, bigEndian: be, to: &meta)
        for message in raw.log { meta.warnings.append("EXIF: \(message)") }
    }

    // MARK: GPS

    static func applyGPS(_ gps: [UInt16: RawExif.Entry], bigEndian be: Bool, to meta: inout PhotoMetadata) {
        guard !gps.isEmpty else { return }
        var latitude: Double?, longitude: Double?
        switch degrees(gps[0x0002], bigEndian: be, name: "GPSLatitude") {
        case .value(let v): latitude = v
        case .noFix, .absent: break
        case .invalid(let why): meta.warnings.append(why)
        }
        switch degrees(gps[0x0004], bigEndian: be, name: "GPSLongitude") {
        case .value(let v): longitude = v
        case .noFix, .absent: break
        case .invalid(let why): meta.warnings.append(why)
        }
        if var lat = latitude, var lon = longitude {
            lat = signed(lat, ref: gps[0x0001], negative: "S", positive: "N", name: "GPSLatitudeRef", warnings: &meta.warnings)
            lon = signed(lon, ref: gps[0x0003], negative: "W", positive: "E", name: "GPSLongitudeRef", warnings: &meta.warnings)
            if lat == 0 && lon == 0 {
                meta.warnings.append("GPS position is exactly 0, 0: treated as no fix")
            } else if abs(lat) > 90 || abs(lon) > 180 || !lat.isFinite || !lon.isFinite {
                meta.warnings.append("GPS position \(lat), \(lon) is out of range: ignored")
            } else {
                meta.position = Coordinate(latitude: lat, longitude: lon)
                meta.positionSource = .exif
            }
        }

        if let altitude = single(gps[0x0006], bigEndian: be) {
            let ref = gps[0x0005].flatMap { entry -> UInt32? in
                if entry.type == 2 { return entry.text.flatMap { UInt32($0) } }  // "1" written as text
                return entry.unsigned(bigEndian: be).first
            }
            meta.altitudeMetres = ref == 1 ? -abs(altitude) : altitude
        }
        meta.horizontalAccuracyMetres = single(gps[0x001F], bigEndian: be).flatMap { $0 >= 0 ? $0 : nil }
        meta.dilutionOfPrecision = single(gps[0x000B], bigEndian: be)
        meta.directionDegrees = single(gps[0x0011], bigEndian: be)

        // GPS date and time (UTC).
        let dateText = gps[0x001D].flatMap(\.text)
        let timeParts = gps[0x0007]?.rationals(bigEndian: be) ?? []
        var timeOfDay: Double?
        if timeParts.count == 3, timeParts.allSatisfy({ $0.denominator != 0 || $0.numerator == 0 }) {
            let v = timeParts.map { $0.denominator == 0 ? 0 : Double($0.numerator) / Double($0.denominator) }
            if (0..<24).contains(v[0]), (0..<60).contains(v[1]), v[2] >= 0, v[2] < 61 { timeOfDay = v[0] * 3600 + v[1] * 60 + v[2] }
        }
        let timeText = timeOfDay.map(formatTimeOfDay)
        if dateText != nil || timeText != nil {
            meta.gpsTimeRaw = [dateText, timeText].compactMap { $0 }.joined(separator: " ")
        }
        if let dateText, !isZeroDate(dateText) {
            if let day = parseDate(dateText) {
                if let timeOfDay {
                    meta.gpsTime = utcDate(year: day.0, month: day.1, day: day.2)?.addingTimeInterval(timeOfDay)
                }
            } else {
                meta.warnings.append("GPSDateStamp `\(dateText)` is not a date")
            }
        }
    }

    enum Degrees { case absent, noFix, value(Double), invalid(String) }

    /// Degrees from 1–3 (S)RATIONAL components: degrees, minutes, seconds.
    static func degrees(_ entry: RawExif.Entry?, bigEndian: Bool, name: String) -> Degrees {
        guard let entry else { return .absent }
        let parts = entry.rationals(bigEndian: bigEndian)
        guard !parts.isEmpty else {
            return entry.bytes.isEmpty ? .absent : .invalid("\(name) is of TIFF type \(entry.type), not a rational: ignored")
        }
        if parts.allSatisfy({ $0.numerator == 0 && $0.denominator == 0 }) { return .noFix }
        var value = 0.0
        for (i, part) in parts.prefix(3).enumerated() {
            if part.denominator == 0 {
                if part.numerator == 0 { continue }  // a lone 0/0 counts as 0
                return .invalid("\(name) has a zero denominator: ignored")
            }
            value += Double(part.numerator) / Double(part.denominator) / [1.0, 60.0, 3600.0][i]
        }
        return .value(value)
    }

    /// Applies a hemisphere ref. An empty, missing or odd ref leaves the value as written (positive
    /// unless the writer used a negative SRATIONAL), with a warning.
    static func signed(
        _ value: Double, ref: RawExif.Entry?, negative: Character, positive: Character, name: String,
        warnings: inout [String]
    ) -> Double {
        if let ref, ref.type != 2, !ref.bytes.isEmpty {
            warnings.append("\(name) is of TIFF type \(ref.type), not ASCII: its first byte was used")
        }
        let letter = ref.flatMap { $0.bytes.first(where: { $0 != 0 && $0 != 0x20 }) }.map { Character(Unicode.Scalar($0)) }
        switch letter.map({ Character($0.uppercased()) }) {
        case negative?: return -abs(value)
        case positive?: return value
        case nil:
            warnings.append("\(name) is missing or empty: read as \(value < 0 ? negative : positive)")
            return value
        case let other?:
            warnings.append("\(name) is `\(other)`, not \(positive) or \(negative): read as \(value < 0 ? negative : positive)")
            return value
        }
    }

    /// A single (S)RATIONAL value; nil for 0/0 or x/0.
    static func single(_ entry: RawExif.Entry?, bigEndian: Bool) -> Double? {
        guard let part = entry?.rationals(bigEndian: bigEndian).first, part.denominator != 0 else { return nil }
        return Double(part.numerator) / Double(part.denominator)
    }

    // MARK: Dates

    static func isZeroDate(_ text: String) -> Bool {
        text.hasPrefix("0000") || text.allSatisfy { $0 == "0" || $0 == ":" || $0 == " " || $0 == "-" }
    }

    /// `YYYY:MM:DD HH:MM:SS` (also with `-` or `T`, as some writers do); nil when malformed or zero.
    static func parseDateTime(_ text: String) -> LocalDateTime? {
        let digits = digitRuns(text, limit: 6)
        guard digits.count == 6, digits[0].count == 4, let y = digits[0].value, let mo = digits[1].value, let d = digits[2].value,
            let h = digits[3].value, let mi = digits[4].value, let s = digits[5].value,
            y > 0, (1...12).contains(mo), (1...31).contains(d), (0...23).contains(h), (0...59).contains(mi), (0...60).contains(s),
            digits[1].count <= 2, digits[2].count <= 2
        else { return nil }
        return LocalDateTime(year: y, month: mo, day: d, hour: h, minute: mi, second: s)
    }

    /// `YYYY:MM:DD`, or the date part of a whole date-time; nil for `2014:09:259` and the like.
    static func parseDate(_ text: String) -> (Int, Int, Int)? {
        let parts = digitRuns(text, limit: 3)
        guard parts.count == 3, parts[0].count == 4, parts[1].count <= 2, parts[2].count <= 2,
            let y = parts[0].value, let m = parts[1].value, let d = parts[2].value, y > 0, (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        return (y, m, d)
    }

    /// The first `limit` runs of digits in `text`, each with its length and its value (nil when
    /// it does not fit an `Int`): what `text.split(whereSeparator: { !$0.isNumber })` and `Int(_:)`
    /// give. ASCII text, where only 0-9 are numbers, is read byte by byte without making strings
    /// (Character properties and a `String` per run were most of reading a photo's dates); other
    /// text by its Characters, whose other numbers (`٣`, `½`) make a run no `Int`.
    static func digitRuns(_ text: String, limit: Int) -> [(count: Int, value: Int?)] {
        var runs: [(count: Int, value: Int?)] = []
        runs.reserveCapacity(limit)
        var count = 0, value: Int? = 0
        for byte in text.utf8 {
            if byte >= 0x80 {
                return text.split(whereSeparator: { !$0.isNumber }).prefix(limit).map { ($0.count, Int($0)) }
            }
            if byte >= 0x30, byte <= 0x39 {
                count += 1
                if let v = value {
                    let (times10, o1) = v.multipliedReportingOverflow(by: 10)
                    let (sum, o2) = times10.addingReportingOverflow(Int(byte - 0x30))
                    value = o1 || o2 ? nil : sum
                }
            } else if count > 0 {
                if runs.count == limit { return runs }
                runs.append((count, value))
                (count, value) = (0, 0)
            }
        }
        if count > 0, runs.count < limit { runs.append((count, value)) }
        return runs
    }

    /// SubSecTimeOriginal digits ("64", "064") as nanoseconds.
    static func parseSubseconds(_ text: String) -> Int? {
        let digits = text.prefix { $0.isNumber }
        guard !digits.isEmpty else { return nil }
        let padded = (String(digits.prefix(9)) + "000000000").prefix(9)
        return Int(padded)
    }

    /// `+02:00`, `-05:00`, `+0530` → seconds east of UTC.
    static func parseOffset(_ text: String) -> Int? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        // The digits after the sign, wherever the separators fall: exactly four (`0530`, `05:30`).
        let runs = digitRuns(String(text.dropFirst()), limit: 5)
        guard runs.reduce(0, { $0 + $1.count }) == 4 else { return nil }
        var digits = 0
        for run in runs {
            guard let value = run.value else { return nil }
            for _ in 0..<run.count { digits *= 10 }
            digits += value
        }
        let h = digits / 100, m = digits % 100
        guard h <= 14, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }

    static func utcDate(year: Int, month: Int, day: Int) -> Date? {
        // Foundation's Gregorian calendar is the Julian one before 1582-10-15; from 1583 on both
        // are the proleptic Gregorian calendar `CivilCalendar` counts in, without a `Calendar`.
        if (1583...9999).contains(year) {
            guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year) else { return nil }
            return Date(timeIntervalSince1970: Double(CivilCalendar.daysFromCivil(year, month, day) * 86_400))
        }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        guard let date = calendar.date(from: components) else { return nil }
        // Reject dates the calendar rolled over (31 February).
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        return check.year == year && check.month == month && check.day == day ? date : nil
    }

    static func formatTimeOfDay(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let whole = millis / 1000
        var text = "\(ClockText.twoDigits(whole / 3600)):\(ClockText.twoDigits(whole / 60 % 60)):\(ClockText.twoDigits(whole % 60))"
        if millis % 1000 != 0 {
            var f = String(millis % 1000)
            while f.count < 3 { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            text += "." + f
        }
        return text
    }

}
