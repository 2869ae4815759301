import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// The answers log (`answers.jsonl`) and a form tool's CSV export: read as written, bad lines
/// named and skipped, teams matched as folder names are.
@Suite("Answer logs and form exports")
struct AnswerLogTests {
    typealias F = JudgingFixtures

    @Test("a line written by `append` reads back; a bad line is named and skipped")
    func jsonLines() throws {
        let folder = Scratch.root.appendingPathComponent("answers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent(AnswerLog.fileName)
        let attempt = AnswerAttempt(id: "a1", team: "Red Foxes", task: "lions", answer: "Sëven \u{202E}!", sentAt: F.clock.timestamp(F.at(10, 5)))
        try AnswerLog.append(attempt, to: log)
        try Data("{\"id\":\"a2\",\"team\":\"foxes\"}\nnot json\n\n".utf8).appendOrWrite(to: log)
        try AnswerLog.append(AnswerAttempt(id: "a1", team: "owls", task: "lions", answer: "7", sentAt: F.clock.timestamp(F.at(10, 6))), to: log)
        let (attempts, problems) = AnswerLog.parse(Array(try Data(contentsOf: log)), displayPath: "answers.jsonl")
        #expect(attempts == [attempt])
        #expect(problems.map(\.location.line) == [2, 3, 5])
        #expect(problems[0].message.contains("`task` is missing"))
        #expect(problems[2].code == "answer-duplicate")
    }

    static let export =
        "\u{FEFF}Marca temporal;Team;Task;Answer\r\n2026-05-02 10:32:10;GREY HERONS;lions;7\r\n"
        + "yesterday;owls;lions;8\r\n2026-05-02T10:40:00+02:00;red foxes;lions;\"seven; I think\"\r\n;;;\r\n"

    @Test("a form's export: BOM, `;`, CRLF, columns by name, local times; a bad row named")
    func csv() throws {
        var hunt = F.hunt()
        hunt.teams.append(Team(id: "herons", name: "Grey Herons", location: F.here))
        let (attempts, problems) = try AnswerLog.parseCSV(Self.export, displayPath: "answers.csv", hunt: hunt)
        #expect(attempts.map(\.id) == ["L2", "L4"])
        #expect(attempts[0].sentAt.text == "2026-05-02T10:32:10+02:00")
        #expect(attempts[1].answer == "seven; I think")
        #expect(problems.count == 1 && problems[0].location.line == 3 && problems[0].message.contains("yesterday"))
        // Teams are matched as folders are: `GREY HERONS` and `red foxes` are herons and foxes.
        let submissions = SubmissionFinder(hunt: hunt).answerSubmissions(attempts, log: "answers.csv", filePath: "/x/answers.csv")
        #expect(submissions.map(\.team) == ["herons", "foxes"])
        #expect(submissions.map(\.path) == ["answers.csv#L2", "answers.csv#L4"])
    }

    @Test(
        "a year-last date is read day first or month first, whichever falls on the hunt's days",
        arguments: [
            ("02/05/2026 10:32:10", "2026-05-02T10:32:10+02:00"),  // day first (Europe, Latin America)
            ("5/2/2026 10:32:10", "2026-05-02T10:32:10+02:00"),  // month first (the US)
            ("5/2/2026 10:32:10 PM", "2026-05-02T22:32:10+02:00"),
            ("5/2/2026, 12:05 AM", "2026-05-02T00:05:00+02:00"),
            ("02.05.2026 10:32", "2026-05-02T10:32:00+02:00"),  // German
            ("2026/05/02 10:32:10", "2026-05-02T10:32:10+02:00"),
            ("13/05/2026 10:00", nil),  // only one reading (13 May), not near the hunt: still that date
            ("03/04/2026 10:00", nil),  // 3 April or 4 March: neither on the hunt's days
            ("5/2/2026 13:00 PM", nil), ("2/30/2026 10:00", nil), ("02/05/26 10:00", nil)
        ] as [(String, String?)])
    func yearLastDates(text: String, expected: String?) {
        let hunt = F.hunt()
        let read = AnswerLog.timestamp(text, clock: F.clock, window: hunt.window)?.text
        if text.hasPrefix("13/05") { #expect(read == "2026-05-13T10:00:00+02:00") } else { #expect(read == expected, "\(text)") }
    }

    @Test("a header without the columns says which are missing")
    func header() {
        #expect(throws: DiagnosticError.self) { try AnswerLog.parseCSV("when,who,what\n1,2,3\n", displayPath: "a.csv", hunt: F.hunt()) }
        do {
            _ = try AnswerLog.parseCSV("Time,Team,Question\n", displayPath: "a.csv", hunt: F.hunt())
            Issue.record("a header without an answer column was taken")
        } catch {
            #expect(error.diagnostics[0].message.contains("`answer`") && !error.diagnostics[0].message.contains("`task`"))
        }
    }

    @Test("a folder's answers.jsonl and a CSV judged with its photos by JudgeRun")
    func judgeRun() async throws {
        let folder = Scratch.root.appendingPathComponent("answers-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("foxes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hunt = F.hunt(extraTasks: [AnswerJudgingTests.lions])
        try AnswerLog.append(
            AnswerAttempt(id: "x", team: "foxes", task: "lions", answer: "Seven", sentAt: F.clock.timestamp(F.at(10, 5))),
            to: folder.appendingPathComponent("answers.jsonl"))
        var run = JudgeRun(hunt: hunt)
        let (attempts, problems) = try AnswerLog.parseCSV(
            "time,team,task,answer\n2026-05-02 11:00,Night Owls,lions,6\n", displayPath: "form.csv", hunt: hunt)
        run.collectedAnswers = CollectedAnswers(log: "form.csv", filePath: "/x/form.csv", attempts: attempts, problems: problems)
        let results = try await run.run(submissions: folder, displayPath: "subs")
        #expect(results.submissions.map(\.path) == ["answers.jsonl#x", "form.csv#L2"])
        #expect(results.submissions.map(\.verdict) == [.accepted, .rejected])
        #expect(results.team("foxes")?.points == 3)
    }
}

extension Data {
    /// Appends to the file at `url` (made when missing), for logs written in pieces.
    func appendOrWrite(to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: self)
    }
}
