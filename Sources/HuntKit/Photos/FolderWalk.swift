#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one walk of a folder tree of photos (`hunt exif`'s folders, each team's submissions
/// folder): lazy, depth first, each folder's entries sorted by name (byte order of their UTF-8),
/// files and sub-folders interleaved — the same order on every machine. Hidden entries (name
/// starting with `.`) are passed over. Every folder is opened from its parent without following a link, and
/// listed by descriptor, so names need not be UTF-8 (they are kept as `PathText` escapes them).
///
/// A sub-folder is yielded, then walked; links, files and anything else are yielded for the
/// caller to decide on. Memory grows with the depth and width of one folder, not with
/// the number of files.
struct FolderWalk: Sequence, IteratorProtocol {
    enum Step {
        case entry(Entry)
        /// A folder that could not be opened or listed, and why (`strerror`'s words).
        case unlistable(relative: String, reason: String)
    }

    struct Entry {
        var name: String
        /// The path from the walk's root, `/`-separated.
        var relative: String
        var kind: InputFolder.EntryKind
        /// The folder that holds the entry.
        var folder: InputFolder
        /// The `.xmp` sidecar names that folder's listing showed.
        var sidecars: Set<String>
    }

    private var stack:
        [(
            relative: String, folder: InputFolder, names: ArraySlice<(name: String, kind: InputFolder.EntryKind)>,
            sidecars: Set<String>
        )] = []
    private var failure: Step?

    /// Walks the tree below `relative` in `root` ("" for `root` itself).
    init(_ root: InputFolder, from relative: String = "") {
        if relative.isEmpty {
            push(root, relative: "")
        } else {
            do {
                push(try root.folder(at: relative, displayPath: relative), relative: relative)
            } catch {
                failure = .unlistable(relative: relative, reason: String(cString: strerror(errno)))
            }
        }
    }

    mutating func next() -> Step? {
        if let failure {
            self.failure = nil
            return failure
        }
        while var top = stack.popLast() {
            guard let (name, kind) = top.names.popFirst() else { continue }
            stack.append(top)
            let relative = top.relative.isEmpty ? name : top.relative + "/" + name
            if kind == .directory {
                do {
                    push(try top.folder.subfolder(name, displayPath: relative), relative: relative)
                } catch {
                    failure = .unlistable(relative: relative, reason: String(cString: strerror(errno)))
                }
            }
            return .entry(Entry(name: name, relative: relative, kind: kind, folder: top.folder, sidecars: top.sidecars))
        }
        return nil
    }

    private mutating func push(_ folder: InputFolder, relative: String) {
        guard let listing = folder.entries() else {
            failure = .unlistable(relative: relative, reason: String(cString: strerror(errno)))
            return
        }
        var names = listing.filter { !$0.name.hasPrefix(".") }
        names.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        stack.append((relative, folder, names[...], PhotoFiles.sidecars(among: names.lazy.map(\.name))))
    }
}

extension InputFolder {
    /// The stamp of every entry below this folder that is not a folder, by relative path, seen as
    /// the judge's walk sees the tree (hidden entries passed over, links not followed): what a
    /// watcher compares to notice photos added, changed or removed — and not a synced drive's
    /// hidden temporary files.
    public func fileStamps() -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for case .entry(let entry) in FolderWalk(self) where entry.kind != .directory {
            if let stamp = entry.folder.stamp(of: entry.name) { stamps[entry.relative] = stamp }
        }
        return stamps
    }
}
