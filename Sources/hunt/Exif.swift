import ArgumentParser
import HuntKit

extension HuntCommand {
    struct Exif: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Not built yet.")

        mutating func run() async throws {
            throw ValidationError("`hunt exif` is not built yet")
        }
    }
}
