import Foundation

/// The outcome of reading one photo: its metadata, or why it could not be read.
public typealias PhotoReadResult = Result<PhotoMetadata, PhotoReadError>

/// Reads photo metadata: finds the EXIF block by the file's magic bytes (JPEG, HEIC/HEIF/AVIF,
/// PNG, WebP, TIFF/DNG), hands only that block to libexif, and falls back to XMP (embedded, then
/// a `.xmp` sidecar) for the position.
///
/// Files are opened read-only and read with seeks: typically one or two 64 KiB reads per file,
/// never the whole file. `read` never throws and never traps on bad input; every problem is a
/// `PhotoReadError` (the file could not be read) or a warning in `PhotoMetadata.warnings` (a field
/// could not be read).
///
///     let reader = PhotoReader()
///     switch reader.read(URL(fileURLWithPath: "IMG_0001.HEIC"), displayPath: "IMG_0001.HEIC") {
///     case .success(let photo): print(photo.position as Any, photo.capturedAt as Any)
///     case .failure(let error): print(error)   // IMG_0001.HEIC: error: truncated HEIC: …
///     }
public struct PhotoReader: Sendable {
    /// What the reader does beyond the file itself: look at sidecars, hash the content.
    public struct Options: Sendable, Hashable {
        /// Look for `NAME.xmp`, `NAME.XMP` or `NAME.ext.xmp` beside a photo whose EXIF and embedded
        /// XMP have no position, and for the browser's fix (`NAME.ext.browser.xmp`) beside any photo.
        public var useSidecars: Bool = true
        /// Compute `PhotoMetadata.contentHash` (see `ContentHash`).
        public var computeContentHash: Bool = true

        /// Options; both on unless turned off (off reads faster, but loses sidecar positions or `duplicate-of`).
        public init(useSidecars: Bool = true, computeContentHash: Bool = true) {
            self.useSidecars = useSidecars
            self.computeContentHash = computeContentHash
        }
    }

    /// Whether to read sidecars and hash content.
    public var options: Options
    /// Results kept from earlier reads, reused while a file's `FileStamp` is unchanged (a
    /// long-running judge such as `hunt serve` re-reads only new or changed photos).
    package var cache: PhotoReadCache?

    /// A reader with `options`.
    public init(options: Options = Options()) { self.init(options: options, cache: nil) }

    /// A reader with `options`, reusing results from `cache` when one is given.
    package init(options: Options = Options(), cache: PhotoReadCache?) {
        self.options = options
        self.cache = cache
    }

    /// Reads one file. `displayPath` is how the file is named in the result (as given by the user).
    public func read(_ url: URL, displayPath: String) -> PhotoReadResult {
        read(path: url.path, displayPath: displayPath)
    }

    /// Reads one file by path; `displayPath` defaults to the path itself.
    public func read(path: String, displayPath: String? = nil) -> PhotoReadResult {
        read(path: path, displayPath: displayPath, sidecar: .unknown)
    }

    func read(path: String, displayPath: String?, sidecar: PhotoInput.SidecarHint) -> PhotoReadResult {
        var input = PhotoInput(path: path, displayPath: displayPath)
        input.sidecar = sidecar
        return read(input)
    }

    /// Reads an input from `PhotoFiles` or the judge (reporting a folder that could not be listed).
    ///
    /// An input inside a folder is opened component by component from that folder, refusing
    /// links (`InputFile(_:inside:)`); its sidecar is opened in the same folder the same way. A
    /// path the user named is opened as given, but a sidecar beside it is not followed if a link.
    package func read(_ input: PhotoInput) -> PhotoReadResult {
        var folders = FolderCache()
        return read(input, folders: &folders, buffers: nil)
    }

    /// The folders the last photos were opened in, kept for the next ones: photos come sorted,
    /// so a batch mostly shares a few folders (a team's own and its task folders, taken in
    /// turn), and opening each once saves walking to it from the root per photo. A descriptor
    /// refers to the folder as opened (without following links), so a folder swapped for a
    /// link meanwhile is not followed either.
    struct FolderCache {
        private var root: InputFolder?
        /// The folders opened lately by their path inside `root`, the latest last.
        private var recent: [(path: String, folder: InputFolder)] = []
        private static let kept = 8

        mutating func open(_ path: String, in root: InputFolder, displayPath: String) throws(InputFileError) -> (InputFolder, String) {
            let slash = path.lastIndex(of: "/")
            let parentPath = slash.map { String(path[..<$0]) } ?? ""
            let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
            if self.root !== root {
                self.root = root
                recent = []
            }
            if !name.isEmpty, name != ".", name != "..", let kept = recent.last(where: { $0.path == parentPath }) {
                return (kept.folder, name)
            }
            let (parent, checkedName) = try root.openParent(of: path, displayPath: displayPath)
            if recent.count == Self.kept { recent.removeFirst() }
            recent.append((parentPath, parent ?? root))
            return (parent ?? root, checkedName)
        }
    }

