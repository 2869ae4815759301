// libFuzzer entry point for the photo container readers; compiled by photo-readers.sh together
// with the reader sources, one binary per target (-D FUZZ_JPEG, FUZZ_ISOBMFF, FUZZ_PNG, FUZZ_WEBP,
// FUZZ_TIFF, FUZZ_VIDEO for the QuickTime/MP4 reader, FUZZ_ALL for the whole PhotoReader:
// container, libexif, interpretation, XMP, FUZZ_THUMBNAIL for a JPEG's thumbnail decode and its
// memory plan, or FUZZ_HEIF for a HEIF/AVIF's through libheif).
// A crash, a trap (Swift overflow/bounds checks), a leak or a timeout is a finding.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    #if FUZZ_THUMBNAIL
    // What the report does with a photo without an EXIF thumbnail: the frame header and first scan
    // header, the plan, and — for plans under 64 MiB and 20 megapixels (so a unit stays fast under
    // ASan) — the decode. -malloc_limit_mb catches libjpeg allocating what the plan did not count.
    if let frame = try? JPEGReader.scan(PagedReader(MemoryByteSource(bytes))).jpegFrame,
       let plan = JPEGDecodePlan(frame: frame, fileBytes: bytes.count, maxPixels: PhotoThumbnail.defaultMaxPixels),
       plan.totalBytes <= 64 << 20, frame.pixelWidth * frame.pixelHeight <= 20_000_000 {
        if let small = JPEGScaler.scaled(bytes, maxPixels: PhotoThumbnail.defaultMaxPixels, expected: (frame.pixelWidth, frame.pixelHeight)) {
            precondition(small.count > 2 && small[0] == 0xFF && small[1] == 0xD8)
        }
    }
    // The same bytes as an EXIF thumbnail: kept only when its frame is small.
    _ = PhotoThumbnail.usableAsStored(bytes)
    #elseif FUZZ_HEIF
    // What a report or the console does with a HEIF/AVIF photo: libheif reads the boxes, the plan
    // picks a picture and refuses what is over the caps (a 64 MiB budget here, so a unit stays fast
    // under ASan), and the decode runs. -malloc_limit_mb catches an allocation the plan did not count.
    if case .decode(let decode) = PhotoThumbnail.prepareHEIF(MemoryByteSource(bytes), maxPixels: 320, budgetBytes: 64 << 20),
       case .thumbnail(let small) = decode.run() {
        precondition(small.jpeg.count > 2 && small.jpeg[0] == 0xFF && small.jpeg[1] == 0xD8)
    }
    #elseif FUZZ_VIDEO
    // The box walker on its own, whatever the brand, then the whole reader (sniffing, metadata, hash).
    if let scan = try? QuickTimeReader.scan(PagedReader(MemoryByteSource(bytes)), format: .mp4) {
        _ = PhotoReader.videoMetadata(scan, displayPath: "fuzz").position
    }
    _ = PhotoReader(options: .init(useSidecars: false)).read(bytes: bytes, displayPath: "fuzz")
    #elseif FUZZ_ALL
    let reader = PhotoReader(options: .init(useSidecars: false))
    if case .success(let meta) = reader.read(bytes: bytes, displayPath: "fuzz") {
        _ = meta.position
    }
    #else
    let paged = PagedReader(MemoryByteSource(bytes))
    #if FUZZ_JPEG
    let scan = try? JPEGReader.scan(paged)
    #elseif FUZZ_ISOBMFF
    let scan = try? ISOBMFFReader.scan(paged)
    // The coded pictures' items, parameter sets and sequence headers, as a HEIF preview reads them.
    _ = try? HEIFCodedPictures(paged, maxItemBytes: 1 << 20)
    #elseif FUZZ_PNG
    let scan = try? PNGReader.scan(paged)
    #elseif FUZZ_WEBP
    let scan = try? WebPReader.scan(paged)
    #elseif FUZZ_TIFF
    let scan = try? TIFFReader.scan(paged)
    #endif
    // Whatever block a reader returns must survive compaction (it goes to libexif next).
    if let block = scan?.exif { _ = try? TIFFReader.fitForLibexif(block) }
    #endif
    return 0
}
