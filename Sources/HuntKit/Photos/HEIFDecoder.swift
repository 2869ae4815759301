internal import CHEIF

/// A HEIF/HEIC or AVIF photo opened with libheif: its boxes read (no pixel yet), the size its
/// primary picture and its thumbnail pictures declare, and the decode of one of them into a small
/// JPEG. The only file that sees libheif; it owns the context, the picture handles and the reader
/// libheif reads the file through, and frees them in `deinit`.
///
/// libheif applies the pictures' transformations as it decodes (`irot` rotation, `imir` mirror,
/// `clap` crop; ISO/IEC 23008-12 6.5.10–12), and assembles grid pictures from their tiles, so the
/// small copy is the right way up as it is: a HEIF's EXIF Orientation describes the same turn
/// again and must not be applied on top.
///
/// The file is read through a `ByteSource` (`heif_context_read_from_reader`), never whole:
/// reading the boxes touches the `meta` box, and a decode then reads the coded data it needs.
///
/// libheif is not linked but loaded the first time a HEIF is opened (`libheif`), so that every
/// other command starts without it and its decoders. Where it cannot be loaded, each HEIF is
/// refused with an error that says so, and the other photos go on.
final class HEIFDecoder {
    /// One picture of the file, with the size its `ispe` declares before transformations (the
    /// size libheif decodes it at) and after them (the size it is shown at).
    struct Picture: Sendable {
        /// The item ID.
        var id: UInt32
        var codedWidth, codedHeight: Int
        var shownWidth, shownHeight: Int
        /// Bits per luma sample, 8 when the file does not say.
        var bitDepth: Int
    }

    /// Why libheif could not open or decode the file, in its words.
    struct DecodeError: Error, Sendable {
        var message: String
        /// libheif refused the picture for its own size limit
        /// (`heif_context_set_maximum_image_size_limit`).
        var overSizeLimit = false
    }

    /// libheif's shared object, by the name its package (`libheif1`) installs it under.
    static let libraryName = "libheif.so.1"

    /// libheif's functions, loaded once, on first use (Swift makes that thread-safe); after that
    /// only read.
    private static let libheif = load(libraryName)

    /// `library` opened and its functions resolved, or why not, in words that say what to install.
    static func load(_ library: String) -> Result<libheif_functions, DecodeError> {
        var why: UnsafePointer<CChar>?
        guard let functions = libheif_functions_load(library, &why) else {
            let detail = why.map { String(cString: $0) } ?? "no reason given"
            return .failure(DecodeError(message: "libheif could not be loaded (\(detail)); HEIC/HEIF and AVIF photos need it: install libheif1"))
        }
        return .success(functions.pointee)
    }

    private let heif: libheif_functions
    private let reader: Reader
    private let functions: UnsafeMutablePointer<heif_reader>
    private let context: OpaquePointer
    private var handles: [UInt32: OpaquePointer] = [:]
    /// The primary picture.
    let primary: Picture
    /// The file's thumbnail pictures of the primary (iPhones store one of 320×240), smallest first.
    let thumbnails: [Picture]

