import Foundation

extension RuleEngine {
    // MARK: The players' page: the browser's fix at upload, and live capture

    /// The browser's fix beside the photo (`BrowserFix`): always into the evidence; the photo's
    /// own GPS wins when it has one (the evidence then holds both and the distance between them);
    /// without one, as `policy.browserPosition` says, the fix stands in for the position (`photo`
    /// is the judge's working copy) when it is close enough in time to the capture and precise
    /// enough, else the photo is `browser-fix-weak`.
    func considerBrowserFix(_ c: inout SubmissionCase, _ photo: inout PhotoMetadata) {
        guard let fix = photo.browserFix else { return }
        let policy = hunt.policy
        let captured = photo.capturedAt.flatMap { clock.instant(of: $0, offsetSeconds: photo.offsetSeconds) } ?? photo.gpsTime
        c.evidence.browserPosition = JudgeResults.Position(lat: fix.position.latitude, lon: fix.position.longitude)
        c.evidence.browserAccuracy = .metres(Self.round(fix.accuracyMetres))
        c.evidence.browserFixedAt = clock.timestamp(fix.fixedAt)
        c.evidence.uploadedAt = clock.timestamp(fix.uploadedAt)
        let gap = captured.map { fix.fixedAt.timeIntervalSince($0) }
        if let captured {
            c.evidence.browserGapS = Self.round(gap!)
            c.evidence.uploadAgeS = Self.round(fix.uploadedAt.timeIntervalSince(captured))
        }
        if let own = photo.position, own.isFix {
            c.evidence.browserDistance = .metres(Self.round(Geodesic.distanceMetres(from: own, to: fix.position)))
            return
        }
        guard policy.browserPosition != .ignore else { return }
        let accuracy = MeasureText.distance(fix.accuracyMetres)
        guard let gap else {
            c.findings.append(
                Finding(
                    code: .browserFixWeak,
                    message: "the photo records no position and no time, so the browser's fix at upload (±\(accuracy)) cannot be tied to it"))
            return
        }
        let when = gap == 0 ? "at the capture" : "\(MeasureText.duration(gap)) \(gap < 0 ? "before" : "after") the capture"
        if abs(gap) > policy.browserMaxGap.seconds {
            c.findings.append(
                Finding(
                    code: .browserFixWeak,
                    message: "the photo records no position, and the browser's fix was taken \(when); the policy allows \(policy.browserMaxGap)"))
            return
        }
        if fix.accuracyMetres > policy.browserMaxAccuracy.metres {
            c.findings.append(
                Finding(
                    code: .browserFixWeak,
                    message:
                        "the photo records no position, and the browser's fix is accurate only to \(accuracy); the policy allows \(MeasureText.distance(policy.browserMaxAccuracy.metres))"
                ))
            return
        }
        photo.position = fix.position
        photo.horizontalAccuracyMetres = fix.accuracyMetres
        c.evidence.positionSource = .browser
        c.findings.append(
            Finding(code: .browserPosition, message: "the photo records no position; judged at the browser's fix (±\(accuracy), taken \(when))"))
    }

    /// A `live: true` task takes a photo the players' page's camera took (`BrowserFix.liveCapture`)
    /// and sent within `policy.liveMaxAge` of its capture.
    func checkLive(_ c: inout SubmissionCase, _ photo: PhotoMetadata) {
        guard let task = c.task, task.live else { return }
        guard let fix = photo.browserFix, fix.liveCapture else {
            let how = photo.browserFix == nil ? "this one did not come through the page" : "this one was chosen from the phone's photos"
            c.findings.append(Finding(code: .notLive, message: "task `\(task.id)` asks for a photo taken with the players' page's camera; \(how)"))
            return
        }
        guard let captured = c.instant else { return }
        let age = fix.uploadedAt.timeIntervalSince(captured)
        if age > hunt.policy.liveMaxAge.seconds {
            c.findings.append(
                Finding(
                    code: .notLive,
                    message:
                        "sent \(MeasureText.duration(age)) after it was taken; task `\(task.id)` is live and the policy allows \(hunt.policy.liveMaxAge)"
                ))
        }
    }
}
