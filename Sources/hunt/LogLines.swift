import Foundation

/// `hunt serve`'s lines for stdout, written by a thread of their own: a terminal that is slow, or
/// a pipe nobody reads (`hunt serve … | less`, paused), blocks that thread and nothing else — not
/// the server's tasks, of which a 2-core machine has two. At most `capacity` lines wait; past
/// that, lines are counted and the count is written when stdout moves again.
final class LogLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var waiting: [String] = []
    private var dropped = 0
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
        let thread = Thread { [self] in drain() }
        thread.name = "hunt serve log"
        thread.start()
    }

    /// Queues `line` (never blocks).
    func add(_ line: String) {
        condition.lock()
        if waiting.count < capacity { waiting.append(line) } else { dropped += 1 }
        condition.signal()
        condition.unlock()
    }

    private func drain() {
        while true {
            condition.lock()
            while waiting.isEmpty { condition.wait() }
            var lines = waiting
            waiting = []
            if dropped > 0 {
                lines.append("(\(dropped) lines left out: stdout was not being read)\n")
                dropped = 0
            }
            condition.unlock()
            Console.output(lines.joined())
        }
    }
}
