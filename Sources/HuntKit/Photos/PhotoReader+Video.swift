import Foundation

extension PhotoReader {
    /// A video's metadata (see `QuickTimeReader`) as a `PhotoMetadata`, so the judge and the
    /// listings treat photos and videos alike.
    ///
    /// - Position: Apple's `com.apple.quicktime.location.ISO6709`, else `udta/©xyz`, else `udta/loci`.
    /// - Capture time: Apple's `creationdate` (local time and offset), else the movie header's
    ///   creation time, which is UTC by the file format's definition (offset +00:00).
    static func videoMetadata(_ scan: VideoScan, displayPath: String) -> PhotoMetadata {
        var meta = PhotoMetadata(path: displayPath)
        meta.format = scan.format
        meta.warnings = scan.warnings
        var point: ISO6709.Point?
        for (text, name) in [(scan.appleLocation, "com.apple.quicktime.location.ISO6709"), (scan.userDataLocation, "©xyz")] {
            guard let text, point == nil else { continue }
            if let parsed = ISO6709.parse(text) {
                point = parsed
            } else {
                meta.warnings.append("\(name) `\(text.prefix(60))` is not an ISO 6709 position")
            }
        }
        if let point = point ?? scan.locationInformation {
            meta.position = Coordinate(latitude: point.latitude, longitude: point.longitude)
            meta.altitudeMetres = point.altitudeMetres
            meta.positionSource = .quicktime
        }
        meta.horizontalAccuracyMetres = scan.horizontalAccuracyMetres
        if let created = scan.movieCreated {
            meta.mediaCreatedAt = Date(timeIntervalSince1970: TimeInterval(Int64(created) - QuickTimeReader.epochOffset1904))
        }
        if let text = scan.creationDate {
            if let (local, offset) = Self.creationDate(text) {
                meta.capturedAt = local
                meta.offsetSeconds = offset
            } else {
                meta.capturedAtRaw = text
                meta.warnings.append("creationdate `\(text.prefix(60))` is not a date and time")
            }
        }
        if meta.capturedAt == nil, let created = meta.mediaCreatedAt {
            meta.capturedAt = Self.utcWallClock(created)
            meta.offsetSeconds = 0
        }
        meta.make = scan.make
        meta.model = scan.model
        meta.software = scan.software
        meta.contentIdentifier = scan.contentIdentifier
        meta.durationSeconds = scan.durationSeconds
        meta.pixelWidth = scan.width
        meta.pixelHeight = scan.height
        meta.rotationDegrees = scan.rotationDegrees
        if meta.position == nil { meta.warnings.append("no position in the video's metadata") }
        return meta
    }

    /// `2019-06-24T17:34:52+0200`, `…+02:00`, `…Z`, with optional fractional seconds; no offset
    /// leaves it nil.
    static func creationDate(_ text: String) -> (LocalDateTime, Int?)? {
        let b = Array(text.utf8.prefix(64))
        func number(_ at: Int, _ n: Int) -> Int? {
            guard at + n <= b.count else { return nil }
            var v = 0
            for c in b[at..<at + n] {
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            return v
        }
        guard b.count >= 19, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            b[4] == UInt8(ascii: "-") || b[4] == UInt8(ascii: ":"), b[10] == UInt8(ascii: "T") || b[10] == 0x20,
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var i = 19
        var nanosecond = 0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 100_000_000
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                nanosecond += Int(b[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        let local = LocalDateTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanosecond: nanosecond)
        guard i < b.count else { return (local, nil) }
        if b[i] == UInt8(ascii: "Z") { return i + 1 == b.count ? (local, 0) : nil }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let hours = number(i + 1, 2) else { return nil }
        var minutes = 0
        if let m = number(i + 3, 2), i + 5 == b.count {
            minutes = m
        } else if i + 6 == b.count, b[i + 3] == UInt8(ascii: ":"), let m = number(i + 4, 2) {
            minutes = m
        } else if i + 3 != b.count {
            return nil
        }
        guard hours <= 14, minutes < 60 else { return nil }
        let offset = (hours * 3600 + minutes * 60) * (b[i] == UInt8(ascii: "-") ? -1 : 1)
        return (local, offset)
    }

    /// The UTC wall clock of an instant.
    static func utcWallClock(_ date: Date) -> LocalDateTime {
        let (days, secondOfDay) = CivilCalendar.dayAndSecond(Int(CivilCalendar.held(date.timeIntervalSince1970).rounded(.down)))
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        return LocalDateTime(year: y, month: m, day: d, hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
    }
}