    /// `buffers`: page buffers to reuse, shared by the photos of a batch read one after the other.
    func read(_ input: PhotoInput, folders: inout FolderCache, buffers: PageBuffers?) -> PhotoReadResult {
        if let error = input.listingError { return .failure(error) }
        // A file the caller has just seen unchanged (`PhotoReadCache.expect`) is not even opened.
        if let kept = cache?.expectedResult(for: input.path) { return kept }
        let displayPath = input.displayPath
        let file: InputFile
        let sidecars: SidecarPlace
        do {
            if let root = input.folder {
                let (folder, name) = try folders.open(input.path, in: root, displayPath: displayPath)
                file = try InputFile(name: name, in: folder, displayPath: displayPath)
                sidecars = SidecarPlace(folder: folder, folderPath: nil, photoName: name, hint: input.sidecar, browserHint: input.browserSidecar)
            } else {
                file = try InputFile(path: input.path, displayPath: displayPath)
                let slash = input.path.lastIndex(of: "/")
                sidecars = SidecarPlace(
                    folder: nil, folderPath: slash.map { String(input.path[...$0]) } ?? ".",
                    photoName: slash.map { String(input.path[input.path.index(after: $0)...]) } ?? input.path,
                    hint: input.sidecar, browserHint: input.browserSidecar)
            }
        } catch {
            return .failure(Self.openError(error))
        }
        guard let cache else {
            return addingBrowserFix(
                read(source: FileByteSource(file), displayPath: displayPath, sidecars: sidecars, buffers: buffers), from: sidecars)
        }
        if let kept = cache.result(for: input.path, stamp: file.stamp) { return kept }
        let result = addingBrowserFix(
            read(source: FileByteSource(file), displayPath: displayPath, sidecars: sidecars, buffers: buffers), from: sidecars)
        cache.keep(result, for: input.path, stamp: file.stamp)
        return result
    }

    /// Reads photo bytes already in memory (tests, uploads held in memory). No sidecar lookup.
    public func read(bytes: [UInt8], displayPath: String) -> PhotoReadResult {
        read(source: MemoryByteSource(bytes), displayPath: displayPath, sidecars: nil)
    }

    /// Where a photo's XMP sidecar may be: its folder (open, or a path to open only when a
    /// sidecar is wanted), the photo's name in it, and what the folder listing showed.
    struct SidecarPlace {
        var folder: InputFolder?
        var folderPath: String?
        var photoName: String
        var hint: PhotoInput.SidecarHint
        var browserHint: PhotoInput.SidecarHint = .unknown

        /// The sidecar's position, if one of the candidate names is a regular file (not a link) holding one.
        func read() -> XMPLocation.Found? {
            let names: [String]
            switch hint {
            case .none: return nil
            case .at(let name): names = [name]
            case .unknown: names = XMPLocation.sidecarNames(for: photoName)
            }
            guard let folder = folder ?? folderPath.flatMap({ try? InputFolder(path: $0) }) else { return nil }
            for name in names {
                guard let file = try? InputFile(name: name, in: folder, displayPath: name),
                    let bytes = try? file.read(at: 0, count: Int(min(file.size, 4 << 20))),
                    let found = XMPLocation.parse(bytes)
                else { continue }
                return found
            }
            return nil
        }

        /// The browser's fix beside the photo, if its sidecar is a regular file (not a link) holding one.
        func readBrowserFix() -> BrowserFix? {
            let name: String
            switch browserHint {
            case .none: return nil
            case .at(let listed): name = listed
            case .unknown: name = BrowserFix.sidecarName(for: photoName)
            }
            guard let folder = folder ?? folderPath.flatMap({ try? InputFolder(path: $0) }),
                let file = try? InputFile(name: name, in: folder, displayPath: name), file.size <= UInt64(BrowserFix.maximumBytes),
                let bytes = try? file.read(at: 0, count: Int(file.size))
            else { return nil }
            return BrowserFix.read(xmp: bytes)
        }
    }

    /// A photo or video read from a file, with the browser's fix from beside it (for any format,
    /// with or without a position of its own: the judge decides which counts).
    private func addingBrowserFix(_ result: PhotoReadResult, from sidecars: SidecarPlace) -> PhotoReadResult {
        guard options.useSidecars, case .success(var meta) = result, let fix = sidecars.readBrowserFix() else { return result }
        meta.browserFix = fix
        return .success(meta)
    }

