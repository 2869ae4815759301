import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    /// Runs the command like ArgumentParser's own `main`, except that usage errors exit with 2
    /// (ArgumentParser's default is 64, `EX_USAGE`): every `hunt` command exits 0 on success,
    /// 1 on findings, 2 on usage errors. Every HEIF/AVIF preview is decoded in a child process
    /// (`HEIFIsolation`, `hunt heif-preview`), so that no photo can crash a command.
    static func main() async {
        HEIFIsolation.current = HEIFPreview.isolation
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error).rawValue == 64 {
                Console.error(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
