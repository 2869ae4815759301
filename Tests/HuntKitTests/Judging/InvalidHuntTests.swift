import Foundation
import Testing
@testable import HuntKit

/// A hunt built in code that `validate()` rejects is refused with its diagnostics by every
/// entry point that uses a hunt (the judge, a folder's judge, the console's standing judgement,
/// the simulator), never judged wrong or trapped: a duplicate task id once stopped a script with
/// "Index out of range" in the tally.
@Suite struct InvalidHuntTests {
    static let teams = [Team(id: "foxes", name: "Red Foxes"), Team(id: "owls", name: "Night Owls")]

    static func task(_ id: String, radius: Double = 30, points: Int = 10) -> HuntTask {
        HuntTask(
            id: id, title: "Task \(id)", points: points,
            target: .circle(center: Coordinate(latitude: 52.09, longitude: 5.12), radius: .metres(radius)))
    }

    /// One mistake a hunt: the code `validate()` gives it, and the hunt.
    static let mistakes: [(String, Hunt)] = [
        ("duplicate-id", Hunt(id: "h", title: "H", teams: teams, tasks: [task("dom"), task("dom")])),
        ("duplicate-id", Hunt(id: "h", title: "H", teams: teams + [Team(id: "foxes", name: "Foxes again")], tasks: [task("dom")])),
        ("bad-length", Hunt(id: "h", title: "H", teams: teams, tasks: [task("dom", radius: -5)])),
        ("negative-points", Hunt(id: "h", title: "H", teams: teams, tasks: [task("dom", points: -5)])),
        (
            "unknown-task",
            {
                var t = task("later"); t.after = ["nope"]; return Hunt(id: "h", title: "H", teams: teams, tasks: [task("dom"), t])
            }()
        ),
        (
            "coordinate-out-of-range",
            Hunt(
                id: "h", title: "H", teams: teams,
                tasks: [
                    HuntTask(id: "far", title: "Far", target: .circle(center: Coordinate(latitude: 999, longitude: 5), radius: .metres(30)))
                ])
        ),
        ("missing-key", Hunt(id: "h", title: " ", teams: teams, tasks: [task("dom")]))
    ]

    @Test(arguments: mistakes.indices)
    func everyEntryPointRefusesTheHuntWithItsDiagnostics(index: Int) async throws {
        let (code, hunt) = Self.mistakes[index]
        let errors = hunt.validate().filter { $0.severity == .error }
        #expect(errors.map(\.code.rawValue).contains(code), "\(errors.map(\.code))")
        #expect(errors.contains { $0.code == HuntDiagnosticCode(rawValue: code)! })
        func refused(_ what: String, _ body: () async throws -> Void) async {
            do {
                try await body()
                Issue.record("\(what) took a hunt with \(code)")
            } catch let error as DiagnosticError {
                #expect(error.diagnostics == errors, "\(what)")
            } catch {
                Issue.record("\(what): \(error)")
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invalid-hunt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("foxes/dom"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: folder.appendingPathComponent("foxes/dom/a.jpg"))
        await refused("Judge") { _ = try Judge(hunt: hunt) }
        await refused("JudgeRun.run") { _ = try await JudgeRun(hunt: hunt).run(submissions: folder, displayPath: "photos") }
        await refused("JudgeRun.examine") { _ = try await JudgeRun(hunt: hunt).examine(submissions: folder, displayPath: "photos") }
        let examined = try await JudgeRun(hunt: Hunt(id: "h", title: "H", teams: Self.teams, tasks: [Self.task("dom")]))
            .examine(submissions: folder, displayPath: "photos")
        await refused("StandingJudgement") { _ = try StandingJudgement(examined, hunt: hunt, reviews: Reviews(), files: (nil, nil)) }
        await refused("Simulator") { _ = try Simulator(hunt: hunt, options: .init(teams: 1, photosPerTeam: 4)).plan() }
    }

    @Test func aValidHuntIsJudgedAsBefore() async throws {
        let hunt = Hunt(id: "h", title: "H", teams: Self.teams, tasks: [Self.task("dom"), Self.task("bridge")])
        #expect(throws: Never.self) { _ = try Judge(hunt: hunt).judge([]) }
        #expect(try Simulator(hunt: hunt, options: .init(teams: 2, photosPerTeam: 4)).plan().photos.count == 8)
    }
}

extension InvalidHuntTests {
    /// A script names a code as a member, not as text.
    @Test func aDiagnosticsCodeComparesWithTheHuntFilesCodes() {
        let hunt = Hunt(id: "h", title: "H", teams: Self.teams, tasks: [Self.task("dom"), Self.task("dom")])
        #expect(hunt.validate().contains { $0.code == .duplicateId })
        #expect(!hunt.validate().contains { $0.code == .negativePoints })
    }
}
