import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Judge: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt judge` is not built yet")
        }
    }
}
