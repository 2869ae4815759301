internal import CJPEG

/// Makes a small copy of a JPEG with libjpeg-turbo's TurboJPEG API: decoded at the smallest DCT
/// scale (1/8, 1/4, 3/8, 1/2 …) whose picture is still at least `maxPixels` on its longest side,
/// box-averaged down to `maxPixels` (`PixelBoxDown`), re-encoded at quality 75 with 4:2:0 chroma.
///
/// TurboJPEG reports errors as return codes (libjpeg's own API would `longjmp`, which Swift
/// cannot catch). The only file that sees TurboJPEG.
enum JPEGScaler {
    static let quality: Int32 = 75

    /// `jpeg` made at most `maxPixels` on its longest side. `expected` is the picture size the
    /// caller planned for (from `JPEGFrame`); nil when libjpeg reads another size from the same bytes.
    static func scaled(_ jpeg: [UInt8], maxPixels: Int, expected: (width: Int, height: Int)? = nil) -> [UInt8]? {
        guard let decoded = decoded(jpeg, maxPixels: maxPixels, expected: expected) else { return nil }
        let (pixels, outWidth, outHeight) = boxDown(decoded.rgb, width: decoded.width, height: decoded.height, maxPixels: maxPixels)
        return encode(pixels, width: outWidth, height: outHeight)
    }

    /// The RGB pixels of `jpeg` decoded at the DCT scale `scalingFactor` chooses for `maxPixels`
    /// (the whole picture when it is no larger), and their size; nil as for `scaled`.
    static func decoded(_ jpeg: [UInt8], maxPixels: Int, expected: (width: Int, height: Int)? = nil) -> (rgb: [UInt8], width: Int, height: Int)? {
        guard maxPixels > 0, jpeg.count > 4, let decoder = tjInitDecompress() else { return nil }
        defer { tjDestroy(decoder) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colourspace: Int32 = 0
        let header = jpeg.withUnsafeBufferPointer {
            tjDecompressHeader3(decoder, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colourspace)
        }
        guard header == 0, width > 0, height > 0, Int(width) * Int(height) <= PhotoThumbnail.maxDecodePixels else { return nil }
        if let expected, expected.width != Int(width) || expected.height != Int(height) { return nil }
        guard let chosen = scalingFactor(width: Int(width), height: Int(height), maxPixels: maxPixels) else { return nil }
        let scaledWidth = (Int(width) * chosen.num + chosen.denom - 1) / chosen.denom
        let scaledHeight = (Int(height) * chosen.num + chosen.denom - 1) / chosen.denom
        var rgb = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * 3)
        let decoded = jpeg.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    decoder, source.baseAddress, UInt(source.count), target.baseAddress,
                    Int32(scaledWidth), 0, Int32(scaledHeight), Int32(TJPF_RGB.rawValue), TJFLAG_FASTDCT)
            }
        }
        // A warning (a truncated file still decodes partly) is fine; a hard error is not.
        guard decoded == 0 || tjGetErrorCode(decoder) == Int32(TJERR_WARNING.rawValue) else { return nil }
        return (rgb, scaledWidth, scaledHeight)
    }

    /// The library's scaling factor (largest first: 2, 15/8 … 1/8) that gives the smallest picture
    /// still at least `maxPixels` on its longest side; 1/1 when none is that large.
    static func scalingFactor(width: Int, height: Int, maxPixels: Int) -> (num: Int, denom: Int)? {
        var factorCount: Int32 = 0
        guard let factors = tjGetScalingFactors(&factorCount), factorCount > 0 else { return nil }
        let longest = max(width, height)
        var chosen = (num: 1, denom: 1)
        var chosenSide = longest
        for i in 0..<Int(factorCount) {
            let f = factors[i]
            let side = (longest * Int(f.num) + Int(f.denom) - 1) / Int(f.denom)
            if side >= maxPixels, side < chosenSide { chosen = (Int(f.num), Int(f.denom)); chosenSide = side }
        }
        return chosen
    }

    /// `PixelBoxDown` of interleaved RGB; the pixels as they are when they already fit.
    static func boxDown(_ rgb: [UInt8], width: Int, height: Int, maxPixels: Int) -> ([UInt8], Int, Int) {
        guard max(width, height) > maxPixels else { return (rgb, width, height) }
        return rgb.withUnsafeBytes { bytes in
            let channel = { (offset: Int) in
                SamplePlane(base: bytes.baseAddress! + offset, rowBytes: width * 3, step: 3, wide: false, bits: 8)
            }
            return PixelBoxDown.rgb(red: channel(0), green: channel(1), blue: channel(2), width: width, height: height, maxPixels: maxPixels)
        }
    }

    static func encode(_ rgb: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard let encoder = tjInitCompress() else { return nil }
        defer { tjDestroy(encoder) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = rgb.withUnsafeBufferPointer {
            tjCompress2(
                encoder, $0.baseAddress, Int32(width), 0, Int32(height), Int32(TJPF_RGB.rawValue),
                &output, &size, Int32(TJSAMP_420.rawValue), quality, TJFLAG_FASTDCT)
        }
        defer { if let output { tjFree(output) } }
        guard status == 0, let output, size > 0 else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
