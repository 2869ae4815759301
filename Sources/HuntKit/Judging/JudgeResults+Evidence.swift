import Foundation

extension JudgeResults {
    /// What was measured, for the reasons and for reports.
    ///
    /// Its fields are listed once, in `Field`: every output names and reads them from there.
    public struct Evidence: Sendable, Codable, Hashable {
        /// The position judged (the photo's own, or a browser fix standing in for it), degrees WGS 84; nil without one.
        public var position: Position?
        /// The accuracy used: GPSHPositioningError, else the policy's assumed accuracy.
        public var accuracyM: Double?
        /// Where `accuracyM` came from: the photo, the policy, or the browser's fix.
        public var accuracySource: AccuracySource?
        /// To the centre of a circle or the chosen place; to the edge of an area (0 inside).
        public var distanceM: Double?
        /// Signed distance to the target's edge, negative inside.
        public var edgeDistanceM: Double?
        /// The initial bearing from the photo towards the target, degrees clockwise from north.
        public var bearingDeg: Double?
        /// Where the photo is, seen from the target (`N`: north of it); the opposite of `bearingDeg`.
        public var compass: String?
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
        public var browserAccuracyM: Double?
        /// When the browser took the fix, written in the hunt's timezone.
        public var browserFixedAt: Timestamp?
        /// Seconds from the capture to the browser's fix (negative: the fix came first).
        public var browserGapS: Double?
        /// Metres between the photo's own position and the browser's fix, when there are both.
        public var browserDistanceM: Double?
        /// When the server received the upload, written in the hunt's timezone.
        public var uploadedAt: Timestamp?
        /// Seconds from the capture to the upload.
        public var uploadAgeS: Double?

        /// `Codable` reads and writes the keys of `Field`.
        typealias CodingKeys = Field

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
        }
    }
}

extension JudgeResults.Evidence {
    /// The evidence fields under the names every output gives them: the one list of them.
    ///
    /// results.json is read through it (it is `Evidence`'s `CodingKeys`) and written from it
    /// (`JSONTextWriter` walks `inKeyOrder`), and so is the report's JSON and the console's API,
    /// which send `Evidence` as it is. The CSV's evidence columns and the report templates'
    /// `evidence` take their names and values from `Field` and `self[field]`; the console's page
    /// reads only names listed here. `EvidenceFieldsTests` holds each of them to it.
    public enum Field: String, CodingKey, CaseIterable, Sendable {
        case position
        case accuracyM = "accuracy_m"
        case accuracySource = "accuracy_source"
        case distanceM = "distance_m"
        case edgeDistanceM = "edge_distance_m"
        case bearingDeg = "bearing_deg"
        case compass, band, place
        case capturedAt = "captured_at"
        case capturedLocal = "captured_local"
        case offset
        case timeSource = "time_source"
        case gpsTime = "gps_time"
        case clockSkewS = "clock_skew_s"
        case make, model, software
        case contentHash = "content_hash"
        case format, media
        case durationS = "duration_s"
        case motion, error
        case speedKmh = "speed_kmh"
        case candidates
        case positionSource = "position_source"
        case browserPosition = "browser_position"
        case browserAccuracyM = "browser_accuracy_m"
        case browserFixedAt = "browser_fixed_at"
        case browserGapS = "browser_gap_s"
        case browserDistanceM = "browser_distance_m"
        case uploadedAt = "uploaded_at"
        case uploadAgeS = "upload_age_s"

        /// Sorted by key, the order results.json writes them in.
        static let inKeyOrder = allCases.sorted { $0.rawValue < $1.rawValue }
    }

    /// One field's value.
    public enum Value: Sendable, Hashable {
        case number(Double)
        case text(String)
        case position(JudgeResults.Position)
        case list([String])
    }

    /// The value of `field`; nil when it is absent.
    public subscript(field: Field) -> Value? {
        switch field {
        case .position: position.map(Value.position)
        case .accuracyM: accuracyM.map(Value.number)
        case .accuracySource: accuracySource.map { .text($0.rawValue) }
        case .distanceM: distanceM.map(Value.number)
        case .edgeDistanceM: edgeDistanceM.map(Value.number)
        case .bearingDeg: bearingDeg.map(Value.number)
        case .compass: compass.map(Value.text)
        case .band: band.map { .text($0.rawValue) }
        case .place: place.map(Value.text)
        case .capturedAt: capturedAt.map { .text($0.text) }
        case .capturedLocal: capturedLocal.map(Value.text)
        case .offset: offset.map(Value.text)
        case .timeSource: timeSource.map { .text($0.rawValue) }
        case .gpsTime: gpsTime.map { .text($0.text) }
        case .clockSkewS: clockSkewS.map(Value.number)
        case .make: make.map(Value.text)
        case .model: model.map(Value.text)
        case .software: software.map(Value.text)
        case .contentHash: contentHash.map(Value.text)
        case .format: format.map { .text($0.rawValue) }
        case .media: media.map { .text($0.rawValue) }
        case .durationS: durationS.map(Value.number)
        case .motion: motion.map(Value.text)
        case .error: error.map(Value.text)
        case .speedKmh: speedKmh.map(Value.number)
        case .candidates: candidates.map(Value.list)
        case .positionSource: positionSource.map { .text($0.rawValue) }
        case .browserPosition: browserPosition.map(Value.position)
        case .browserAccuracyM: browserAccuracyM.map(Value.number)
        case .browserFixedAt: browserFixedAt.map { .text($0.text) }
        case .browserGapS: browserGapS.map(Value.number)
        case .browserDistanceM: browserDistanceM.map(Value.number)
        case .uploadedAt: uploadedAt.map { .text($0.text) }
        case .uploadAgeS: uploadAgeS.map(Value.number)
        }
    }

    /// Where the photo is against its task's target (of kind `targetKind`), in the words of the judge's messages (`PlacementText`): `30 m N of Bar El
    /// Federal`. Nil when nothing was measured. The direction comes from `bearingDeg` when there
    /// is one rather than from `compass`, which meant the other side in older results files.
    public func placementText(targetKind: Target.Kind?) -> String? {
        let from = bearingDeg.map { Compass.name(ofBearing: $0 + 180) } ?? compass
        if targetKind == .area {
            guard let edge = edgeDistanceM ?? distanceM else { return nil }
            return PlacementText.phrase(metres: edge, compass: from, reference: .area)
        }
        guard let distanceM else { return nil }
        let reference: PlacementText.Reference = place != nil || targetKind == .places ? .place(place) : .centre
        return PlacementText.phrase(metres: distanceM, compass: from, reference: reference)
    }
}
