/// How a scaled thumbnail of a JPEG will be decoded, and the memory that takes, worked out from the
/// file's headers before anything is decoded.
///
/// libjpeg-turbo 2.1 (Debian 12's `libturbojpeg0`) has no memory cap of its own in the TurboJPEG
/// API (`TJPARAM_MAXMEMORY` and `TJPARAM_MAXPIXELS` came with 3.0), so the cap is here: the
/// estimate counts what libjpeg allocates for the chosen DCT scale, and the decode only starts when
/// the estimate fits the budget. The terms (libjpeg `jdmaster.c`, `jdcoefct.c`, `jdmainct.c`):
/// - the file's bytes, read whole for TurboJPEG;
/// - the RGB output at the chosen scale (1/8 … 1/1), which TurboJPEG fills in one call;
/// - the whole-image coefficient buffer when `JPEGFrame.buffersWholeImage` (progressive or
///   multi-scan files): full size, whatever the output scale;
/// - row buffers: a few rows of 8×8 blocks per component at the output scale (generously counted),
///   and a fixed allowance for tables and the small copy's own buffers.
struct JPEGDecodePlan: Sendable {
    var frame: JPEGFrame
    var fileBytes: Int
    /// The longest side of the small copy.
    var maxPixels: Int
    /// The DCT scale chosen (`JPEGScaler.scalingFactor`).
    var scale: (num: Int, denom: Int)
    var scaledWidth: Int
    var scaledHeight: Int

    /// Nil when the frame cannot be decoded at all.
    init?(frame: JPEGFrame, fileBytes: Int, maxPixels: Int) {
        guard frame.isDecodable, maxPixels > 0,
            let scale = JPEGScaler.scalingFactor(width: frame.pixelWidth, height: frame.pixelHeight, maxPixels: maxPixels)
        else { return nil }
        self.frame = frame
        self.fileBytes = fileBytes
        self.scale = scale
        scaledWidth = (frame.pixelWidth * scale.num + scale.denom - 1) / scale.denom
        scaledHeight = (frame.pixelHeight * scale.num + scale.denom - 1) / scale.denom
        self.maxPixels = maxPixels
    }

    var outputBytes: Int { scaledWidth * scaledHeight * 3 }
    var coefficientBytes: Int { frame.buffersWholeImage ? frame.coefficientBufferBytes : 0 }

    /// libjpeg's rows at the output scale: per component, four sampling rows of blocks each
    /// `8 × num / denom` samples square; the upsampled and colour-converted rows; the small
    /// copy's pixels and its JPEG; 1 MiB for tables and the decoder itself.
    var workingBytes: Int {
        let blockSide = max(1, (8 * scale.num + scale.denom - 1) / scale.denom)
        let maxH = frame.components.map(\.horizontal).max() ?? 1, maxV = frame.components.map(\.vertical).max() ?? 1
        let rows = frame.components.reduce(0) { total, c in
            let blocksAcross = (frame.pixelWidth * c.horizontal + maxH * 8 - 1) / (maxH * 8) + c.horizontal
            return total + blocksAcross * blockSide * 4 * c.vertical * blockSide
        }
        let upsampled = scaledWidth * frame.components.count * 4 * maxV * blockSide
        return rows + upsampled + 3 * maxPixels * maxPixels * 3 + (1 << 20)
    }

    /// What the decode may hold at its peak.
    var totalBytes: Int { fileBytes + outputBytes + coefficientBytes + workingBytes }
}
