/// At most `perTeam` of one kind of work at once for each team; a team's further requests wait
/// their turn, first come first served, and other teams' are not slowed by them. The players'
/// previews go through one: a team that asks for many previews of photos that take seconds
/// to decode (its own crafted HEICs) holds two of `BlockingWork`'s threads, not all of them.
actor TeamLanes {
    let perTeam: Int
    private var running: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    init(perTeam: Int) { self.perTeam = max(1, perTeam) }

    /// `work`, once fewer than `perTeam` of `team`'s are running.
    func run<T: Sendable>(_ team: String, _ work: @Sendable () async throws -> T) async rethrows -> T {
        if running[team, default: 0] < perTeam {
            running[team, default: 0] += 1
        } else {
            // The finishing one hands its place over, so the count stays.
            await withCheckedContinuation { waiting[team, default: []].append($0) }
        }
        defer { finished(team) }
        return try await work()
    }

    private func finished(_ team: String) {
        if var queue = waiting[team], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[team] = queue.isEmpty ? nil : queue
            next.resume()
        } else {
            running[team, default: 1] -= 1
            if running[team] == 0 { running[team] = nil }
        }
    }

    /// How many of `team`'s are running now (for tests).
    func runningCount(_ team: String) -> Int { running[team] ?? 0 }
}
