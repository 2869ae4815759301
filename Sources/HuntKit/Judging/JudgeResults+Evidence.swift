import Foundation

extension JudgeResults {
    /// What was measured, for the reasons and for reports.
    ///
    /// Its fields are listed once, in `Field.allCases`: every output names and reads them from there.
    public struct Evidence: Sendable, Codable, Hashable {
        /// The position judged (the photo's own, or a browser fix standing in for it), degrees WGS 84; nil without one.
        public var position: Position?
        /// The accuracy used: GPSHPositioningError, else the policy's assumed accuracy.
        public var accuracy: Length?
        /// Where `accuracy` came from: the photo, the policy, or the browser's fix.
        public var accuracySource: AccuracySource?
        /// To the centre of a circle or the chosen place; to the edge of an area (0 inside).
        public var distance: Length?
        /// Signed distance to the target's edge, negative inside.
        public var edgeDistance: Length?
        /// The initial bearing from the photo towards the target, degrees clockwise from north.
        public var bearingDeg: Double?
        /// Where the photo is, seen from the target (`N`: north of it); the opposite of `bearingDeg`.
        public var compass: Compass?
        /// Agrees with the placement: `found` inside the target, never outside.
        public var band: Band?
        /// The name of the place judged against, for a `places` target (the nearest place); nil otherwise.
        public var place: String?
        /// The capture time, written in the hunt's timezone.
        public var capturedAt: Timestamp?
        /// DateTimeOriginal as written by the camera.
        public var capturedLocal: String?
        /// OffsetTimeOriginal, `+02:00`, when the photo has it.
        public var offset: String?
        /// How the capture instant was found: `offset`, `hunt-timezone` or `gps`.
        public var timeSource: TimeSource?
        /// The GPS time stamp, written in the hunt's timezone.
        public var gpsTime: Timestamp?
        /// Capture time minus GPS time, seconds (positive: the camera's clock is ahead); compared with the policy's `clock-skew`.
        public var clockSkewS: Double?
        /// The camera or phone maker, from EXIF Make.
        public var make: String?
        /// The camera or phone model, from EXIF Model.
        public var model: String?
        /// EXIF Software as written; an editor's name here is what gives `edited`.
        public var software: String?
        /// A hex digest of the file's bytes: files with the same hash are `duplicate-of` each other.
        public var contentHash: String?
        /// The container format found in the file (`JPEG`, `HEIC`, `MOV`, …).
        public var format: PhotoMetadata.Format?
        /// `video` for a video (absent for a photo).
        public var media: PhotoMetadata.Media?
        /// A video's length, seconds.
        public var durationS: Double?
        /// A Live Photo's motion part (a MOV beside this still), relative to the submissions folder.
        public var motion: String?
        /// Why the file could not be read.
        public var error: String?
        /// Speed from the team's previous photo, km/h.
        public var speedKmh: Double?
        /// Tasks whose targets contain the position, for ambiguous-task.
        public var candidates: [String]?
        /// `browser` when the position judged is not the photo's own but the players' page's
        /// browser fix at upload; absent for the photo's own.
        public var positionSource: PositionSource?
        /// The browser's fix at upload (`BrowserFix`), when the photo came with one.
        public var browserPosition: Position?
        /// The browser fix's accuracy, metres.
        public var browserAccuracy: Length?
        /// When the browser took the fix, written in the hunt's timezone.
        public var browserFixedAt: Timestamp?
        /// Seconds from the capture to the browser's fix (negative: the fix came first).
        public var browserGapS: Double?
        /// Metres between the photo's own position and the browser's fix, when there are both.
        public var browserDistance: Length?
        /// When the server received the upload, written in the hunt's timezone.
        public var uploadedAt: Timestamp?
        /// Seconds from the capture to the upload.
        public var uploadAgeS: Double?
        /// What the team typed or chose, for an answer or choice task (`capturedAt` is when it was sent).
        public var answer: String?
        /// The accepted answer or choice it matched, as the hunt file writes it.
        public var answerMatched: String?
        /// For an answer close to an accepted one (`close-answer`): that answer, for the judge to
        /// read beside what was typed.
        public var answerExpected: String?
        /// Which of the team's tries at the task this is, counting from 1 in time order.
        public var attempt: Double?
        /// How many tries the task allows the team (`attempts:`, else the default).
        public var attemptsAllowed: Double?
        /// For a check-in at a `dwell` task: seconds from the first check-in of the stay it belongs to.
        public var stayS: Double?

