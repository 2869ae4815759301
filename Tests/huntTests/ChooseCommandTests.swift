import Foundation
import HuntTestSupport
import HuntKit
import Testing

/// "Any 3 of these 5" as a user runs it: the adventure-lab example judged, reported, simulated
/// and printed by the built `hunt`.
@Suite("choose N of a set, end to end")
struct ChooseCommandTests {
    static let example = SourceTree.root.appendingPathComponent("Examples/adventure-lab")

    @Test("judge and report: a group scores once any 3 of its 5 tasks are done; the report says 2 of 3 done")
    func judgeAndReport() throws {
        let out = try HuntBinary.temporaryDirectory("choose-judge")
        defer { try? FileManager.default.removeItem(at: out) }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", out.path, "--format", "md"], in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JudgeResults.decode(Data(contentsOf: out.appendingPathComponent("results.json")))
        let landmarks = try #require(results.tasks.first { $0.id == "landmarks" })
        #expect(landmarks.choose == 3 && landmarks.tasks?.count == 5)
        #expect(Set(landmarks.completedBy.map(\.team)) == ["lucia", "mateo", "sofia"] && landmarks.completedBy.allSatisfy { $0.points == 30 })
        let cafes = try #require(results.tasks.first { $0.id == "cafes" })
        #expect(cafes.completedBy.map(\.team) == ["lucia"])
        #expect(cafes.progress?.first { $0.team == "mateo" }?.done.count == 2)
        // The group's tasks score nothing of their own: every point is a group's, a café set's or Recoleta's.
        for team in results.teams {
            #expect(team.completions.filter { $0.points > 0 }.allSatisfy { ["landmarks", "cafes", "recoleta"].contains($0.task) })
        }
        let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("any 3 of these 5: Plaza de Mayo, The white needle, The green dome, The opera house, The bridge that turns"))
        #expect(report.contains("Mateo's team: 2 of 3 done (Bar El Federal, Café Tortoni)"))
        #expect(report.contains("| 2/3 |"))
    }

    @Test("simulate: answers.json says what of each set each team should have done, and the judge agrees")
    func simulate() throws {
        let out = try HuntBinary.temporaryDirectory("choose-simulate")
        defer { try? FileManager.default.removeItem(at: out) }
        let sim = try HuntBinary.run(
            [
                "simulate", "hunt.yaml", "--teams", "3", "--photos-per-team", "15", "--seed", "7",
                "--out", out.appendingPathComponent("rehearsal").path
            ], in: Self.example)
        #expect(sim.status == 0, "\(sim.stderr)")
        let answers = try Simulator.AnswerFile.decode(Data(contentsOf: out.appendingPathComponent("rehearsal/answers.json")))
        let choices = try #require(answers.choices)
        #expect(choices.count == 6)
        let judge = try HuntBinary.run(
            ["judge", "hunt.yaml", out.appendingPathComponent("rehearsal/submissions").path, "--format", "json"],
            in: Self.example)
        let results = try JudgeResults.decode(judge.stdoutData)
        for choice in choices {
            let task = try #require(results.tasks.first { $0.id == choice.task })
            #expect(task.progress?.first { $0.team == choice.team }?.done ?? [] == choice.done, "\(choice.team) \(choice.task)")
            #expect(task.completedBy.contains { $0.team == choice.team } == choice.complete, "\(choice.team) \(choice.task)")
        }
    }

    @Test("sheets: the group's card says any 3 of these 5, and no position gives a landmark away")
    func sheets() throws {
        let out = try HuntBinary.temporaryDirectory("choose-sheets")
        defer { try? FileManager.default.removeItem(at: out) }
        let pdf = out.appendingPathComponent("sheets.pdf")
        let run = try HuntBinary.run(["sheets", "hunt.yaml", "--team", "lucia", "-o", pdf.path], in: Self.example)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: pdf.path))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") else { return }  // poppler-utils (.ci/install-deps)
        let text = try HuntBinary.run([pdf.path, "-"], executable: URL(fileURLWithPath: "/usr/bin/pdftotext")).stdout
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        #expect(flat.contains("Any 3 of these 5: Plaza de Mayo, The white needle"))
        #expect(flat.contains("Counts towards “Three landmarks”"))
        #expect(!flat.contains("geo:") && !flat.contains("34.6083"))
        #expect(flat.contains("At 34.588° S, 58.3933° W"), "Recoleta asks for its position as text")
    }
}
