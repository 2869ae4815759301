import Dispatch
import Foundation
import Synchronization

/// Where async code sends work that blocks a thread for long: decoding a photo for a preview,
/// waiting for the HEIF child, reading a photo's EXIF to turn its preview. Swift's cooperative pool has one thread per
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
        // The closure and its result each cross to one other thread and back, never shared:
        // what `sending` says, and what the boxes below let the continuation carry.
        let job = Transfer(work)
        return await withCheckedContinuation { (continuation: CheckedContinuation<Transfer<T>, Never>) in
            submit { continuation.resume(returning: Transfer(job.value())) }
        }.value
    }

    /// Threads started so far (for tests).
    public var threadCount: Int { state.withLock { $0.threads } }

    private func submit(_ job: @escaping @Sendable () -> Void) {
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
            thread.stackSize = 1 << 20
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

/// A value handed from one thread to one other, never used by both: a `sending` value boxed so
/// that a `@Sendable` closure and a continuation can carry it.
private struct Transfer<T>: @unchecked Sendable {
    let value: T
    init(_ value: sending T) { self.value = value }
}
