import Foundation
import HuntTestSupport
import HuntKit
import Testing

/// Each example hunt's photos judged as a user would, against its expected outcome
/// (`Examples/<name>/expected.json`, made by `.ci/check/judge-examples.sh --update`).
@Suite("Examples judged end to end")
struct ExamplesJudgeTests {
    struct Expected: Decodable {
        struct Photo: Decodable { var path: String; var verdict: String; var reasons: [String]; var kind: String }
        struct Team: Decodable, Equatable { var id: String; var points: Int; var rank: Int }
        var submissions: [Photo]
        var teams: [Team]
    }

    static let examples = [
        "photo-scavenger-hunt", "cache-grab", "where-is-france", "social-explorer", "booze-your-credit", "adventure-lab", "orientation-day"
    ]

    @Test("verdicts, reasons and leaderboard as expected", arguments: examples)
    func example(_ name: String) throws {
        let folder = SourceTree.root.appendingPathComponent("Examples/\(name)")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--format", "json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JudgeResults.decode(run.stdoutData)
        #expect(results.submissions.count == expected.submissions.count)
        let judged = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        for photo in expected.submissions {
            #expect(judged[photo.path]?.verdict.rawValue == photo.verdict, "\(name)/\(photo.path) (\(photo.kind))")
            #expect(judged[photo.path]?.reasons.map(\.rawValue) == photo.reasons, "\(name)/\(photo.path) (\(photo.kind))")
        }
        #expect(results.teams.map { Expected.Team(id: $0.id, points: $0.points, rank: $0.rank) } == expected.teams)
        #expect(results.teams.first?.points ?? 0 > 0, "someone scores")
    }

    @Test("the README's demo: the photo hunt's leaderboard on stdout")
    func demo() throws {
        let folder = SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt")
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: folder.appendingPathComponent("expected.json")))
        func count(_ verdict: String) -> Int { expected.submissions.filter { $0.verdict == verdict }.count }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions"], in: folder)
        #expect(run.status == 0)
        #expect(run.stdout.contains("rank  team"))
        #expect(
            run.stdout.hasPrefix(
                "Utrecht Science Park Photo Hunt: \(expected.submissions.count) submissions — \(count("accepted")) accepted, "
                    + "\(count("review")) for review, \(count("rejected")) rejected\n"), "\(run.stdout)")
        #expect(count("review") > 0, "the demo shows a review queue")
        #expect(run.stdout.contains("\n\(count("review")) review items undecided: "), "\(run.stdout)")
    }
}
