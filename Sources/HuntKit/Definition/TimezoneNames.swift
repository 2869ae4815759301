import Foundation

/// IANA timezone names: lookup and "did you mean".
enum TimezoneNames {
    /// The zone for an IANA name (`Europe/Amsterdam`, `UTC`), or nil. Abbreviations such as
    /// `CEST` are refused: they do not say which rules (and which DST dates) apply.
    static func zone(named name: String) -> TimeZone? {
        guard known.contains(name) || name == "UTC" || name == "GMT" else { return nil }
        return TimeZone(identifier: name)
    }

    static let known: Set<String> = Set(TimeZone.knownTimeZoneIdentifiers)

    /// Abbreviations Foundation's own table lacks (it covers mostly Europe and North America),
    /// each with the most populous zone that uses it: organizers in the southern hemisphere type them too.
    static let abbreviations: [String: String] = [
        "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "ACST": "Australia/Adelaide", "ACDT": "Australia/Adelaide",
        "AWST": "Australia/Perth", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland", "BRT": "America/Sao_Paulo",
        "ART": "America/Argentina/Buenos_Aires", "CLT": "America/Santiago", "CLST": "America/Santiago",
        "SAST": "Africa/Johannesburg", "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "SGT": "Asia/Singapore",
        "HKT": "Asia/Hong_Kong", "WIB": "Asia/Jakarta", "PHT": "Asia/Manila"
    ]

    /// Abbreviations shared by zones whose clocks differ some of the year: every one is offered,
    /// the one in `abbreviations` first (`AEDT` is Melbourne's too, and Brisbane has no `AEDT`).
    static let sharedAbbreviations: [String: [String]] = [
        "AEST": ["Australia/Sydney", "Australia/Melbourne", "Australia/Brisbane", "Australia/Hobart"],
        "AEDT": ["Australia/Sydney", "Australia/Melbourne", "Australia/Hobart"],
        "ACST": ["Australia/Adelaide", "Australia/Darwin"],
        "ACDT": ["Australia/Adelaide", "Australia/Broken_Hill"]
    ]

    /// Every zone worth offering for `name`, best first: the shared zones of an abbreviation, else
    /// `suggestion(for:)` alone.
    static func suggestions(for name: String) -> [String] {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let zones = sharedAbbreviations[trimmed.uppercased()] { return zones.filter(known.contains) }
        return suggestion(for: name).map { [$0] } ?? []
    }

    /// The principal place of a zone as the tz database's zone.tab gives it (`Europe/Amsterdam` →
    /// Amsterdam, 52°22′N 4°54′E), or nil for zones without one (`UTC`, `Etc/GMT+3`) or when the
    /// system has no zone.tab (then the checks that use it are skipped).
    static func principalPlace(of zone: String) -> (city: String, coordinate: Coordinate)? {
        guard let coordinate = position(of: zone) else { return nil }
        return (String(zone.split(separator: "/").last ?? "").replacingOccurrences(of: "_", with: " "), coordinate)
    }

    /// zone.tab: `NL<TAB>+5222+00454<TAB>Europe/Amsterdam`, positions as ±DDMM[SS]±DDDMM[SS].
    /// Only the line of the zone asked for is read (its name is the third field; a hunt asks once).
    static func position(of zone: String) -> Coordinate? {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        guard !zone.isEmpty, let bytes = FileManager.default.contents(atPath: folder + "/zone.tab") else { return nil }
        let name = Array(zone.utf8)
        for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first != UInt8(ascii: "#") {
            let fields = line.split(separator: UInt8(ascii: "\t"))
            guard fields.count >= 3, fields[2].elementsEqual(name) else { continue }
            let text = String(decoding: fields[1], as: UTF8.self)[...]
            guard let split = text.dropFirst().firstIndex(where: { $0 == "+" || $0 == "-" }),
                let latitude = angle(text[..<split], degreeDigits: 2), let longitude = angle(text[split...], degreeDigits: 3)
            else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        return nil
    }

    private static func angle(_ text: Substring, degreeDigits: Int) -> Double? {
        let sign: Double = text.first == "-" ? -1 : 1
        let digits = Array(text.dropFirst())
        guard digits.count >= degreeDigits + 2, digits.allSatisfy(\.isNumber) else { return nil }
        let value = { (range: Range<Int>) in Double(String(digits[range])) ?? 0 }
        let seconds = digits.count >= degreeDigits + 4 ? value(degreeDigits + 2..<degreeDigits + 4) : 0
        return sign * (value(0..<degreeDigits) + value(degreeDigits..<degreeDigits + 2) / 60 + seconds / 3600)
    }

    static func suggestion(for name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let underscored = trimmed.replacingOccurrences(of: " ", with: "_")
        let identifiers = TimeZone.knownTimeZoneIdentifiers.sorted()
        // Case or spaces: `europe/amsterdam`, `America/New York`.
        if let exact = identifiers.first(where: { $0.lowercased() == underscored.lowercased() }) { return exact }
        // A city alone: `Amsterdam`.
        if let city = identifiers.first(where: { $0.split(separator: "/").last.map(String.init)?.lowercased() == underscored.lowercased() }) {
            return city
        }
        // An abbreviation: `CEST` → a zone that uses it.
        if trimmed.count <= 5, trimmed == trimmed.uppercased() {
            if let zone = TimeZone(abbreviation: trimmed), known.contains(zone.identifier), !zone.identifier.hasPrefix("GMT") {
                return zone.identifier
            }
            if let zone = abbreviations[trimmed], known.contains(zone) { return zone }
        }
        if let near = Suggestions.closest(to: underscored, in: identifiers) { return near }
        // A misspelt city: compare with the last part only.
        let cities = identifiers.map { ($0, String($0.split(separator: "/").last ?? "")) }
        if let city = Suggestions.closest(to: String(underscored.split(separator: "/").last ?? ""), in: cities.map(\.1)) {
            return cities.first { $0.1 == city }?.0
        }
        return nil
    }
}
