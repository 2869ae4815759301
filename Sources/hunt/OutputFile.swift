import Foundation
import HuntKit

/// One output file of `export`, `import` and `sheets`.
enum OutputFile {
    /// Writes `bytes` to `path` atomically (a new temporary file beside it, then a rename), never
    /// over one of `inputs`, making its folder when missing; a failure comes back as a
    /// `write-failed` diagnostic.
    static func write(_ bytes: [UInt8], to path: String, inputs: [URL]) -> Diagnostic? {
        OutputBatch.handleInterrupts()
        do {
            try OutputBatch.write(bytes, to: URL(fileURLWithPath: path), displayPath: path, inputs: inputs, makingFolder: true)
            return nil
        } catch {
            return .error("write-failed", error.message, at: SourceLocation(file: path))
        }
    }
}
