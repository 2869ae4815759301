internal import CEXIF
import Foundation

/// The one place that talks to libexif: loads an EXIF block with `exif_data_load_data` and copies
/// the entries HuntKit needs out as `RawExif`.
///
/// - Options: neither `FOLLOW_SPECIFICATION` (it would add default entries and drop others) nor
///   `IGNORE_UNKNOWN_TAGS` (newer tags such as GPSHPositioningError must survive).
/// - A log records what libexif complains about (corrupt maker notes, bad offsets) as warnings; it
///   never aborts the load.
/// - GPS entries come from the GPS IFD's own content (`data->ifd[EXIF_IFD_GPS]`), never from a
///   search over all IFDs.
/// - A decode's memory comes from this thread's `DecodeArena`, dropped whole when it ends.
enum LibExif {
    /// Log messages kept per file.
    static let maxLogMessages = 8

    /// Decodes a TIFF-structured block (starting `II*\0` or `MM\0*`, at most `TIFFReader.libexifLimit`
    /// bytes); nil when libexif finds no IFD at all. libexif's memory for the decode comes from
    /// this thread's `DecodeArena`.
    static func decode(_ block: [UInt8]) -> RawExif? {
        guard block.count >= 8 else { return nil }
        guard let arena = DecodeArena.current else { return nil }
        arena.pointee.begin()
        defer { arena.pointee.end() }
        guard let data = exif_data_new_mem(arena.pointee.mem) else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS)

        let recorder = LogRecorder()
        let log = exif_log_new_mem(arena.pointee.mem)
        if let log {
            exif_log_set_func(log, logCallback, Unmanaged.passUnretained(recorder).toOpaque())
            exif_data_log(data, log)
        }
        defer { if let log { exif_log_unref(log) } }

        // `exif_data_load_data` wants the APP1 form: `Exif\0\0` then the TIFF structure.
        var buffer = JPEGReader.exifHeader
        buffer.reserveCapacity(block.count + 6)
        buffer += block
        buffer.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }

        var raw = RawExif(bigEndian: exif_data_get_byte_order(data) == EXIF_BYTE_ORDER_MOTOROLA)
        let ifds = data.pointee.ifd
        raw.ifd0 = entries(ifds.0, RawExif.ifd0Tags)
        raw.exif = entries(ifds.2, RawExif.exifTags)
        raw.gps = entries(ifds.3, nil)
        raw.hasThumbnail = data.pointee.data != nil && data.pointee.size > 0
        raw.log = recorder.messages
        let any = [ifds.0, ifds.1, ifds.2, ifds.3].contains { ($0?.pointee.count ?? 0) > 0 }
        return any ? raw : nil
    }

    private static func entries(_ content: UnsafeMutablePointer<ExifContent>?, _ wanted: [UInt16]?) -> [UInt16: RawExif.Entry] {
        guard let content, let list = content.pointee.entries else { return [:] }
        var result: [UInt16: RawExif.Entry] = [:]
        result.reserveCapacity(min(wanted?.count ?? Int(content.pointee.count), Int(content.pointee.count)))
        for i in 0..<Int(content.pointee.count) {
            guard let entry = list[i]?.pointee else { continue }
            let tag = UInt16(truncatingIfNeeded: entry.tag.rawValue)
            if let wanted, !wanted.contains(tag) { continue }
            guard result[tag] == nil, entry.size <= 4096 else { continue }
            let bytes = entry.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(entry.size))) } ?? []
            result[tag] = RawExif.Entry(type: UInt16(truncatingIfNeeded: entry.format.rawValue), count: Int(entry.components), bytes: bytes)
        }
        return result
    }

    /// A TIFF-structured EXIF block (`Exif\0\0` first, as `exif_data_save_data` lays it out, in
    /// Intel byte order) holding the entries `fill` adds.
    static func encode(_ fill: (ExifEntryBuilder) -> Void) -> [UInt8] {
        guard let data = exif_data_new() else { fatalError("libexif could not allocate ExifData") }
        defer { exif_data_unref(data) }
        // We add entries ourselves; stop libexif from "fixing" the IFDs by its own tag tables on save.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, EXIF_BYTE_ORDER_INTEL)
        fill(ExifEntryBuilder(data: data))
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        guard let buffer, size > 0 else { fatalError("libexif could not save EXIF data") }
        defer { free(buffer) }
        return [UInt8](UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The IFD1 thumbnail of a TIFF-structured EXIF block, when it is a JPEG; libexif finds it
    /// (`ExifData.data`, from JPEGInterchangeFormat/JPEGInterchangeFormatLength).
    static func thumbnail(_ block: [UInt8]) -> [UInt8]? {
        guard block.count >= 8, block.count <= TIFFReader.libexifLimit, let data = exif_data_new() else { return nil }
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        var buffer = JPEGReader.exifHeader
        buffer += block
        buffer.withUnsafeBufferPointer { exif_data_load_data(data, $0.baseAddress, UInt32($0.count)) }
        guard let bytes = data.pointee.data, data.pointee.size >= 4 else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: Int(data.pointee.size)))
    }

    final class LogRecorder {
        var messages: [String] = []
    }
}

