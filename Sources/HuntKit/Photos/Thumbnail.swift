import Foundation

/// A small JPEG picture of a photo, for reports and the judges' console.
public struct PhotoThumbnail: Sendable, Hashable {
    /// Where the picture came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// The thumbnail the camera stored in the EXIF block (IFD1), as stored.
        case exif
        /// A copy of the JPEG decoded at 1/2…1/8 scale and re-encoded (libjpeg-turbo).
        case scaled
        /// A copy of a HEIF/HEIC or AVIF photo (its primary picture, or the file's own thumbnail
        /// picture when that is large enough) decoded by libheif with its rotation, mirroring and
        /// crop applied, so already the right way up, and re-encoded like `scaled`.
        case heif
    }

    /// JPEG bytes (start with FF D8).
    public var jpeg: [UInt8]
    /// How the JPEG was made: the camera's EXIF thumbnail as stored, or a scaled copy of a JPEG or HEIF/AVIF picture.
    public var source: Source

    /// The longest side of a scaled copy, pixels.
    public static let defaultMaxPixels = 160
    /// Photos larger than this are not decoded for a scaled copy.
    public static let maxDecodeBytes = 64 << 20
    /// Photos with more pixels than this are not decoded: libjpeg visits every 8×8 block even at
    /// 1/8 scale, so time grows with the pixel count, not the file size.
    public static let maxDecodePixels = 400_000_000
    /// The memory thumbnail decodes may hold at once, in bytes (see `ThumbnailMemoryBudget`); a
    /// photo whose decode alone needs more is refused. Enough for a 24-megapixel progressive photo
    /// with full-resolution colour (about 160 MiB); a baseline JPEG needs far less at 1/8 scale.
    public static let defaultMemoryBudgetBytes = 192 << 20
    /// Scans a decoded JPEG may have; real progressive files have about 10 (libjpeg's default
    /// script), and each scan is another pass over the image.
    public static let maxScans = 500
    /// The pixel cap for arithmetic-coded JPEGs (rare in the wild), whose blocks can cost less
    /// than a bit each, so file size does not bound the decode's work.
    public static let maxArithmeticPixels = 50_000_000

    /// Start-of-scan markers in a JPEG's bytes. Entropy-coded data writes a 0xFF byte as FF 00, so
    /// every FF DA is a real marker.
    static func scanCount(_ jpeg: [UInt8]) -> Int {
        var count = 0
        var i = jpeg.startIndex
        while let j = jpeg[i...].firstIndex(of: 0xFF) {
            let next = jpeg.index(after: j)
            guard next < jpeg.endIndex else { break }
            if jpeg[next] == 0xDA { count += 1 }
            i = next
        }
        return count
    }

    /// What reading a thumbnail gave.
    public enum Outcome: Sendable, Hashable {
        case thumbnail(PhotoThumbnail)
        /// None to be had: no EXIF thumbnail and a format that is not decoded (PNG, WebP, TIFF),
        /// or a missing or unreadable file.
        case none
        /// A photo too costly to decode; the report says so.
        case refused(ThumbnailRefusal)
        /// A HEIF/AVIF photo whose picture could not be decoded (cut short, corrupt, a codec
        /// libheif lacks): why, in libheif's words.
        case undecodable(String)
    }

    /// The thumbnail of the photo at `path`, or nil when there is none to be had.
    ///
    /// - The EXIF thumbnail when the photo's EXIF block has one (JPEG, HEIC/HEIF/AVIF, PNG, WebP;
    ///   TIFF files only when their EXIF block is small enough to hand to libexif whole), found
    ///   through the same container readers as `PhotoReader` and read with libexif.
    /// - Else, for a JPEG, a scaled copy at most `maxPixels` on its longest side (decoded at 1/8
    ///   scale where that is still large enough, so a 12-megapixel photo costs a few milliseconds),
    ///   unless its headers say the decode would need more than `defaultMemoryBudgetBytes` or the
    ///   file or picture is over `maxDecodeBytes` or `maxDecodePixels` (see `ThumbnailRefusal`).
    /// - Else, for a HEIF/HEIC or AVIF photo, a copy decoded by libheif (`HEIFDecoder`: turned
    ///   and cropped as the file says, grids assembled), from the file's own thumbnail picture when
    ///   it is at least `maxPixels` on its longest side, else from the primary picture, under the
    ///   same caps planned from the declared size (`HEIFDecodePlan`).
    /// - Else nil: PNG, WebP and TIFF photos without an EXIF thumbnail, undecodable, unreadable or
    ///   missing files. Reports show a neutral placeholder for those.
    ///
    /// Never throws and never traps on bad input. The file is opened read-only. For many photos
    /// at once, use `read(path:maxPixels:budget:)`, which also bounds the decodes' total memory.
    public static func read(path: String, maxPixels: Int = defaultMaxPixels) -> PhotoThumbnail? {
        guard let file = try? InputFile(path: path) else { return nil }
        return read(file, maxPixels: maxPixels)
    }

    /// The thumbnail of a photo already opened (relative to the submissions folder, by the report).
    package static func read(_ file: InputFile, maxPixels: Int = defaultMaxPixels) -> PhotoThumbnail? {
        if case .thumbnail(let thumbnail) = readHere(file, maxPixels: maxPixels) { thumbnail } else { nil }
    }

    /// What `read(_:maxPixels:budget:)` gives, decoded on the calling thread without waiting for
    /// a budget: the synchronous read, and what tests time.
    static func readHere(_ file: InputFile, maxPixels: Int, budgetBytes: Int = defaultMemoryBudgetBytes) -> Outcome {
        switch prepare(file, maxPixels: maxPixels, budgetBytes: budgetBytes) {
        case .done(let outcome): outcome
        case .decode(let decode): decode.run()
        }
    }

    /// Like `read(_:maxPixels:)`, for photos read side by side: a scaled copy first waits until
    /// `budget` has the memory its decode needs, and a photo needing more than the whole budget is
    /// refused (`.refused`, with the reason) rather than decoded.
    /// The headers are read on the caller's thread (a few small reads); the decode, which may take
    /// seconds and a child process, runs on `BlockingWork.shared`.
    package static func read(_ file: InputFile, maxPixels: Int = defaultMaxPixels, budget: ThumbnailMemoryBudget) async -> Outcome {
        switch prepare(file, maxPixels: maxPixels, budgetBytes: budget.capacityBytes) {
        case .done(let outcome):
            return outcome
        case .decode(let decode):
            let bytes = decode.totalBytes
            await budget.acquire(bytes)
            let outcome = await BlockingWork.shared.run { decode.run() }
            await budget.release(bytes)
            return outcome
        }
    }

    /// `read(_:maxPixels:budget:)` of the file at `path` (opened as an `InputFile`).
    package static func read(path: String, maxPixels: Int = defaultMaxPixels, budget: ThumbnailMemoryBudget) async -> Outcome {
        guard let file = try? InputFile(path: path) else { return .none }
        return await read(file, maxPixels: maxPixels, budget: budget)
    }

    /// The thumbnail of the photo at `relativePath` inside `folder` (opened component by
    /// component, never following a link out of it), turned the right way up by the photo's EXIF
    /// Orientation (a HEIF's copy is turned already): what a report or the review console shows.
    package static func read(
        _ relativePath: String, inside folder: InputFolder, maxPixels: Int = defaultMaxPixels,
        budget: ThumbnailMemoryBudget
    ) async -> Outcome {
        guard let file = try? InputFile(relativePath, inside: folder) else { return .none }
        let outcome = await read(file, maxPixels: maxPixels, budget: budget)
        guard case .thumbnail(let thumbnail) = outcome else { return outcome }
        return .thumbnail(
            await BlockingWork.shared.run { oriented(thumbnail, photo: PhotoInput(path: relativePath, inside: folder, displayPath: relativePath)) })
    }

    /// `thumbnail` made to show the right way up: tagged with the photo's EXIF Orientation (see
    /// `ThumbnailOrientation`). Photos with Orientation 1 or none keep the thumbnail's bytes as read.
    static func oriented(_ thumbnail: PhotoThumbnail, photo: PhotoInput) -> PhotoThumbnail {
        guard thumbnail.source != .heif else { return thumbnail }
        var thumbnail = thumbnail
        let reader = PhotoReader(options: .init(useSidecars: false, computeContentHash: false))
        let orientation = try? reader.read(photo).get().orientation
        thumbnail.jpeg = ThumbnailOrientation.tagged(thumbnail.jpeg, orientation: orientation)
        return thumbnail
    }

    enum Preparation {
        case done(Outcome)
        case decode(ScaledDecode)
    }

    /// A photo to decode into a scaled copy, planned from its headers; the file stays open.
    enum ScaledDecode {
        case jpeg(JPEGDecodePlan, FileByteSource)
        /// The file opened by libheif, which of its pictures to decode, and the file, which the
        /// decode reads again where `HEIFIsolation.current` runs it in a child process.
        case heif(HEIFDecodePlan, HEIFDecoder, HEIFDecoder.Picture, any ByteSource)

        /// What the decode may hold at its peak, taken from the budget while it runs.
        var totalBytes: Int {
            switch self {
            case .jpeg(let plan, _): plan.totalBytes
            case .heif(let plan, _, _, _): plan.totalBytes
            }
        }

        func run() -> Outcome {
            switch self {
            case .jpeg(let plan, let source): return Self.run(plan, source)
            case .heif(let plan, let decoder, let picture, let source):
                do throws(HEIFDecoder.DecodeError) {
                    let jpeg = try HEIFIsolation.current.scaledJPEG(decoder, picture, source: source, plan: plan)
                    return .thumbnail(PhotoThumbnail(jpeg: jpeg, source: .heif))
                } catch  where error.overSizeLimit {
                    return .refused(.largerThanDeclared(width: picture.codedWidth, height: picture.codedHeight, detail: "libheif: " + error.message))
                } catch {
                    return .undecodable(error.message)
                }
            }
        }

        private static func run(_ plan: JPEGDecodePlan, _ source: FileByteSource) -> Outcome {
            guard let whole = try? source.read(at: 0, count: plan.fileBytes) else { return .none }
            let scans = PhotoThumbnail.scanCount(whole)
            guard scans <= PhotoThumbnail.maxScans else { return .refused(.tooManyScans(count: scans, limit: PhotoThumbnail.maxScans)) }
            guard
                let scaled = JPEGScaler.scaled(
                    whole, maxPixels: plan.maxPixels,
                    expected: (plan.frame.pixelWidth, plan.frame.pixelHeight))
            else { return .none }
            return .thumbnail(PhotoThumbnail(jpeg: scaled, source: .scaled))
        }
    }

    /// Everything up to the decode: the EXIF thumbnail if there is one, else the decode's plan
    /// from the JPEG's headers or the HEIF's boxes, or why there will be no thumbnail.
    static func prepare(_ file: InputFile, maxPixels: Int, budgetBytes: Int) -> Preparation {
        let source = FileByteSource(file)
        guard source.size > 0 else { return .done(.none) }
        let reader = PagedReader(source)
        guard let head = try? reader.bytes(at: 0, count: FormatSniffer.headLength),
            case .photo(let format) = FormatSniffer.sniff(head)
        else { return .done(.none) }
        let scan = try? PhotoReader.scan(reader, format: format)
        let decoded: Set<PhotoMetadata.Format> = [.jpeg, .heic, .avif]
        // The camera's thumbnail (about 160 px) serves a small copy; a larger one is decoded.
        if maxPixels <= defaultMaxPixels || !decoded.contains(format), let block = scan?.exif, let embedded = exifThumbnail(block) {
            return .done(.thumbnail(PhotoThumbnail(jpeg: embedded, source: .exif)))
        }
        guard decoded.contains(format) else { return .done(.none) }
        guard source.size <= UInt64(maxDecodeBytes) else {
            return .done(.refused(.fileTooLarge(bytes: Int(clamping: source.size), limitBytes: maxDecodeBytes)))
        }
        guard format == .jpeg else { return prepareHEIF(source, maxPixels: maxPixels, budgetBytes: budgetBytes) }
        // The quick scan may have stopped at the EXIF block, before the frame header.
        let full = scan?.stoppedEarly == false ? scan : try? JPEGReader.scan(reader)
        guard let frame = full?.jpegFrame, frame.isDecodable else { return .done(.none) }
        guard frame.pixelWidth * frame.pixelHeight <= maxDecodePixels else {
            return .done(.refused(.tooManyPixels(width: frame.pixelWidth, height: frame.pixelHeight, limitPixels: maxDecodePixels)))
        }
        // libjpeg visits every block however little data there is: a file far shorter than its
        // blocks can be is refused before the decode (arithmetic coding can go below a bit per
        // block, so for it the cap on pixels is lower instead).
        let blocks = frame.coefficientBufferBytes / 128
        if frame.isArithmetic {
            guard frame.pixelWidth * frame.pixelHeight <= maxArithmeticPixels else {
                return .done(.refused(.tooManyPixels(width: frame.pixelWidth, height: frame.pixelHeight, limitPixels: maxArithmeticPixels)))
            }
        } else if source.size < UInt64(blocks / 8) {
            return .done(
                .refused(
                    .truncated(
                        width: frame.pixelWidth, height: frame.pixelHeight,
                        bytes: Int(source.size), minimumBytes: blocks / 8)))
        }
        guard let plan = JPEGDecodePlan(frame: frame, fileBytes: Int(source.size), maxPixels: maxPixels) else { return .done(.none) }
        guard plan.totalBytes <= budgetBytes else {
            let layout: ThumbnailRefusal.Layout = frame.isProgressive ? .progressive : frame.buffersWholeImage ? .multiScan : .sequential
            return .done(
                .refused(
                    .needsTooMuchMemory(
                        width: frame.pixelWidth, height: frame.pixelHeight, layout: layout,
                        neededBytes: plan.totalBytes, budgetBytes: budgetBytes)))
        }
        return .decode(.jpeg(plan, source))
    }

    /// The HEIF/AVIF part of `prepare`: the file's boxes read by libheif, the picture to decode
    /// chosen (the smallest thumbnail picture at least `maxPixels` on its longest side, else the
    /// primary), and its decode refused, from the size it declares, when it is over the pixel cap
    /// or the memory budget — or when the frames its coded data asks the decoders for (which they
    /// allocate whatever `ispe` says) are larger than it, or add up to far more (`HEIFCodedPictures`).
    static func prepareHEIF(_ source: any ByteSource, maxPixels: Int, budgetBytes: Int) -> Preparation {
        let decoder: HEIFDecoder
        do throws(HEIFDecoder.DecodeError) { decoder = try HEIFDecoder(source) } catch { return .done(.undecodable(error.message)) }
        let picture =
            decoder.thumbnails.first { max($0.shownWidth, $0.shownHeight) >= maxPixels && $0.codedWidth > 0 && $0.codedHeight > 0 }
            ?? decoder.primary
        let (width, height) = (picture.codedWidth, picture.codedHeight)
        guard width > 0, height > 0 else { return .done(.undecodable("the picture declares no size (no `ispe`)")) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxDecodePixels, width <= 1 << 20, height <= 1 << 20 else {
            return .done(.refused(.tooManyPixels(width: width, height: height, limitPixels: maxDecodePixels)))
        }
        let plan = HEIFDecodePlan(
            codedWidth: width, codedHeight: height, bytesPerSample: picture.bitDepth > 8 ? 2 : 1,
            fileBytes: Int(source.size), maxPixels: maxPixels)
        guard plan.totalBytes <= budgetBytes else {
            return .done(
                .refused(
                    .needsTooMuchMemory(
                        width: width, height: height, layout: .heif,
                        neededBytes: plan.totalBytes, budgetBytes: budgetBytes)))
        }
        if let refusal = codedDataRefusal(source, picture: picture) { return .done(refusal) }
        return .decode(.heif(plan, decoder, picture, source))
    }

    /// Slack for coded frames over the picture: encoders code whole blocks (x265: 64×64) and crop.
    static let codedFrameSlack = 64

    /// Why the decode of `picture` is refused for what its coded items ask of the decoders, or nil:
    /// each decoded frame must fit the picture (plus `codedFrameSlack` on each side), and the
    /// frames together at most twice the picture and a megapixel (a grid's tiles cover it once).
    static func codedDataRefusal(_ source: any ByteSource, picture: HEIFDecoder.Picture) -> Outcome? {
        let coded: [HEIFCodedPictures.Coded]
        do throws(ContainerError) {
            coded = try HEIFCodedPictures(PagedReader(source), maxItemBytes: maxDecodeBytes).decoded(by: picture.id)
        } catch {
            return .undecodable(error.description)
        }
        let (width, height) = (picture.codedWidth, picture.codedHeight)
        var total = 0
        for item in coded {
            guard let frame = item.frame else {
                return .undecodable("a coded picture has no HEVC parameter set or AV1 sequence header that says its size")
            }
            guard frame.width <= width + codedFrameSlack, frame.height <= height + codedFrameSlack else {
                return .refused(.largerThanDeclared(width: width, height: height, detail: "a coded frame declares \(frame.width)×\(frame.height)"))
            }
            total += frame.width * frame.height
        }
        guard total <= 2 * width * height + 1_000_000 else {
            return .refused(
                .largerThanDeclared(
                    width: width, height: height,
                    detail: "its \(coded.count) coded frames add up to \(total / 1_000_000) megapixels"))
        }
        return nil
    }

    /// The IFD1 thumbnail of a TIFF-structured EXIF block, when it is a JPEG; libexif finds it
    /// (`ExifData.data`, from JPEGInterchangeFormat/JPEGInterchangeFormatLength).
    static func exifThumbnail(_ block: [UInt8]) -> [UInt8]? {
        // libexif takes at most one APP1 segment; a larger block (only TIFF files have one) is
        // compacted by `fitForLibexif`, which keeps no thumbnail.
        guard let thumbnail = LibExif.thumbnail(block), usableAsStored(thumbnail) else { return nil }
        return thumbnail
    }

    /// Whether an EXIF thumbnail can go into a page as stored: a JPEG (some cameras store an
    /// uncompressed TIFF strip) whose frame header says it is small. The browser decodes it, and
    /// 64 KB can declare 65535×65535 pixels.
    static func usableAsStored(_ thumbnail: [UInt8]) -> Bool {
        guard thumbnail.count >= 4, thumbnail[0] == 0xFF, thumbnail[1] == 0xD8,
            let frame = try? JPEGReader.scan(PagedReader(MemoryByteSource(thumbnail))).jpegFrame
        else { return false }
        return frame.isDecodable && frame.pixelWidth * frame.pixelHeight <= maxExifThumbnailPixels
    }

    /// An EXIF thumbnail with more pixels than this (cameras store 160×120, some 640×480) is not
    /// used; the photo gets a scaled copy instead, made within the decode budget.
    public static let maxExifThumbnailPixels = 4_000_000
}
