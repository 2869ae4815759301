import Foundation
import Testing
@testable import HuntKit

/// Check-ins judged by the rules a photo's position is judged by: inside allowing for accuracy,
/// the windows, travel speed between a team's submissions, dwell stays; and the signs of a forged
/// browser position (an accuracy no phone gives, the same position at two places) sent to review.
@Suite("Judging check-ins")
struct CheckInJudgingTests {
    typealias F = JudgingFixtures

    static let gatePoint = Coordinate(latitude: 52.08840, longitude: 5.16860)
    static let lawnPoint = Coordinate(latitude: 52.08700, longitude: 5.17800)

    static func checkInTask(_ id: String, at point: Coordinate, radius: Double = 40, dwell: Double? = nil, points: Int = 5) -> HuntTask {
        var task = HuntTask(
            id: id, title: id.capitalized, points: points, target: .circle(center: point, radius: .metres(radius)),
            dwell: dwell.map { TimeSpan(seconds: $0) }, location: F.here)
        task.checkIn = true
        return task
    }

    static let hunt = F.hunt(extraTasks: [
        checkInTask("gate", at: gatePoint), checkInTask("lawn", at: lawnPoint, radius: 50, dwell: 600),
        checkInTask("dom", at: F.tower, radius: 75), checkInTask("dom-too", at: F.tower, radius: 75)
    ])

    /// A check-in by `team` at `task` from `metres` east of `point`, accurate to `accuracy`, sent at `time`.
    static func checkIn(
        _ id: String, _ team: String, _ task: String, near point: Coordinate, metres: Double = 0, accuracy: Double? = 5, at time: Date
    ) -> JudgeInput {
        let here = Geodesic.direct(from: point, azimuthDegrees: 90, distanceMetres: metres).coordinate
        let attempt = AnswerAttempt(
            id: id, team: team, task: task, answer: "", sentAt: F.clock.timestamp(time),
            position: CheckInPosition(latitude: here.latitude, longitude: here.longitude, accuracyMetres: accuracy))
        return JudgeInput(
            submission: Submission(answer: attempt, log: AnswerLog.fileName, filePath: "/nowhere/answers.jsonl", team: team), photo: nil)
    }

    func result(_ results: JudgeResults, _ id: String) throws -> JudgeResults.SubmissionResult {
        try #require(results.submissions.first { $0.path == "answers.jsonl#" + id })
    }

    @Test("inside, outside, straddling the edge, too rough: as a photo's position would be")
    func placement() throws {
        let results = F.judge(
            [
                Self.checkIn("in", "foxes", "gate", near: Self.gatePoint, metres: 10, accuracy: 6, at: F.at(10, 5)),
                Self.checkIn("out", "owls", "gate", near: Self.gatePoint, metres: 240, accuracy: 8, at: F.at(10, 5)),
                Self.checkIn("edge", "owls", "gate", near: Self.gatePoint, metres: 38, accuracy: 10, at: F.at(10, 15)),
                Self.checkIn("rough", "owls", "gate", near: Self.gatePoint, metres: 5, accuracy: 400, at: F.at(10, 25))
            ], hunt: Self.hunt)
        let inside = try result(results, "in")
        #expect(inside.verdict == .accepted && inside.reasons.isEmpty && inside.points == 5)
        #expect(inside.evidence.positionSource == .checkIn && inside.evidence.accuracySource == .browser)
        #expect(inside.evidence.browserAccuracy?.metres == 6 && inside.evidence.accuracy?.metres == 6)
        #expect(inside.evidence.position != nil && inside.evidence.browserPosition == inside.evidence.position)
        #expect(inside.evidence.answer == nil, "a check-in is no answer")
        let outside = try result(results, "out")
        #expect(outside.verdict == .rejected && outside.reasons == [.outsideTarget])
        #expect((outside.evidence.distance?.metres ?? 0) > 235)
        #expect(try result(results, "edge").reasons == [.uncertainPosition])
        #expect(try result(results, "rough").reasons == [.imprecisePosition])
        #expect(results.team("foxes")?.points == 5)
    }

