/// A table for people at a terminal, 80 columns wide: fixed columns (so rows stream without
/// waiting for the widest value), positions to 5 decimals (about a metre), and under each photo
/// its capture time, camera and the error or first warning, wrapped. A long path is shortened in
/// the middle: the folder given on the command line goes first (`…/`, it is the same on every
/// row), then the longest parts lose their middles, each keeping its start and end — so the team
/// folder, the task folder and the file's number stay apart.
package struct PhotoTableRenderer: PhotoRenderer {
    /// The width the table fits.
    public static let width = 80
    static let columns: [(title: String, width: Int)] = [
        ("PATH", 44), ("TYPE", 4), ("LATITUDE", 9), ("LONGITUDE", 10), ("±m", 4)
    ]

    /// A table renderer, `width` columns wide; it has no settings.
    public init() {}

    /// The column titles, with a second title for the line under each photo.
    public var header: String {
        line(Self.columns.map(\.title)) + "    captured at · camera · note\n"
    }
    /// Nothing: the table has no closing line.
    public var footer: String { "" }

    /// The file's row and the line under it, fitted to `width` columns.
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
        let path = Self.shortened(
            TerminalText.visible(input.displayPath), width: Self.columns[0].width,
            given: Self.givenPart(of: input))
        var text = line([path, f.format, Self.fiveDecimals(f.latitude), Self.fiveDecimals(f.longitude), Self.wholeMetres(f.accuracy)])
        let detail = [f.capturedAt, camera, note].filter { !$0.isEmpty }.map { TerminalText.visible($0) }.joined(separator: " · ")
        if !detail.isEmpty { text += Self.wrapped(detail, indent: 4) }
        return text
    }

    private func line(_ cells: [String]) -> String {
        var out = ""
        for (i, raw) in cells.enumerated() {
            let cell = TerminalText.visible(raw)  // EXIF strings and file names, never obeyed
            out += fit(cell, Self.columns[i].width) + "  "
        }
        while out.hasSuffix(" ") { out.removeLast() }
        return out + "\n"
    }

    private func fit(_ text: String, _ width: Int) -> String {
        if text.count <= width { return text + String(repeating: " ", count: width - text.count) }
        return text.prefix(width - 1) + "…"
    }

    /// `-34.6086800` → `-34.60868`: the table's precision (the CSV and JSON keep 7 decimals).
    static func fiveDecimals(_ text: String) -> String {
        guard let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 6 else { return text }
        return String(text[...text.index(dot, offsetBy: 5)])
    }

    /// `4.700` → `5`.
    static func wholeMetres(_ text: String) -> String {
        guard let value = Double(text), value.isFinite, value < 1e6 else { return text }
        return String(Int(value.rounded()))
    }

    /// How much of the shown path is the folder given on the command line (nil for a file given by itself).
    static func givenPart(of input: PhotoInput) -> Int? {
        guard input.folder != nil, input.displayPath.hasSuffix(input.path), input.displayPath.count > input.path.count else { return nil }
        return input.displayPath.count - input.path.count
    }

    /// `path` in at most `width` characters, cut in the middle with `…`: first the leading
    /// `given` characters (the folder named on the command line, shared by all its rows), then
    /// the folders between the first folder below it and the file name, then the middle of
    /// whatever is still too long. The file name's end (its number and extension) always stays.
    static func shortened(_ path: String, width: Int, given: Int? = nil) -> String {
        guard path.count > width else { return path }
        var prefix = "", rest = path
        if let given, given > 0 {
            prefix = "…/"
            rest = String(path.dropFirst(given))
            if prefix.count + rest.count <= width { return prefix + rest }
        }
        var parts = rest.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // The longest folder loses its middle, one character at a time, down to 8; then the
        // leading folders go (`…/`), keeping the two nearest the file; then the longest part,
        // the file name too, down to 6. Each part keeps its start and end, so folders (and
        // numbers) that differ stay apart.
        var lengths = parts.map(\.count)
        func total() -> Int { prefix.count + lengths.reduce(parts.count - 1, +) }
        func shrink(_ candidates: [Int], to least: Int) {
            var over = total() - width
            while over > 0, let longest = candidates.max(by: { lengths[$0] < lengths[$1] }), lengths[longest] > least {
                lengths[longest] -= 1
                over -= 1
            }
        }
        shrink(Array(lengths.indices.dropLast()), to: 8)
        while total() > width, parts.count > 3 {
            parts.removeFirst()
            lengths.removeFirst()
            prefix = "…/"
        }
        shrink(Array(lengths.indices), to: 6)
        let shown = prefix + zip(parts, lengths).map { middle($0, $1) }.joined(separator: "/")
        return middle(shown, width)
    }

    /// `text` in at most `width` characters, its middle replaced by `…` (a little more of the end kept).
    static func middle(_ text: String, _ width: Int) -> String {
        guard text.count > width else { return text }
        guard width > 1 else { return "…" }
        let tail = width / 2, head = width - 1 - tail
        return text.prefix(head) + "…" + text.suffix(tail)
    }

    /// `text` wrapped at spaces to the table's width, each line indented.
    static func wrapped(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent), room = width - indent
        var out = "", current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > room {  // a word longer than a line is split
                if !current.isEmpty { out += pad + current + "\n"; current = "" }
                out += pad + word.prefix(room) + "\n"
                word = word.dropFirst(room)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= room {
                current += " " + word
            } else {
                out += pad + current + "\n"
                current = String(word)
            }
        }
        if !current.isEmpty { out += pad + current + "\n" }
        return out
    }
}
