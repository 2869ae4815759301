import Foundation
import ServiceLifecycle

/// Polls the folder, the hunt and the reviews file while the server runs (`WatchedFiles` says
/// why polling); on shutdown, ends every event stream so the server can stop, then waits for
/// `--out` to be written.
struct FolderWatcher: Service {
    var session: ServeSession

    func run() async throws {
        // Graceful shutdown (Ctrl-C, SIGTERM) cancels the polling and ends every event stream,
        // which the server waits for before it stops.
        await withGracefulShutdownHandler {
            await cancelWhenGracefulShutdown { await watch() }
        } onGracefulShutdown: {
            session.events.finishAll()
        }
        session.events.finishAll()
        await session.flushOut()
    }

    /// Polls every `pollInterval` until the task is cancelled.
    func watch() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: session.configuration.pollInterval)
            if Task.isCancelled { break }
            await session.poll()
        }
    }
}
