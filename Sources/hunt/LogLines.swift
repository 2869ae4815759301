import Foundation
import HuntKit
import Synchronization

/// `hunt serve`'s lines for stdout, written on `BlockingWork.shared`: a terminal that is slow, or
/// a pipe nobody reads (`hunt serve … | less`, paused), blocks that thread and nothing else — not
/// the server's tasks, of which a 2-core machine has two. At most `capacity` lines wait; past
/// that, lines are counted and the count is written when stdout moves again. One writer at a
/// time, started by the line that finds none at work, so lines keep their order.
final class LogLines: Sendable {
    private struct State {
        var waiting: [String] = []
        var dropped = 0
        var writing = false
    }

    private let state = Mutex(State())
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    /// Queues `line` (never blocks).
    func add(_ line: String) {
        let startWriter = state.withLock { state -> Bool in
            if state.waiting.count < capacity { state.waiting.append(line) } else { state.dropped += 1 }
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
        if startWriter { BlockingWork.shared.start { [self] in write() } }
    }

    /// Writes what waits until nothing does, then lets the next line start a writer.
    private func write() {
        while true {
            let lines = state.withLock { state -> [String]? in
                guard !state.waiting.isEmpty || state.dropped > 0 else {
                    state.writing = false
                    return nil
                }
                var lines = state.waiting
                state.waiting = []
                if state.dropped > 0 {
                    lines.append("(\(state.dropped) lines left out: stdout was not being read)\n")
                    state.dropped = 0
                }
                return lines
            }
            guard let lines else { return }
            Console.output(lines.joined())
        }
    }
}
