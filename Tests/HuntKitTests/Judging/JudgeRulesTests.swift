import Foundation
import Testing
@testable import HuntKit

@Suite("Judge: rules and verdicts")
struct JudgeRulesTests {
    typealias F = JudgingFixtures

    struct PlacementCase: Sendable, CustomStringConvertible {
        var name: String
        var metres: Double
        var accuracy: Double?
        var verdict: Verdict
        var reasons: [ReasonCode]
        var description: String { name }
    }

    // The tower's radius is 75 m; a photo without GPSHPositioningError is judged with the policy's 10 m.
    static let placements: [PlacementCase] = [
        .init(name: "inside with room to spare", metres: 10, accuracy: 5, verdict: .accepted, reasons: []),
        .init(name: "d + a = r exactly is inside", metres: 65, accuracy: 10, verdict: .accepted, reasons: []),
        .init(name: "policy accuracy used when the photo has none", metres: 70, accuracy: nil, verdict: .review, reasons: [.uncertainPosition]),
        .init(name: "accuracy circle straddles the edge", metres: 72, accuracy: 10, verdict: .review, reasons: [.uncertainPosition]),
        .init(name: "outside even with the accuracy", metres: 200, accuracy: 5, verdict: .rejected, reasons: [.outsideTarget]),
        .init(name: "accuracy worse than max(r, 100 m)", metres: 60, accuracy: 150, verdict: .review, reasons: [.imprecisePosition]),
        .init(name: "far away stays outside however poor the accuracy", metres: 900, accuracy: 150, verdict: .rejected, reasons: [.outsideTarget])
    ]