    @Test("a line without an accuracy takes the policy's; outside the windows; no position at all")
    func windowsAndMissing() throws {
        var noPosition = Self.checkIn("none", "owls", "lawn", near: Self.lawnPoint, at: F.at(11, 0))
        noPosition.submission.answer?.position = nil
        let results = F.judge(
            [
                Self.checkIn("plain", "foxes", "gate", near: Self.gatePoint, accuracy: nil, at: F.at(10, 5)),
                Self.checkIn("early", "owls", "gate", near: Self.gatePoint, at: F.at(9, 30)),
                noPosition
            ], hunt: Self.hunt)
        let plain = try result(results, "plain")
        #expect(plain.verdict == .accepted && plain.evidence.accuracySource == .policy && plain.evidence.accuracy?.metres == 10)
        let early = try result(results, "early")
        #expect(early.reasons == [.beforeWindow])
        #expect(early.findings.first?.message.hasPrefix("checked in at 09:30") == true, "\(early.findings)")
        #expect(try result(results, "none").reasons == [.noPosition])
    }

    @Test("too fast between a team's check-ins, and between a photo and a check-in")
    func travel() throws {
        let results = F.judge(
            [
                Self.checkIn("a", "foxes", "gate", near: Self.gatePoint, at: F.at(10, 0)),
                Self.checkIn("b", "foxes", "dom", near: F.tower, at: F.at(10, 0, 30)),
                F.input("owls/tower/1.jpg", task: "tower", F.photo("owls/tower/1.jpg", near: F.tower, time: F.at(11, 0))),
                Self.checkIn("c", "owls", "gate", near: Self.gatePoint, at: F.at(11, 0, 20))
            ], hunt: Self.hunt)
        let b = try result(results, "b")
        #expect(b.reasons == [.tooFast] && b.verdict == .review && (b.evidence.speedKmh ?? 0) > 250)
        #expect(try result(results, "a").reasons.isEmpty)
        #expect(try result(results, "c").reasons == [.tooFast])
    }

    @Test("a stay: check-ins at the place count once one is the dwell after the first; before that none does")
    func dwell() throws {
        let short = F.judge(
            [
                Self.checkIn("s1", "foxes", "lawn", near: Self.lawnPoint, metres: 3, at: F.at(12, 0)),
                Self.checkIn("s2", "foxes", "lawn", near: Self.lawnPoint, metres: 4, at: F.at(12, 5))
            ], hunt: Self.hunt)
        #expect(try result(short, "s1").reasons == [.dwellShort] && result(short, "s2").reasons == [.dwellShort])
        #expect(try result(short, "s2").evidence.stayS == 300)
        #expect(try result(short, "s2").findings[0].message.contains("stayed 5 min"))
        #expect(short.team("foxes")?.points == 0)
        let complete = F.judge(
            [
                Self.checkIn("s1", "foxes", "lawn", near: Self.lawnPoint, metres: 3, at: F.at(12, 0)),
                Self.checkIn("s2", "foxes", "lawn", near: Self.lawnPoint, metres: 4, at: F.at(12, 5)),
                Self.checkIn("s3", "foxes", "lawn", near: Self.lawnPoint, metres: 2, at: F.at(12, 10)),
                Self.checkIn("away", "foxes", "lawn", near: Self.lawnPoint, metres: 400, at: F.at(12, 7))
            ], hunt: Self.hunt)
        #expect(try ["s1", "s2", "s3"].allSatisfy { try result(complete, $0).verdict == .accepted })
        #expect(try result(complete, "s3").evidence.stayS == 600 && result(complete, "s3").points == 5)
        #expect(try result(complete, "away").reasons == [.outsideTarget])
        #expect(complete.team("foxes")?.points == 5, "a completed stay scores once")
    }

    @Test("forged signs go to review: an accuracy under a metre, the same position at two places")
    func forged() throws {
        let results = F.judge(
            [
                Self.checkIn("fine", "foxes", "gate", near: Self.gatePoint, accuracy: 0.3, at: F.at(10, 0)),
                Self.checkIn("d1", "owls", "dom", near: F.tower, metres: 10, at: F.at(10, 0)),
                Self.checkIn("d2", "owls", "dom-too", near: F.tower, metres: 10, at: F.at(10, 20)),
                // A stay at one place from one position is not a sign: a phone lying still may say so.
                Self.checkIn("l1", "owls", "lawn", near: Self.lawnPoint, at: F.at(11, 0)),
                Self.checkIn("l2", "owls", "lawn", near: Self.lawnPoint, at: F.at(11, 10))
            ], hunt: Self.hunt)
        let fine = try result(results, "fine")
        #expect(fine.verdict == .review && fine.reasons == [.tooPrecise])
        #expect(try result(results, "d1").reasons.isEmpty)
        let d2 = try result(results, "d2")
        #expect(d2.verdict == .review && d2.reasons == [.positionUnchanged] && d2.findings[0].related == "answers.jsonl#d1")
        #expect(try result(results, "l2").verdict == .accepted)
    }