    /// `sidecars`: where to look for a `.xmp` sidecar when the photo itself has no position; nil to skip.
    func read(source: any ByteSource, displayPath: String, sidecars: SidecarPlace?, buffers: PageBuffers? = nil) -> PhotoReadResult {
        guard source.size > 0 else {
            return .failure(
                PhotoReadError(
                    path: displayPath, code: .empty, message: "empty file (0 bytes)",
                    fix: "re-send the photo; the upload or copy did not complete"))
        }
        let reader = PagedReader(source, buffers: buffers)
        var format: PhotoMetadata.Format?
        do {
            let head = try reader.bytes(at: 0, count: FormatSniffer.headLength)
            switch FormatSniffer.sniff(head) {
            case .other(let what):
                return .failure(
                    PhotoReadError(
                        path: displayPath, code: .notAPhoto, message: "not a photo or video: \(what)",
                        fix: "send a JPEG, HEIC/HEIF, AVIF, PNG, WebP or TIFF photo, or a MOV, MP4 or 3GP video"))
            case .photo(let f) where f.media == .video:
                format = f
                return .success(try readVideo(reader, format: f, displayPath: displayPath))
            case .photo(let f):
                format = f
            }
            var scan = try Self.scan(reader, format: format!)
            format = scan.format
            var meta = PhotoMetadata(path: displayPath)
            meta.format = scan.format
            meta.pixelWidth = scan.pixelWidth
            meta.pixelHeight = scan.pixelHeight
            meta.warnings = scan.warnings
            if let block = scan.exif {
                do {
                    if let raw = LibExif.decode(try TIFFReader.fitForLibexif(block)) {
                        ExifInterpreter.apply(raw, to: &meta)
                    } else {
                        meta.warnings.append("the EXIF block could not be decoded")
                    }
                } catch {
                    meta.warnings.append("the EXIF block could not be decoded: \(Self.describe(error))")
                }
            } else if scan.warnings.isEmpty {
                meta.warnings.append("no EXIF metadata")
            }
            if meta.position == nil, scan.stoppedEarly, let full = try? JPEGReader.scan(reader) {
                scan.xmp = full.xmp
            }
            if meta.position == nil, let xmp = scan.xmp, let found = XMPLocation.parse(xmp) {
                apply(found, source: .xmp, to: &meta)
            }
            if meta.position == nil, options.useSidecars, let found = sidecars?.read() {
                apply(found, source: .sidecar, to: &meta)
            }
            if options.computeContentHash {
                meta.contentHash = try ContentHash.compute(reader)
            }
            return .success(meta)
        } catch {
            return .failure(Self.error(error, format: format, path: displayPath))
        }
    }

    /// A video: its `moov` metadata, and the same content hash as a photo's.
    private func readVideo(_ reader: PagedReader, format: PhotoMetadata.Format, displayPath: String) throws(ContainerError) -> PhotoMetadata {
        var meta = Self.videoMetadata(try QuickTimeReader.scan(reader, format: format), displayPath: displayPath)
        if options.computeContentHash { meta.contentHash = try ContentHash.compute(reader) }
        return meta
    }

    static func scan(_ reader: PagedReader, format: PhotoMetadata.Format) throws(ContainerError) -> ContainerScan {
        switch format {
        case .jpeg: try JPEGReader.scan(reader, quick: true)
        case .heic, .avif: try ISOBMFFReader.scan(reader)
        case .png: try PNGReader.scan(reader)
        case .webp: try WebPReader.scan(reader)
        case .tiff: try TIFFReader.scan(reader)
        case .mov, .mp4, .threeGP: throw .unsupported("a video has no EXIF block")
        }
    }

    private func apply(_ found: XMPLocation.Found, source: PhotoMetadata.PositionSource, to meta: inout PhotoMetadata) {
        meta.position = Coordinate(latitude: found.latitude, longitude: found.longitude)
        meta.positionSource = source
        if meta.altitudeMetres == nil { meta.altitudeMetres = found.altitudeMetres }
    }

    static func describe(_ error: ContainerError) -> String { error.description }

    static func error(_ error: ContainerError, format: PhotoMetadata.Format?, path: String) -> PhotoReadError {
        let name = format?.rawValue ?? "file"
        let thing = format?.media == .video ? "video" : "photo"
        switch error {
        case .io(let message):
            return PhotoReadError(
                path: path, format: format, code: .ioError, message: "could not be read: \(message)",
                fix: "check the disk or network share and try again")
        case .truncated(let message):
            return PhotoReadError(
                path: path, format: format, code: .truncated, message: "truncated \(name): \(message)",
                fix: "re-send the original \(thing); this copy was cut off")
        case .corrupt(let message):
            return PhotoReadError(
                path: path, format: format, code: .corrupt, message: "damaged \(name): \(message)",
                fix: "re-send the original \(thing) from the phone or camera")
        case .unsupported(let message):
            return PhotoReadError(
                path: path, format: format, code: .unsupported, message: "unsupported \(name): \(message)",
                fix: format?.media == .video
                    ? "send the video as the phone or camera saved it (MOV or MP4)"
                    : "export the photo as JPEG with its metadata and send that")
        }
    }

    static func openError(_ error: InputFileError) -> PhotoReadError {
        let code: PhotoReadError.Code
        var fix = error.fix
        switch error.reason {
        case .notFound: code = .notFound
        case .permissionDenied: code = .permissionDenied
        case .isFolder:
            code = .notAFile
            fix = "give the folder itself to read every photo in it"
        case .notRegularFile, .symbolicLink, .leavesFolder: code = .notAFile
        case .tooLarge, .io: code = .ioError
        }
        return PhotoReadError(path: error.path, code: code, message: error.message, fix: fix)
    }
}
