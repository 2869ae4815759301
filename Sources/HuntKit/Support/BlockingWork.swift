import Dispatch
import Foundation
import Synchronization

/// Where work that blocks a thread for long goes: decoding a photo for a preview, waiting for the
/// HEIF child, reading a photo's EXIF to turn its preview (`run`, from async code); reading the
/// interrupt pipe, writing `hunt serve`'s log lines to a slow stdout (`start`). Swift's cooperative pool has one thread per
/// core (two on a small server), so a blocking call made there stops every other task with it:
/// two previews of a HEIC whose decoder hangs once held both threads, and with them every
/// request to the console. Here a set of threads of its own, started as work arrives (at most
/// `maxThreads`), takes the work first come, first served; the caller waits without holding a
/// thread. The only file that waits on a semaphore.
package final class BlockingWork: Sendable {
    /// The process's one place for blocking work. Up to 64 threads: waiting for a child costs no
    /// CPU, the decodes that do are bounded by their memory budget and a team's by `TeamLanes`,
    /// and a short job should not queue behind long ones.
    public static let shared = BlockingWork(maxThreads: 64)

    public let maxThreads: Int

    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var next = 0
        var threads = 0
        var busy = 0
    }

    private let state = Mutex(State())
    /// Signalled once for each job queued; a thread takes one job per wait.
    private let queued = DispatchSemaphore(value: 0)

    /// A place with at most `maxThreads` threads (at least one).
    public init(maxThreads: Int) {
        self.maxThreads = max(1, maxThreads)
    }

    /// Runs `work` on one of this place's threads and returns what it returns.
    public func run<T>(_ work: sending @escaping () -> sending T) async -> sending T {
        // The closure crosses to one other thread, and its result back, never shared: the mutex
        // hands the closure over (`sending` in, taken out once), and the continuation the result.
        let handed = Mutex<(() -> T)?>(work)
        return await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            start {
                guard let work = handed.withLock({ $0.take() }) else { preconditionFailure("a job runs once") }
                continuation.resume(returning: work())
            }
        }
    }

    /// Threads started so far (for tests).
    public var threadCount: Int { state.withLock { $0.threads } }

    /// Runs `job` on one of this place's threads, without waiting for it: for work that waits
    /// on its own (a signal's pipe, a terminal that is slow to take lines).
    package func start(_ job: @escaping @Sendable () -> Void) {
        let start = state.withLock { state -> Bool in
            state.jobs.append(job)
            let waiting = state.jobs.count - state.next
            guard waiting > state.threads - state.busy, state.threads < maxThreads else { return false }
            state.threads += 1
            return true
        }
        queued.signal()
        if start {
            let thread = Thread { [self] in work() }
            thread.name = "hunt-blocking"
            // As much stack as the system gives a thread: `Array(parallelCount:)` bodies run here.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    private func work() {
        while true {
            queued.wait()
            let job = state.withLock { state -> @Sendable () -> Void in
                let job = state.jobs[state.next]
                state.next += 1
                if state.next == state.jobs.count { state.jobs.removeAll(keepingCapacity: true); state.next = 0 }
                state.busy += 1
                return job
            }
            job()
            state.withLock { $0.busy -= 1 }
        }
    }
}

extension BlockingWork {
    /// Runs `body(i)` for every `i` in `0..<iterations`, on the calling thread and at most
    /// `width - 1` of this place's threads, and returns once every call has returned: the
    /// data-parallel loop under `Array(parallelCount:)`. The caller takes iterations itself until
    /// none is left and then waits only for those already running elsewhere, so a loop finishes
    /// even when every thread here is busy (or the loop is inside another one).
    package func forEach(iterations: Int, width: Int = ProcessInfo.processInfo.activeProcessorCount, _ body: @Sendable (Int) -> Void) {
        guard iterations > 1, width > 1 else {
            for i in 0..<iterations { body(i) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let loop = ParallelLoop(iterations: iterations, body: body)
            for _ in 1..<min(width, iterations) { start { loop.help() } }
            loop.help()
            loop.finish()
        }
    }
}

/// One `forEach`: the next iteration to hand out and how many are running. Its body is dropped
/// when the loop ends; a helper that starts after that finds nothing to do.
private final class ParallelLoop: Sendable {
    private struct State {
        var body: (@Sendable (Int) -> Void)?
        var next = 0
        var running = 0
        var callerWaits = false
    }

    private let state: Mutex<State>
    private let iterations: Int
    /// Signalled once, when the caller waits and the last running iteration returns.
    private let finished = DispatchSemaphore(value: 0)

    init(iterations: Int, body: @escaping @Sendable (Int) -> Void) {
        self.iterations = iterations
        state = Mutex(State(body: body))
    }

    /// Runs iterations until none is left.
    func help() {
        while runNext() {
            let wake = state.withLock { state -> Bool in
                state.running -= 1
                guard state.running == 0, state.callerWaits else { return false }
                state.callerWaits = false
                return true
            }
            if wake { finished.signal() }
        }
    }

    /// Runs the next iteration, if there is one; its reference to the body is gone on return.
    private func runNext() -> Bool {
        let claimed = state.withLock { state -> (Int, @Sendable (Int) -> Void)? in
            guard let body = state.body, state.next < iterations else { return nil }
            defer { state.next += 1; state.running += 1 }
            return (state.next, body)
        }
        guard let (i, body) = claimed else { return false }
        body(i)
        return true
    }

    /// For the caller, after its own `help()`: waits for the iterations still running, then drops the body.
    func finish() {
        let wait = state.withLock { state -> Bool in
            state.callerWaits = state.running > 0
            return state.callerWaits
        }
        if wait { finished.wait() }
        state.withLock { $0.body = nil }
    }
}
