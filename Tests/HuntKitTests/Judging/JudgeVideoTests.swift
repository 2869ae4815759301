import Foundation
import Testing
@testable import HuntKit

@Suite("Judge: videos, evidence kinds and Live Photos")
struct JudgeVideoTests {
    typealias F = JudgingFixtures

    /// A video `metres` east of `point`, like F.photo but a MOV with a duration and no GPS time.
    static func video(_ path: String, near point: Coordinate?, metres: Double = 0, time: Date?, identifier: String? = nil) -> PhotoMetadata {
        var v = F.photo(path, near: point, metres: metres, time: time, gpsSkew: nil)
        v.format = .mov
        v.durationSeconds = 2.5
        v.contentIdentifier = identifier
        return v
    }

    static func hunt(towerWants evidence: EvidenceKind, policy: Policy = Policy()) -> Hunt {
        var hunt = F.hunt(policy: policy)
        hunt.tasks[0].evidence = evidence
        return hunt
    }

    @Test(
        "a video is judged by every rule a photo is",
        arguments: [
            (10.0, 10, Verdict.accepted, [ReasonCode]()), (400, 10, .rejected, [.outsideTarget]), (10, 17, .rejected, [.afterWindow])
        ])
    func videoRules(_ metres: Double, _ hour: Int, _ verdict: Verdict, _ reasons: [ReasonCode]) {
        let results = F.judge([F.input("foxes/tower/IMG_1.MOV", task: "tower", Self.video("v", near: F.tower, metres: metres, time: F.at(hour, 30)))])
        let s = results.submission(at: "foxes/tower/IMG_1.MOV")!
        #expect(s.verdict == verdict)
        #expect(s.reasons == reasons)
        #expect(s.evidence.media == .video)
        #expect(s.evidence.format == .mov)
        #expect(s.evidence.durationS == 2.5)
    }

    @Test(
        "evidence: photo | video | any, and wrong-media",
        arguments: [
            (EvidenceKind.any, false, Verdict.accepted), (.any, true, .accepted), (.photo, false, .accepted), (.photo, true, .rejected),
            (.video, true, .accepted), (.video, false, .rejected)
        ])
    func evidenceKinds(_ evidence: EvidenceKind, _ isVideo: Bool, _ verdict: Verdict) {
        let file = isVideo ? Self.video("v", near: F.tower, time: F.at(10, 30)) : F.photo("p", near: F.tower, time: F.at(10, 30))
        let results = F.judge([F.input("foxes/tower/a", task: "tower", file)], hunt: Self.hunt(towerWants: evidence))
        let s = results.submission(at: "foxes/tower/a")!
        #expect(s.verdict == verdict)
        #expect(s.reasons == (verdict == .rejected ? [.wrongMedia] : []))
        if verdict == .rejected {
            #expect(s.findings.first?.message == "task `tower` asks for a \(evidence.rawValue); this is a \(isVideo ? "video" : "photo")")
        }
        #expect(results.tasks.first { $0.id == "tower" }?.evidence == (evidence == .any ? nil : evidence))
    }

    @Test("policy wrong-media: review instead of reject")
    func wrongMediaPolicy() {
        var policy = Policy()
        policy.wrongMedia = .review
        let results = F.judge(
            [F.input("foxes/tower/a.jpg", task: "tower", F.photo("p", near: F.tower, time: F.at(10, 30)))],
            hunt: Self.hunt(towerWants: .video, policy: policy))
        #expect(results.submission(at: "foxes/tower/a.jpg")?.verdict == .review)
    }

    @Test(
        "a Live Photo is one submission: the still judged, the motion kept beside it",
        arguments: [
            ("same name, 0.4 s apart", "foxes/tower/IMG_7.HEIC", "foxes/tower/IMG_7.MOV", nil as String?, nil as String?, 0.4, true),
            ("same identifier, other names", "foxes/tower/IMG_7.HEIC", "foxes/tower/IMG_E7.MOV", "ID-1", "ID-1", 0.0, true),
            ("same name, 5 s apart", "foxes/tower/IMG_7.HEIC", "foxes/tower/IMG_7.MOV", nil, nil, 5.0, false),
            ("same name, different identifiers", "foxes/tower/IMG_7.HEIC", "foxes/tower/IMG_7.MOV", "ID-1", "ID-2", 0.0, false),
            ("same name, other folder", "foxes/tower/IMG_7.HEIC", "foxes/IMG_7.MOV", nil, nil, 0.0, false)
        ])
    func livePhotos(
        _ name: String, _ stillPath: String, _ motionPath: String, _ stillID: String?, _ motionID: String?,
        _ gap: Double, _ paired: Bool
    ) {
        var still = F.photo("s", near: F.tower, time: F.at(10, 30), hash: "same")
        still.format = .heic
        still.contentIdentifier = stillID
        // Same content hash on purpose: were they judged apart, the motion would be a duplicate (or a resend).
        var motion = Self.video("m", near: F.tower, time: F.at(10, 30).addingTimeInterval(gap), identifier: motionID)
        motion.contentHash = "same-but-video"
        let tasks: [String?] = ["tower", motionPath.hasPrefix("foxes/tower/") ? "tower" : nil]
        let results = F.judge([F.input(stillPath, task: tasks[0], still), F.input(motionPath, task: tasks[1], motion)])
        #expect(results.submission(at: stillPath)?.verdict == .accepted)
        #expect(results.submission(at: stillPath)?.evidence.motion == (paired ? motionPath : nil))
        #expect((results.submission(at: motionPath) == nil) == paired)
        #expect(results.summary.submissions == (paired ? 1 : 2))
        #expect(results.submissions.allSatisfy { !$0.reasons.contains(.duplicateOf) })
        #expect(results.team("foxes")?.points == 20)
    }

    @Test("a Live Photo whose two files share a content hash is still not a duplicate")
    func livePhotoNeverDuplicate() {
        var still = F.photo("s", near: F.tower, time: F.at(10, 30), hash: "h")
        still.format = .jpeg
        let motion = Self.video("m", near: F.tower, time: F.at(10, 30), identifier: nil)
        var sameHash = motion
        sameHash.contentHash = "h"
        let results = F.judge([F.input("owls/tower/IMG_9.JPG", task: "tower", still), F.input("owls/tower/IMG_9.mov", task: "tower", sameHash)])
        #expect(results.submissions.map(\.path) == ["owls/tower/IMG_9.JPG"])
        #expect(results.submissions[0].reasons.isEmpty)
    }

    @Test("results.json carries the video evidence and the task's evidence kind both ways")
    func resultsRoundTrip() throws {
        var still = F.photo("s", near: F.tower, time: F.at(10, 30))
        still.format = .heic
        let results = F.judge(
            [
                F.input("foxes/tower/IMG_7.HEIC", task: "tower", still),
                F.input("foxes/tower/IMG_7.MOV", task: "tower", Self.video("m", near: F.tower, time: F.at(10, 30))),
                F.input("owls/tower/clip.mp4", task: "tower", Self.video("c", near: F.tower, time: F.at(11, 0)))
            ], hunt: Self.hunt(towerWants: .video))
        let data = try results.jsonData()
        #expect(try JudgeResults.decode(data) == results)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"motion\": \"foxes/tower/IMG_7.MOV\""))
        #expect(text.contains("\"media\": \"video\""))
        #expect(text.contains("\"evidence\": \"video\""))
    }
}
