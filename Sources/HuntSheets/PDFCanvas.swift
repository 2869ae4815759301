internal import CCairo
import Foundation
import HuntKit

/// How a run of text is set: a font family, a size in points, weight, slant, colour and alignment.
struct TextStyle: Sendable, Hashable {
    enum Alignment: Sendable, Hashable { case left, centre, right }
    var family: String
    var sizePoints: Double
    var bold = false
    var italic = false
    var colour = SheetColour.black
    var alignment = Alignment.left
}

/// One laid-out line of a paragraph: its UTF-8 byte range in the text and its vertical extent.
struct LaidOutLine: Sendable, Hashable {
    var byteRange: Range<Int>
    var topPoints: Double
    var bottomPoints: Double
}

/// A rectangle in points, origin at the top left of the page.
struct SheetRect: Sendable, Hashable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
}

/// A PDF being drawn with cairo, its text set with pango (line breaking, shaping, font fallback
/// through fontconfig, so any script with an installed font prints).
///
/// The only file that sees cairo's and pango's C types. Units are PostScript points (1/72 in),
/// y grows downwards. Not thread-safe: one canvas is drawn by one task.
final class PDFCanvas {
    /// libpangocairo's shared object, by the name Debian's `libpangocairo-1.0-0` installs it under
    /// (Homebrew's pango on macOS names it by its install name).
    #if os(macOS)
    static let libraryName = "libpangocairo-1.0.0.dylib"
    #else
    static let libraryName = "libpangocairo-1.0.so.0"
    #endif

    /// cairo's and pango's functions, loaded on the first PDF (Swift makes that thread-safe), not
    /// at start-up: every other command starts about 4 ms sooner without them. After that only read.
    private static let library = load(libraryName)

    /// `library` opened and the functions resolved, or why not, in words that say what to install.
    static func load(_ library: String) -> Result<pangocairo_functions, SheetError> {
        var why: UnsafePointer<CChar>?
        guard let functions = pangocairo_functions_load(library, &why) else {
            let detail = why.map { String(cString: $0) } ?? "no reason given"
            return .failure(
                .rendering("cairo and pango could not be loaded (\(detail)); PDF sheets need them: install libpangocairo-1.0-0 and libcairo2"))
        }
        return .success(functions.pointee)
    }

    private let lib: pangocairo_functions
    let widthPoints: Double
    let heightPoints: Double
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private var fonts: [TextStyle: OpaquePointer] = [:]
    private struct QRKey: Hashable { var text: String; var colour: SheetColour }
    private var qrSurfaces: [QRKey: OpaquePointer] = [:]
    private let sink: ByteSink
    private(set) var pageCount = 1

    /// A sink for cairo's output stream: the PDF is collected in memory, then written atomically.
    private final class ByteSink {
        var bytes: [UInt8] = []
    }

