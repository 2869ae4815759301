/// Work of an actor's that runs once at a time and once more if asked meanwhile: asks that come
/// while it runs make one more run after it, however many they are, and each ask returns when a
/// run begun after it has ended. A read of the folder begun beside another would overtake it and
/// drop its work, and a report written for every judgement of a burst is wasted, so they follow
/// one another (`ServeSession.poll`, `OutFolderWriter`).
///
/// Held by the actor and used only on it (`isolation`), so its state needs no lock.
final class Coalescing<Answer: Sendable> {
    private var running = false
    private var again = false
    private var waiting: [CheckedContinuation<Answer, Never>] = []

    /// Runs `body` now, or once more after the run under way; the answers of the runs until no
    /// ask is left are `combine`d, and every ask of them gets that.
    func run(
        isolation: isolated (any Actor)? = #isolation, combining combine: (Answer, Answer) -> Answer,
        _ body: () async -> Answer
    ) async -> Answer {
        if running {
            again = true
            return await withCheckedContinuation { waiting.append($0) }
        }
        running = true
        again = false
        var answer = await body()
        while again {
            again = false
            answer = combine(answer, await body())
        }
        running = false
        let waiters = waiting
        waiting = []
        for waiter in waiters { waiter.resume(returning: answer) }
        return answer
    }
}

extension Coalescing where Answer == Void {
    func run(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
        await run(isolation: isolation, combining: { _, _ in }, body)
    }
}
