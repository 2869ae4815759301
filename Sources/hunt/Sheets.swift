import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Sheets: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt sheets` is not built yet")
        }
    }
}
