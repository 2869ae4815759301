import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to read: where it is, and how to name it in output (the path as the user gave it,
/// or the given folder joined with the path inside it).
package struct PhotoInput: Sendable, Hashable {
    /// The file's path: as given (relative paths are relative to the working directory), or,
    /// with `folder`, inside that folder, `/`-separated and written as `PathText` escapes names.
    public var path: String
    /// How to name the file in output.
    public var displayPath: String
    /// The folder `path` is inside; it is opened from there without following links.
    package var folder: InputFolder?
    /// Set when a folder on the way could not be listed; reading then reports this.
    public var listingError: PhotoReadError?
    /// What the folder listing already showed about a `.xmp` sidecar, so the reader need not probe.
    var sidecar: SidecarHint = .unknown
    /// What the folder listing already showed about the browser's fix (`BrowserFix.sidecarName(for:)`).
    var browserSidecar: SidecarHint = .unknown

    enum SidecarHint: Sendable, Hashable {
        /// The sidecar's name in the photo's folder.
        case unknown, none, at(String)
    }

    /// The sidecar of the photo `name`, given the `.xmp`/`.XMP` names its folder's listing showed.
    static func sidecar(of name: String, listed sidecars: Set<String>) -> SidecarHint {
        guard !sidecars.isEmpty else { return .none }
        for candidate in XMPLocation.sidecarNames(for: name) where sidecars.contains(candidate) {
            return .at(candidate)
        }
        return .none
    }

    /// The browser-fix sidecar of the photo `name`, given the `.xmp` names its folder's listing showed.
    static func browserSidecar(of name: String, listed sidecars: Set<String>) -> SidecarHint {
        guard !sidecars.isEmpty else { return .none }
        let candidate = BrowserFix.sidecarName(for: name)
        return sidecars.contains(candidate) ? .at(candidate) : .none
    }

    /// Both sidecar hints from one folder listing.
    mutating func setSidecars(of name: String, listed sidecars: Set<String>) {
        sidecar = Self.sidecar(of: name, listed: sidecars)
        browserSidecar = Self.browserSidecar(of: name, listed: sidecars)
    }

    /// The file as a URL (inside `folder` when there is one).
    public var url: URL {
        guard let folder else { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: folder.path).appendingPathComponent(path)
    }

    /// The file at `url`, named `displayPath` in output (a path relative to the working directory is usual).
    public init(url: URL, displayPath: String) {
        self.path = url.path
        self.displayPath = displayPath
    }

    /// The file at `path` (relative paths are relative to the working directory), named `displayPath` in output, else `path` itself.
    public init(path: String, displayPath: String? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
    }

    /// A file at `path` (escaped, `/`-separated) inside `folder`.
    package init(path: String, inside folder: InputFolder, displayPath: String) {
        self.path = path
        self.folder = folder
        self.displayPath = displayPath
    }
}

/// The files named by a list of paths, folders expanded recursively, lazily (memory does not
/// grow with the number of files, only with the depth and width of one folder).
///
/// - Order: the paths in the order given; inside a folder, entries sorted by name (byte order of
///   their UTF-8), files and sub-folders interleaved, depth first — the same on every machine.
/// - Skipped inside folders: hidden entries (name starting with `.`), symbolic links to folders,
///   symbolic links to files outside the folder tree, and — unless `filter` is `.all` — files
///   whose extension is not a photo's. A link to a file inside the tree is read through the
///   path it resolves to, every component opened without following links.
/// - Names that are not UTF-8 or hold a backslash are shown as `PathText` escapes them.
/// - A path given explicitly is always yielded, even if it does not exist (reading it reports why).
package struct PhotoFiles: Sequence, Sendable {
    /// Which files inside a folder are yielded; files named explicitly are always yielded.
    public enum Filter: Sendable, Hashable {
        /// Files with a photo extension (jpg, jpeg, jpe, jfif, heic, heif, hif, avif, png, webp, tif,
        /// tiff, dng) or a video extension (mov, mp4, m4v, 3gp, 3g2).
        case photoExtensions
        /// Every regular file (the format is decided by content, so a photo without an extension is read too).
        case all
    }

    /// Lowercase extensions of the still-photo formats listed from folders (matched case-insensitively).
    public static let photoExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp", "tif", "tiff", "dng"
    ]
    /// Lowercase extensions of the video formats listed from folders (matched case-insensitively).
    public static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "3gp", "3g2"]
    /// Photo and video extensions: the files listed and judged without looking inside.
    public static let mediaExtensions = photoExtensions.union(videoExtensions)

    /// What a file's name says it is: the one place that decides by name. A name that says
    /// nothing (`nil`) is decided by content, by `FormatSniffer`.
    enum NameKind: Equatable { case media, sidecar }

    static func kind(ofName name: String) -> NameKind? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if mediaExtensions.contains(ext) { return .media }
        return ext == "xmp" ? .sidecar : nil
    }

    /// The sidecar names among a folder's names, for `PhotoInput.sidecar(of:listed:)`: only the
    /// two spellings `XMPLocation.sidecarNames(for:)` looks for, found without lowercasing every
    /// name (the browser's fix, `BrowserFix.sidecarName(for:)`, ends `.xmp` too).
    static func sidecars(among names: some Sequence<String>) -> Set<String> {
        Set(names.lazy.filter { $0.hasSuffix(".xmp") || $0.hasSuffix(".XMP") })
    }

    /// The files and folders to walk, in the order given (relative to the working directory).
    public var paths: [String]
    /// Which files inside folders are yielded.
    public var filter: Filter

    /// The files at `paths`, folders walked recursively; by default only files with a photo or video extension.
    public init(_ paths: [String], filter: Filter = .photoExtensions) {
        self.paths = paths
        self.filter = filter
    }

    public func makeIterator() -> Iterator { Iterator(paths: paths, filter: filter) }

    /// Walks the paths one file at a time, opening each folder only when it is reached.
    public struct Iterator: IteratorProtocol {
        private var pending: [String]
        private let filter: Filter
        /// The folder being walked: as the user named it, the tree (opened once) and its resolved path.
        private var walk: (display: String, steps: FolderWalk, root: InputFolder, rootPath: String)?

        init(paths: [String], filter: Filter) {
            self.pending = paths.reversed()
            self.filter = filter
        }

        public mutating func next() -> PhotoInput? {
            while true {
                if walk != nil {
                    // Stepped in place: a copy of the walk would copy its listings at every step.
                    guard let step = walk!.steps.next() else { walk = nil; continue }
                    let (display, root, rootPath) = (walk!.display, walk!.root, walk!.rootPath)
                    func displayPath(of relative: String) -> String {
                        relative.isEmpty || display.hasSuffix("/") ? display + relative : display + "/" + relative
                    }
                    switch step {
                    case .unlistable(let relative, let reason):
                        var input = listingFailure(display: displayPath(of: relative), path: relative, reason: reason)
                        input.folder = root
                        return input
                    case .entry(let entry) where entry.kind == .file:
                        guard accepts(entry.name) else { continue }
                        var input = PhotoInput(path: entry.relative, inside: root, displayPath: displayPath(of: entry.relative))
                        input.setSidecars(of: entry.name, listed: entry.sidecars)
                        return input
                    case .entry(let entry) where entry.kind == .symbolicLink:
                        let prefix = Array(rootPath.utf8) + [UInt8(ascii: "/")]
                        guard accepts(entry.name), let resolved = realpath(prefix + (PathText.unescape(entry.relative) ?? [])),
                            resolved.starts(with: prefix)
                        else { continue }
                        let inside = PathText.escape(resolved.dropFirst(prefix.count))
                        guard root.kind(ofPath: inside) == .file else { continue }
                        return PhotoInput(path: inside, inside: root, displayPath: displayPath(of: entry.relative))
                    case .entry:
                        continue
                    }
                }
                guard let path = pending.popLast() else { return nil }
                if isDirectory(path) {
                    let rootPath = realpath(Array(path.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? path
                    guard let root = try? InputFolder(path: rootPath, displayPath: path) else {
                        return listingFailure(display: path, path: path, reason: String(cString: strerror(errno)))
                    }
                    walk = (path, FolderWalk(root), root, rootPath)
                    continue
                }
                return PhotoInput(path: path)
            }
        }

        private func accepts(_ name: String) -> Bool {
            filter == .all || PhotoFiles.kind(ofName: name) == .media
        }

        private func listingFailure(display: String, path: String, reason: String) -> PhotoInput {
            var input = PhotoInput(path: path, displayPath: display)
            input.listingError = PhotoReadError(
                path: display, code: .notAFile, message: "folder could not be listed: \(reason)",
                fix: "make the folder readable (chmod +rx)")
            return input
        }

        private func isDirectory(_ path: String) -> Bool {
            var info = stat()
            return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }

        /// The path with every link resolved, as bytes (a name need not be UTF-8).
        private func realpath(_ path: [UInt8]) -> [UInt8]? {
            let resolved = (path + [0]).withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { Glibc.realpath($0.baseAddress!, nil) }
            }
            guard let resolved else { return nil }
            defer { free(resolved) }
            return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)).bindMemory(to: UInt8.self))
        }
    }
}
