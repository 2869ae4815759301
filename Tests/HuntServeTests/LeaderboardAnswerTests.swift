import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct LeaderboardAnswerTests {
    /// The six latest completions are those of all teams sorted newest first (then by photo,
    /// newest-looking path first), with unknown times the oldest: checked on many completions
    /// whose times tie, or are unknown.
    @Test func theSixLatestAreTheSixLatestOfAll() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        var results = try await fixture.judgeFromFiles()
        var random = SplitMix64(seed: 11)
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for t in results.teams.indices {
            for n in 0..<40 {
                let minute = Int(random.next() % 5)
                let at = random.next() % 7 == 0 ? nil : Timestamp(start.addingTimeInterval(Double(minute * 60)), offsetSeconds: 7_200)
                results.teams[t].completions.append(
                    .init(
                        task: "t\(n % 3)", points: 1, at: at,
                        submission: "\(results.teams[t].id)/p\(random.next() % 1_000).jpg"))
            }
        }
        let board = LeaderboardAnswer(results, generation: 1, shownID: { $0 })
        let all = results.teams.flatMap { team in team.completions.map { (at: $0.at?.text ?? "", submission: $0.submission) } }
        let expected = all.sorted { ($0.at, $0.submission) > ($1.at, $1.submission) }.prefix(6)
        #expect(board.recent.count == 6)
        #expect(board.recent.map(\.photo) == expected.map { Optional("/api/photo?shown=" + $0.submission) })
        #expect(board.recent.map(\.at) == expected.map { $0.at.isEmpty ? nil : $0.at })
    }

    /// Issue 38: the projector showed players' photos with no way to hide them.
    @Test("with the board's photos hidden, the latest tasks are listed and no photo is served")
    func hiddenPhotos() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let results = try await fixture.judgeFromFiles()
        let shown = LeaderboardAnswer(results, generation: 1, shownID: { $0 })
        let hidden = LeaderboardAnswer(results, generation: 1, shownID: { $0 }, photos: false)
        #expect(!shown.recent.isEmpty && shown.recent.allSatisfy { $0.photo != nil })
        #expect(hidden.recent.map(\.task) == shown.recent.map(\.task))
        #expect(hidden.recent.allSatisfy { $0.photo == nil })
    }
}
