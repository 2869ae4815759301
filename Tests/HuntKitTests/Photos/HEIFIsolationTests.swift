import Foundation
import Testing
@testable import HuntKit

/// The parent's side of a HEIF preview decoded in a child process (`HEIFIsolation.childProcess`):
/// whatever the child does — crash, hang, flood its stdout, fail — the parent gets a JPEG or a
/// reason, and goes on. A shell stands in for `hunt heif-preview`.
@Suite struct HEIFIsolationTests {
    static let photo = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
        .appendingPathComponent("heif/heic-quadrants.heic").path

    /// What the parent makes of a child running `script` (`sh -c`; `$1`… are the parent's options).
    static func decode(_ script: String, wallSeconds: Double = 10) throws -> Result<[UInt8], HEIFDecoder.DecodeError> {
        let file = try InputFile(path: photo)
        let limits = HEIFIsolation.Limits(memoryBytes: 1 << 30, cpuSeconds: 5, wallSeconds: wallSeconds)
        return Result { () throws(HEIFDecoder.DecodeError) in
            try HEIFIsolation.decodeInChild(
                executable: "/bin/sh", arguments: ["-c", script, "sh"], file: file, picture: 1,
                maxPixels: 160, limits: limits)
        }
    }

    static func message(_ result: Result<[UInt8], HEIFDecoder.DecodeError>) -> String? {
        if case .failure(let error) = result { error.message } else { nil }
    }

    @Test func theChildReadsThePhotoFromDescriptor3AndItsStdoutIsTheJPEG() throws {
        let copied = try Self.decode("cat <&3").get()
        #expect(copied == Array(try Data(contentsOf: URL(fileURLWithPath: Self.photo))))
    }

    @Test func theChildGetsTheOptionsAndNoOtherDescriptor() throws {
        let said = String(decoding: try Self.decode("echo \"$@\"; ls /proc/$$/fd").get(), as: UTF8.self)
        #expect(said.hasPrefix("--picture 1 --max-pixels 160 --memory-bytes 1073741824 --cpu-seconds 5\n"), "\(said)")
        let descriptors = said.split(separator: "\n").dropFirst().compactMap { Int($0) }
        #expect(descriptors.allSatisfy { $0 <= 3 || $0 == 10 }, "\(said)")  // dash keeps its script on 10
    }

    @Test func aCrashIsTheReason() throws {
        let why = Self.message(try Self.decode("kill -SEGV $$"))
        #expect(why == "libheif crashed decoding the picture (signal 11, Segmentation fault)")
    }

    @Test func aChildThatHangsIsKilledAtTheWallClockLimit() throws {
        let started = ContinuousClock.now
        let why = Self.message(try Self.decode("exec sleep 30", wallSeconds: 0.5))
        #expect(why == "libheif ran out of time decoding the picture (0.5 s)")
        #expect(ContinuousClock.now - started < .seconds(5))
    }

    @Test func aChildThatWritesTooMuchIsKilled() throws {
        let why = Self.message(try Self.decode("exec cat /dev/zero"))
        #expect(why == "libheif's small copy was over 16 MiB")
    }

    @Test func theChildsOwnRefusalIsPassedOn() throws {
        #expect(Self.message(try Self.decode("echo 'Invalid input: bad box' >&2; exit 1")) == "Invalid input: bad box")
        let overLimit = try Self.decode("echo 'Security limit exceeded' >&2; exit 3")
        guard case .failure(let error) = overLimit else { Issue.record("no refusal"); return }
        #expect(error.overSizeLimit && error.message == "Security limit exceeded")
        #expect(Self.message(try Self.decode("exit 0")) == "libheif's decoding process failed (exit status 0)")
        #expect(Self.message(try Self.decode("exit 7")) == "libheif's decoding process failed (exit status 7)")
    }

    @Test func aMissingExecutableIsAReasonToo() throws {
        let file = try InputFile(path: Self.photo)
        let result = Result { () throws(HEIFDecoder.DecodeError) in
            try HEIFIsolation.decodeInChild(
                executable: "/nonexistent/hunt", arguments: [], file: file, picture: 1, maxPixels: 160,
                limits: .init(memoryBytes: 1 << 30, cpuSeconds: 5, wallSeconds: 5))
        }
        #expect(Self.message(result)?.hasPrefix("the decoding process could not start") == true, "\(String(describing: Self.message(result)))")
    }
}