        /// Where the accuracy used came from.
        public enum AccuracySource: String, Sendable, Hashable, Codable, CaseIterable {
            /// The photo's GPSHPositioningError.
            case photo
            /// The policy's assumed accuracy (`policy.accuracy`): the photo records none.
            case policy
            /// The browser's fix, which stands in for the photo's position.
            case browser
        }

        /// How the capture instant was found.
        public enum TimeSource: String, Sendable, Hashable, Codable, CaseIterable {
            /// DateTimeOriginal read with the photo's own OffsetTimeOriginal.
            case offset
            /// DateTimeOriginal read in the hunt's timezone: the photo records no offset.
            case huntTimezone = "hunt-timezone"
            /// The GPS time stamp: the photo records no capture time.
            case gps
        }

        /// Where the position judged came from, when not from the photo itself.
        public enum PositionSource: String, Sendable, Hashable, Codable, CaseIterable {
            /// The players' page's browser fix at upload (`BrowserFix`).
            case browser
            /// A check-in: the browser's position the page sent, with no photo (`CheckInPosition`).
            case checkIn = "check-in"
        }
    }
}

extension JudgeResults.Evidence {
    /// One evidence field: the property it is, and its key in every output.
    ///
    /// `allCases` lists them, each once, as the key and the property: results.json is read and
    /// written through it (it is `Evidence`'s coding key), and so is the report's JSON and the
    /// console's API, which send `Evidence` as it is. The CSV's evidence columns and the report
    /// templates' `evidence` take their names and values from it; the console's page reads only
    /// names listed here. `EvidenceFieldsTests` holds each of them to it.
    public struct Field: CodingKey, Hashable, Sendable, CustomStringConvertible {
        /// The key, the property and what reads and writes it, in one object: a field is copied
        /// for each use, 40 fields for each of 20,000 photos' evidence, and one reference is one
        /// count to keep where five were (a results.json written or read a tenth faster).
        private let operations: Operations

        /// The key: `distance_m`.
        public var stringValue: String { operations.key }
        /// The property.
        var path: PartialKeyPath<JudgeResults.Evidence> & Sendable { operations.path }

        private final class Operations: Sendable {
            let key: String
            let path: PartialKeyPath<JudgeResults.Evidence> & Sendable
            let read: @Sendable (JudgeResults.Evidence) -> Value?
            let decode: @Sendable (inout JudgeResults.Evidence, KeyedDecodingContainer<Field>, Field) throws -> Void
            let encode: @Sendable (JudgeResults.Evidence, inout KeyedEncodingContainer<Field>, Field) throws -> Void

            init(
                key: String, path: PartialKeyPath<JudgeResults.Evidence> & Sendable, read: @escaping @Sendable (JudgeResults.Evidence) -> Value?,
                decode: @escaping @Sendable (inout JudgeResults.Evidence, KeyedDecodingContainer<Field>, Field) throws -> Void,
                encode: @escaping @Sendable (JudgeResults.Evidence, inout KeyedEncodingContainer<Field>, Field) throws -> Void
            ) {
                (self.key, self.path, self.read, self.decode, self.encode) = (key, path, read, decode, encode)
            }
        }

        /// The property `path` under the key `key`; `get` reads it. results.json reads every field
        /// of 20,000 photos' evidence: through the key path, which copied the whole evidence for
        /// each field, a judge run took a fifth longer. `EvidenceFieldsTests` checks that `get`
        /// and `path` are the same property.
        init<V: EvidenceValue>(
            _ key: String, _ path: WritableKeyPath<JudgeResults.Evidence, V?> & Sendable,
            _ get: @escaping @Sendable (JudgeResults.Evidence) -> V?
        ) {
            operations = Operations(
                key: key, path: path, read: { get($0)?.evidenceValue },
                // Only a field present is written: evidence starts empty, and a key path's write
                // is most of what a field costs.
                decode: { evidence, container, field in if let value = try V.decode(container, field) { evidence[keyPath: path] = value } },
                encode: { evidence, container, field in try get(evidence)?.coded.writeEvidence(into: &container, key: field) })
        }

        fileprivate func read(_ evidence: JudgeResults.Evidence) -> Value? { operations.read(evidence) }
        fileprivate func decode(_ evidence: inout JudgeResults.Evidence, _ container: KeyedDecodingContainer<Field>) throws {
            try operations.decode(&evidence, container, self)
        }
        fileprivate func encode(_ evidence: JudgeResults.Evidence, _ container: inout KeyedEncodingContainer<Field>) throws {
            try operations.encode(evidence, &container, self)
        }

        /// The field named `stringValue`; nil for a key that names none.
        public init?(stringValue: String) {
            guard let field = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
            self = field
        }

