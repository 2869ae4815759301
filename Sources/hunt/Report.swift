import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Report: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt report` is not built yet")
        }
    }
}
