import Foundation

/// The position a player's browser gave when a photo was sent from the players' page, kept in a
/// sidecar file beside the photo.
///
/// It is the browser's geolocation fix at upload (WGS84), never the photo's own GPS: the sidecar
/// uses its own XMP namespace (`https://huntkit.org/ns/browser-fix/1.0/`, prefix `huntkit`) and no
/// `exif:GPS*` tag, and its name (`IMG.jpg.browser.xmp`) is not one the `.xmp` sidecar reader
/// takes as the photo's own sidecar, so it never becomes `PhotoMetadata.position`. The judge reads
/// it into `PhotoMetadata.browserFix` and decides by the policy's `browser_position`.
///
/// The packet, one attribute per field (numbers with fixed decimals, times ISO 8601 in UTC):
///
/// ```xml
/// <rdf:Description rdf:about="" xmlns:huntkit="https://huntkit.org/ns/browser-fix/1.0/"
///   huntkit:Latitude="52.0906700" huntkit:Longitude="5.1213300" huntkit:AccuracyMetres="12.0"
///   huntkit:FixedAt="2026-05-02T10:15:00.25Z" huntkit:UploadedAt="2026-05-02T10:15:03Z"
///   huntkit:LiveCapture="False"/>
/// ```
public struct BrowserFix: Sendable, Hashable, Codable {
    /// The browser's geolocation fix (WGS84).
    public var position: Coordinate
    /// The fix's accuracy, metres (the browser's `GeolocationCoordinates.accuracy`, a 95 % radius).
    public var accuracyMetres: Double
    /// When the browser took the fix (UTC).
    public var fixedAt: Date
    /// When the server received the upload (UTC).
    public var uploadedAt: Date
    /// Whether the page's camera input took the photo (a task with `live: true`).
    public var liveCapture: Bool

    /// A fix taken at `fixedAt` and uploaded at `uploadedAt` (both absolute times); `liveCapture` for a photo from the page's camera.
    public init(position: Coordinate, accuracyMetres: Double, fixedAt: Date, uploadedAt: Date, liveCapture: Bool = false) {
        self.position = position
        self.accuracyMetres = accuracyMetres
        self.fixedAt = fixedAt
        self.uploadedAt = uploadedAt
        self.liveCapture = liveCapture
    }

    /// The XMP namespace of the sidecar's fields.
    public static let namespace = "https://huntkit.org/ns/browser-fix/1.0/"

    /// The largest sidecar read: the packet is under 1 KB, so anything much larger is not one.
    static let maximumBytes = 64 << 10

    /// The largest accuracy taken as a fix (a browser that knows nothing reports tens of km, not more).
    static let maximumAccuracyMetres = 1_000_000.0

    /// The sidecar's bytes: a small XMP packet in the HuntKit namespace (never `exif:GPS*` tags,
    /// so it is never mixed with the photo's own GPS).
    public func xmpSidecar() -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:huntkit="\(Self.namespace)"
            huntkit:Latitude="\(DecimalText.fixed(position.latitude, places: 7))"
            huntkit:Longitude="\(DecimalText.fixed(position.longitude, places: 7))"
            huntkit:AccuracyMetres="\(DecimalText.fixed(accuracyMetres, places: 1))"
            huntkit:FixedAt="\(Self.utcText(fixedAt))"
            huntkit:UploadedAt="\(Self.utcText(uploadedAt))"
            huntkit:LiveCapture="\(liveCapture ? "True" : "False")"/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="r"?>

        """
    }

    /// Reads a sidecar written by `xmpSidecar()`; nil when the bytes hold no browser fix: too large,
    /// not in the HuntKit namespace, a field missing or malformed, a position that is not a fix
    /// (out of range, not finite, 0, 0), an accuracy that is negative or not finite, a time
    /// without its UTC offset, a packet cut before its closing `</x:xmpmeta>`.
    public static func read(xmp: [UInt8]) -> BrowserFix? {
        // The packet's closing tag: a file cut short (a half-written upload) is not read.
        guard xmp.count <= maximumBytes, xmp.firstRange(of: Array(namespace.utf8)) != nil,
            xmp.firstRange(of: Array("</x:xmpmeta>".utf8)) != nil
        else { return nil }
        func field(_ name: String) -> String? { XMPLocation.value(qualified: "huntkit:" + name, in: xmp) }
        guard let lat = field("Latitude").flatMap(number), let lon = field("Longitude").flatMap(number),
            let accuracy = field("AccuracyMetres").flatMap(number), accuracy >= 0, accuracy <= maximumAccuracyMetres,
            let fixedAt = field("FixedAt").flatMap(date), let uploadedAt = field("UploadedAt").flatMap(date)
        else { return nil }
        let position = Coordinate(latitude: lat, longitude: lon)
        guard position.isFix, let liveText = field("LiveCapture") else { return nil }
        let live: Bool
        switch liveText.lowercased() {
        case "true": live = true
        case "false": live = false
        default: return nil
        }
        return BrowserFix(position: position, accuracyMetres: accuracy, fixedAt: fixedAt, uploadedAt: uploadedAt, liveCapture: live)
    }

    /// The sidecar's file name beside the photo `photoName`: `IMG.jpg` → `IMG.jpg.browser.xmp`.
    /// Not a name `XMPLocation.sidecarNames(for:)` gives for that photo, so the photo's own
    /// `.xmp` sidecar (`IMG.xmp`, `IMG.jpg.xmp`) stays separate.
    public static func sidecarName(for photoName: String) -> String {
        photoName + sidecarSuffix
    }

    /// What every browser-fix sidecar's name ends with.
    public static let sidecarSuffix = ".browser.xmp"

    /// A decimal number as the sidecar writes it (no exponent, hex, `nan` or `inf`).
    private static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.count <= 32,
            text.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// An ISO 8601 date and time with its offset (`Z` or `+02:00`).
    private static func date(_ text: String) -> Date? {
        guard text.count <= 40, case .success(let parts) = DateTimeText.parts(text), parts.offsetSeconds != nil,
            case .success(let date) = DateTimeText.resolve(parts, timeZone: TimeZone(identifier: "UTC")!)
        else { return nil }
        return date
    }

    /// `2026-05-02T10:15:00Z`, milliseconds when not whole seconds (`10:15:00.25Z`).
    static func utcText(_ date: Date) -> String {
        let millis = Int((CivilCalendar.held(date.timeIntervalSince1970) * 1000).rounded())
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let (days, secondOfDay) = CivilCalendar.dayAndSecond(seconds)
        let (y, m, d) = CivilCalendar.civilFromDays(days)
        var year = String(y)
        while year.count < 4 { year = "0" + year }
        var text = "\(year)-\(ClockText.twoDigits(m))-\(ClockText.twoDigits(d))T"
        text += "\(ClockText.twoDigits(secondOfDay / 3600)):\(ClockText.twoDigits(secondOfDay / 60 % 60)):\(ClockText.twoDigits(secondOfDay % 60))"
        let fraction = millis - seconds * 1000
        if fraction != 0 {
            var f = String(fraction)
            while f.count < 3 { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            text += "." + f
        }
        return text + "Z"
    }
}
