import Foundation

/// How reports say distances and times: as a player or an organizer would read them.
enum ReportText {
    /// "240 m SW of the target's centre — warm", "30 m N of Bar El Federal — hot": where the
    /// photo is, seen from the target, as the judge's message says it; "inside" for a position
    /// within the target.
    static func miss(_ evidence: JudgeResults.Evidence, targetKind: Target.Kind?) -> String? {
        if let edge = evidence.edgeDistance, edge.metres <= 0, evidence.distance != nil { return "inside" }
        guard var text = evidence.placementText(targetKind: targetKind) else { return nil }
        if let band = evidence.band { text += " — \(band.rawValue)" }
        return text
    }

    /// A time written by the judge (`2026-05-02T11:03:20+02:00`) as "11:03" when it is on
    /// `huntDay` (`2026-05-02`, the day of a one-day hunt), else "2026-05-02 11:03". Anything
    /// else is returned as it is.
    static func time(_ iso: String?, huntDay: String?) -> String? {
        guard let iso else { return nil }
        // The judge writes ASCII: when the first 17 bytes are ASCII and none a CR (the only ASCII
        // that joins its neighbour into one Character), bytes are Characters. Else count Characters.
        var contiguous = iso
        if let fast = contiguous.withUTF8({ b -> String?? in
            guard b.count >= 16, !b.prefix(17).contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return nil }
            guard b[10] == UInt8(ascii: "T") else { return .some(iso) }
            let clock = String(decoding: UnsafeBufferPointer(rebasing: b[11..<16]), as: UTF8.self)
            let day = String(decoding: UnsafeBufferPointer(rebasing: b[0..<10]), as: UTF8.self)
            return .some(day == huntDay ? clock : day + " " + clock)
        }) {
            return fast
        }
        let chars = Array(iso)
        guard chars.count >= 16, chars[10] == "T" else { return iso }
        let clock = String(chars[11..<16]), day = String(chars[0..<10])
        return day == huntDay ? clock : "\(day) \(clock)"
    }

    /// "2026-05-02 10:00 – 16:00" or "2026-05-02 10:00 – 2026-05-03 16:00".
    static func window(_ window: JudgeResults.Window?) -> String? {
        guard let window else { return nil }
        let start = time(window.start.text, huntDay: nil) ?? window.start.text
        let end = time(window.end.text, huntDay: window.start.day) ?? window.end.text
        return "\(start) – \(end)"
    }

    static func coordinate(_ p: JudgeResults.Position) -> String {
        String(format: "%.5f, %.5f", p.lat, p.lon)
    }

    /// "circle of 75 m around 52.09067, 5.12133", "area france.geojson", "any of 12 places (25 m)".
    /// What a task asks: its target, or for a `choose` task `any 3 of these 5: …` (a group's
    /// tasks by title) or `any 3 of these 5 places (30 m) from cafes.geojson`.
    static func target(of task: JudgeResults.TaskResult, titles: [String: String]) -> String {
        guard let count = task.choose else { return target(task.target) }
        if let members = task.tasks {
            return Choice.describe(count, of: members.count) + ": " + members.map { titles[$0] ?? $0 }.joined(separator: ", ")
        }
        let radius = task.target?.radiusM.map { " (\(MeasureText.distance($0)))" } ?? ""
        return Choice.describe(count, of: task.target?.places ?? 0) + " places\(radius)" + (task.target?.file.map { " from \($0)" } ?? "")
    }

    static func target(_ target: JudgeResults.TargetInfo?) -> String {
        guard let target else { return "no target" }
        switch target.kind {
        case .circle:
            let radius = target.radiusM.map(MeasureText.distance) ?? "?"
            return "circle of \(radius) around \(target.center.map(coordinate) ?? "?")"
        case .area:
            return "area \(target.file ?? "")".trimmingCharacters(in: .whitespaces)
        case .places:
            let count = target.places.map { "\($0) place\($0 == 1 ? "" : "s")" } ?? "places"
            let radius = target.radiusM.map { " (\(MeasureText.distance($0)))" } ?? ""
            return "any of \(count)\(radius)\(target.file.map { " from \($0)" } ?? "")"
        }
    }

    /// One line of evidence: "240 m SW of the target's centre — warm · ±12 m (photo) · 11:03 · Apple iPhone 15". The
    /// clock gap, speed and software are named only when a reason is about them.
    /// `video 0:03`, `video 1:02:03`, `video` (no duration) for a video; nil for a photo.
    static func video(_ e: JudgeResults.Evidence) -> String? {
        guard e.media == .video else { return nil }
        guard let seconds = e.durationS, seconds.isFinite, seconds >= 0, seconds < 1e9 else { return "video" }
        let s = Int(seconds.rounded(.up))
        return s >= 3600
            ? "video \(s / 3600):\(ClockText.twoDigits(s / 60 % 60)):\(ClockText.twoDigits(s % 60))"
            : "video \(s / 60):\(ClockText.twoDigits(s % 60))"
    }

    /// An answer's evidence: `answered “Minaert”`, then `expected “Minnaert”` (close) or
    /// `matched “Minnaert”`, and `try 2 of 5`.
    static func answer(_ e: JudgeResults.Evidence, typed: String) -> [String] {
        var parts = ["answered “\(TerminalText.visible(String(typed.prefix(200))))”"]
        if let expected = e.answerExpected {
            parts.append("expected “\(expected)”")
        } else if let matched = e.answerMatched {
            parts.append("matched “\(matched)”")
        }
        if let attempt = e.attempt {
            parts.append("try \(Int(attempt))" + (e.attemptsAllowed.map { " of \(Int($0))" } ?? ""))
        }
        return parts
    }

    static func evidence(_ e: JudgeResults.Evidence, targetKind: Target.Kind?, reasons: Set<ReasonCode>, huntDay: String?) -> String {
        var parts: [String] = []
        if let video = video(e) { parts.append(video) }
        if let motion = e.motion { parts.append("Live Photo (motion: \(motion))") }
        if let answer = e.answer { parts += self.answer(e, typed: answer) }
        if e.positionSource == .checkIn { parts.append(e.stayS.map { "check-in, \(MeasureText.duration($0)) into the stay" } ?? "check-in") }
        if e.answer != nil, e.position == nil {
            // An answer has no position to speak of.
        } else if let miss = miss(e, targetKind: targetKind) {
            parts.append(miss == "inside" ? e.place.map { "inside of \($0)" } ?? miss : miss)
        } else if e.position == nil, e.error == nil {
            parts.append("no position")
        }
        if let a = e.accuracy { parts.append("±\(MeasureText.distance(a))\(e.accuracySource.map { " (\($0.rawValue))" } ?? "")") }
        if let t = time(e.capturedAt?.text, huntDay: huntDay) { parts.append(t) }
        if let skew = e.clockSkewS, reasons.contains(.clockSkew) || abs(skew) >= 60 {
            parts.append("camera clock \(MeasureText.duration(skew)) \(skew < 0 ? "behind" : "ahead of") GPS")
        }
        if let speed = e.speedKmh, reasons.contains(.tooFast) {
            parts.append("\(Int(exactly: speed.rounded()).map(String.init) ?? String(format: "%.0f", speed)) km/h from the previous photo")
        }
        let device = [e.make, e.model].compactMap { $0 }.joined(separator: " ")
        if !device.isEmpty { parts.append(device) }
        if let software = e.software, reasons.contains(.edited) { parts.append("edited with \(software)") }
        if let error = e.error { parts.append(error) }
        return parts.joined(separator: " · ")
    }
}
