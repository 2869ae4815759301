/// How a preview of a HEIF/HEIC or AVIF photo will be decoded, and the memory that takes, worked
/// out from the size the file declares (the picture's `ispe`, as libheif reads it) before any
/// pixel is decoded.
///
/// libheif 1.15 (Debian 12) has neither a memory cap nor scaled decoding: it decodes the whole
/// picture, at full size, into planar RGB whatever output is asked for (`HeifContext::
/// decode_image_planar`), then applies `irot`, `imir` and `clap`. So the estimate counts, for the
/// picture as coded (`codedWidth` × `codedHeight`, samples of 1 byte, or 2 above 8 bits):
/// - the file's bytes (libheif reads a coded picture's data whole; a grid's tile by tile);
/// - the RGB planes of the full picture (a grid's tiles are pasted into them);
/// - a second picture of that size: the copy a rotation or crop makes, or, for a picture coded in
///   one piece, the decoder's YCbCr picture and libheif's copy of it before the RGB conversion;
/// - a fixed allowance for the decoders (libde265, dav1d, libaom) and tiles in flight, and the
///   small copy's own pixels and JPEG.
struct HEIFDecodePlan: Sendable {
    /// The picture's size as coded (before a rotation or crop), in pixels.
    var codedWidth, codedHeight: Int
    /// Bytes per sample: 1 up to 8 bits, 2 above (10-bit HDR photos).
    var bytesPerSample: Int
    var fileBytes: Int
    /// The longest side of the small copy.
    var maxPixels: Int

    /// The decoders' own state and tiles decoded side by side.
    static let decoderAllowanceBytes = 16 << 20

    var pixelCount: Int { codedWidth * codedHeight }
    var pictureBytes: Int { pixelCount * 3 * bytesPerSample }
    var workingBytes: Int { Self.decoderAllowanceBytes + 3 * maxPixels * maxPixels * 3 }

    /// What the decode may hold at its peak.
    var totalBytes: Int { fileBytes + 2 * pictureBytes + workingBytes }
}