    /// A new document whose first page is blank and ready to draw on.
    /// Throws if cairo and pango cannot be loaded.
    init(widthPoints: Double, heightPoints: Double, title: String, creator: String, createDate: Date?) throws(SheetError) {
        lib = try Self.library.get()
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        let sink = ByteSink()
        self.sink = sink
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        // cairo's constructors never return NULL (on failure a "nil" object whose status says why,
        // which `finish` reports), nor does pango's; Swift sees optionals through the pointers.
        surface = lib.cairo_pdf_surface_create_for_stream(
            write, Unmanaged.passUnretained(sink).toOpaque(),
            widthPoints, heightPoints)!
        lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
        lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, creator)
        // A fixed creation date keeps the same hunt giving the same bytes.
        if let createDate {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            lib.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, formatter.string(from: createDate))
        }
        context = lib.cairo_create(surface)!
        layout = lib.pango_cairo_create_layout(context)!
        // Unhinted metrics: text measures the same whatever the zoom, as print needs.
        let options = lib.cairo_font_options_create()
        lib.cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        lib.cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        lib.pango_cairo_context_set_font_options(lib.pango_layout_get_context(layout), options)
        lib.cairo_font_options_destroy(options)
        // Pango rounds glyph advances to whole units (points, here) unless told not to.
        lib.pango_context_set_round_glyph_positions(lib.pango_layout_get_context(layout), 0)
        lib.pango_layout_context_changed(layout)
        lib.pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    }

    deinit {
        for font in fonts.values { lib.pango_font_description_free(font) }
        for surface in qrSurfaces.values { lib.cairo_surface_destroy(surface) }
        lib.g_object_unref(UnsafeMutableRawPointer(layout))
        lib.cairo_destroy(context)
        lib.cairo_surface_destroy(surface)
    }

    // MARK: Text

    private func font(for style: TextStyle) -> OpaquePointer {
        if let font = fonts[style] { return font }
        let font = lib.pango_font_description_new()!
        lib.pango_font_description_set_family(font, style.family)
        lib.pango_font_description_set_absolute_size(font, style.sizePoints * Double(PANGO_SCALE))
        lib.pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        lib.pango_font_description_set_style(font, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        fonts[style] = font
        return font
    }

    private func prepare(_ text: String, _ style: TextStyle, widthPoints: Double) {
        lib.pango_layout_set_font_description(layout, font(for: style))
        lib.pango_layout_set_width(layout, Int32((widthPoints * Double(PANGO_SCALE)).rounded(.down)))
        // Mirrored, left and right trade places for every paragraph. Pango already swaps them for
        // a paragraph written right to left (its direction differs from the layout's), so only
        // the others are swapped here; each keeps its own order (numbers, coordinates, Latin
        // names stay left to right).
        var alignment = style.alignment
        if mirrored, !Self.startsRightToLeft(text) {
            alignment = alignment == .left ? .right : alignment == .right ? .left : alignment
        }
        switch alignment {
        case .left: lib.pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .centre: lib.pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: lib.pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        }
        lib.pango_layout_set_text(layout, text, -1)
    }

    /// The height of `text` set in `style`, wrapped to `widthPoints`.
    func measure(_ text: String, _ style: TextStyle, widthPoints: Double) -> Double {
        guard !text.isEmpty else { return 0 }
        prepare(text, style, widthPoints: widthPoints)
        var width: Int32 = 0, height: Int32 = 0
        lib.pango_layout_get_size(layout, &width, &height)
        return Double(height) / Double(PANGO_SCALE)
    }

    /// The width of `text` on one line, unwrapped.
    func naturalWidth(_ text: String, _ style: TextStyle) -> Double {
        guard !text.isEmpty else { return 0 }
        prepare(text, style, widthPoints: -1.0 / Double(PANGO_SCALE))
        lib.pango_layout_set_width(layout, -1)
        var width: Int32 = 0, height: Int32 = 0
        lib.pango_layout_get_size(layout, &width, &height)
        return Double(width) / Double(PANGO_SCALE)
    }

    /// The lines `text` breaks into at `widthPoints`, so a paragraph taller than a page can be
    /// split between lines.
    func lines(_ text: String, _ style: TextStyle, widthPoints: Double) -> [LaidOutLine] {
        guard !text.isEmpty else { return [] }
        prepare(text, style, widthPoints: widthPoints)
        guard let iterator = lib.pango_layout_get_iter(layout) else { return [] }
        defer { lib.pango_layout_iter_free(iterator) }
        var result: [LaidOutLine] = []
        repeat {
            guard let line = lib.pango_layout_iter_get_line_readonly(iterator) else { break }
            var top: Int32 = 0, bottom: Int32 = 0
            lib.pango_layout_iter_get_line_yrange(iterator, &top, &bottom)
            let start = Int(line.pointee.start_index)
            result.append(
                LaidOutLine(
                    byteRange: start..<(start + Int(line.pointee.length)),
                    topPoints: Double(top) / Double(PANGO_SCALE),
                    bottomPoints: Double(bottom) / Double(PANGO_SCALE)))
        } while lib.pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Draws `text` with its top left at (`x`, `y`), wrapped to `widthPoints`; returns its height.
    /// `upsideDown` turns it 180° about the centre of its box, for hints read by turning the page.
    @discardableResult
    func draw(_ text: String, _ style: TextStyle, x: Double, y: Double, widthPoints: Double, upsideDown: Bool = false) -> Double {
        guard !text.isEmpty else { return 0 }
        let x = mirror(x, width: widthPoints)
        prepare(text, style, widthPoints: widthPoints)
        var width: Int32 = 0, height: Int32 = 0
        lib.pango_layout_get_size(layout, &width, &height)
        let heightPoints = Double(height) / Double(PANGO_SCALE)
        lib.cairo_save(context)
        setColour(style.colour)
        if upsideDown {
            lib.cairo_translate(context, x + widthPoints, y + heightPoints)
            lib.cairo_rotate(context, Double.pi)
        } else {
            lib.cairo_translate(context, x, y)
        }
        lib.pango_cairo_update_layout(context, layout)
        lib.pango_cairo_show_layout(context, layout)
        lib.cairo_restore(context)
        return heightPoints
    }

    // MARK: Mirroring

    /// Right to left (an Arabic or Hebrew sheet): every box the renderer places at `x` is drawn
    /// at the same distance from the right edge instead, and text aligned to the other side;
    /// what is inside a box (a QR code, the glyphs pango shapes) is not mirrored.
    var mirrored = false

    /// Whether pango lays `text` out right to left: its first strong letter (Unicode's bidi rule
    /// P2, as pango's auto-direction reads it) is of a right-to-left script — Hebrew, Arabic,
    /// Syriac, Thaana, N'Ko and their presentation forms — or a right-to-left mark (U+200F).
    /// Written here because pango's own `pango_find_base_dir` is deprecated and Foundation has no
    /// bidi classes on Linux.
    static func startsRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF, 0x200F: return true
            case 0x200E: return false
            default: if scalar.properties.isAlphabetic { return false }
            }
        }
        return false
    }

    private func mirror(_ x: Double, width: Double) -> Double { mirrored ? widthPoints - x - width : x }

    private func mirror(_ rect: SheetRect) -> SheetRect {
        guard mirrored else { return rect }
        var rect = rect
        rect.x = widthPoints - rect.x - rect.width
        return rect
    }

    // MARK: Shapes

    private func setColour(_ colour: SheetColour) {
        lib.cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
    }

    private func path(_ rect: SheetRect, cornerRadius: Double) {
        let r = min(cornerRadius, rect.width / 2, rect.height / 2)
        if r <= 0 {
            lib.cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            return
        }
        lib.cairo_new_sub_path(context)
        lib.cairo_arc(context, rect.x + rect.width - r, rect.y + r, r, -Double.pi / 2, 0)
        lib.cairo_arc(context, rect.x + rect.width - r, rect.y + rect.height - r, r, 0, Double.pi / 2)
        lib.cairo_arc(context, rect.x + r, rect.y + rect.height - r, r, Double.pi / 2, Double.pi)
        lib.cairo_arc(context, rect.x + r, rect.y + r, r, Double.pi, 3 * Double.pi / 2)
        lib.cairo_close_path(context)
    }

    func fill(_ rect: SheetRect, _ colour: SheetColour, cornerRadius: Double = 0) {
        setColour(colour)
        path(mirror(rect), cornerRadius: cornerRadius)
        lib.cairo_fill(context)
    }

    func stroke(_ rect: SheetRect, _ colour: SheetColour, lineWidth: Double, cornerRadius: Double = 0) {
        setColour(colour)
        lib.cairo_set_line_width(context, lineWidth)
        lib.cairo_set_dash(context, nil, 0, 0)
        path(mirror(rect), cornerRadius: cornerRadius)
        lib.cairo_stroke(context)
    }

    /// A straight line; `dash` alternates on and off lengths in points.
    func line(
        from start: (x: Double, y: Double), to end: (x: Double, y: Double), _ colour: SheetColour,
        lineWidth: Double, dash: [Double] = []
    ) {
        setColour(colour)
        lib.cairo_set_line_width(context, lineWidth)
        dash.withUnsafeBufferPointer { lib.cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
        lib.cairo_move_to(context, mirror(start.x, width: 0), start.y)
        lib.cairo_line_to(context, mirror(end.x, width: 0), end.y)
        lib.cairo_stroke(context)
        lib.cairo_set_dash(context, nil, 0, 0)
    }

    /// A QR code as filled outlines (vector, so it stays sharp at any print resolution), with
    /// its four-module quiet zone painted white inside `sizePoints`.
    ///
    /// Each code is recorded once and painted wherever it appears, so cairo writes it to the PDF
    /// once (a form XObject) however many teams' sections show it.
    func draw(_ code: QRCode, x: Double, y: Double, sizePoints: Double, colour: SheetColour = .black) {
        let quiet = 4
        let modules = Double(code.size + 2 * quiet)
        let key = QRKey(text: code.text, colour: colour)
        let recording: OpaquePointer
        if let cached = qrSurfaces[key] {
            recording = cached
        } else {
            var extents = cairo_rectangle_t(x: 0, y: 0, width: modules, height: modules)
            recording = lib.cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents)!
            let context = lib.cairo_create(recording)!
            lib.cairo_set_source_rgb(context, 1, 1, 1)
            lib.cairo_rectangle(context, 0, 0, modules, modules)
            lib.cairo_fill(context)
            lib.cairo_set_source_rgb(context, colour.red, colour.green, colour.blue)
            for loop in code.outlines {
                for (index, corner) in loop.enumerated() {
                    let px = Double(corner.x + quiet), py = Double(corner.y + quiet)
                    if index == 0 { lib.cairo_move_to(context, px, py) } else { lib.cairo_line_to(context, px, py) }
                }
                lib.cairo_close_path(context)
            }
            lib.cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
            lib.cairo_fill(context)
            lib.cairo_destroy(context)
            qrSurfaces[key] = recording
        }
        lib.cairo_save(context)
        lib.cairo_translate(context, mirror(x, width: sizePoints), y)
        lib.cairo_scale(context, sizePoints / modules, sizePoints / modules)
        lib.cairo_set_source_surface(context, recording, 0, 0)
        lib.cairo_paint(context)
        lib.cairo_restore(context)
    }

    /// Makes `rect` a link to `uri` in PDF viewers.
    func link(_ rect: SheetRect, to uri: String) {
        let rect = mirror(rect)
        let escaped = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        let attributes = "rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)] uri='\(escaped)'"
        lib.cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        lib.cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    /// Adds a bookmark to the current page; returns its id, for children.
    @discardableResult
    func addOutline(_ title: String, parent: Int = 0, bold: Bool = false) -> Int {
        let attributes = "page=\(pageCount)"
        let flags = bold ? CAIRO_PDF_OUTLINE_FLAG_BOLD : cairo_pdf_outline_flags_t(0)
        return Int(lib.cairo_pdf_surface_add_outline(surface, Int32(parent), title, attributes, flags))
    }

    // MARK: Pages

    func newPage() {
        lib.cairo_show_page(context)
        pageCount += 1
    }

    /// Ends the document and returns the PDF's bytes.
    func finish() throws(SheetError) -> [UInt8] {
        // Finishing emits the current page unless it is blank (so a trailing newPage() adds none).
        lib.cairo_surface_finish(surface)
        let status = lib.cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw SheetError.rendering(lib.cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status)")
        }
        return sink.bytes
    }
}
