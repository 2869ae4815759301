import Foundation
import HuntTestSupport
import Testing

/// Reads PDFs back the way a person's tools do: pdftotext, pdftoppm + zbarimg (poppler-utils and
/// zbar-tools, which .ci/install-deps installs for the tests).
enum PDFTools {
    static func available(_ tool: String) -> Bool {
        ["/usr/bin", "/usr/local/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    static var canReadBack: Bool { available("pdftotext") && available("pdftoppm") && available("zbarimg") }

    /// Fails the test, never skips it, when the tools are missing: `make test` installs them.
    static func requireReadBack() throws {
        try #require(canReadBack, "needs poppler-utils and zbar-tools: run .ci/install-deps")
    }

    struct Failed: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        _ = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // zbarimg exits 4 when it finds no code, which some tests expect.
        guard process.terminationStatus == 0 || (tool == "zbarimg" && process.terminationStatus == 4) else {
            throw Failed(description: "\(tool) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    static func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = Scratch.root.appendingPathComponent("huntkit-sheets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// The PDF's text, in reading order per page.
    static func text(_ pdf: [UInt8]) throws -> String {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("in.pdf")
            try Data(pdf).write(to: file)
            return try run("pdftotext", ["-enc", "UTF-8", file.path, "-"])
        }
    }

    /// The text of `page` (1-based) as laid out on it (`pdftotext -layout`): a line's indent
    /// shows where on the page it sits.
    static func layoutText(_ pdf: [UInt8], page: Int) throws -> String {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("in.pdf")
            try Data(pdf).write(to: file)
            return try run("pdftotext", ["-enc", "UTF-8", "-layout", "-f", String(page), "-l", String(page), file.path, "-"])
        }
    }

    /// Every QR code on every page, rendered at 150 dpi as a printer would, decoded by zbarimg.
    static func qrCodes(_ pdf: [UInt8]) throws -> [String] {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("in.pdf")
            try Data(pdf).write(to: file)
            try run("pdftoppm", ["-r", "150", "-gray", "-png", file.path, folder.appendingPathComponent("page").path])
            let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
            guard !pages.isEmpty else { return [] }
            let output = try run(
                "zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable"] + pages.map { folder.appendingPathComponent($0).path })
            return output.split(separator: "\n").map(String.init)
        }
    }

    static func pageCount(_ pdf: [UInt8]) throws -> Int {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("in.pdf")
            try Data(pdf).write(to: file)
            let info = try run("pdfinfo", [file.path])
            let line = info.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
            return Int(line.split(separator: " ").last ?? "") ?? -1
        }
    }
}
