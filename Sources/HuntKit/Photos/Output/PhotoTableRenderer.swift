/// A table for people at a terminal: fixed columns (so rows stream without waiting for the widest
/// value), long paths shortened from the left, the error or first warning last.
public struct PhotoTableRenderer: PhotoRenderer {
    static let columns: [(title: String, width: Int)] = [
        ("PATH", 36), ("FORMAT", 6), ("LATITUDE", 11), ("LONGITUDE", 12), ("ALT m", 8), ("±m", 6), ("CAPTURED AT", 19), ("CAMERA", 24),
    ]

    public init() {}

    public var header: String {
        line(Self.columns.map(\.title) + ["NOTE"])
    }
    public var footer: String { "" }

    public func row(_ input: PhotoInput, _ result: PhotoReadResult) -> String {
        let f = PhotoFields(result)
        let camera = [f.make, f.model].filter { !$0.isEmpty }.joined(separator: " ")
        var note: String
        if case .failure(let e) = result {
            note = "error: " + e.summary
        } else if f.latitude.isEmpty {
            note = "no position" + (f.warnings.first.map { "; \($0)" } ?? "")
        } else {
            note = f.positionSource == "exif" || f.positionSource == "quicktime" ? (f.warnings.first ?? "") : "position from \(f.positionSource)"
        }
        if f.media == "video" { note = "video" + (f.duration.isEmpty ? "" : " \(f.duration) s") + (note.isEmpty ? "" : "; " + note) }
        return line([input.displayPath, f.format, f.latitude, f.longitude, f.altitude, f.accuracy, f.capturedAt, camera, note])
    }

    private func line(_ cells: [String]) -> String {
        var out = ""
        for (i, raw) in cells.enumerated() {
            let cell = TerminalText.visible(raw)  // EXIF strings and file names, never obeyed
            if i < Self.columns.count {
                out += fit(cell, Self.columns[i].width, keepEnd: i == 0) + "  "
            } else {
                out += cell
            }
        }
        while out.hasSuffix(" ") { out.removeLast() }
        return out + "\n"
    }

    private func fit(_ text: String, _ width: Int, keepEnd: Bool) -> String {
        if text.count <= width { return text + String(repeating: " ", count: width - text.count) }
        return keepEnd ? "…" + text.suffix(width - 1) : text.prefix(width - 1) + "…"
    }
}
