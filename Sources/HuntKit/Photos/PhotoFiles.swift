import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file to read: where it is, and how to name it in output (the path as the user gave it,
/// or the given folder joined with the path inside it).
public struct PhotoInput: Sendable, Hashable {
    /// The file's path (relative paths are relative to the working directory).
    public var path: String
    /// How to name the file in output.
    public var displayPath: String
    /// Set when a folder on the way could not be listed; reading then reports this.
    public var listingError: PhotoReadError?
    /// What the folder listing already showed about a `.xmp` sidecar, so the reader need not probe.
    var sidecar: SidecarHint = .unknown

    enum SidecarHint: Sendable, Hashable {
        case unknown, none, at(String)
    }

    /// The sidecar of the photo `name` in `folder`, given the `.xmp`/`.XMP` names its listing showed.
    static func sidecar(of name: String, in folder: String, listed sidecars: Set<String>) -> SidecarHint {
        guard !sidecars.isEmpty else { return .none }
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        for candidate in [stem + ".xmp", stem + ".XMP", name + ".xmp"] where sidecars.contains(candidate) {
            return .at(folder + "/" + candidate)
        }
        return .none
    }

    /// The file as a URL.
    public var url: URL { URL(fileURLWithPath: path) }

    public init(url: URL, displayPath: String) {
        self.path = url.path
        self.displayPath = displayPath
    }

    public init(path: String, displayPath: String? = nil) {
        self.path = path
        self.displayPath = displayPath ?? path
    }
}

/// The files named by a list of paths, folders expanded recursively, lazily (memory does not
/// grow with the number of files, only with the depth and width of one folder).
///
/// - Order: the paths in the order given; inside a folder, entries sorted by name (byte order of
///   their UTF-8), files and sub-folders interleaved, depth first — the same on every machine.
/// - Skipped inside folders: hidden entries (name starting with `.`), symbolic links to folders,
///   symbolic links to files outside the folder tree, and — unless `filter` is `.all` — files
///   whose extension is not a photo's.
/// - A path given explicitly is always yielded, even if it does not exist (reading it reports why).
public struct PhotoFiles: Sequence, Sendable {
    public enum Filter: Sendable, Hashable {
        /// Files with a photo extension (jpg, jpeg, jpe, jfif, heic, heif, hif, avif, png, webp, tif,
        /// tiff, dng) or a video extension (mov, mp4, m4v, 3gp, 3g2).
        case photoExtensions
        /// Every regular file (the format is decided by content, so a photo without an extension is read too).
        case all
    }

    public static let photoExtensions: Set<String> = ["jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "avif", "png", "webp", "tif", "tiff", "dng"]
    public static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "3gp", "3g2"]
    /// Photo and video extensions: the files listed and judged without looking inside.
    public static let mediaExtensions = photoExtensions.union(videoExtensions)

    public var paths: [String]
    public var filter: Filter

    public init(_ paths: [String], filter: Filter = .photoExtensions) {
        self.paths = paths
        self.filter = filter
    }

    public func makeIterator() -> Iterator { Iterator(paths: paths, filter: filter) }

    public struct Iterator: IteratorProtocol {
        private var pending: [String]
        private let filter: Filter
        /// Folders being walked: display prefix, real path, sorted remaining names, tree root (resolved).
        private var stack: [(display: String, real: String, names: ArraySlice<String>, root: String, sidecars: Set<String>)] = []

        init(paths: [String], filter: Filter) {
            self.pending = paths.reversed()
            self.filter = filter
        }

        public mutating func next() -> PhotoInput? {
            while true {
                if var top = stack.popLast() {
                    guard let name = top.names.popFirst() else { continue }
                    stack.append(top)
                    let real = top.real == "/" ? "/" + name : top.real + "/" + name
                    let display = top.display.hasSuffix("/") ? top.display + name : top.display + "/" + name
                    switch kind(of: real) {
                    case .directory:
                        push(folder: real, display: display, root: top.root)
                    case .file:
                        if accepts(name) { return input(real, display, name, top.sidecars, folder: top.real) }
                    case .symlink:
                        guard accepts(name), let resolved = realpath(real), resolved.hasPrefix(top.root + "/"),
                              kind(of: resolved) == .file else { continue }
                        return input(real, display, name, top.sidecars, folder: top.real)
                    case .other:
                        continue
                    }
                    continue
                }
                guard let path = pending.popLast() else { return nil }
                if kind(of: path, followLinks: true) == .directory {
                    let root = realpath(path) ?? path
                    if let error = push(folder: path, display: path, root: root) { return error }
                    continue
                }
                return PhotoInput(path: path)
            }
        }

        /// An input whose sidecar is known from the folder listing.
        private func input(_ path: String, _ display: String, _ name: String, _ sidecars: Set<String>, folder: String) -> PhotoInput {
            var input = PhotoInput(path: path, displayPath: display)
            input.sidecar = PhotoInput.sidecar(of: name, in: folder, listed: sidecars)
            return input
        }

        private func accepts(_ name: String) -> Bool {
            guard filter == .photoExtensions else { return true }
            guard let dot = name.lastIndex(of: ".") else { return false }
            return PhotoFiles.mediaExtensions.contains(name[name.index(after: dot)...].lowercased())
        }

        /// Lists a folder onto the stack; returns an input carrying the error when it cannot be listed.
        @discardableResult
        private mutating func push(folder: String, display: String, root: String) -> PhotoInput? {
            guard let dir = opendir(folder) else {
                var input = PhotoInput(path: folder, displayPath: display)
                let reason = String(cString: strerror(errno))
                input.listingError = PhotoReadError(path: display, code: .notAFile, message: "folder could not be listed: \(reason)",
                                                    fix: "make the folder readable (chmod +rx)")
                return input
            }
            defer { closedir(dir) }
            var names: [String] = []
            var sidecars: Set<String> = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix(".") { continue }
                if name.hasSuffix(".xmp") || name.hasSuffix(".XMP") { sidecars.insert(name) }
                names.append(name)
            }
            names.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            stack.append((display, folder, names[...], root, sidecars))
            return nil
        }

        private enum Kind { case file, directory, symlink, other }

        private func kind(of path: String, followLinks: Bool = false) -> Kind {
            var info = stat()
            guard (followLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .directory
            case S_IFLNK: return .symlink
            default: return .other
            }
        }

        private func realpath(_ path: String) -> String? {
            guard let resolved = Glibc.realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }
}

extension PhotoReader {
    /// Reads an input from `PhotoFiles` (reporting a folder that could not be listed).
    public func read(_ input: PhotoInput) -> PhotoReadResult {
        if let error = input.listingError { return .failure(error) }
        return read(path: input.path, displayPath: input.displayPath, sidecar: input.sidecar)
    }

    /// Reads many files concurrently and delivers each result, in input order, to `deliver`.
    ///
    /// Work runs in a bounded task group: at most `2 × maxConcurrency` batches of `batchSize`
    /// files are in flight or waiting to be delivered, so memory stays flat however many inputs
    /// there are (the sequence is consumed lazily). `transform` runs in the worker tasks (format a
    /// row there, not in `deliver`); `deliver` runs one at a time, in order. Throwing from
    /// `deliver` stops the reading.
    public func readAll<Inputs: Sequence, Output: Sendable>(
        _ inputs: Inputs,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        batchSize: Int = 32,
        transform: @escaping @Sendable (PhotoInput, PhotoReadResult) -> Output,
        deliver: (Output) async throws -> Void
    ) async throws where Inputs.Element == PhotoInput {
        try await readAll(inputs, input: { $0 }, maxConcurrency: maxConcurrency, batchSize: batchSize,
                          transform: transform, deliver: deliver)
    }

    /// As `readAll(_:maxConcurrency:batchSize:transform:deliver:)`, for items that each name a
    /// photo (`input`) and are handed to `transform` whole, so it need not look them up again.
    public func readAll<Items: Sequence, Output: Sendable>(
        _ items: Items,
        input: @escaping @Sendable (Items.Element) -> PhotoInput,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        batchSize: Int = 32,
        transform: @escaping @Sendable (Items.Element, PhotoReadResult) -> Output,
        deliver: (Output) async throws -> Void
    ) async throws where Items.Element: Sendable {
        let reader = self
        let inputs = items
        let window = max(1, maxConcurrency) * 2
        let batchSize = max(1, batchSize)
        var iterator = inputs.makeIterator()
        try await withThrowingTaskGroup(of: (Int, [Output]).self) { group in
            var launched = 0
            var delivered = 0
            var waiting: [Int: [Output]] = [:]
            func nextBatch() -> [Items.Element] {
                var batch: [Items.Element] = []
                batch.reserveCapacity(batchSize)
                while batch.count < batchSize, let input = iterator.next() { batch.append(input) }
                return batch
            }
            for _ in 0..<window {
                let batch = nextBatch()
                if batch.isEmpty { break }
                let index = launched
                group.addTask { (index, batch.map { transform($0, reader.read(input($0))) }) }
                launched += 1
            }
            while let (index, outputs) = try await group.next() {
                waiting[index] = outputs
                while let ready = waiting.removeValue(forKey: delivered) {
                    for output in ready { try await deliver(output) }
                    delivered += 1
                }
                let batch = nextBatch()
                if !batch.isEmpty {
                    let index = launched
                    group.addTask { (index, batch.map { transform($0, reader.read(input($0))) }) }
                    launched += 1
                }
            }
        }
    }

    /// Reads many files concurrently and delivers `(input, result)` in input order; see
    /// `readAll(_:maxConcurrency:batchSize:transform:deliver:)`.
    public func readAll<Inputs: Sequence>(
        _ inputs: Inputs,
        maxConcurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        deliver: (PhotoInput, PhotoReadResult) async throws -> Void
    ) async throws where Inputs.Element == PhotoInput {
        try await readAll(inputs, maxConcurrency: maxConcurrency, transform: { ($0, $1) }, deliver: { try await deliver($0.0, $0.1) })
    }
}
