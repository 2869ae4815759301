extension ContainerError: CustomStringConvertible {
    /// The sentence alone ("the GPS IFD offset (9000) lies beyond the end of the file"), so a
    /// message that interpolates the error reads as words, not as `truncated("…")`.
    var description: String {
        switch self {
        case .io(let message), .truncated(let message), .corrupt(let message), .unsupported(let message): message
        }
    }
}
