import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// A rehearsal covers a task with a window of its own: teams that get there before it opens wait
/// for it, some come too early or too late and are judged so, and the options a script passes
/// are checked as the command line checks them.
@Suite("Simulate a hunt whose tasks have windows")
struct SimulationWindowTests {
    static let yaml = """
        hunt: Afternoon Task
        timezone: Europe/Lisbon
        window: { start: 2026-05-02 10:00, end: 2026-05-02 18:00 }
        teams:
          - { id: foxes, name: Red Foxes }
          - { id: owls, name: Night Owls }
          - { id: herons, name: Grey Herons }
        tasks:
          - { id: se, title: The cathedral, at: [38.70981, -9.13290] }
          - { id: carmo, title: Carmo convent, at: [38.71214, -9.14049] }
          - { id: tram, title: Tram 28, at: [38.71100, -9.13600] }
          - { id: castle, title: The castle, at: [38.71393, -9.13339] }
          - { id: lift, title: Santa Justa lift, at: [38.71205, -9.13937] }
          - { id: sunset, title: Sunset at the viewpoint, at: [38.71282, -9.13099], window: { start: 2026-05-02 14:00, end: 2026-05-02 17:00 } }

        """

    static func hunt(_ folder: URL) throws -> Hunt {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("hunt.yaml")
        try Self.yaml.write(to: file, atomically: true, encoding: .utf8)
        return try HuntLoader().load(contentsOf: file, displayPath: "hunt.yaml").get()
    }

    @Test("the windowed task gets photos at 8 a team, inside its window, and the judge agrees", arguments: [UInt64(1), 2, 3, 4, 5])
    func windowedTaskIsPlanned(seed: UInt64) async throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-window-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = try Self.hunt(folder)
        let answers = try Simulator(hunt: hunt, options: .init(teams: 3, photosPerTeam: 8, seed: seed, failureShare: 0)).write(
            to: folder.appendingPathComponent("sim"))
        #expect(answers.shortfall == nil)
        let window = try #require(hunt.task("sunset")?.window)
        for team in ["foxes", "owls", "herons"] {
            let sunset = answers.submissions.filter { $0.team == team && $0.task == "sunset" }
            #expect(!sunset.isEmpty, "\(team) got no photo of the windowed task")
        }
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("sim/submissions"), displayPath: "submissions")
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for answer in answers.submissions {
            #expect(judged[answer.path]?.verdict == answer.verdict, "\(answer.path)")
            #expect(judged[answer.path]?.reasons == answer.reasons, "\(answer.path)")
            if answer.task == "sunset", answer.reasons.isEmpty, let at = judged[answer.path]?.evidence.capturedAt?.date {
                #expect(window.contains(at), "\(answer.path) at \(at)")
            }
        }
    }

    @Test("teams early or late for the windowed task are judged before-window or after-window")
    func windowFailuresArePlanned() async throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-window-fail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = try Self.hunt(folder)
        var reasons: Set<ReasonCode> = []
        for seed in UInt64(1)...6 {
            let sim = folder.appendingPathComponent("sim-\(seed)")
            let answers = try Simulator(hunt: hunt, options: .init(teams: 3, photosPerTeam: 12, seed: seed, failureShare: 0.7)).write(to: sim)
            let results = try await JudgeRun(hunt: hunt).run(submissions: sim.appendingPathComponent("submissions"), displayPath: "submissions")
            let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
            for answer in answers.submissions {
                #expect(judged[answer.path]?.reasons == answer.reasons, "\(seed) \(answer.path) (\(answer.kind.rawValue))")
                if answer.task == "sunset" { reasons.formUnion(answer.reasons) }
            }
        }
        #expect(reasons.isSuperset(of: [.beforeWindow, .afterWindow]), "\(reasons)")
    }

    @Test("options a script passes are checked", arguments: [(0, 0.25), (-3, 0.25), (200_000, 0.25), (8, 2), (8, -0.1), (8, .nan)])
    func nonsenseOptionsThrow(photos: Int, failureShare: Double) throws {
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-options-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = try Self.hunt(folder)
        #expect(throws: Simulator.SimulationError.self) {
            _ = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: photos, failureShare: failureShare)).plan()
        }
        #expect(throws: Simulator.SimulationError.self) {
            _ = try Simulator(hunt: hunt, options: .init(teams: 0, photosPerTeam: 8)).plan()
        }
        #expect(throws: Simulator.SimulationError.self) {
            _ = try Simulator(hunt: hunt, options: .init(teams: 1, photosPerTeam: 8, videoShare: .infinity)).plan()
        }
    }
}
