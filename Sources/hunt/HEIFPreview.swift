import ArgumentParser
import Foundation
import HuntKit

/// `hunt heif-preview`: not for users (hidden from help). The child process `hunt` decodes a
/// HEIF/AVIF preview in (`HEIFIsolation.childProcess`), so that libheif crashing or running away
/// on a hostile photo ends this process, not the `hunt serve` or `hunt judge` that asked.
struct HEIFPreview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heif-preview",
        abstract: "Decode a HEIF/AVIF preview from descriptor 3 to a JPEG on stdout (internal).",
        shouldDisplay: false)

    @Option(help: "The item ID of the picture to decode.") var picture: UInt32
    @Option(help: "The longest side of the small copy.") var maxPixels: Int
    @Option(help: "This process's address-space limit.") var memoryBytes: Int
    @Option(help: "This process's CPU-time limit.") var cpuSeconds: Int

    /// How `hunt` runs this command: itself, by the kernel's link to its binary (which stays valid
    /// if the file is replaced while `hunt serve` runs).
    static let isolation = HEIFIsolation.childProcess(executable: "/proc/self/exe", arguments: ["heif-preview"])

    func run() throws {
        if let status = HEIFIsolation.runChild(
            descriptor: HEIFIsolation.childDescriptor, picture: picture, maxPixels: maxPixels,
            memoryBytes: memoryBytes, cpuSeconds: cpuSeconds)
        {
            throw ExitCode(status.rawValue)
        }
    }
}
