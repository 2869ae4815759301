import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Init: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt init` is not built yet")
        }
    }
}
