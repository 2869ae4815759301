import Foundation
import Testing
@testable import HuntKit

/// The players' page's browser fix at upload: what `policy.browser-position` makes of it for a
/// photo without a position, the gap and accuracy limits, a photo with its own GPS (which wins),
/// and `live: true` tasks.
@Suite("Judge: the browser's fix and live capture")
struct BrowserFixRulesTests {
    typealias F = JudgingFixtures

    /// A fix `metres` east of the tower, taken `gap` seconds after 10:30 and uploaded `age` seconds after it.
    static func fix(metres: Double = 10, gap: Double = 20, accuracy: Double = 12, age: Double = 30, live: Bool = false) -> BrowserFix {
        BrowserFix(
            position: Geodesic.direct(from: F.tower, azimuthDegrees: 90, distanceMetres: metres).coordinate, accuracyMetres: accuracy,
            fixedAt: F.at(10, 30).addingTimeInterval(gap), uploadedAt: F.at(10, 30).addingTimeInterval(age), liveCapture: live)
    }

    /// A photo for the tower taken at 10:30 without GPS (or `metres` from it with), with `fix` beside it.
    static func judged(
        _ fix: BrowserFix?, ownGPS metres: Double? = nil, policy: Policy = Policy(), live: Bool = false,
        time: Date? = F.at(10, 30)
    ) -> JudgeResults.SubmissionResult {
        var photo = F.photo("a", near: metres == nil ? nil : F.tower, metres: metres ?? 0, time: time)
        photo.browserFix = fix
        let task = HuntTask(id: "live", title: "Live", points: 5, target: .circle(center: F.tower, radius: .metres(75)), live: true, location: F.here)
        let hunt = F.hunt(policy: policy, extraTasks: [task])
        return F.judge([F.input("foxes/x/a.jpg", task: live ? "live" : "tower", photo)], hunt: hunt).submission(at: "foxes/x/a.jpg")!
    }

    static func policy(_ use: BrowserPositionUse, _ change: (inout Policy) -> Void = { _ in }) -> Policy {
        var policy = Policy()
        policy.browserPosition = use
        change(&policy)
        return policy
    }

    @Test func reviewIsTheDefault() {
        #expect(Policy().browserPosition == .review)
        let s = Self.judged(Self.fix())
        #expect(s.verdict == .review)
        #expect(s.reasons == [.browserPosition])
        #expect(s.evidence.positionSource == .browser && s.evidence.accuracySource == .browser)
        #expect(s.evidence.accuracy == .metres(12))
        #expect(abs((s.evidence.distance?.metres ?? -1) - 10) < 0.05, "judged at the fix")
    }

    @Test func acceptJudgesTheFixAsThePosition() {
        let s = Self.judged(Self.fix(), policy: Self.policy(.accept))
        #expect(s.verdict == .accepted && s.reasons.isEmpty)
        #expect(s.findings.map(\.code) == [.browserPosition] && s.findings[0].action == .accept, "the finding says where the position came from")
        #expect(s.findings[0].message.contains("±12 m") && s.findings[0].message.contains("20 s after the capture"))
        #expect(s.evidence.position == s.evidence.browserPosition)
        #expect(s.points == 20)
        let far = Self.judged(Self.fix(metres: 400), policy: Self.policy(.accept))
        #expect(far.verdict == .rejected && far.reasons == [.outsideTarget])
    }

    @Test func ignoreJudgesAsWithoutThePage() {
        let s = Self.judged(Self.fix(), policy: Self.policy(.ignore))
        #expect(s.reasons == [.noPosition] && s.verdict == .rejected)
        #expect(s.evidence.position == nil && s.evidence.positionSource == nil)
        #expect(s.evidence.browserPosition != nil, "the fix is still shown")
    }