    @Test("accuracy-aware placement", arguments: placements)
    func placement(_ c: PlacementCase) {
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, metres: c.metres, time: F.at(10, 30), accuracy: c.accuracy))
        ])
        let s = results.submission(at: "foxes/tower/a.jpg")!
        #expect(s.verdict == c.verdict)
        #expect(s.reasons == c.reasons)
        #expect(s.evidence.accuracySource == (c.accuracy == nil ? .policy : .photo))
        #expect(abs((s.evidence.distance?.metres ?? -1) - c.metres) < 0.05)
    }

    @Test("outside-target evidence: distance, bearing, compass and band")
    func outsideEvidence() {
        let results = F.judge([F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, metres: 400, time: F.at(10, 30)))])
        let s = results.submission(at: "foxes/tower/a.jpg")!
        #expect(s.evidence.compass == .e)  // the photo is east of the tower: said as the message says it
        #expect(s.evidence.band == .warm)
        #expect(abs(s.evidence.edgeDistance!.metres - 325) < 0.05)
        #expect(s.findings.first?.message.hasPrefix("400 m E of the target's centre (radius 75 m)") == true)
    }

    @Test("policy settles uncertain positions and can ignore a finding")
    func policyActions() {
        var policy = Policy()
        policy.uncertain = .accept
        policy.edited = .ignore
        let photo = F.photo("a", near: F.tower, metres: 72, time: F.at(10, 30), accuracy: 10, software: "Adobe Photoshop 25.0")
        let s = F.judge([F.input("foxes/tower/a.jpg", task: "tower", photo)], hunt: F.hunt(policy: policy)).submission(at: "foxes/tower/a.jpg")!
        #expect(s.verdict == .accepted)
        #expect(s.reasons.isEmpty)
        #expect(s.findings.map(\.code) == [.uncertainPosition, .edited])
        #expect(s.findings.map(\.action) == [.accept, .ignore])
    }

    @Test("no position: none recorded, or exactly 0, 0")
    func noPosition() {
        var zero = F.photo("b", near: nil, time: F.at(11, 0))
        zero.position = Coordinate(latitude: 0, longitude: 0)
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: nil, time: F.at(10, 30))),
            F.input("foxes/tower/b.jpg", task: "tower", zero)
        ])
        for path in ["foxes/tower/a.jpg", "foxes/tower/b.jpg"] {
            #expect(results.submission(at: path)?.reasons == [.noPosition])
            #expect(results.submission(at: path)?.verdict == .rejected)
        }
    }

    @Test("windows: before and after, in the hunt's timezone or the photo's own offset")
    func windows() {
        // 09:30 written as 07:30 with +00:00 is 09:30 in Amsterdam: before the 10:00 start.
        let utcCamera = F.photo("c", near: F.tower, time: F.at(9, 30), offset: 0)
        // No offset: 10:30 is read as Amsterdam time.
        let noOffset = F.photo("d", near: F.tower, time: F.at(10, 30), offset: nil)
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(9, 59))),
            F.input("foxes/tower/b.jpg", task: "tower", F.photo("b", near: F.tower, time: F.at(16, 1))),
            F.input("owls/tower/c.jpg", task: "tower", utcCamera),
            F.input("owls/tower/d.jpg", task: "tower", noOffset)
        ])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.reasons == [.beforeWindow])
        #expect(results.submission(at: "foxes/tower/b.jpg")?.reasons == [.afterWindow])
        #expect(results.submission(at: "owls/tower/c.jpg")?.reasons == [.beforeWindow])
        #expect(results.submission(at: "owls/tower/c.jpg")?.evidence.capturedAt?.text == "2026-05-02T09:30:00+02:00")
        #expect(results.submission(at: "owls/tower/d.jpg")?.reasons == [])
        #expect(results.submission(at: "owls/tower/d.jpg")?.evidence.timeSource == .huntTimezone)
        // Said as a player reads a clock: the hunt's wall time of the bound, and how far off.
        #expect(results.submission(at: "foxes/tower/a.jpg")?.findings.first?.message == "taken at 09:59, 1 min 0 s before the hunt's start at 10:00")
        #expect(results.submission(at: "foxes/tower/b.jpg")?.findings.first?.message == "taken at 16:01, 1 min 0 s after the hunt's end at 16:00")
        #expect(results.submission(at: "owls/tower/c.jpg")?.findings.first?.message == "taken at 09:30, 30 min 0 s before the hunt's start at 10:00")
    }

    @Test("window reasons: the day when it differs, the seconds in the gap, the task's own window")
    func windowReasonsInPlainWords() {
        let dayBefore = F.at(15, 20).addingTimeInterval(-86_400)
        var hunt = F.hunt()
        hunt.tasks[1].window = TimeWindow(start: F.at(12, 0), end: F.at(13, 30))
        let results = F.judge(
            [
                F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: dayBefore)),
                F.input("foxes/tower/b.jpg", task: "tower", F.photo("b", near: F.tower, time: F.at(16, 0, 30))),
                // 11:30 in Amsterdam written by a camera in UTC: still said in the hunt's timezone.
                F.input("owls/bridge/c.jpg", task: "bridge", F.photo("c", near: F.bridge, time: F.at(11, 30), offset: 0))
            ], hunt: hunt)
        #expect(
            results.submission(at: "foxes/tower/a.jpg")?.findings.first?.message
                == "taken at 15:20 on 2026-05-01, 18 h 40 min before the hunt's start at 10:00 on 2026-05-02")
        #expect(results.submission(at: "foxes/tower/b.jpg")?.findings.first?.message == "taken at 16:00, 30 s after the hunt's end at 16:00")
        let bridge = results.submission(at: "owls/bridge/c.jpg")?.findings.first { $0.code == .beforeWindow }
        #expect(bridge?.message == "taken at 11:30, 30 min 0 s before the task's start at 12:00")
    }

    @Test("clock skew between capture time and GPS time")
    func clockSkew() {
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30), gpsSkew: 11 * 60)),
            F.input("owls/tower/b.jpg", task: "tower", F.photo("b", near: F.tower, time: F.at(10, 30), gpsSkew: 9 * 60))
        ])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.reasons == [.clockSkew])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.verdict == .review)
        #expect(results.submission(at: "foxes/tower/a.jpg")?.evidence.clockSkewS == 660)
        #expect(results.submission(at: "owls/tower/b.jpg")?.reasons == [])
    }

    @Test("an editor in Software", arguments: ["Adobe Photoshop Lightroom Classic 13.1", "GIMP 2.10.34", "Snapseed", "PicsArt"])
    func edited(software: String) {
        let results = F.judge([F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30), software: software))])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.reasons == [.edited])
    }

    @Test("phone firmware in Software is not an editor", arguments: ["17.4.1", "HDR+ 1.0.540104767zd", "S911BXXU3BWK5"])
    func notEdited(software: String) {
        let results = F.judge([F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30), software: software))])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.reasons == [])
    }

    @Test("duplicates: the earliest capture keeps it; a resend for the same team and task is no finding")
    func duplicates() {
        let original = F.photo("x", near: F.tower, time: F.at(10, 30), hash: "same")
        let later = F.photo("y", near: F.tower, time: F.at(10, 40), hash: "same2")
        let results = F.judge([
            F.input("owls/tower/a.jpg", task: "tower", original),
            F.input("foxes/tower/a.jpg", task: "tower", original),  // same file, same capture, no upload times: path order keeps foxes'
            F.input("foxes/tower/resend.jpg", task: "tower", later),
            F.input("foxes/tower/resend-again.jpg", task: "tower", later),
            // The team's own photo for another task (taken later: the file's time says so).
            F.input("foxes/bridge/again.jpg", task: "bridge", F.photo("y", near: F.tower, time: F.at(10, 50), hash: "same2"))
        ])
        #expect(results.submission(at: "foxes/tower/a.jpg")?.reasons == [])
        let copy = results.submission(at: "owls/tower/a.jpg")!
        #expect(copy.reasons == [.duplicateOf])
        #expect(copy.findings.first?.related == "foxes/tower/a.jpg")
        // Another team's copy, and the files do not say who had it first: a judge decides.
        #expect(copy.verdict == .review)
        #expect(copy.findings.first?.message.contains("do not tell which team had it first") == true, "\(copy.findings)")
        #expect(results.submission(at: "foxes/tower/resend.jpg")?.reasons == [])
        #expect(results.submission(at: "foxes/tower/resend-again.jpg")?.reasons == [])
        #expect(results.submission(at: "foxes/bridge/again.jpg")?.findings.first { $0.code == .duplicateOf }?.action == .reject)
        #expect(results.team("foxes")?.points == 20)  // counted once
    }

    /// A team that sends a byte copy of another team's photo through the players' page: the copy
    /// has the same capture time, and its path may sort first; the upload received first keeps
    /// it, and the later copy goes to review (never the original rejected unseen).
    @Test("duplicates across teams: the upload received first keeps it; the later copy goes to review")
    func aCopyOfAnotherTeamsUploadGoesToReview() throws {
        let photo = F.photo("x", near: F.tower, time: F.at(10, 30), hash: "same")
        let owls = "owls/tower/" + UploadName.make(receivedAt: F.at(10, 35), sha256: String(repeating: "a", count: 64), fileExtension: "jpg")
        let foxes = "foxes/tower/" + UploadName.make(receivedAt: F.at(10, 41), sha256: String(repeating: "a", count: 64), fileExtension: "jpg")
        for policy in [
            Policy(),
            {
                var p = Policy(); p.duplicates = .ignore; return p
            }()
        ] {
            let results = F.judge([F.input(foxes, task: "tower", photo), F.input(owls, task: "tower", photo)], hunt: F.hunt(policy: policy))
            #expect(results.submission(at: owls)?.reasons == [])
            #expect(results.submission(at: owls)?.verdict == .accepted)
            #expect(results.team("owls")?.points == 20)
            let copy = results.submission(at: foxes)!
            #expect(copy.findings.map(\.code) == [.duplicateOf])
            #expect(copy.findings.first?.related == owls)
            #expect(copy.findings.first?.action == (policy.duplicates == .reject ? .review : .ignore))
            #expect(copy.verdict == (policy.duplicates == .reject ? .review : .accepted))
            #expect(copy.findings.first?.message.contains("which another team sent first") == true)
        }
        // The same two, judged again: the same results, byte for byte.
        let inputs = [F.input(foxes, task: "tower", photo), F.input(owls, task: "tower", photo)]
        #expect(try F.judge(inputs).jsonData() == F.judge(inputs.reversed()).jsonData())
    }

    @Test(
        "an upload's name tells when the server received it",
        arguments: [
            ("20260502T083500Z-0123456789ab.jpg", 1_777_710_900.0 as Double?),
            ("20260502T083500Z-0123456789AB.jpg", nil), ("20261302T083500Z-0123456789ab.jpg", nil), ("IMG_0001.jpg", nil),
            ("20260502T083500Z-0123456789ab", nil)
        ])
    func uploadNames(name: String, received: Double?) {
        #expect(UploadName(name)?.receivedAt.timeIntervalSince1970 == received)
        if let received {
            #expect(
                UploadName.make(receivedAt: Date(timeIntervalSince1970: received + 0.9), sha256: "0123456789abcdef", fileExtension: "jpg") == name)
        }
    }

    @Test("too fast between a team's consecutive photos")
    func tooFast() {
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30))),
            F.input("foxes/bridge/b.jpg", task: "bridge", F.photo("b", near: F.bridge, time: F.at(10, 30, 2))),
            F.input("owls/tower/a.jpg", task: "tower", F.photo("c", near: F.tower, time: F.at(10, 30))),
            F.input("owls/bridge/b.jpg", task: "bridge", F.photo("d", near: F.bridge, time: F.at(10, 40)))
        ])
        let fast = results.submission(at: "foxes/bridge/b.jpg")!
        #expect(fast.reasons == [.tooFast])
        #expect(fast.findings.first?.related == "foxes/tower/a.jpg")
        #expect((fast.evidence.speedKmh ?? 0) > 250)
        #expect(results.submission(at: "owls/bridge/b.jpg")?.reasons == [])
    }

    @Test("after: the prerequisite must be accepted earlier")
    func order() {
        let results = F.judge([
            F.input("foxes/bridge/a.jpg", task: "bridge", F.photo("a", near: F.bridge, time: F.at(10, 15))),
            F.input("foxes/tower/b.jpg", task: "tower", F.photo("b", near: F.tower, time: F.at(10, 30))),
            F.input("foxes/bridge/c.jpg", task: "bridge", F.photo("c", near: F.bridge, time: F.at(11, 0))),
            F.input("owls/tower/a.jpg", task: "tower", F.photo("d", near: F.tower, metres: 500, time: F.at(10, 30))),
            F.input("owls/bridge/b.jpg", task: "bridge", F.photo("e", near: F.bridge, time: F.at(11, 0)))
        ])
        #expect(results.submission(at: "foxes/bridge/a.jpg")?.reasons == [.order])
        #expect(results.submission(at: "foxes/bridge/c.jpg")?.reasons == [])
        #expect(results.submission(at: "owls/bridge/b.jpg")?.reasons == [.order])  // the tower photo was rejected
        #expect(results.team("foxes")?.points == 25)
    }

    @Test("dwell: two photos at the same place at least the dwell apart; per-place credits")
    func dwell() {
        let noir = F.cafes[0].coordinate, blanc = F.cafes[1].coordinate
        let results = F.judge([
            F.input("foxes/cafe/1.jpg", task: "cafe", F.photo("1", near: noir, metres: 5, time: F.at(11, 0))),
            F.input("foxes/cafe/2.jpg", task: "cafe", F.photo("2", near: noir, metres: 3, time: F.at(11, 12))),
            F.input("foxes/cafe/3.jpg", task: "cafe", F.photo("3", near: blanc, time: F.at(12, 0))),
            F.input("foxes/cafe/4.jpg", task: "cafe", F.photo("4", near: blanc, time: F.at(12, 6))),
            F.input("foxes/cafe/5.jpg", task: "cafe", F.photo("5", near: noir, time: F.at(13, 0))),
            F.input("foxes/cafe/6.jpg", task: "cafe", F.photo("6", near: noir, time: F.at(13, 15)))
        ])
        #expect(results.submission(at: "foxes/cafe/1.jpg")?.verdict == .accepted)
        #expect(results.submission(at: "foxes/cafe/2.jpg")?.verdict == .accepted)
        #expect(results.submission(at: "foxes/cafe/2.jpg")?.points == 1)
        #expect(results.submission(at: "foxes/cafe/2.jpg")?.evidence.place == "Café Noir")
        #expect(results.submission(at: "foxes/cafe/3.jpg")?.reasons == [.dwellShort])
        #expect(results.submission(at: "foxes/cafe/4.jpg")?.reasons == [.dwellShort])
        // A second stay at Café Noir is accepted but per-place credits count it once.
        #expect(results.submission(at: "foxes/cafe/6.jpg")?.verdict == .accepted)
        #expect(results.submission(at: "foxes/cafe/6.jpg")?.points == 0)
        #expect(results.team("foxes")?.points == 1)
        #expect(results.team("foxes")?.completions.first?.dwellStart == "foxes/cafe/1.jpg")
    }

    @Test("unknown team and unknown task are findings")
    func unknowns() {
        let results = F.judge([
            F.input("wolves/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(10, 30))),
            F.input("foxes/towr/b.jpg", task: "towr", F.photo("b", near: F.tower, time: F.at(10, 30)))
        ])
        #expect(results.submission(at: "wolves/tower/a.jpg")?.reasons == [.unknownTeam])
        #expect(results.submission(at: "foxes/towr/b.jpg")?.reasons == [.unknownTask])
        #expect(results.submission(at: "foxes/towr/b.jpg")?.findings.first?.message.contains("did you mean `tower`") == true)
        #expect(results.teams.map(\.id).sorted() == ["foxes", "owls"])
    }

    @Test("unreadable files are rejected with the reason")
    func unreadable() {
        let input = JudgeInput(
            submission: Submission(
                path: "foxes/tower/bad.jpg", url: URL(fileURLWithPath: "/x"), team: "foxes",
                task: "tower", taskSource: .folder),
            photo: nil, readError: "truncated JPEG: the file ends inside the EXIF segment")
        let s = F.judge([input]).submission(at: "foxes/tower/bad.jpg")!
        #expect(s.reasons == [.unreadable])
        #expect(s.evidence.error?.contains("truncated") == true)
    }

    @Test("auto-match: the target that contains the photo; ambiguous goes to review; none is outside the nearest")
    func autoMatch() {
        let overlap = HuntTask(id: "tower-square", title: "The square", target: .circle(center: F.tower, radius: .metres(50)), location: F.here)
        let hunt = F.hunt(extraTasks: [overlap])
        let results = F.judge(
            [
                F.input("foxes/a.jpg", task: nil, F.photo("a", near: F.bridge, time: F.at(10, 30))),
                F.input("foxes/b.jpg", task: nil, F.photo("b", near: F.tower, time: F.at(11, 30))),
                F.input("owls/c.jpg", task: nil, F.photo("c", near: F.bridge, metres: 120, time: F.at(10, 30)))
            ], hunt: hunt)
        #expect(results.submission(at: "foxes/a.jpg")?.task == "bridge")
        #expect(results.submission(at: "foxes/a.jpg")?.taskSource == .auto)
        #expect(results.submission(at: "foxes/b.jpg")?.reasons == [.ambiguousTask])
        #expect(results.submission(at: "foxes/b.jpg")?.evidence.candidates == ["tower", "tower-square"])
        #expect(results.submission(at: "owls/c.jpg")?.task == "bridge")
        #expect(results.submission(at: "owls/c.jpg")?.reasons.contains(.outsideTarget) == true)
    }

    @Test("reviews: decisions override the verdict and keep the original reasons; a review can assign the task")
    func reviews() {
        let reviews = Reviews(entries: [
            "foxes/tower/a.jpg": .init(decision: .accept, note: "tower in the picture", by: "Anna"),
            "foxes/b.jpg": .init(decision: .accept, task: "tower"),
            "owls/tower/c.jpg": .init(decision: .reject, note: "screenshot")
        ])
        let results = F.judge(
            [
                F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, metres: 72, time: F.at(10, 30), accuracy: 10)),
                F.input("foxes/b.jpg", task: nil, F.photo("b", near: F.tower, metres: 300, time: F.at(10, 40))),
                F.input("owls/tower/c.jpg", task: "tower", F.photo("c", near: F.tower, time: F.at(10, 30))),
                F.input("owls/tower/d.jpg", task: "tower", F.photo("d", near: F.tower, metres: 72, time: F.at(10, 50), accuracy: 10))
            ], reviews: reviews)
        let a = results.submission(at: "foxes/tower/a.jpg")!
        #expect(a.verdict == .accepted && a.judgedVerdict == .review)
        #expect(a.reasons == [.uncertainPosition])
        #expect(a.review?.by == "Anna")
        #expect(results.submission(at: "foxes/b.jpg")?.task == "tower")
        #expect(results.submission(at: "foxes/b.jpg")?.taskSource == .review)
        #expect(results.submission(at: "owls/tower/c.jpg")?.verdict == .rejected)
        #expect(results.reviewQueue == ["owls/tower/d.jpg"])
        #expect(results.summary.undecided == 1 && results.summary.reviewed == 3)
        #expect(results.team("foxes")?.points == 20)
    }

    @Test("ranking: points, then the earlier time the score was reached; rewards reached")
    func ranking() {
        let results = F.judge([
            F.input("foxes/tower/a.jpg", task: "tower", F.photo("a", near: F.tower, time: F.at(11, 0))),
            F.input("owls/tower/a.jpg", task: "tower", F.photo("b", near: F.tower, time: F.at(10, 45)))
        ])
        #expect(results.teams.map(\.id) == ["owls", "foxes"])
        #expect(results.teams.map(\.rank) == [1, 2])
        #expect(results.team("owls")?.reachedAt?.text == "2026-05-02T10:45:00+02:00")
        #expect(results.team("owls")?.rewards.map(\.reward) == ["A drink"])
        let tower = results.tasks.first { $0.id == "tower" }!
        #expect(tower.completedBy.map(\.team) == ["owls", "foxes"])
        #expect(tower.reveal == "Built 1321–1382.")
    }

    @Test("score: closest — best per day per team, the three closest teams score")
    func closest() {
        // A 0.1° square south of the tower's latitude.
        let square = Area(polygons: [
            AreaPolygon(outer: [
                Coordinate(latitude: 51.9, longitude: 5.0), Coordinate(latitude: 51.9, longitude: 5.1),
                Coordinate(latitude: 51.8, longitude: 5.1), Coordinate(latitude: 51.8, longitude: 5.0)
            ])
        ])
        var target = AreaTarget(path: "square.geojson", url: URL(fileURLWithPath: "/tmp/square.geojson"))
        target.area = square
        let closest = HuntTask(id: "south", title: "Get close to the square", points: 30, target: .area(target), score: .closest, location: F.here)
        let hunt = F.hunt(extraTasks: [closest])
        let north = Coordinate(latitude: 51.9, longitude: 5.05)
        let results = F.judge(
            [
                F.input(
                    "foxes/south/a.jpg", task: "south",
                    F.photo("a", near: Geodesic.direct(from: north, azimuthDegrees: 0, distanceMetres: 5000).coordinate, time: F.at(10, 30))),
                F.input(
                    "foxes/south/b.jpg", task: "south",
                    F.photo("b", near: Geodesic.direct(from: north, azimuthDegrees: 0, distanceMetres: 2000).coordinate, time: F.at(11, 30))),
                F.input(
                    "owls/south/c.jpg", task: "south",
                    F.photo("c", near: Geodesic.direct(from: north, azimuthDegrees: 0, distanceMetres: 3000).coordinate, time: F.at(10, 30)))
            ], hunt: hunt)
        #expect(results.submissions.allSatisfy { $0.verdict == .accepted })
        let task = results.tasks.first { $0.id == "south" }!
        #expect(task.closest.map(\.team) == ["foxes", "owls"])
        #expect(task.closest.map(\.points) == [30, 20])
        #expect(abs(task.closest[0].distanceM - 2000) < 5)
        #expect(results.team("foxes")?.approaches.count == 1)  // one day: the best of it
        #expect(results.submission(at: "foxes/south/b.jpg")?.points == 30)
        #expect(results.submission(at: "foxes/south/a.jpg")?.points == 0)
    }
}