    /// Reads the file's boxes. libheif's own size limit is lifted for this step, which allocates no
    /// picture, so that the caller's plan sees the declared size and words the refusal itself;
    /// `scaledJPEG` sets it back to the planned size before decoding.
    init(_ source: any ByteSource) throws(DecodeError) {
        heif = try Self.libheif.get()
        reader = Reader(source)
        functions = .allocate(capacity: 1)
        functions.initialize(
            to: heif_reader(
                reader_api_version: 1, get_position: Reader.position, read: Reader.read,
                seek: Reader.seek, wait_for_file_size: Reader.waitForSize))
        guard let context = heif.context_alloc() else {
            functions.deallocate()
            throw DecodeError(message: "libheif could not start")
        }
        self.context = context
        heif.context_set_maximum_image_size_limit(context, Int32.max)
        var handle: OpaquePointer?
        var primaryID: heif_item_id = 0
        var error = heif.context_read_from_reader(context, functions, Unmanaged.passUnretained(reader).toOpaque(), nil)
        if error.code == heif_error_Ok { error = heif.context_get_primary_image_ID(context, &primaryID) }
        if error.code == heif_error_Ok { error = heif.context_get_primary_image_handle(context, &handle) }
        guard error.code == heif_error_Ok, let handle else {
            let failure = Self.failure(error)  // its message lives in the context
            heif.context_free(context)
            functions.deallocate()
            throw failure
        }
        handles[primaryID] = handle
        primary = Self.picture(handle, id: primaryID, heif)
        var ids = [heif_item_id](repeating: 0, count: Int(max(0, min(heif.image_handle_get_number_of_thumbnails(handle), 16))))
        let listed = Int(heif.image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(ids.count)))
        ids = Array(ids.prefix(listed))
        var thumbnails: [Picture] = []
        for id in ids {
            var thumbnail: OpaquePointer?
            guard heif.image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else { continue }
            handles[id] = thumbnail
            thumbnails.append(Self.picture(thumbnail, id: id, heif))
        }
        self.thumbnails = thumbnails.sorted { $0.codedWidth * $0.codedHeight < $1.codedWidth * $1.codedHeight }
    }

    deinit {
        for handle in handles.values { heif.image_handle_release(handle) }
        heif.context_free(context)
        functions.deallocate()
    }

    private static func picture(_ handle: OpaquePointer, id: UInt32, _ heif: libheif_functions) -> Picture {
        let bits = Int(heif.image_handle_get_luma_bits_per_pixel(handle))
        return Picture(
            id: id, codedWidth: Int(max(0, heif.image_handle_get_ispe_width(handle))),
            codedHeight: Int(max(0, heif.image_handle_get_ispe_height(handle))),
            shownWidth: Int(max(0, heif.image_handle_get_width(handle))),
            shownHeight: Int(max(0, heif.image_handle_get_height(handle))),
            bitDepth: bits > 0 ? bits : 8)
    }

    private static func failure(_ error: heif_error) -> DecodeError {
        var text = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        while text.last?.isWhitespace == true { text.removeLast() }  // some of libheif's messages end in a line break
        return DecodeError(message: text, overSizeLimit: error.subcode == heif_suberror_Security_limit_exceeded)
    }

    /// `picture` decoded (transformations applied), box-averaged to at most `maxPixels` on its
    /// longest side and encoded as JPEG as `JPEGScaler` encodes. Before decoding, libheif's own
    /// limit is set to the picture's declared size, so a grid whose own header declares a larger
    /// picture than its `ispe` is refused by libheif rather than allocated; a decoded picture
    /// larger than declared is refused too. Tiles are decoded on the calling thread
    /// (`heif_context_set_max_decoding_threads(0)`): photos are already decoded side by side, and
    /// the plan's allowance counts one tile in flight.
    func scaledJPEG(_ picture: Picture, maxPixels: Int) throws(DecodeError) -> [UInt8] {
        guard let handle = handles[picture.id], maxPixels > 0, picture.codedWidth > 0, picture.codedHeight > 0 else {
            throw DecodeError(message: "the picture declares no size")
        }
        heif.context_set_maximum_image_size_limit(context, Int32(clamping: max(picture.codedWidth, picture.codedHeight) + 1))
        heif.context_set_max_decoding_threads(context, 0)
        guard let options = heif.decoding_options_alloc() else { throw DecodeError(message: "libheif could not start") }
        defer { heif.decoding_options_free(options) }
        var image: OpaquePointer?
        let error = heif.decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_444, options)
        guard error.code == heif_error_Ok, let image else { throw Self.failure(error) }
        defer { heif.image_release(image) }
        let width = Int(heif.image_get_width(image, heif_channel_R)), height = Int(heif.image_get_height(image, heif_channel_R))
        guard width > 0, height > 0, width * height <= picture.codedWidth * picture.codedHeight else {
            throw DecodeError(
                message: "the decoded picture is \(width)×\(height), not the \(picture.codedWidth)×\(picture.codedHeight) the file declares")
        }
        var planes: [SamplePlane] = []
        for channel in [heif_channel_R, heif_channel_G, heif_channel_B] {
            var stride: Int32 = 0
            guard heif.image_get_width(image, channel) == width, heif.image_get_height(image, channel) == height,
                let base = heif.image_get_plane_readonly(image, channel, &stride), stride > 0
            else {
                throw DecodeError(message: "libheif gave no full-size RGB planes")
            }
            let storage = Int(heif.image_get_bits_per_pixel(image, channel))
            let bits = Int(heif.image_get_bits_per_pixel_range(image, channel))
            guard storage == 8 || storage == 16, (1...16).contains(bits) else {
                throw DecodeError(message: "libheif gave \(storage)-bit samples")
            }
            planes.append(SamplePlane(base: UnsafeRawPointer(base), rowBytes: Int(stride), step: 1, wide: storage == 16, bits: bits))
        }
        let small = PixelBoxDown.rgb(red: planes[0], green: planes[1], blue: planes[2], width: width, height: height, maxPixels: maxPixels)
        guard let jpeg = JPEGScaler.encode(small.rgb, width: small.width, height: small.height) else {
            throw DecodeError(message: "the small copy could not be encoded")
        }
        return jpeg
    }

    /// The file as libheif reads it: a position over the `ByteSource`, behind `heif_reader`'s C
    /// functions (which get this object back as their user data).
    private final class Reader {
        let source: any ByteSource
        var offset: Int64 = 0

        init(_ source: any ByteSource) { self.source = source }

        static func of(_ userdata: UnsafeMutableRawPointer?) -> Reader {
            Unmanaged<Reader>.fromOpaque(userdata!).takeUnretainedValue()
        }

        static let position: @convention(c) (UnsafeMutableRawPointer?) -> Int64 = { of($0).offset }

        static let read: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Int32 = { data, size, userdata in
            let reader = of(userdata)
            guard size >= 0, reader.offset >= 0 else { return 1 }
            guard size > 0 else { return 0 }
            guard let data, let bytes = try? reader.source.read(at: UInt64(reader.offset), count: size), bytes.count == size else { return 1 }
            bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress!, byteCount: size) }
            reader.offset += Int64(size)
            return 0
        }

        static let seek: @convention(c) (Int64, UnsafeMutableRawPointer?) -> Int32 = { position, userdata in
            let reader = of(userdata)
            guard position >= 0, UInt64(position) <= reader.source.size else { return 1 }
            reader.offset = position
            return 0
        }

        static let waitForSize: @convention(c) (Int64, UnsafeMutableRawPointer?) -> heif_reader_grow_status = { target, userdata in
            target >= 0 && UInt64(target) <= of(userdata).source.size ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
        }
    }
}
