import Foundation

/// Writes photo metadata rows in one output format. Rows are rendered independently (so they can
/// be formatted in parallel and streamed); `header` and `footer` frame them.
package protocol PhotoRenderer: Sendable {
    /// Text before the first row.
    var header: String { get }
    /// One row, including its line end if the format has one.
    func row(_ input: PhotoInput, _ result: PhotoReadResult) -> String
    /// Text between two rows (`,\n` in a JSON array).
    var separator: String { get }
    /// Text after the last row.
    var footer: String { get }
}

extension PhotoRenderer {
    /// Nothing between rows, for formats whose rows end their own lines.
    public var separator: String { "" }
}

/// The output formats of `hunt exif`.
package enum PhotoOutputFormat: String, Sendable, CaseIterable {
    case table, json, csv

    /// A new renderer for this format, ready to frame and write rows.
    public func renderer() -> any PhotoRenderer {
        switch self {
        case .table: PhotoTableRenderer()
        case .json: PhotoJSONRenderer()
        case .csv: PhotoCSVRenderer()
        }
    }
}

/// The fields shared by every renderer, as text: numbers with fixed decimals, no locale.
struct PhotoFields {
    var format = ""
    var latitude = "", longitude = "", altitude = "", accuracy = "", dop = "", direction = ""
    var capturedAt = "", offset = "", gpsTime = ""
    var make = "", model = "", software = ""
    var width = "", height = "", orientation = "", thumbnail = "", contentHash = "", positionSource = ""
    var media = "", duration = "", rotation = "", mediaCreated = "", contentIdentifier = ""
    var warnings: [String] = []
    var error = ""

    init(_ result: PhotoReadResult) {
        switch result {
        case .failure(let e):
            format = e.format?.rawValue ?? ""
            media = e.format?.media.rawValue ?? ""
            error = e.summary
        case .success(let m):
            format = m.format?.rawValue ?? ""
            media = m.media?.rawValue ?? ""
            duration = m.durationSeconds.map { DecimalText.trimmed($0, places: 3) } ?? ""
            rotation = m.rotationDegrees.map(String.init) ?? ""
            mediaCreated = m.mediaCreatedAt.map(Self.iso) ?? ""
            contentIdentifier = m.contentIdentifier ?? ""
            if let p = m.position {
                latitude = DecimalText.trimmed(p.latitude, places: 7)
                longitude = DecimalText.trimmed(p.longitude, places: 7)
            }
            altitude = m.altitudeMetres.map { DecimalText.trimmed($0, places: 3) } ?? ""
            accuracy = m.horizontalAccuracyMetres.map { DecimalText.trimmed($0, places: 3) } ?? ""
            dop = m.dilutionOfPrecision.map { DecimalText.trimmed($0, places: 3) } ?? ""
            direction = m.directionDegrees.map { DecimalText.trimmed($0, places: 3) } ?? ""
            capturedAt = m.capturedAt.map(\.description) ?? ""
            offset = m.offsetSeconds.map(ClockText.offset) ?? ""
            gpsTime = m.gpsTime.map(Self.iso) ?? (m.gpsTimeRaw ?? "")
            make = m.make ?? ""
            model = m.model ?? ""
            software = m.software ?? ""
            width = m.pixelWidth.map(String.init) ?? ""
            height = m.pixelHeight.map(String.init) ?? ""
            orientation = m.orientation.map(String.init) ?? ""
            thumbnail = m.hasThumbnail ? "true" : "false"
            contentHash = m.contentHash ?? ""
            positionSource = m.positionSource?.rawValue ?? ""
            warnings = m.warnings
        }
    }

    /// `2008-10-23T14:27:07.24Z`.
    static func iso(_ date: Date) -> String {
        let t = CivilCalendar.held(date.timeIntervalSince1970)
        let days = Int((t / 86_400).rounded(.down))
        let secondsOfDay = t - Double(days) * 86_400
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        var year = String(y)
        while year.count < 4 { year = "0" + year }
        return "\(year)-\(ClockText.twoDigits(m))-\(ClockText.twoDigits(d))T\(ExifInterpreter.formatTimeOfDay(secondsOfDay))Z"
    }
}
