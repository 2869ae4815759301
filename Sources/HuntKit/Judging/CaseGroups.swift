import Foundation

/// The groupings of cases that the rules across photos start from, built as the cases arrive
/// (in the reading phase, where the cores have time) rather than in a pass of their own after.
struct CaseGroups: Sendable {
    private var firstWithHash: [String: Int] = [:]
    /// Cases with the same content, under the first of them; only contents seen more than once.
    private(set) var sameContent: [Int: [Int]] = [:]
    /// Each team's cases, in index order.
    private(set) var byTeam: [String: [Int]] = [:]

    init(capacity: Int) { firstWithHash.reserveCapacity(capacity) }

    init(_ cases: [SubmissionCase]) {
        self.init(capacity: cases.count)
        for c in cases { add(index: c.index, team: c.submission.team, contentHash: c.contentHash) }
    }

    /// Adds case `index`; cases come in index order.
    mutating func add(index: Int, team: String, contentHash: String?) {
        byTeam[team, default: []].append(index)
        guard let contentHash else { return }
        if let first = firstWithHash[contentHash] {
            sameContent[first, default: [first]].append(index)
        } else {
            firstWithHash[contentHash] = index
        }
    }
}