/// The memory libexif uses while one block is decoded: blocks bumped off a chunk this thread
/// keeps, all dropped together when the decode ends. A decode makes a few hundred small
/// allocations (each entry, its data, the IFD arrays grown one entry at a time, the maker note)
/// and frees them all at the end; through malloc that was about a third of libexif's time, and
/// the freed small blocks made the next large Swift allocation consolidate the heap.
///
/// libexif's allocator functions take no context, so each thread finds its arena through a
/// thread-specific key; each thread also has its own `ExifMem`, whose reference count libexif
/// changes without atomics. The arena is plain memory, not an object, so the functions, called
/// hundreds of times per block, do no reference counting. Outside a decode they fall back to
/// calloc, realloc and free. Blocks are zeroed as calloc's are (libexif relies on it); a grown
/// block at least doubles, so an IFD of thousands of entries costs linear, not quadratic,
/// memory; chunks beyond the kept one are freed when the decode ends, so a hostile block's
/// memory is not kept.
private struct DecodeArena {
    private static let chunkBytes = 128 << 10
    /// Bytes before each block (its capacity) and at the start of an extra chunk (the chunk
    /// before it), keeping blocks 16-byte aligned.
    private static let headerBytes = 16

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { arena in
            guard let arena = arena?.assumingMemoryBound(to: DecodeArena.self) else { return }
            exif_mem_unref(arena.pointee.mem)
            free(arena.pointee.kept)
            arena.deinitialize(count: 1)
            free(arena)
        }
        return key
    }()

    /// This thread's arena, made on first use (nil only when memory ran out).
    static var current: UnsafeMutablePointer<DecodeArena>? {
        if let arena = existing { return arena }
        guard let kept = malloc(chunkBytes), let arena = malloc(MemoryLayout<DecodeArena>.stride) else { return nil }
        let pointer = arena.bindMemory(to: DecodeArena.self, capacity: 1)
        // The `ExifMem` is made while no decode runs, so from calloc.
        pointer.initialize(to: DecodeArena(mem: exif_mem_new(arenaAllocate, arenaReallocate, arenaFree), kept: kept))
        pthread_setspecific(key, pointer)
        return pointer
    }

    /// This thread's arena if it has one, without making one.
    static var existing: UnsafeMutablePointer<DecodeArena>? {
        pthread_getspecific(key)?.assumingMemoryBound(to: DecodeArena.self)
    }

    /// libexif's handle on this arena.
    let mem: OpaquePointer?
    private(set) var isDecoding = false
    /// The chunk kept from decode to decode.
    private let kept: UnsafeMutableRawPointer
    /// The last extra chunk of this decode; each begins with a pointer to the one before.
    private var extra: UnsafeMutableRawPointer?
    /// The free part of the current chunk.
    private var cursor: UnsafeMutableRawPointer
    private var limit: UnsafeMutableRawPointer

    private init(mem: OpaquePointer?, kept: UnsafeMutableRawPointer) {
        self.mem = mem
        self.kept = kept
        cursor = kept
        limit = kept + Self.chunkBytes
    }

    mutating func begin() { isDecoding = true }

    /// Drops every block and frees the extra chunks.
    mutating func end() {
        isDecoding = false
        while let chunk = extra {
            extra = chunk.load(as: UnsafeMutableRawPointer?.self)
            free(chunk)
        }
        cursor = kept
        limit = kept + Self.chunkBytes
    }

    func contains(_ pointer: UnsafeMutableRawPointer) -> Bool {
        if pointer >= kept && pointer < kept + Self.chunkBytes { return true }
        var chunk = extra
        while let base = chunk {
            // An extra chunk's size is kept just after its link.
            let bytes = (base + MemoryLayout<UnsafeMutableRawPointer?>.stride).load(as: Int.self)
            if pointer >= base && pointer < base + bytes { return true }
            chunk = base.load(as: UnsafeMutableRawPointer?.self)
        }
        return false
    }

    /// `bytes` zeroed bytes, 16-byte aligned; nil only when no chunk could be had.
    mutating func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let capacity = (max(bytes, 1) + 15) & ~15
        let needed = Self.headerBytes + capacity
        if limit - cursor < needed {
            let chunkBytes = Self.headerBytes + max(needed, Self.chunkBytes)
            guard let chunk = malloc(chunkBytes) else { return nil }
            chunk.storeBytes(of: extra, as: UnsafeMutableRawPointer?.self)
            (chunk + MemoryLayout<UnsafeMutableRawPointer?>.stride).storeBytes(of: chunkBytes, as: Int.self)
            extra = chunk
            cursor = chunk + Self.headerBytes
            limit = chunk + chunkBytes
        }
        let header = cursor
        cursor = header + needed
        header.storeBytes(of: capacity, as: Int.self)
        let block = header + Self.headerBytes
        memset(block, 0, capacity)
        return block
    }

    /// `block` with room for `bytes`: the same block when it has room, else a copy at least
    /// twice as large.
    mutating func reallocate(_ block: UnsafeMutableRawPointer, _ bytes: Int) -> UnsafeMutableRawPointer? {
        let capacity = (block - Self.headerBytes).load(as: Int.self)
        if bytes <= capacity { return block }
        guard let grown = allocate(max(bytes, 2 * capacity)) else { return nil }
        grown.copyMemory(from: block, byteCount: capacity)
        return grown
    }
}

