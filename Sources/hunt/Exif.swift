import ArgumentParser
import Foundation
import HuntKit

extension HuntCommand {
    struct Exif: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "exif",
            abstract: "Show the position, time and camera of photos and videos (JPEG, HEIC/HEIF, AVIF, PNG, WebP, TIFF, MOV, MP4, 3GP).",
            discussion: """
            Folders are read recursively, sorted by name, hidden files skipped. Output follows the order \
            of the paths given.

            Examples:
              hunt exif IMG_0042.JPG
              hunt exif photos/ --format csv > photos.csv

            Exit status: 0 when every file was read (with or without a position), 1 when some could not \
            be (each still gets a row, with `error` saying why), 2 on a usage error.
            """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case table, json, csv
        }

        @Argument(help: "Photo files or folders.")
        var paths: [String] = []

        @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")). Default: table on a terminal, csv otherwise.")
        var format: Format?

        @Flag(name: .customLong("all-files"), help: "In folders, read every file, not only those with a photo extension.")
        var allFiles = false

        @Option(name: .customLong("jobs"), help: "Files read at once (default: the number of cores).")
        var jobs: Int?

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give at least one photo or folder: `hunt exif PHOTO|DIR...`") }
            if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be from 1 to 1024, e.g. `--jobs 4`") }
        }

        mutating func run() async throws {
            let chosen = format ?? (isatty(STDOUT_FILENO) == 1 ? .table : .csv)
            let renderer = PhotoOutputFormat(rawValue: chosen.rawValue)!.renderer()
            let files = PhotoFiles(paths, filter: allFiles ? .all : .photoExtensions)
            var output = BufferedOutput()
            var progress = Progress()
            var failures = 0
            var count = 0
            output.write(renderer.header)
            try await PhotoReader().readAll(
                files,
                maxConcurrency: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                transform: { input, result in
                    (text: renderer.row(input, result), failed: (try? result.get()) == nil)
                },
                deliver: { row in
                    if count > 0 { output.write(renderer.separator) }
                    output.write(row.text)
                    count += 1
                    if row.failed { failures += 1 }
                    progress.update(count)
                }
            )
            output.write(renderer.footer)
            output.flush()
            progress.finish(count: count, failures: failures)
            if count == 0 {
                Console.error("hunt exif: no photos found in \(paths.joined(separator: " "))\n")
            }
            if failures > 0 { throw ExitCode(1) }
        }
    }
}

/// stdout through a 64 KiB buffer: one `write` per buffer, not per row.
private struct BufferedOutput {
    private var buffer: [UInt8] = []

    init() { buffer.reserveCapacity(1 << 16) }

    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// A count on stderr, only when stderr is a terminal.
private struct Progress {
    let enabled = isatty(STDERR_FILENO) == 1
    var last = Date()

    mutating func update(_ count: Int) {
        guard enabled, count % 256 == 0, Date().timeIntervalSince(last) > 0.2 else { return }
        last = Date()
        FileHandle.standardError.write(Data("\r\(count) photos read".utf8))
    }

    func finish(count: Int, failures: Int) {
        guard enabled else { return }
        let tail = failures > 0 ? ", \(failures) could not be read" : ""
        FileHandle.standardError.write(Data("\r\(count) photos read\(tail)\u{1B}[K\n".utf8))
    }
}