    @Test("a photo sent for a check-in task is the wrong kind, and never matched to one by its position")
    func photoForACheckIn() throws {
        let results = F.judge(
            [
                F.input("foxes/gate/1.jpg", task: "gate", F.photo("foxes/gate/1.jpg", near: Self.gatePoint, time: F.at(10, 0))),
                F.input("foxes/2.jpg", task: nil, F.photo("foxes/2.jpg", near: Self.gatePoint, time: F.at(10, 1)))
            ], hunt: Self.hunt)
        #expect(results.submissions.first { $0.path == "foxes/gate/1.jpg" }?.reasons == [.wrongKind])
        #expect(results.submissions.first { $0.path == "foxes/2.jpg" }?.task != "gate")
    }

    @Test("answers.jsonl: a check-in line reads back; bad numbers are a warning for that line and the rest count")
    func log() throws {
        let good = AnswerAttempt(
            id: "c1", team: "owls", task: "gate", answer: "", sentAt: F.clock.timestamp(F.at(10, 0)),
            position: CheckInPosition(latitude: 52.0884, longitude: 5.1686, accuracyMetres: 6))
        var bytes = good.line
        for position in [
            #"{"latitude":NaN,"longitude":5.1,"accuracy":5}"#, #"{"latitude":1e308,"longitude":5.1,"accuracy":5}"#,
            #"{"latitude":52.1,"longitude":181,"accuracy":5}"#, #"{"latitude":52.1,"longitude":5.1,"accuracy":-2}"#,
            #"{"latitude":52.1,"longitude":5.1,"accuracy":1e308}"#, #"{"latitude":"52.1","longitude":5.1}"#
        ] {
            bytes +=
                Array(#"{"id":"x\#(bytes.count)","team":"owls","task":"gate","time":"2026-05-02T10:00:00+02:00","position":\#(position)}"#.utf8) + [
                    0x0A
                ]
        }
        bytes += Array(
            #"{"id":"c2","team":"owls","task":"gate","time":"2026-05-02T10:01:00+02:00","position":{"latitude":52.0884,"longitude":5.1686}}"#.utf8)
        let (attempts, problems) = AnswerLog.parse(bytes, displayPath: "answers.jsonl")
        #expect(attempts.map(\.id) == ["c1", "c2"])
        #expect(attempts[0] == good && attempts[1].position?.accuracyMetres == nil && attempts[1].answer.isEmpty)
        #expect(problems.map(\.location.line) == [2, 3, 4, 5, 6, 7], "\(problems)")
        #expect(problems[1].message.contains("not degrees") && problems[3].message.contains("accuracy"), "\(problems)")
        let line = String(decoding: good.line, as: UTF8.self)
        #expect(line.contains(#""position":{"accuracy":6,"latitude":52.0884,"longitude":5.1686}"#), "\(line)")
    }

    @Test("a form's export with latitude, longitude and accuracy columns: check-ins, no answer column needed")
    func csv() throws {
        let text =
            "time,team,task,latitude,longitude,accuracy\n2026-05-02 10:05,foxes,gate,52.0884,5.1686,6\n"
            + "2026-05-02 10:06,foxes,gate,nan,5.1686,6\n2026-05-02 10:07,foxes,gate,52.0884,5.1686,\n2026-05-02 10:08,foxes,gate,52.0884,east,\n"
        let (attempts, problems) = try AnswerLog.parseCSV(text, displayPath: "answers.csv", hunt: Self.hunt)
        #expect(attempts.map(\.id) == ["L2", "L4"])
        #expect(attempts[0].position == CheckInPosition(latitude: 52.0884, longitude: 5.1686, accuracyMetres: 6))
        #expect(attempts[1].position?.accuracyMetres == nil)
        #expect(problems.map(\.location.line) == [3, 5], "\(problems)")
    }
}