        /// The field of the property `path`; nil for a property that is not a field.
        public init?(_ path: PartialKeyPath<JudgeResults.Evidence>) {
            guard let field = Self.allCases.first(where: { $0.path == path }) else { return nil }
            self = field
        }

        /// None: fields are named, not numbered.
        public init?(intValue: Int) { nil }
        /// None: fields are named, not numbered.
        public var intValue: Int? { nil }
        public var description: String { stringValue }
        public static func == (a: Field, b: Field) -> Bool { a.stringValue == b.stringValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(stringValue) }

        /// Every evidence field, in the properties' order: the one list of them.
        public static let allCases: [Field] = [
            Field("position", \.position, { $0.position }),
            Field("accuracy_m", \.accuracy, { $0.accuracy }),
            Field("accuracy_source", \.accuracySource, { $0.accuracySource }),
            Field("distance_m", \.distance, { $0.distance }),
            Field("edge_distance_m", \.edgeDistance, { $0.edgeDistance }),
            Field("bearing_deg", \.bearingDeg, { $0.bearingDeg }),
            Field("compass", \.compass, { $0.compass }),
            Field("band", \.band, { $0.band }),
            Field("place", \.place, { $0.place }),
            Field("captured_at", \.capturedAt, { $0.capturedAt }),
            Field("captured_local", \.capturedLocal, { $0.capturedLocal }),
            Field("offset", \.offset, { $0.offset }),
            Field("time_source", \.timeSource, { $0.timeSource }),
            Field("gps_time", \.gpsTime, { $0.gpsTime }),
            Field("clock_skew_s", \.clockSkewS, { $0.clockSkewS }),
            Field("make", \.make, { $0.make }),
            Field("model", \.model, { $0.model }),
            Field("software", \.software, { $0.software }),
            Field("content_hash", \.contentHash, { $0.contentHash }),
            Field("format", \.format, { $0.format }),
            Field("media", \.media, { $0.media }),
            Field("duration_s", \.durationS, { $0.durationS }),
            Field("motion", \.motion, { $0.motion }),
            Field("error", \.error, { $0.error }),
            Field("speed_kmh", \.speedKmh, { $0.speedKmh }),
            Field("candidates", \.candidates, { $0.candidates }),
            Field("position_source", \.positionSource, { $0.positionSource }),
            Field("browser_position", \.browserPosition, { $0.browserPosition }),
            Field("browser_accuracy_m", \.browserAccuracy, { $0.browserAccuracy }),
            Field("browser_fixed_at", \.browserFixedAt, { $0.browserFixedAt }),
            Field("browser_gap_s", \.browserGapS, { $0.browserGapS }),
            Field("browser_distance_m", \.browserDistance, { $0.browserDistance }),
            Field("uploaded_at", \.uploadedAt, { $0.uploadedAt }),
            Field("upload_age_s", \.uploadAgeS, { $0.uploadAgeS }),
            Field("answer", \.answer, { $0.answer }),
            Field("answer_matched", \.answerMatched, { $0.answerMatched }),
            Field("answer_expected", \.answerExpected, { $0.answerExpected }),
            Field("attempt", \.attempt, { $0.attempt }),
            Field("attempts_allowed", \.attemptsAllowed, { $0.attemptsAllowed }),
            Field("stay_s", \.stayS, { $0.stayS })
        ]

        /// Sorted by key, the order results.json writes them in.
        static let inKeyOrder = allCases.sorted { $0.stringValue < $1.stringValue }
    }

    /// One field's value.
    public enum Value: Sendable, Hashable {
        case number(Double)
        case text(String)
        case position(JudgeResults.Position)
        case list([String])
    }

    /// The value of `field`; nil when it is absent.
    public subscript(field: Field) -> Value? { field.read(self) }

    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: Field.self)
        for field in Field.allCases { try field.decode(&self, container) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        for field in Field.allCases { try field.encode(self, &container) }
    }

    /// Where the photo is against its task's target (of kind `targetKind`), in the words of the judge's messages (`PlacementText`): `30 m N of Bar El
    /// Federal`. Nil when nothing was measured. The direction comes from `bearingDeg` when there
    /// is one rather than from `compass`, which meant the other side in older results files.
    public func placementText(targetKind: Target.Kind?, units: UnitSystem = .metric) -> String? {
        let from = bearingDeg.map { Compass(bearing: $0 + 180) } ?? compass
        if targetKind == .area {
            guard let edge = edgeDistance ?? distance else { return nil }
            return PlacementText.phrase(metres: edge.metres, compass: from, reference: .area, units: units)
        }
        guard let distance else { return nil }
        let reference: PlacementText.Reference = place != nil || targetKind == .places ? .place(place) : .centre
        return PlacementText.phrase(metres: distance.metres, compass: from, reference: reference, units: units)
    }
}

