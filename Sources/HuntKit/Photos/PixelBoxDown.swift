/// One colour channel of a decoded picture in memory, as the small copy reads it: a row every
/// `rowBytes`, a sample every `step` samples along the row (3 for interleaved RGB, 1 for a
/// plane), each sample 8 bits or 16 (native byte order, `bits` of it used: 10-bit HDR pictures).
struct SamplePlane {
    var base: UnsafeRawPointer
    var rowBytes: Int
    var step: Int
    var wide: Bool
    var bits: Int

    /// The sum of a `columns` × `rows` block from (x, y), at 8 bits per sample.
    @inline(__always)
    func sum(x: Int, y: Int, columns: Int, rows: Int) -> Int {
        var total = 0
        for dy in 0..<rows {
            let row = base + (y + dy) * rowBytes
            if wide {
                let samples = row.assumingMemoryBound(to: UInt16.self)
                var i = x * step
                for _ in 0..<columns { total += Int(samples[i]); i += step }
            } else {
                let samples = row.assumingMemoryBound(to: UInt8.self)
                var i = x * step
                for _ in 0..<columns { total += Int(samples[i]); i += step }
            }
        }
        return wide && bits > 8 ? total >> (bits - 8) : total
    }
}

/// Makes a picture at most `maxPixels` on its longest side by averaging k×k blocks, k the smallest
/// integer that gets there; a side shorter than k (a 65000×245 picture) becomes one pixel averaged
/// over what there is. Both decoders' small copies go through here: the JPEG's after its DCT
/// scaling, a HEIF's from libheif's full-size planes.
enum PixelBoxDown {
    /// Interleaved 8-bit RGB of the picture made from the three channels `red`, `green`, `blue`
    /// of a `width` × `height` picture, and its size.
    static func rgb(
        red: SamplePlane, green: SamplePlane, blue: SamplePlane,
        width: Int, height: Int, maxPixels: Int
    ) -> (rgb: [UInt8], width: Int, height: Int) {
        let k = max(1, (max(width, height) + maxPixels - 1) / maxPixels)
        let outWidth = max(1, width / k), outHeight = max(1, height / k)
        var out = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            let rows = min(k, height - y * k)
            for x in 0..<outWidth {
                let columns = min(k, width - x * k)
                let area = rows * columns
                let o = (y * outWidth + x) * 3
                out[o] = UInt8(clamping: red.sum(x: x * k, y: y * k, columns: columns, rows: rows) / area)
                out[o + 1] = UInt8(clamping: green.sum(x: x * k, y: y * k, columns: columns, rows: rows) / area)
                out[o + 2] = UInt8(clamping: blue.sum(x: x * k, y: y * k, columns: columns, rows: rows) / area)
            }
        }
        return (out, outWidth, outHeight)
    }
}
