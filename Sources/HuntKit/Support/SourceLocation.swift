/// Where a value came from: a file and a 1-based line and column.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file's path as the user gave it (or relative to the hunt file for referenced files).
    public var file: String
    /// 1-based line; 0 when the finding is about the whole file.
    public var line: Int
    /// 1-based column; 0 when the finding is about the whole file or line.
    public var column: Int

    /// A place in `file`; line and column 0 when only the file is known.
    public init(file: String, line: Int = 0, column: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String {
        if line == 0 { return file }
        if column == 0 { return "\(file):\(line)" }
        return "\(file):\(line):\(column)"
    }
}
