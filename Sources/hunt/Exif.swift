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

        @Argument(help: "Photo files or folders.", completion: .file())
        var paths: [String] = []

        @Option(
            help: "Output format: \(PhotoOutputFormat.allCases.map(\.rawValue).joined(separator: ", ")). Default: table on a terminal, csv otherwise."
        )
        var format: PhotoOutputFormat?

        @Flag(name: .customLong("all-files"), help: "In folders, read every file, not only those with a photo extension.")
        var allFiles = false

        @Option(name: .customLong("jobs"), help: "Files read at once (default: the number of cores).")
        var jobs: Int?

        func validate() throws {
            if paths.isEmpty { throw ValidationError("give at least one photo or folder: `hunt exif PHOTO|DIR...`") }
            if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs must be from 1 to 1024, e.g. `--jobs 4`") }
        }

        mutating func run() async throws {
            let renderer = (format ?? (isatty(STDOUT_FILENO) == 1 ? .table : .csv)).renderer()
            let files = PhotoFiles(paths, filter: allFiles ? .all : .photoExtensions)
            var output = BufferedOutput()
            let progress = ProgressLine.onTerminal()
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
                    progress?.update { _ in "\(count) photos read" }
                }
            )
            output.write(renderer.footer)
            output.flush()
            progress?.finish(summary: "\(count) photos read" + (failures > 0 ? ", \(failures) could not be read" : ""))
            if count == 0 {
                Console.error("hunt exif: no photos found in \(paths.joined(separator: " "))\n")
            }
            if failures > 0 { throw ExitCode(1) }
        }
    }
}
