import Foundation
import HuntKit
import HuntTestSupport
import Testing

/// `opens:` and `unlocked_by:` on the orientation day: the judge holds answers to them as the
/// page shows them — none before the task opens, none before the tasks that unlock it.
@Suite("opens and unlocked_by")
struct TaskUnlockCommandTests {
    @Test("an answer before `opens:` is before the task's window; one before its unlocking task is out of order")
    func judged() throws {
        let folder = Scratch.root.appendingPathComponent("unlock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: SourceTree.root.appendingPathComponent("Examples/orientation-day"), to: folder)
        let file = folder.appendingPathComponent("hunt.yaml")
        var text = try String(contentsOf: file, encoding: .utf8)
        text = text.replacingOccurrences(of: "    number: 7\n", with: "    number: 7\n    opens: 10:30\n")
        text = text.replacingOccurrences(of: "    number: 102\n", with: "    number: 102\n    unlocked_by: [astronomer]\n")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let validate = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
        #expect(validate.status == 0 && validate.stdout.contains("0 errors"), "\(validate.stdout)\(validate.stderr)")
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JudgeResults.decode(run.stdoutData)
        let byPath = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        // foxes: "Seven" for lions at 10:20, before it opens at 10:30; tower at 10:31, before any astronomer answer was accepted.
        #expect(byPath["answers.jsonl#f1"]?.reasons == [.beforeWindow], "\(String(describing: byPath["answers.jsonl#f1"]?.reasons))")
        #expect(byPath["answers.jsonl#f2"]?.reasons.contains(.order) == true, "\(String(describing: byPath["answers.jsonl#f2"]?.reasons))")
        // Written back, the hunt keeps both.
        let hunt = try HuntLoader().load(contentsOf: file).get()
        let back = try HuntLoader().load(Array(hunt.yaml().utf8), displayPath: "back.yaml", baseURL: folder).get()
        #expect(back.task("lions")?.opens == hunt.task("lions")?.opens && back.task("lions")?.opens != nil)
        #expect(back.task("tower")?.unlockedBy == ["astronomer"] && back.task("tower")?.after == hunt.task("tower")?.after)
    }

    @Test("a circle of `unlocked_by` is named with the key it was written with")
    func unlockCircle() throws {
        let folder = Scratch.root.appendingPathComponent("unlock-circle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let yaml = """
            hunt: Circle
            timezone: Europe/Amsterdam
            teams: [foxes]
            tasks:
              - { id: x, title: X, answer: one, unlocked_by: [y] }
              - { id: y, title: Y, answer: two, unlocked_by: [x] }
              - { id: z, title: Z, answer: three, after: [w] }
              - { id: w, title: W, answer: four, unlocked_by: [z] }

            """
        try yaml.write(to: folder.appendingPathComponent("hunt.yaml"), atomically: false, encoding: .utf8)
        let run = try HuntBinary.run(["validate", "hunt.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr.contains("`unlocked_by` goes round in a circle: x → y → x"), "\(run.stderr)")
        #expect(run.stderr.contains("`after` and `unlocked_by` go round in a circle"), "\(run.stderr)")
    }
}
