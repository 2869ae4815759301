import Foundation

/// Reads the thumbnails an HTML report shows: only for entries with `wantsThumbnail` (the review
/// queue, completions and closest approaches, up to `ReportOptions.thumbnailLimit`), from the
/// photos in the submissions folder, turned the right way up by the photo's EXIF Orientation. A
/// missing or unreadable photo gets no thumbnail (the page shows a placeholder); one too costly to
/// decode gets none either, and a warning; nothing fails.
package enum ReportThumbnails {
    /// Where the photos are: `explicit` when given; else the results' submissions folder as
    /// recorded (relative to the current folder, as the judge was given it), else the same path
    /// relative to the results file's folder. Nil when none exists.
    public static func photosFolder(results: JudgeResults, resultsFile: URL?, explicit: String?) -> URL? {
        var candidates: [URL] = []
        if let explicit { candidates.append(URL(fileURLWithPath: explicit)) }
        if let recorded = results.hunt.submissionsFolder, !recorded.isEmpty {
            candidates.append(URL(fileURLWithPath: recorded))
            if !recorded.hasPrefix("/"), let resultsFile {
                candidates.append(resultsFile.deletingLastPathComponent().appendingPathComponent(recorded))
                candidates.append(resultsFile.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(recorded))
            }
        }
        if explicit != nil { return candidates.first }
        return candidates.first {
            var d: ObjCBool = false; return FileManager.default.fileExists(atPath: $0.path, isDirectory: &d) && d.boolValue
        }
    }

    /// What `load` found: thumbnails by submission path, and the photos refused as too costly to
    /// decode, each with a warning that names the photo.
    public struct Loaded: Sendable {
        /// Thumbnails by submission path.
        public var thumbnails: [String: PhotoThumbnail] = [:]
        /// `thumbnail-refused` warnings by submission path; the page shows "too large to preview".
        public var refused: [String: Diagnostic] = [:]

        /// Thumbnails and refusals already made.
        public init(thumbnails: [String: PhotoThumbnail] = [:], refused: [String: Diagnostic] = [:]) {
            self.thumbnails = thumbnails
            self.refused = refused
        }
    }

    /// Thumbnails of the report's wanted photos, read in a bounded task group whose decodes share
    /// `budget` (`PhotoThumbnail.defaultMemoryBudgetBytes` unless given): a photo whose decode alone
    /// would need more is refused with a warning, so memory stays bounded whatever the photos say.
    public static func load(
        _ report: Report, photosFolder: URL?, maxPixels: Int = PhotoThumbnail.defaultMaxPixels,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        budget: ThumbnailMemoryBudget = ThumbnailMemoryBudget()
    ) async -> Loaded {
        // Paths come from results.json: each is opened inside the folder, component by component,
        // never following a link or `..` out of it (`InputFile(_:inside:)`).
        guard let photosFolder, let folder = try? InputFolder(path: photosFolder.path) else { return Loaded() }
        let paths = Set(report.verdicts.filter(\.wantsThumbnail).map(\.path)).sorted()
        guard !paths.isEmpty else { return Loaded() }
        var loaded = Loaded()
        await BoundedFanOut.run(
            paths, width: concurrency,
            work: { path in
                (path, await PhotoThumbnail.read(path, inside: folder, maxPixels: maxPixels, budget: budget))
            }
        ) { (path, outcome) in
            switch outcome {
            case .thumbnail(let thumbnail):
                loaded.thumbnails[path] = thumbnail
            case .refused(let reason):
                loaded.refused[path] = .warning(
                    "thumbnail-refused", "no thumbnail: \(reason)",
                    at: SourceLocation(file: photosFolder.appendingPathComponent(path).relativePath), fix: reason.fix)
            case .none, .undecodable:
                break
            }
        }
        return loaded
    }
}
