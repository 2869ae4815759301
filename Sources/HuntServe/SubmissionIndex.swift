import Foundation
import HuntKit

/// The current judgement's submissions by path, by id and by team: what a request names is
/// looked up here, and only ever compared, never opened. It depends only on the set of
/// submissions (in path order), so a decision keeps it and a new read of the folder rebuilds it.
struct SubmissionIndex: Sendable {
    private(set) var byPath: [String: Int] = [:]
    private var pathByID: [String: String] = [:]
    /// Each submission's id (`SubmissionIDs`), by index.
    private(set) var ids: [String] = []
    /// The submissions in id order: the blind queue's order, which neither groups a team's photos
    /// nor follows their paths, and stays put from one judgement to the next.
    private(set) var inIDOrder: [Int] = []
    /// Each team's submissions in the order they were taken.
    private(set) var byTeam: [String: [Int]] = [:]

    init() {}

    init(_ judged: JudgeResults, ids makeID: SubmissionIDs) {
        byPath = Dictionary(uniqueKeysWithValues: judged.submissions.enumerated().map { ($1.path, $0) })
        ids = judged.submissions.map { makeID.id(of: $0.path) }
        pathByID = Dictionary(zip(ids, judged.submissions.map(\.path)), uniquingKeysWith: { a, _ in a })
        inIDOrder = ids.indices.sorted { ids[$0] < ids[$1] }
        for (index, submission) in judged.submissions.enumerated() { byTeam[submission.team, default: []].append(index) }
        for (team, indices) in byTeam {
            byTeam[team] = indices.sorted {
                (judged.submissions[$0].evidence.capturedAt?.text ?? "", $0) < (judged.submissions[$1].evidence.capturedAt?.text ?? "", $1)
            }
        }
    }

    var count: Int { byPath.count }

    /// The submission that `path` or `id` names.
    func index(path: String?, id: String?) -> Int? {
        if let path, let index = byPath[path] { return index }
        if let id, let path = pathByID[id] { return byPath[path] }
        return nil
    }

    /// The paths a request names (`path`, `id`, `paths`, `ids`), each a submission, without repeats.
    /// `blind`: a request naming paths is refused, whether they exist or not.
    func paths(named request: DecisionRequest, blind: Bool = false) throws(ServeError) -> [String] {
        if blind, request.path != nil || request.paths != nil { throw .blindPath }
        var paths: [String] = []
        for path in (request.path.map { [$0] } ?? []) + (request.paths ?? []) {
            guard byPath[path] != nil else { throw ServeError("`\(path)` is not a submission of the current judgement", status: 404) }
            paths.append(path)
        }
        for id in (request.id.map { [$0] } ?? []) + (request.ids ?? []) {
            guard let path = pathByID[id] else { throw ServeError("no submission has the id `\(id)`", status: 404) }
            paths.append(path)
        }
        guard !paths.isEmpty else { throw ServeError("name the photo: `path` or `id` (or `paths`/`ids` for several)") }
        guard paths.count <= 20_000 else { throw ServeError("at most 20,000 photos in one decision", status: 413) }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }
}

extension ServeError {
    /// The one answer a blind session gives a request that names a photo by path: a path starts
    /// with the team's folder, and a different answer for a path that exists and one that does
    /// not would tell which guesses are right.
    static let blindPath = ServeError("blind judging: photos are named by id here, never by path", status: 403)
}
