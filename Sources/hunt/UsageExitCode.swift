import ArgumentParser
import HuntKit
import Foundation

extension HuntCommand {
    /// Runs the command like ArgumentParser's own `main`, except that usage errors exit with 2
    /// (ArgumentParser's default is 64, `EX_USAGE`): every `hunt` command exits 0 on success,
    /// 1 on findings, 2 on usage errors.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error).rawValue == 64 {
                var standardError = FileHandleOutputStream.standardError
                print(TerminalText.visible(fullMessage(for: error), keepingLineBreaks: true), to: &standardError)
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Text output to a file handle, for `print(_:to:)`.
struct FileHandleOutputStream: TextOutputStream {
    let handle: FileHandle
    static var standardError: FileHandleOutputStream { FileHandleOutputStream(handle: .standardError) }
    static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(handle: .standardOutput) }
    mutating func write(_ string: String) { handle.write(Data(string.utf8)) }
}