// libexif's allocator functions: a block from this thread's arena is the arena's, any other libc's.
private func arenaAllocate(_ bytes: ExifLong) -> UnsafeMutableRawPointer? {
    guard let arena = DecodeArena.existing, arena.pointee.isDecoding else { return calloc(Int(bytes), 1) }
    return arena.pointee.allocate(Int(bytes))
}

private func arenaReallocate(_ block: UnsafeMutableRawPointer?, _ bytes: ExifLong) -> UnsafeMutableRawPointer? {
    guard let block else { return arenaAllocate(bytes) }
    guard let arena = DecodeArena.existing, arena.pointee.contains(block) else { return realloc(block, Int(bytes)) }
    return arena.pointee.reallocate(block, Int(bytes))
}

private func arenaFree(_ block: UnsafeMutableRawPointer?) {
    guard let block else { return }
    if let arena = DecodeArena.existing, arena.pointee.contains(block) { return }
    free(block)
}

/// libexif's log function: formats the message and keeps the first few.
private func logCallback(
    _ log: OpaquePointer?, _ code: ExifLogCode, _ domain: UnsafePointer<CChar>?, _ format: UnsafePointer<CChar>?,
    _ args: CVaListPointer?, _ context: UnsafeMutableRawPointer?
) {
    guard let context, let format, let args, code == EXIF_LOG_CODE_CORRUPT_DATA || code == EXIF_LOG_CODE_NO_MEMORY else { return }
    let recorder = Unmanaged<LibExif.LogRecorder>.fromOpaque(context).takeUnretainedValue()
    guard recorder.messages.count < LibExif.maxLogMessages else { return }
    var buffer = [CChar](repeating: 0, count: 256)
    _ = buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, args) }
    let domainText = domain.map { String(cString: $0) } ?? "libexif"
    recorder.messages.append("\(domainText): \(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
}

/// Adds entries of a given tag, format and value to an ExifData's IFDs.
struct ExifEntryBuilder {
    enum IFD { case ifd0, exif, gps }

    fileprivate let data: UnsafeMutablePointer<ExifData>

    func ascii(_ ifd: IFD, _ tag: UInt32, _ text: String?) {
        guard let text else { return }
        let bytes = Array(text.utf8) + [0]
        add(ifd, tag, EXIF_FORMAT_ASCII, components: bytes.count) { pointer, _ in
            pointer.update(from: bytes, count: bytes.count)
        }
    }

    func bytes(_ ifd: IFD, _ tag: UInt32, _ values: [UInt8]) {
        add(ifd, tag, EXIF_FORMAT_BYTE, components: values.count) { pointer, _ in
            pointer.update(from: values, count: values.count)
        }
    }

    func short(_ ifd: IFD, _ tag: UInt32, _ value: UInt16) {
        add(ifd, tag, EXIF_FORMAT_SHORT, components: 1) { pointer, order in exif_set_short(pointer, order, value) }
    }

    func long(_ ifd: IFD, _ tag: UInt32, _ value: UInt32) {
        add(ifd, tag, EXIF_FORMAT_LONG, components: 1) { pointer, order in exif_set_long(pointer, order, value) }
    }

    func rationals(_ ifd: IFD, _ tag: UInt32, _ values: [(UInt32, UInt32)]) {
        add(ifd, tag, EXIF_FORMAT_RATIONAL, components: values.count) { pointer, order in
            for (i, value) in values.enumerated() {
                exif_set_rational(pointer + 8 * i, order, ExifRational(numerator: value.0, denominator: value.1))
            }
        }
    }

    private func add(
        _ ifd: IFD, _ tag: UInt32, _ format: ExifFormat, components: Int,
        fill: (UnsafeMutablePointer<UInt8>, ExifByteOrder) -> Void
    ) {
        let ifds = data.pointee.ifd
        let target: UnsafeMutablePointer<ExifContent>? =
            switch ifd {
            case .ifd0: ifds.0
            case .exif: ifds.2
            case .gps: ifds.3
            }
        guard let content = target, let entry = exif_entry_new() else { fatalError("libexif could not allocate an entry") }
        defer { exif_entry_unref(entry) }
        let size = Int(exif_format_get_size(format)) * components
        guard let mem = exif_mem_new_default(), let storage = exif_mem_alloc(mem, ExifLong(size)) else {
            fatalError("libexif could not allocate \(size) bytes")
        }
        exif_mem_unref(mem)
        let pointer = storage.assumingMemoryBound(to: UInt8.self)
        fill(pointer, exif_data_get_byte_order(data))
        entry.pointee.tag = ExifTag(rawValue: tag)
        entry.pointee.format = format
        entry.pointee.components = UInt(components)
        entry.pointee.size = UInt32(size)
        entry.pointee.data = pointer
        exif_content_add_entry(content, entry)
    }
}
