import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt export` is not built yet")
        }
    }
}
