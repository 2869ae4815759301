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
                    c.findings.append(Finding(code: .clockSkew, message: "capture time and GPS time differ by \(MeasureText.duration(abs(skew))); the policy allows \(hunt.policy.clockSkew)"))
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
        for (window, whose) in [(hunt.window, "the hunt's"), (c.task?.window, "the task's")] {
            guard let window else { continue }
            if instant < window.start {
                c.findings.append(Finding(code: .beforeWindow, message: "taken \(clock.iso(instant)), before \(whose) window opened at \(clock.iso(window.start))"))
                break
            }
            if instant > window.end {
                c.findings.append(Finding(code: .afterWindow, message: "taken \(clock.iso(instant)), after \(whose) window closed at \(clock.iso(window.end))"))
                break
            }
        }
    }
}
