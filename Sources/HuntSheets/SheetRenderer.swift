import Foundation
import HuntKit

/// Turns worked-out sheets into a file's bytes. One renderer per output format.
public protocol SheetRenderer: Sendable {
    func render(_ document: SheetDocument) throws(SheetError) -> [UInt8]
}

/// The output formats of `hunt sheets`.
public enum SheetFormat: String, Sendable, Hashable, CaseIterable {
    case pdf, html

    /// From an output file's extension: `.html`/`.htm` is HTML, anything else PDF.
    public init(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        self = ext == "html" || ext == "htm" ? .html : .pdf
    }
}

extension SheetSettings.Paper {
    /// Width and height in points: A4 is 210 × 297 mm, Letter 8.5 × 11 in.
    public var sizePoints: (width: Double, height: Double) {
        switch self {
        case .a4: return (210 * 72 / 25.4, 297 * 72 / 25.4)
        case .letter: return (612, 792)
        }
    }

    /// The CSS `@page size` keyword.
    var cssName: String { self == .a4 ? "A4" : "letter" }
}
