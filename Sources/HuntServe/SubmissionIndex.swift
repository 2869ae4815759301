import Foundation
import HuntKit

/// The current judgement's submissions by path, by id and by team: what a request names is
/// looked up here, and only ever compared, never opened. It depends only on the set of
/// submissions (in path order), so a decision keeps it and a new read of the folder rebuilds it.
struct SubmissionIndex: Sendable {
    private(set) var byPath: [String: Int] = [:]
    private var pathByID: [String: String] = [:]
    /// Each team's submissions in the order they were taken.
    private(set) var byTeam: [String: [Int]] = [:]

    init() {}

    init(_ judged: JudgeResults) {
        byPath = Dictionary(uniqueKeysWithValues: judged.submissions.enumerated().map { ($1.path, $0) })
        pathByID = Dictionary(judged.submissions.map { (Self.id(of: $0.path), $0.path) }, uniquingKeysWith: { a, _ in a })
        for (index, submission) in judged.submissions.enumerated() { byTeam[submission.team, default: []].append(index) }
        for (team, indices) in byTeam {
            byTeam[team] = indices.sorted { (judged.submissions[$0].evidence.capturedAt?.text ?? "", $0) < (judged.submissions[$1].evidence.capturedAt?.text ?? "", $1) }
        }
    }

    var count: Int { byPath.count }

    /// A submission's id: 64-bit FNV-1a of its path, in hex. It names no team (blind judging),
    /// and stays the same across restarts, so a link to a submission keeps working.
    static func id(of path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The submission that `path` or `id` names.
    func index(path: String?, id: String?) -> Int? {
        if let path, let index = byPath[path] { return index }
        if let id, let path = pathByID[id] { return byPath[path] }
        return nil
    }

    /// The paths a request names (`path`, `id`, `paths`, `ids`), each a submission, without repeats.
    func paths(named request: DecisionRequest) throws(ServeError) -> [String] {
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
