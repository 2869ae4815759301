import Foundation
import Synchronization

/// Where libheif decodes a HEIF/HEIC or AVIF picture's pixels for a preview.
///
/// libheif and its decoders (libde265, dav1d, libaom) are C and C++ code fed whatever file a
/// player sends, and a crafted file can make them crash or run away: libde265 1.0.11 (Debian 12)
/// recurses without bound on a 1,176-byte HEIC, and with a larger stack allocates without bound
/// instead. In the process that asked, that kills it — a `hunt serve` of a whole hunt day.
///
/// - `inProcess`, the default for scripts using HuntKit as a library: the decode runs on the
///   calling thread, as fast as it can be, with that risk: a hostile file can crash the script.
/// - `childProcess`: each decode runs in a new process (`executable` with `arguments`, then
///   `--picture ID --max-pixels N --memory-bytes B --cpu-seconds S`), which receives the file
///   already opened as descriptor 3 (the parent's safe open: no link followed, a regular file, its
///   size checked; the child never opens a path), sets its own limits (address space, CPU time, no
///   core file), decodes with `runChild` and writes the JPEG to its stdout. The parent reads at most
///   `maxJPEGBytes`, kills the child after `wallSeconds`, and turns a crash, a timeout or too much
///   output into the photo's usual "cannot be previewed" reason; the other photos go on. `hunt`
///   switches this on at start-up, naming itself (`hunt heif-preview`).
///
/// Photos read from memory (`MemoryByteSource`: fuzzers) have no descriptor and decode in process.
package enum HEIFIsolation: Sendable, Equatable {
    case inProcess
    case childProcess(executable: String, arguments: [String])

    /// The setting every decode reads; set it once, before decoding starts.
    public static var current: HEIFIsolation {
        get { setting.withLock { $0 } }
        set { setting.withLock { $0 = newValue } }
    }

    private static let setting = Mutex(HEIFIsolation.inProcess)

    /// The child's descriptor for the photo.
    public static let childDescriptor: Int32 = 3
    /// A JPEG of at most `PhotoThumbnail`'s largest preview is far below this.
    static let maxJPEGBytes = 16 << 20
    /// What the child's message on stderr may be.
    static let maxMessageBytes = 4096

    /// The child's limits for a decode planned as `plan`: its address space is the plan's peak
    /// plus what the process maps before decoding (the binary, the Swift runtime, libheif and its
    /// decoders, thread stacks); CPU time grows with the picture (libde265 decodes some 30
    /// megapixels a second on one core), and the wall clock allows for a busy machine.
    struct Limits: Sendable, Equatable {
        var memoryBytes: Int
        var cpuSeconds: Int
        var wallSeconds: Double

        static let baseAddressSpaceBytes = 1 << 30

        init(memoryBytes: Int, cpuSeconds: Int, wallSeconds: Double) {
            (self.memoryBytes, self.cpuSeconds, self.wallSeconds) = (memoryBytes, cpuSeconds, wallSeconds)
        }

        init(_ plan: HEIFDecodePlan) {
            let cpu = 4 + plan.pixelCount / 10_000_000
            self.init(memoryBytes: Self.baseAddressSpaceBytes + plan.totalBytes, cpuSeconds: cpu, wallSeconds: Double(3 * cpu))
        }
    }

    /// `picture` of the photo `decoder` read from `source`, decoded into a small JPEG where this
    /// setting says.
    func scaledJPEG(
        _ decoder: HEIFDecoder, _ picture: HEIFDecoder.Picture, source: any ByteSource,
        plan: HEIFDecodePlan
    ) throws(HEIFDecoder.DecodeError) -> [UInt8] {
        guard case .childProcess(let executable, let arguments) = self, let file = (source as? FileByteSource)?.file else {
            return try decoder.scaledJPEG(picture, maxPixels: plan.maxPixels)
        }
        return try Self.decodeInChild(
            executable: executable, arguments: arguments, file: file, picture: picture.id,
            maxPixels: plan.maxPixels, limits: Limits(plan))
    }

    /// Runs the child on `file` and gives its JPEG, or why there is none.
    static func decodeInChild(
        executable: String, arguments: [String], file: InputFile, picture: UInt32, maxPixels: Int,
        limits: Limits
    ) throws(HEIFDecoder.DecodeError) -> [UInt8] {
        let argv =
            [executable] + arguments + [
                "--picture", String(picture), "--max-pixels", String(maxPixels),
                "--memory-bytes", String(limits.memoryBytes), "--cpu-seconds", String(limits.cpuSeconds)
            ]
        let ended: ChildProcess.Ended
        do {
            ended = try ChildProcess.run(
                argv, descriptor: file.descriptor, as: childDescriptor, maxStdoutBytes: maxJPEGBytes,
                maxStderrBytes: maxMessageBytes, wallSeconds: limits.wallSeconds)
        } catch {
            throw HEIFDecoder.DecodeError(message: "the decoding process could not start (\(error.message))")
        }
        let message = String(decoding: ended.stderr, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch ended.end {
        case .timedOut:
            throw HEIFDecoder.DecodeError(message: "libheif ran out of time decoding the picture (\(String(format: "%g", limits.wallSeconds)) s)")
        case .tooMuchOutput:
            throw HEIFDecoder.DecodeError(message: "libheif's small copy was over \(maxJPEGBytes >> 20) MiB")
        case .signal(let number) where number == SIGXCPU || number == SIGKILL:
            throw HEIFDecoder.DecodeError(message: "libheif ran out of time decoding the picture (\(limits.cpuSeconds) s of CPU)")
        case .signal(let number):
            throw HEIFDecoder.DecodeError(message: "libheif crashed decoding the picture (signal \(number), \(String(cString: strsignal(number))))")
        case .exited(0) where !ended.stdout.isEmpty:
            return ended.stdout
        case .exited(ChildStatus.overSizeLimit.rawValue):
            throw HEIFDecoder.DecodeError(message: message, overSizeLimit: true)
        case .exited(ChildStatus.failed.rawValue) where !message.isEmpty:
            throw HEIFDecoder.DecodeError(message: message)
        case .exited(let status):
            throw HEIFDecoder.DecodeError(message: "libheif's decoding process failed (exit status \(status))")
        }
    }

    /// How the child exits besides 0 (the JPEG is on stdout); its message is on stderr.
    public enum ChildStatus: Int32, Sendable {
        case failed = 1
        case usage = 2
        case overSizeLimit = 3
    }

    /// The child's side: sets its limits, reads the photo from `descriptor` (never by path),
    /// decodes `picture` and writes the JPEG to stdout. Gives the exit status.
    public static func runChild(
        descriptor: Int32, picture: UInt32, maxPixels: Int, memoryBytes: Int,
        cpuSeconds: Int
    ) -> ChildStatus? {
        ChildProcess.limitSelf(addressSpaceBytes: memoryBytes, cpuSeconds: cpuSeconds)
        let file: InputFile
        do { file = try InputFile(inherited: descriptor, displayPath: "descriptor \(descriptor)") } catch {
            FileHandle.standardError.write(Data(error.message.utf8))
            return .usage
        }
        do throws(HEIFDecoder.DecodeError) {
            let decoder = try HEIFDecoder(FileByteSource(file))
            guard let chosen = ([decoder.primary] + decoder.thumbnails).first(where: { $0.id == picture }) else {
                throw HEIFDecoder.DecodeError(message: "the file has no picture \(picture)")
            }
            let jpeg = try decoder.scaledJPEG(chosen, maxPixels: maxPixels)
            FileHandle.standardOutput.write(Data(jpeg))
            return nil
        } catch {
            FileHandle.standardError.write(Data(error.message.utf8))
            return error.overSizeLimit ? .overSizeLimit : .failed
        }
    }
}
