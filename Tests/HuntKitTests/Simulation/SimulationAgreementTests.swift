import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite("Simulate, then judge: agreement with the answer file")
struct SimulationAgreementTests {
    /// The judging fixture hunt, loaded like a user's.
    static func hunt() throws -> Hunt {
        let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        let url = fixtures.appendingPathComponent("judging/campus-hunt.yaml")
        return try HuntLoader().load(contentsOf: url, displayPath: "campus-hunt.yaml").get()
    }

    @Test("every submission gets the planned verdict and reasons", arguments: [UInt64(1), 2, 3])
    func agree(seed: UInt64) async throws {
        let hunt = try Self.hunt()
        let folder = Scratch.root.appendingPathComponent("huntkit-sim-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try Simulator(hunt: hunt, options: .init(teams: 4, photosPerTeam: 40, seed: seed, failureShare: 0.35)).write(to: folder)
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("submissions"), displayPath: "submissions")
        #expect(results.submissions.count == answers.submissions.count)
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for answer in answers.submissions {
            let got = judged[answer.path]
            #expect(got?.verdict == answer.verdict, "\(answer.path) (\(answer.kind.rawValue)): \(got?.findings.map(\.message) ?? [])")
            #expect(got?.reasons == answer.reasons, "\(answer.path) (\(answer.kind.rawValue))")
        }
        // Each kind of failure shows up across the seeds; within one, most do.
        #expect(Set(answers.submissions.map(\.kind)).count >= 6)
    }

    @Test("videos and Live Photos: planned verdicts, motion files paired away", arguments: [UInt64(4), 5])
    func agreeWithVideos(seed: UInt64) async throws {
        var hunt = try Self.hunt()
        hunt.tasks[0].evidence = .video
        hunt.tasks[1].evidence = .photo
        let folder = Scratch.root.appendingPathComponent("huntkit-simv-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try Simulator(
            hunt: hunt,
            options: .init(
                teams: 4, photosPerTeam: 40, seed: seed, failureShare: 0.35,
                videoShare: 0.4)
        ).write(to: folder)
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("submissions"), displayPath: "submissions")
        #expect(results.submissions.map(\.path) == answers.submissions.map(\.path))
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for answer in answers.submissions {
            let got = judged[answer.path]
            #expect(got?.verdict == answer.verdict, "\(answer.path) (\(answer.kind.rawValue)): \(got?.findings.map(\.message) ?? [])")
            #expect(got?.reasons == answer.reasons, "\(answer.path) (\(answer.kind.rawValue))")
        }
        let formats = Set(results.submissions.compactMap(\.evidence.format))
        #expect(formats.isSuperset(of: [.jpeg, .mov]))
        #expect(results.submissions.contains { $0.evidence.motion != nil })
        #expect(answers.submissions.contains { $0.kind == .wrongMedia })
    }

    /// Issue 38: `hunt simulate` ignored `live:`, so its plan (114 accepted) and the judge (105)
    /// disagreed on a rehearsal of a hunt with live tasks.
    @Test("live tasks: photos sent from the page's camera are accepted, gallery ones are not-live, as planned", arguments: [UInt64(1), 2])
    func agreeWithLiveTasks(seed: UInt64) async throws {
        var hunt = try Self.hunt()
        hunt.tasks[0].live = true
        hunt.tasks[1].live = true
        let folder = Scratch.root.appendingPathComponent("huntkit-siml-\(seed)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let answers = try Simulator(hunt: hunt, options: .init(teams: 4, photosPerTeam: 40, seed: seed, failureShare: 0.35)).write(to: folder)
        let results = try await JudgeRun(hunt: hunt).run(submissions: folder.appendingPathComponent("submissions"), displayPath: "submissions")
        #expect(results.submissions.map(\.path) == answers.submissions.map(\.path))
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for answer in answers.submissions {
            let got = judged[answer.path]
            #expect(got?.verdict == answer.verdict, "\(answer.path) (\(answer.kind.rawValue)): \(got?.findings.map(\.message) ?? [])")
            #expect(got?.reasons == answer.reasons, "\(answer.path) (\(answer.kind.rawValue))")
        }
        let live = Set([hunt.tasks[0].id, hunt.tasks[1].id])
        #expect(answers.submissions.contains { $0.kind == .notLive })
        #expect(results.submissions.contains { live.contains($0.task ?? "") && $0.verdict == .accepted })
        // The page's sidecars are read with their photos, never listed as skipped.
        #expect(results.skipped.isEmpty)
    }

    @Test("without --video-share, nothing changes: the same plan as before videos existed")
    func photoOnlyPlanUnchanged() throws {
        let hunt = try Self.hunt()
        let plan = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 10, seed: 9)).plan()
        #expect(plan.photos.allSatisfy { $0.video == nil && !$0.motion && $0.path.hasSuffix(".jpg") })
    }

    @Test("the same seed gives the same files; another seed does not")
    func deterministic() throws {
        let hunt = try Self.hunt()
        let a = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 10, seed: 9)).plan()
        let b = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 10, seed: 9)).plan()
        let c = try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 10, seed: 10)).plan()
        #expect(a.answers == b.answers)
        #expect(a.photos.map(\.tags) == b.photos.map(\.tags))
        #expect(a.answers != c.answers)
    }

    /// `--photos-per-team 8` gives 8 (issue 22, item 12): a window failure whose first or last
    /// photo cannot take it, or a slot a two-photo stay cannot use, becomes another photo.
    @Test("every team sends exactly the photos asked for", arguments: [(3, UInt64(6)), (8, 1), (8, 10), (20, 2)])
    func exactCount(photos: Int, seed: UInt64) throws {
        let plan = try Simulator(hunt: try Self.hunt(), options: .init(teams: 2, photosPerTeam: photos, seed: seed)).plan()
        let perTeam = Dictionary(grouping: plan.answers.submissions, by: \.team).mapValues(\.count)
        #expect(perTeam == ["foxes": photos, "owls": photos])
        #expect(plan.answers.shortfall == nil)
    }

    @Test("a window too short for the photos asked says so")
    func shortWindowIsNamed() throws {
        let plan = try Simulator(hunt: try Self.hunt(), options: .init(teams: 1, photosPerTeam: 2_000, seed: 1)).plan()
        #expect(plan.answers.submissions.count < 2_000)
        #expect(plan.answers.shortfall?.hasPrefix("note: the hunt's window had room for fewer photos than asked (2000 a team): foxes ") == true)
    }

    @Test("more teams than the roster is a clear error")
    func tooManyTeams() throws {
        #expect(throws: Simulator.SimulationError.self) {
            _ = try Simulator(hunt: try Self.hunt(), options: .init(teams: 99, photosPerTeam: 1)).plan()
        }
    }
}