/// What an evidence field holds: its value as outputs show it, and as `Codable` writes it.
protocol EvidenceValue: Sendable {
    /// What results.json writes: a text, a number, a list of texts or a position.
    associatedtype Coded: EvidenceCoding
    var evidenceValue: JudgeResults.Evidence.Value { get }
    var coded: Coded { get }
    /// Nil for a coded value that names none (a band no band has, a text that is no time).
    init?(coded: Coded)
    /// Why `coded` is not a value of this type, for the error that names the field.
    static func notAValue(_ coded: Coded) -> String
}

extension EvidenceValue {
    static func notAValue(_ coded: Coded) -> String { "Cannot initialize \(Self.self) from invalid value \(coded)" }

    /// The value under `key`; nil when the object has none.
    static func decode(_ container: KeyedDecodingContainer<JudgeResults.Evidence.Field>, _ key: JudgeResults.Evidence.Field) throws -> Self? {
        guard let coded = try Coded.readEvidence(from: container, key: key) else { return nil }
        guard let value = Self(coded: coded) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: notAValue(coded))
        }
        return value
    }
}

extension EvidenceValue where Coded == Self {
    var coded: Self { self }
    init(coded: Self) { self = coded }
}

/// Written as its raw text.
extension EvidenceValue where Self: RawRepresentable<String> {
    var evidenceValue: JudgeResults.Evidence.Value { .text(rawValue) }
    var coded: String { rawValue }
    init?(coded: String) { self.init(rawValue: coded) }
    static func notAValue(_ coded: String) -> String { "Cannot initialize \(Self.self) from invalid String value \(coded)" }
}

/// How an evidence value is written in results.json. Texts and numbers go through the
/// containers' own `String` and `Double` calls: their generic calls ask the type at run time, and
/// results.json holds about 20 fields for each of 20,000 photos.
protocol EvidenceCoding: Codable {
    static func readEvidence(from container: KeyedDecodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws -> Self?
    func writeEvidence(into container: inout KeyedEncodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws
}

extension EvidenceCoding {
    static func readEvidence(from container: KeyedDecodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws -> Self? {
        try container.decodeIfPresent(Self.self, forKey: key)
    }
    func writeEvidence(into container: inout KeyedEncodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws {
        try container.encode(self, forKey: key)
    }
}

extension String: EvidenceCoding {
    static func readEvidence(from container: KeyedDecodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws -> String?
    {
        try container.decodeIfPresent(String.self, forKey: key)
    }
    func writeEvidence(into container: inout KeyedEncodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws {
        try container.encode(self, forKey: key)
    }
}
extension Double: EvidenceCoding {
    static func readEvidence(from container: KeyedDecodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws -> Double?
    {
        try container.decodeIfPresent(Double.self, forKey: key)
    }
    func writeEvidence(into container: inout KeyedEncodingContainer<JudgeResults.Evidence.Field>, key: JudgeResults.Evidence.Field) throws {
        try container.encode(self, forKey: key)
    }
}
extension Array: EvidenceCoding where Element == String {}
extension JudgeResults.Position: EvidenceCoding {}

extension Double: EvidenceValue { var evidenceValue: JudgeResults.Evidence.Value { .number(self) } }
extension String: EvidenceValue { var evidenceValue: JudgeResults.Evidence.Value { .text(self) } }
extension Array: EvidenceValue where Element == String { var evidenceValue: JudgeResults.Evidence.Value { .list(self) } }
extension JudgeResults.Position: EvidenceValue { var evidenceValue: JudgeResults.Evidence.Value { .position(self) } }
/// Written as its text.
extension Timestamp: EvidenceValue {
    var evidenceValue: JudgeResults.Evidence.Value { .text(text) }
    var coded: String { text }
    init?(coded: String) { self.init(coded) }
    static func notAValue(_ coded: String) -> String { notATime(coded) }
}
/// Metres, as a number.
extension Length: EvidenceValue {
    var evidenceValue: JudgeResults.Evidence.Value { .number(metres) }
    var coded: Double { metres }
    init(coded: Double) { self.init(metres: coded) }
}
extension Band: EvidenceValue {}
extension Compass: EvidenceValue {}
extension PhotoMetadata.Format: EvidenceValue {}
extension PhotoMetadata.Media: EvidenceValue {}
extension JudgeResults.Evidence.AccuracySource: EvidenceValue {}
extension JudgeResults.Evidence.TimeSource: EvidenceValue {}
extension JudgeResults.Evidence.PositionSource: EvidenceValue {}
