import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt import` is not built yet")
        }
    }
}
