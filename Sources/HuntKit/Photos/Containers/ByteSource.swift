#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a container could not be read; `PhotoReader` turns it into a `PhotoReadError`.
enum ContainerError: Error, Equatable {
    /// The operating system refused a read (`strerror` text).
    case io(String)
    /// The file ends before a structure it announces: what was cut, e.g. "the file ends inside the EXIF segment".
    case truncated(String)
    /// The structure is broken: what and where.
    case corrupt(String)
    /// A real variant of the format that is not handled (BigTIFF, an Exif item built by reference).
    case unsupported(String)
}

/// Random access to the bytes of one input. Readers seek; none reads a whole file.
protocol ByteSource {
    /// Total size in bytes.
    var size: UInt64 { get }
    /// Up to `count` bytes from `offset`: fewer only at the end of the input, none past it.
    func read(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8]
    /// The same bytes into `buffer`, reusing its storage where the source can (`PageBuffers`).
    func read(at offset: UInt64, count: Int, into buffer: inout [UInt8]) throws(ContainerError)
}

extension ByteSource {
    func read(at offset: UInt64, count: Int, into buffer: inout [UInt8]) throws(ContainerError) {
        buffer = try read(at: offset, count: count)
    }
}

/// A photo file opened as an `InputFile` (read-only, regular files only), read with `pread`.
struct FileByteSource: ByteSource {
    let file: InputFile
    var size: UInt64 { file.size }

    init(_ file: InputFile) { self.file = file }

    func read(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        do {
            return try file.read(at: offset, count: Int(min(UInt64(count), size - offset)))
        } catch {
            throw .io(error.message)
        }
    }

    func read(at offset: UInt64, count: Int, into buffer: inout [UInt8]) throws(ContainerError) {
        guard count > 0, offset < size else { buffer.removeAll(keepingCapacity: true); return }
        do {
            try file.read(at: offset, count: Int(min(UInt64(count), size - offset)), into: &buffer)
        } catch {
            throw .io(error.message)
        }
    }
}

/// Bytes already in memory: an EXIF block to compact, a fuzzer's input, a test.
struct MemoryByteSource: ByteSource {
    let bytes: [UInt8]
    var size: UInt64 { UInt64(bytes.count) }
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let start = Int(offset)
        let end = start + min(count, bytes.count - start)
        return Array(bytes[start..<end])
    }
}

/// Page buffers passed from one file's `PagedReader` to the next: a batch of photos read one
/// after the other reuses a few 64 KiB buffers instead of allocating and freeing two per photo
/// (freeing a block that large makes malloc consolidate and trim its heap, and the next
/// allocation fault its pages in again). A buffer still shared when it is reused (a slice of a
/// page kept by a scan) is copied on write as any array is, so reuse never changes what a
/// holder sees. For one thread at a time: each batch has its own.
final class PageBuffers {
    private var spare: [[UInt8]] = []
    private let maxSpare = 8

    /// A buffer to read into: a spare one, else a new empty one.
    func take() -> [UInt8] { spare.popLast() ?? [] }

    /// Buffers done with; kept for `take` up to a few.
    func giveBack(_ buffers: some Sequence<[UInt8]>) {
        for buffer in buffers where spare.count < maxSpare && buffer.capacity > 0 { spare.append(buffer) }
    }
}

/// A few cached pages over a `ByteSource`, so that walking many small headers (JPEG segments,
/// TIFF entries, ISOBMFF boxes) costs one `pread` per 64 KiB page rather than one per header.
/// Page 0 doubles as the head of the content hash. With `PageBuffers`, pages are read into
/// buffers from there and handed back when the reader goes.
final class PagedReader {
    static let pageSize = 65_536
    let source: any ByteSource
    var size: UInt64 { source.size }
    private var pages: [(index: UInt64, bytes: [UInt8])] = []
    private let maxPages = 4
    private let buffers: PageBuffers?
    /// Buffers of dropped pages and of `uncached` reads, handed back to `buffers` with the pages.
    private var done: [[UInt8]] = []
    /// Bytes fetched from the source so far (for tests that prove the readers seek).
    private(set) var bytesRead: UInt64 = 0

    init(_ source: any ByteSource, buffers: PageBuffers? = nil) {
        self.source = source
        self.buffers = buffers
    }

    deinit {
        buffers?.giveBack(done)
        buffers?.giveBack(pages.lazy.map(\.bytes))
    }

