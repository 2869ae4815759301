import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// A rehearsal of a hunt with check-ins: lines of submissions/answers.jsonl from outside and
/// inside each check-in task's place, a stay for a dwell task, and the judge agrees with what
/// answers.json says of each; the photos' own verdicts are as without them.
@Suite("Simulate check-ins")
struct SimulationCheckInTests {
    static let yaml = """
        hunt: Check-in Rehearsal
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        teams:
          - { id: foxes, name: Red Foxes }
          - { id: owls, name: Night Owls }
        tasks:
          - { id: library, title: The library, at: "52.08739, 5.17765" }
          - { id: gate, title: The gate, at: "52.08840, 5.16860", radius: 40 m, check_in: true }
          - { id: lawn, title: The lawn, at: "52.08700, 5.17800", radius: 50 m, check_in: true, dwell: 2 min }
          - { id: long, title: All afternoon, at: "52.08600, 5.17500", radius: 50 m, check_in: true, dwell: 12 h }
          - { id: inside, title: Behind the gate, clue: What colour is the bench?, answer: green, unlocked_by: [gate] }

        """

    @Test(
        "outside rejected, inside accepted, a 2 min stay completed, a 12 h stay cut by the window, a question unlocked by a check-in: as judged",
        arguments: [UInt64(1), 2])
    func agrees(seed: UInt64) async throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-checkin-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("hunt.yaml")
        try Self.yaml.write(to: file, atomically: true, encoding: .utf8)
        let hunt = try HuntLoader().load(contentsOf: file, displayPath: "hunt.yaml").get()
        let answers = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 4, seed: seed, failureShare: 0)).write(
            to: folder.appendingPathComponent("sim"))
        let checkIns = answers.submissions.filter { $0.path.hasPrefix("answers.jsonl#") }
        #expect(checkIns.contains { $0.task == "gate" && $0.reasons == [.outsideTarget] })
        #expect(checkIns.contains { $0.task == "gate" && $0.verdict == .accepted })
        #expect(checkIns.filter { $0.task == "lawn" && $0.kind == .honest }.count == 2 * 11, "a sample every 12 s over 2 min, per team")
        #expect(checkIns.filter { $0.task == "lawn" && $0.kind == .honest }.allSatisfy { $0.verdict == .accepted })
        #expect(checkIns.contains { $0.task == "long" && $0.reasons == [.dwellShort] })
        #expect(!answers.submissions.contains { $0.task == "gate" && !$0.path.hasPrefix("answers.jsonl#") }, "no photo for a check-in task")
        // A question unlocked by the check-in is answered after it, as a team would: right, and accepted.
        #expect(answers.submissions.filter { $0.task == "inside" && $0.kind == .rightAnswer }.map(\.verdict) == [.accepted, .accepted])
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("sim/submissions"), displayPath: "submissions")
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        #expect(judged.count == answers.submissions.count)
        for answer in answers.submissions {
            #expect(judged[answer.path]?.verdict == answer.verdict, "\(answer.path)")
            #expect(judged[answer.path]?.reasons == answer.reasons, "\(answer.path)")
        }
    }
}
