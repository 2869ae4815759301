import Foundation

extension Simulator {
    /// Writes `DIR/submissions/<team>/...` (and `DIR/submissions/answers.jsonl` for a hunt with
    /// question or check-in tasks) and `DIR/answers.json`, all or nothing (one
    /// `OutputBatch`: no photo replaces an existing file, none replaces the hunt's files);
    /// returns the answers.
    @discardableResult
    public func write(to folder: URL) throws -> AnswerFile {
        let (photos, answers) = try plan()
        let batch = OutputBatch(inputs: [hunt.fileURL].compactMap { $0 } + hunt.targetFiles, destination: folder.relativePathForDisplay)
        let submissions = folder.appendingPathComponent("submissions")
        try batch.makeFolder(submissions, displayPath: submissions.relativePathForDisplay)
        try batch.lockFolder(folder, displayPath: folder.relativePathForDisplay)
        var folders = Set<String>()
        for photo in photos where photo.answer == nil {
            let url = submissions.appendingPathComponent(photo.path)
            let parent = url.deletingLastPathComponent()
            if folders.insert(parent.path).inserted {
                try batch.makeFolder(parent, displayPath: parent.relativePathForDisplay)
            }
            let bytes =
                photo.video.map { Self.movie(photo.tags, format: $0, instant: photo.instant, identity: photo.identity) }
                ?? JPEGWriter.jpeg(tags: photo.tags, image: SyntheticImage(identity: photo.identity, hue: photo.hue))
            try batch.stage(bytes, to: url, displayPath: url.relativePathForDisplay, replacing: false)
            if let fix = photo.browserFix {
                let sidecar = url.deletingLastPathComponent().appendingPathComponent(BrowserFix.sidecarName(for: url.lastPathComponent))
                try batch.stage(Array(fix.xmpSidecar().utf8), to: sidecar, displayPath: sidecar.relativePathForDisplay, replacing: false)
            }
            if photo.motion {
                let motion = Self.movie(photo.tags, format: .mov, instant: photo.instant, identity: ~photo.identity)
                let motionURL = url.deletingPathExtension().appendingPathExtension("mov")
                try batch.stage(motion, to: motionURL, displayPath: motionURL.relativePathForDisplay, replacing: false)
            }
        }
        let log = answerLog(photos, checkIns: plannedCheckIns(after: photos))
        if !log.isEmpty {
            let url = submissions.appendingPathComponent(AnswerAttempt.logName)
            try batch.stage(log, to: url, displayPath: url.relativePathForDisplay, replacing: false)
        }
        let answersURL = folder.appendingPathComponent("answers.json")
        try batch.stage(Array(try answers.jsonData()), to: answersURL, displayPath: answersURL.relativePathForDisplay)
        try batch.commit()
        return answers
    }

    /// A video with the photo's tags: a MOV with Apple's keys (the creation date with its offset
    /// when the tags have one), or an MP4/3GP with `©xyz` (as Android writes it); the movie header
    /// holds `instant`. Videos carry no GPS time. `identity` sets the duration, so two videos differ.
    static func movie(_ tags: PhotoTags, format: PhotoMetadata.Format, instant: Date, identity: UInt64) -> [UInt8] {
        var m = QuickTimeWriter.Movie(format: format)
        m.appleKeys = format == .mov
        m.position = tags.position
        // The plan puts a position a few metres inside its target; 4 decimals (as phones write)
        // could move it up to 5.6 m, outside. 6 keep it to 6 cm, like the photos' EXIF.
        m.positionDecimals = 6
        m.altitudeMetres = tags.altitudeMetres
        m.horizontalAccuracyMetres = tags.horizontalAccuracyMetres
        if let local = tags.capturedAt {
            m.movieCreated = instant
            if m.appleKeys, let written = tags.offsetSeconds {
                m.creationDate = local
                m.creationOffsetSeconds = written
            }
        }
        m.make = tags.make
        m.model = tags.model
        m.software = tags.software
        m.durationSeconds = 1 + Double(identity % 20_000) / 1000
        m.width = 1920
        m.height = 1080
        m.rotationDegrees = identity % 3 == 0 ? 90 : 0
        return QuickTimeWriter.bytes(m, mediaDataBytes: Int(identity % 512))
    }
}
