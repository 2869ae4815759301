import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Validate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt validate` is not built yet")
        }
    }
}