    /// `count` bytes at `offset`, into a buffer from `buffers` when there are some.
    private func fetch(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        guard let buffers else { return try source.read(at: offset, count: count) }
        var bytes = buffers.take()
        try source.read(at: offset, count: count, into: &bytes)
        return bytes
    }

    private func page(_ index: UInt64) throws(ContainerError) -> [UInt8] {
        if let hit = pages.firstIndex(where: { $0.index == index }) {
            let page = pages.remove(at: hit)
            pages.append(page)
            return page.bytes
        }
        let bytes = try fetch(at: index * UInt64(Self.pageSize), count: Self.pageSize)
        bytesRead += UInt64(bytes.count)
        if pages.count == maxPages {
            let dropped = pages.removeFirst()
            if buffers != nil { done.append(dropped.bytes) }
        }
        pages.append((index, bytes))
        return bytes
    }

    /// Up to `count` bytes at `offset`, fewer at the end of the input.
    func bytes(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        guard count > 0, offset < size else { return [] }
        let pageSize = UInt64(Self.pageSize)
        let first = offset / pageSize
        let last = (offset + UInt64(count) - 1) / pageSize
        if first == last {
            let page = try page(first)
            let start = Int(offset - first * pageSize)
            guard start < page.count else { return [] }
            return Array(page[start..<min(page.count, start + count)])
        }
        if count > Self.pageSize {
            let bytes = try source.read(at: offset, count: count)
            bytesRead += UInt64(bytes.count)
            return bytes
        }
        var result = try bytes(at: offset, count: Int(last * pageSize - offset))
        result += try bytes(at: last * pageSize, count: count - result.count)
        return result
    }

    /// Up to `count` bytes at `offset` without copying, when they lie within one page
    /// (reading that page if needed); nil when they span pages.
    func slice(at offset: UInt64, count: Int) throws(ContainerError) -> ArraySlice<UInt8>? {
        let pageSize = UInt64(Self.pageSize)
        guard count > 0, offset < size, offset / pageSize == (offset + UInt64(count) - 1) / pageSize else { return nil }
        let index = offset / pageSize
        let page = try page(index)
        let start = Int(offset - index * pageSize)
        guard start < page.count else { return nil }
        return page[start..<min(page.count, start + count)]
    }

    /// Bytes read straight from the source, bypassing (and not filling) the page cache.
    func uncached(at offset: UInt64, count: Int) throws(ContainerError) -> [UInt8] {
        let bytes = try fetch(at: offset, count: count)
        bytesRead += UInt64(bytes.count)
        if buffers != nil { done.append(bytes) }
        return bytes
    }

    /// Exactly `count` bytes at `offset`, or `.truncated(what)`.
    func exactly(at offset: UInt64, count: Int, _ what: @autoclosure () -> String) throws(ContainerError) -> [UInt8] {
        let bytes = try bytes(at: offset, count: count)
        guard bytes.count == count else { throw .truncated(what()) }
        return bytes
    }
}

extension Array where Element == UInt8 {
    func u16be(_ i: Int) -> UInt16 { UInt16(self[i]) << 8 | UInt16(self[i + 1]) }
    func u16le(_ i: Int) -> UInt16 { UInt16(self[i + 1]) << 8 | UInt16(self[i]) }
    func u32be(_ i: Int) -> UInt32 { UInt32(u16be(i)) << 16 | UInt32(u16be(i + 2)) }
    func u32le(_ i: Int) -> UInt32 { UInt32(u16le(i + 2)) << 16 | UInt32(u16le(i)) }
    func u64be(_ i: Int) -> UInt64 { UInt64(u32be(i)) << 32 | UInt64(u32be(i + 4)) }
    func u16(_ i: Int, bigEndian: Bool) -> UInt16 { bigEndian ? u16be(i) : u16le(i) }
    func u32(_ i: Int, bigEndian: Bool) -> UInt32 { bigEndian ? u32be(i) : u32le(i) }
    /// Big-endian unsigned integer of 0, 4 or 8 bytes (ISOBMFF `iloc` fields).
    func uint(_ i: Int, width: Int) -> UInt64 {
        switch width {
        case 4: UInt64(u32be(i))
        case 8: u64be(i)
        default: 0
        }
    }
    func fourCC(_ i: Int) -> String {
        String(decoding: self[i..<i + 4].map { (0x20...0x7e).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
    }
    func starts(with prefix: String, at i: Int = 0) -> Bool {
        let p = Array(prefix.utf8)
        return count >= i + p.count && self[i..<i + p.count].elementsEqual(p)
    }
}
