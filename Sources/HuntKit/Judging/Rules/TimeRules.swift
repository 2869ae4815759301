import Foundation

extension RuleEngine {
    // MARK: When the photo was taken: capture and GPS time, clock skew, the windows

    func checkTime(_ c: inout SubmissionCase, _ photo: PhotoMetadata) {
        var instant: Date?
        if let local = photo.capturedAt {
            c.evidence.capturedLocal = HuntClock.text(local)
            if let offset = photo.offsetSeconds {
                c.evidence.offset = ClockText.offset(offset)
                instant = clock.instant(of: local, offsetSeconds: offset)
                c.evidence.timeSource = .offset
            } else {
                instant = clock.instant(of: local, offsetSeconds: nil)
                c.evidence.timeSource = .huntTimezone
            }
        }
        if let gps = photo.gpsTime {
            c.evidence.gpsTime = clock.timestamp(gps)
            if let instant {
                let skew = instant.timeIntervalSince(gps)
                c.evidence.clockSkewS = Self.round(skew)
                if abs(skew) > hunt.policy.clockSkew.seconds {
                    c.findings.append(
                        Finding(
                            code: .clockSkew,
                            message:
                                "capture time and GPS time differ by \(MeasureText.duration(abs(skew))); the policy allows \(hunt.policy.clockSkew)"))
                }
            } else {
                instant = gps
                c.evidence.timeSource = .gps
            }
        }
        c.instant = instant
        guard let instant else {
            c.findings.append(Finding(code: .noTime, message: "no capture time and no GPS time: the windows cannot be checked"))
            return
        }
        c.evidence.capturedAt = clock.timestamp(instant)
        checkWindows(&c, instant)
    }

    /// The hunt's window, then the task's; the first one missed is the finding (two calls: a
    /// loop over a literal array of both would allocate that array for every photo). `done`
    /// says what happened at `instant`: a photo was `taken`, an answer `sent`, a check-in `checked in`.
    func checkWindows(_ c: inout SubmissionCase, _ instant: Date, done: String = "taken") {
        if !checkWindow(&c, instant, hunt.window, whose: "the hunt's", done: done) {
            _ = checkWindow(&c, instant, c.task?.judgedWindow, whose: "the task's", done: done)
        }
    }

    /// Adds the finding when `instant` is outside `window`; whether it did.
    private func checkWindow(_ c: inout SubmissionCase, _ instant: Date, _ window: TimeWindow?, whose: String, done: String) -> Bool {
        guard let window else { return false }
        if instant < window.start {
            c.findings.append(
                Finding(
                    code: .beforeWindow, message: Self.missed(instant, done, by: "before", whose + " start", at: window.start, clock: clock)))
            return true
        }
        if instant > window.end {
            c.findings.append(
                Finding(code: .afterWindow, message: Self.missed(instant, done, by: "after", whose + " end", at: window.end, clock: clock)))
            return true
        }
        return false
    }

    /// `taken at 09:38, 21 min 28 s before the hunt's start at 10:00` (or `sent at`): the wall
    /// clock a player reads (the day only when it differs), and the gap, which also tells
    /// 16:00:30 from 16:00.
    static func missed(_ instant: Date, _ done: String, by side: String, _ bound: String, at limit: Date, clock: HuntClock) -> String {
        let (taken, at) = clock.clockTimes(instant, limit)
        return "\(done) at \(taken), \(MeasureText.duration(instant.timeIntervalSince(limit))) \(side) \(bound) at \(at)"
    }
}
