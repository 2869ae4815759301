/// A Live Photo arrives as two files: the still (HEIC or JPEG) and a short motion video (MOV).
/// They are one submission: the still is judged, and the video is kept beside it as
/// `evidence.motion` rather than judged on its own (so it is never a `duplicate-of` or a
/// second completion).
///
/// Two files of one team pair when one is a photo and the other a video, and either both carry
/// the same Apple content identifier, or they lie in the same folder with the same base name
/// (ignoring case and extension) and capture times at most `maxGapSeconds` apart.
enum LivePhotos {
    static let maxGapSeconds = 1.0

    /// Pairs motion videos with their stills: each paired video leaves `cases`, its path goes
    /// into the still's evidence, and the remaining cases are indexed afresh (`cases[i].index == i`).
    /// Returns whether anything was paired.
    static func pair(_ cases: inout [SubmissionCase]) -> Bool {
        guard cases.contains(where: { $0.evidence.media == .video }) else { return false }
        var byIdentifier: [String: Int] = [:]
        var byName: [String: [Int]] = [:]
        for (i, c) in cases.enumerated() where c.evidence.media == nil && c.evidence.format != nil {
            if let id = c.contentIdentifier { byIdentifier[c.submission.team + "\u{0}" + id] = byIdentifier[c.submission.team + "\u{0}" + id] ?? i }
            byName[nameKey(c.submission), default: []].append(i)
        }
        var motionOf: [Int: Int] = [:]  // video index → still index
        var taken = Set<Int>()
        for (v, video) in cases.enumerated() where video.evidence.media == .video {
            var still: Int?
            if let id = video.contentIdentifier, let i = byIdentifier[video.submission.team + "\u{0}" + id], !taken.contains(i) {
                still = i
            } else if let instant = video.instant {
                still = byName[nameKey(video.submission)]?.first { i in
                    guard !taken.contains(i), let other = cases[i].instant else { return false }
                    if let a = cases[i].contentIdentifier, let b = video.contentIdentifier, a != b { return false }
                    return abs(other.timeIntervalSince(instant)) <= maxGapSeconds
                }
            }
            guard let still else { continue }
            taken.insert(still)
            motionOf[v] = still
        }
        guard !motionOf.isEmpty else { return false }
        for (v, still) in motionOf { cases[still].evidence.motion = cases[v].submission.path }
        var kept: [SubmissionCase] = []
        kept.reserveCapacity(cases.count - motionOf.count)
        for (i, c) in cases.enumerated() where motionOf[i] == nil {
            var c = c
            c.index = kept.count
            kept.append(c)
        }
        cases = kept
        return true
    }

    /// Team, folder and lower-cased base name: `foxes/dom-tower/img_0001`.
    static func nameKey(_ s: Submission) -> String {
        let path = s.path
        let slash = path.lastIndex(of: "/")
        let nameStart = slash.map { path.index(after: $0) } ?? path.startIndex
        let dot = path[nameStart...].lastIndex(of: ".") ?? path.endIndex
        return s.team + "\u{0}" + path[..<dot].lowercased()
    }
}
