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
    public struct Options: Sendable, Hashable {
        /// Look for `NAME.xmp`, `NAME.XMP` or `NAME.ext.xmp` beside a photo whose EXIF and embedded
        /// XMP have no position.
        public var useSidecars: Bool = true
        /// Compute `PhotoMetadata.contentHash` (see `ContentHash`).
        public var computeContentHash: Bool = true

        public init(useSidecars: Bool = true, computeContentHash: Bool = true) {
            self.useSidecars = useSidecars
            self.computeContentHash = computeContentHash
        }
    }

    public var options: Options

    public init(options: Options = Options()) { self.options = options }

    /// Reads one file. `displayPath` is how the file is named in the result (as given by the user).
    public func read(_ url: URL, displayPath: String) -> PhotoReadResult {
        read(path: url.path, displayPath: displayPath)
    }

    /// Reads one file by path; `displayPath` defaults to the path itself.
    public func read(path: String, displayPath: String? = nil) -> PhotoReadResult {
        read(path: path, displayPath: displayPath, sidecar: .unknown)
    }

    func read(path: String, displayPath: String?, sidecar: PhotoInput.SidecarHint) -> PhotoReadResult {
        let shown = displayPath ?? path
        let source: FileByteSource
        do {
            source = try FileByteSource(path: path)
        } catch {
            return .failure(Self.openError(error.errno, path: shown))
        }
        guard !source.isDirectory else {
            return .failure(PhotoReadError(path: shown, code: .notAFile, message: "is a folder", fix: "give the folder itself to read every photo in it"))
        }
        guard source.isRegularFile else {
            return .failure(PhotoReadError(path: shown, code: .notAFile, message: "not a regular file (a device, FIFO or socket)"))
        }
        return read(source: source, displayPath: shown, sidecar: sidecar == .unknown ? .at(path) : sidecar, probe: sidecar == .unknown)
    }

    /// Reads photo bytes already in memory (tests, uploads held in memory). No sidecar lookup.
    public func read(bytes: [UInt8], displayPath: String) -> PhotoReadResult {
        read(source: MemoryByteSource(bytes), displayPath: displayPath, sidecar: .none, probe: false)
    }

    /// `sidecar`: `.at(photoPath)` with `probe` to look for `NAME.xmp` beside it, `.at(sidecarPath)`
    /// without `probe` when the folder listing found one, `.none` to skip.
    func read(source: any ByteSource, displayPath: String, sidecar: PhotoInput.SidecarHint, probe: Bool) -> PhotoReadResult {
        guard source.size > 0 else {
            return .failure(PhotoReadError(path: displayPath, code: .empty, message: "empty file (0 bytes)",
                                           fix: "re-send the photo; the upload or copy did not complete"))
        }
        let reader = PagedReader(source)
        var format: PhotoMetadata.Format?
        do {
            let head = try reader.bytes(at: 0, count: FormatSniffer.headLength)
            switch FormatSniffer.sniff(head) {
            case .other(let what):
                return .failure(PhotoReadError(path: displayPath, code: .notAPhoto, message: "not a photo or video: \(what)",
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
            if meta.position == nil, options.useSidecars, case .at(let path) = sidecar {
                readSidecar(probe ? XMPLocation.sidecarPaths(for: path) : [path], into: &meta)
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

    private func readSidecar(_ candidates: [String], into meta: inout PhotoMetadata) {
        for candidate in candidates {
            guard let file = try? FileByteSource(path: candidate), file.isRegularFile else { continue }
            guard let bytes = try? file.read(at: 0, count: 4 << 20), let found = XMPLocation.parse(bytes) else { continue }
            apply(found, source: .sidecar, to: &meta)
            return
        }
    }

    static func describe(_ error: ContainerError) -> String {
        switch error {
        case .io(let m), .truncated(let m), .corrupt(let m), .unsupported(let m): m
        }
    }

    static func error(_ error: ContainerError, format: PhotoMetadata.Format?, path: String) -> PhotoReadError {
        let name = format?.rawValue ?? "file"
        let thing = format?.media == .video ? "video" : "photo"
        switch error {
        case .io(let message):
            return PhotoReadError(path: path, format: format, code: .ioError, message: "could not be read: \(message)",
                                  fix: "check the disk or network share and try again")
        case .truncated(let message):
            return PhotoReadError(path: path, format: format, code: .truncated, message: "truncated \(name): \(message)",
                                  fix: "re-send the original \(thing); this copy was cut off")
        case .corrupt(let message):
            return PhotoReadError(path: path, format: format, code: .corrupt, message: "damaged \(name): \(message)",
                                  fix: "re-send the original \(thing) from the phone or camera")
        case .unsupported(let message):
            return PhotoReadError(path: path, format: format, code: .unsupported, message: "unsupported \(name): \(message)",
                                  fix: format?.media == .video ? "send the video as the phone or camera saved it (MOV or MP4)"
                                                               : "export the photo as JPEG with its metadata and send that")
        }
    }

    static func openError(_ code: Int32, path: String) -> PhotoReadError {
        let text = String(cString: strerror(code))
        switch code {
        case ENOENT, ENOTDIR:
            return PhotoReadError(path: path, code: .notFound, message: "no such file", fix: "check the path")
        case EACCES, EPERM:
            return PhotoReadError(path: path, code: .permissionDenied, message: "permission denied", fix: "make the file readable (chmod +r)")
        default:
            return PhotoReadError(path: path, code: .ioError, message: "could not be opened: \(text)")
        }
    }
}
