import HuntKit
internal import CQRencode

/// A QR code as a square grid of dark and light modules, ready to draw as vector rectangles.
///
/// Encoded by libqrencode (ISO/IEC 18004) in 8-bit byte mode; the only file that sees its C types.
public struct QRCode: Sendable {
    /// Error correction: how much of the code may be smudged or torn and still decode.
    public enum Correction: Sendable, Hashable {
        /// About 7 % of the modules may be lost.
        case low
        /// About 15 %: the default, a good trade between size and robustness on paper.
        case medium
        /// About 25 %.
        case quartile
        /// About 30 %.
        case high
    }

    /// Modules per side (21 for version 1, 4 more per version), without the quiet zone.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]
    /// The text the code carries.
    public let text: String

    /// Encodes `text` as UTF-8 bytes at the smallest version that holds it.
    public init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
        let level: QRecLevel
        switch correction {
        case .low: level = QR_ECLEVEL_L
        case .medium: level = QR_ECLEVEL_M
        case .quartile: level = QR_ECLEVEL_Q
        case .high: level = QR_ECLEVEL_H
        }
        guard !text.isEmpty else { throw QRCodeError(text: text, reason: "there is nothing to encode") }
        guard let code = QRcode_encodeString8bit(text, 0, level) else {
            throw QRCodeError(text: text, reason: "it is too long for a QR code (at most about 2,300 bytes)")
        }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        var modules = [Bool](repeating: false, count: width * width)
        for index in 0..<(width * width) {
            // Bit 0 of each byte is the module's colour; the other bits describe its role.
            modules[index] = code.pointee.data[index] & 1 == 1
        }
        self.size = width
        self.modules = modules
        self.text = text
        self.outlines = Self.trace(modules, size: width)
    }

    /// Whether the module at column `x`, row `y` is dark.
    public subscript(x: Int, y: Int) -> Bool { modules[y * size + x] }

    /// The outlines of the dark areas, as closed loops of corner points in module units (origin at
    /// the top-left module, y down), each turning clockwise around dark and anticlockwise around
    /// light holes: filled with the non-zero rule they paint exactly the dark modules.
    ///
    /// Far fewer points than a rectangle per module or per run, which keeps PDFs small and fast to
    /// write. Boundary edges are collected per dark module and chained into loops (the usual
    /// crack-following contour trace, as in potrace's path decomposition, without smoothing).
    public let outlines: [[(x: Int, y: Int)]]

    static func trace(_ modules: [Bool], size: Int) -> [[(x: Int, y: Int)]] {
        let side = size + 1
        // Corner points are indexed y * side + x; each has at most two outgoing boundary edges.
        var outgoing = [[Int]](repeating: [], count: side * side)
        func dark(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x] }
        for y in 0..<size {
            for x in 0..<size where modules[y * size + x] {
                let topLeft = y * side + x, topRight = topLeft + 1, bottomLeft = topLeft + side, bottomRight = bottomLeft + 1
                if !dark(x, y - 1) { outgoing[topLeft].append(topRight) }
                if !dark(x + 1, y) { outgoing[topRight].append(bottomRight) }
                if !dark(x, y + 1) { outgoing[bottomRight].append(bottomLeft) }
                if !dark(x - 1, y) { outgoing[bottomLeft].append(topLeft) }
            }
        }
        var loops: [[(x: Int, y: Int)]] = []
        // Start points in reading order, so the outline (and so the PDF) is the same every run.
        for start in outgoing.indices {
            while let first = outgoing[start].popLast() {
                var corners: [(x: Int, y: Int)] = [(start % side, start / side)]
                var previous = start, current = first
                while current != start, let next = outgoing[current].popLast() {
                    // Keep only the points where the direction changes.
                    if next - current != current - previous { corners.append((current % side, current / side)) }
                    previous = current
                    current = next
                }
                if first - start == start - previous { corners.removeFirst() }
                loops.append(corners)
            }
        }
        return loops
    }

    /// Horizontal runs of dark modules per row, `(row, firstColumn, length)`: fewer, larger
    /// rectangles than one per module, so PDFs stay small and renderers leave no hairline seams.
    public var darkRuns: [(row: Int, column: Int, length: Int)] {
        var runs: [(row: Int, column: Int, length: Int)] = []
        for y in 0..<size {
            var x = 0
            while x < size {
                if self[x, y] {
                    let start = x
                    while x < size && self[x, y] { x += 1 }
                    runs.append((y, start, x - start))
                } else {
                    x += 1
                }
            }
        }
        return runs
    }
}

/// A text that cannot be made into a QR code.
public struct QRCodeError: Error, Sendable, CustomStringConvertible {
    public var text: String
    public var reason: String
    public var description: String { "cannot make a QR code of “\(text.prefix(40))”: \(reason)" }
}

extension QRCode: Hashable {
    public static func == (a: QRCode, b: QRCode) -> Bool { a.text == b.text && a.modules == b.modules }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
