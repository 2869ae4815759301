import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Simulate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt simulate` is not built yet")
        }
    }
}
