import Foundation

extension HuntLoader {
    /// Loads several hunt files in parallel (at most `maximumConcurrency` at a time); results
    /// come back in the order of `files`. Each file is a display path, relative to the current folder
    /// or absolute.
    public func loadAll(_ files: [String], maximumConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [HuntLoadResult] {
        var results: [HuntLoadResult] = []
        results.reserveCapacity(files.count)
        let loader = self
        await BoundedFanOut.run(
            files, width: maximumConcurrency,
            work: { file in
                loader.load(contentsOf: URL(fileURLWithPath: file), displayPath: file)
            }
        ) { results.append($0) }
        return results
    }
}

extension HuntLoadResult {
    /// One line about the file, e.g.
    /// `hunt.yaml: 12 tasks, 3 teams, window 2026-05-02 10:00–16:00 Europe/Amsterdam, 0 errors, 1 warning`.
    public var summary: String {
        let counts = "\(Self.count(diagnostics.errorCount, "error")), \(Self.count(diagnostics.warningCount, "warning"))"
        guard let hunt else { return "\(file): not loaded, \(counts)" }
        var parts = [Self.count(hunt.tasks.count, "task"), Self.count(hunt.teams.count, "team")]
        if let window = hunt.window {
            let zone = hunt.timezone
            let start = DateTimeText.format(window.start, timeZone: zone)
            let sameDay = DateTimeText.localDate(window.start, timeZone: zone) == DateTimeText.localDate(window.end, timeZone: zone)
            let end = DateTimeText.format(window.end, timeZone: zone, dateIncluded: !sameDay)
            parts.append("window \(start)–\(end) \(hunt.timezoneName)")
        } else {
            parts.append("no window (\(hunt.timezoneName))")
        }
        return "\(file): " + parts.joined(separator: ", ") + ", " + counts
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
