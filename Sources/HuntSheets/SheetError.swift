import HuntKit
/// Why sheets could not be made.
public enum SheetError: Error, Sendable, CustomStringConvertible {
    /// cairo or pango failed while drawing.
    case rendering(String)
    /// The HTML template could not be read or rendered.
    case template(path: String, reason: String)

    public var description: String {
        switch self {
        case .rendering(let reason): return "could not draw the PDF: \(reason)"
        case .template(let path, let reason): return "\(path): \(reason)"
        }
    }
}
