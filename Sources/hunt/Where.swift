import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Where: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt where` is not built yet")
        }
    }
}
