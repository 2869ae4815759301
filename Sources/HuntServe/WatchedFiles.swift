import Foundation
import HuntKit

/// The stamps of everything a judgement depends on: every file under the submissions folder
/// (links not followed), the hunt file and its target files, and the reviews file.
///
/// Polled rather than watched with inotify: Foundation has no file-event API on Linux, and the
/// folders organizers use on the day (synced drives, FUSE and SMB mounts, chat exports) often
/// deliver no inotify events at all. `lstat` of 20,000 files takes a few tens of milliseconds, so
/// a poll every second costs little and notices every change within the 2 s asked.
struct WatchedFiles: Sendable, Equatable {
    var submissions: [String: FileStamp] = [:]
    var hunt: [String: FileStamp?] = [:]
    var reviews: FileStamp?

    static func take(configuration: ServeConfiguration, hunt: Hunt) -> WatchedFiles {
        var files = WatchedFiles()
        files.submissions = snapshot(configuration.submissionsPath)
        for path in [configuration.huntPath] + hunt.targetFiles.map(\.path) { files.hunt[path] = FileStamp.of(path: path) }
        files.reviews = FileStamp.of(path: configuration.reviewsPath)
        return files
    }

    /// Every file under `root` by relative path, as the judge's walk sees the folder.
    static func snapshot(_ root: String) -> [String: FileStamp] {
        (try? InputFolder(path: root))?.fileStamps() ?? [:]
    }

    struct Change {
        var photos = false
        var hunt = false
        var reviews = false
        /// XMP sidecars that appeared, changed or went.
        var sidecars: [String] = []
        var any: Bool { photos || hunt || reviews }
    }

    func change(to now: WatchedFiles) -> Change {
        var change = Change()
        change.hunt = hunt != now.hunt
        change.reviews = reviews != now.reviews
        if submissions != now.submissions {
            change.photos = true
            for (path, stamp) in now.submissions where submissions[path] != stamp && path.lowercased().hasSuffix(".xmp") {
                change.sidecars.append(path)
            }
            for path in submissions.keys where now.submissions[path] == nil && path.lowercased().hasSuffix(".xmp") { change.sidecars.append(path) }
        }
        return change
    }
}
