import AsyncAlgorithms
import Foundation
import ServiceLifecycle

/// Polls the folder, the hunt and the reviews file while the server runs (`WatchedFiles` says
/// why polling); on shutdown, ends every event stream so the server can stop, then waits for
/// `--out` to be written.
struct FolderWatcher: Service {
    var session: ServeSession

    func run() async throws {
        // Graceful shutdown (Ctrl-C, SIGTERM) ends the polling and every event stream, which the
        // server waits for before it stops.
        await withGracefulShutdownHandler {
            await watch()
        } onGracefulShutdown: {
            session.events.finishAll()
        }
        session.events.finishAll()
        await session.flushOut()
    }

    /// Polls every `pollInterval` until graceful shutdown or cancellation.
    func watch() async {
        for await _ in AsyncTimerSequence(interval: session.configuration.pollInterval, clock: .continuous).cancelOnGracefulShutdown() {
            await session.poll()
        }
    }
}