    @Test func theEvidenceHoldsTheFixItsAccuracyTimeAndGap() {
        let s = Self.judged(Self.fix(gap: -45, accuracy: 7.25, age: 90))
        #expect(s.evidence.browserAccuracy == .metres(7.25))
        #expect(s.evidence.browserFixedAt?.text == "2026-05-02T10:29:15+02:00")
        #expect(s.evidence.browserGapS == -45)
        #expect(s.evidence.uploadedAt?.text == "2026-05-02T10:31:30+02:00")
        #expect(s.evidence.uploadAgeS == 90)
        #expect(s.findings.first { $0.code == .browserPosition }?.message.contains("45 s before the capture") == true)
    }

    @Test(arguments: [(601.0, 12.0), (-601, 12), (20, 100.5)])
    func beyondTheLimitsTheFixIsWeak(_ gap: Double, _ accuracy: Double) {
        let s = Self.judged(Self.fix(gap: gap, accuracy: accuracy))
        #expect(s.reasons == [.browserFixWeak] && s.verdict == .review, "review by default, and not also no-position")
        #expect(s.evidence.position == nil && s.evidence.positionSource == nil)
        let rejected = Self.judged(Self.fix(gap: gap, accuracy: accuracy), policy: Self.policy(.accept) { $0.browserFixWeak = .reject })
        #expect(rejected.verdict == .rejected && rejected.reasons == [.browserFixWeak])
    }

    @Test func theLimitsAreThePolicys() {
        let wide = Self.policy(.accept) {
            $0.browserMaxGap = TimeSpan(seconds: 3600); $0.browserMaxAccuracy = .metres(500)
        }
        let wideJudged = Self.judged(Self.fix(gap: 1800, accuracy: 50), policy: wide)
        #expect(wideJudged.verdict == .accepted && wideJudged.findings.map(\.code) == [.browserPosition], "inside the policy's wider limits")
        let atLimits = Self.judged(Self.fix(gap: 600, accuracy: 100))
        #expect(atLimits.reasons.contains(.browserPosition) && !atLimits.reasons.contains(.browserFixWeak), "at the limits is inside them")
    }

    @Test func aPhotoWithoutATimeCannotBeTiedToTheFix() {
        let s = Self.judged(Self.fix(), time: nil)
        #expect(s.reasons.contains(.browserFixWeak) && !s.reasons.contains(.noPosition))
        #expect(s.evidence.browserGapS == nil)
    }

    @Test func thePhotosOwnGPSWinsAndBothAreInTheEvidence() {
        let s = Self.judged(Self.fix(metres: 300), ownGPS: 10, policy: Self.policy(.accept))
        #expect(s.verdict == .accepted && s.reasons.isEmpty && s.findings.isEmpty)
        #expect(s.evidence.positionSource == nil && s.evidence.accuracySource == .photo)
        #expect(abs((s.evidence.distance?.metres ?? -1) - 10) < 0.05, "judged at the photo's own position")
        #expect(s.evidence.browserPosition != nil && s.evidence.position != s.evidence.browserPosition)
        #expect(abs((s.evidence.browserDistance?.metres ?? -1) - 290) < 0.05)
    }

    @Test func aLiveTaskWantsThePagesCameraAndASoonUpload() {
        let s = Self.judged(Self.fix(age: 60, live: true), live: true)
        #expect(s.reasons == [.browserPosition], "taken with the page's camera and sent a minute later")
        let late = Self.judged(Self.fix(age: 301, live: true), live: true)
        #expect(late.reasons == [.browserPosition, .notLive] && late.verdict == .review)
        #expect(late.findings.first { $0.code == .notLive }?.message.contains("sent 5 min 1 s after") == true)
        let chosen = Self.judged(Self.fix(age: 10, live: false), live: true)
        #expect(chosen.reasons.contains(.notLive))
        #expect(chosen.findings.first { $0.code == .notLive }?.message.contains("chosen from the phone's photos") == true)
        let noPage = Self.judged(nil, ownGPS: 10, live: true)
        #expect(noPage.reasons == [.notLive] && noPage.verdict == .review)
        let strict = Self.judged(nil, ownGPS: 10, policy: Self.policy(.review) { $0.notLive = .reject }, live: true)
        #expect(strict.verdict == .rejected)
        #expect(!Self.judged(nil, ownGPS: 10).reasons.contains(.notLive), "a task that is not live asks nothing of the page")
    }
}
