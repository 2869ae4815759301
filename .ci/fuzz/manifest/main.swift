// libFuzzer entry point for the `--manifest` reader (Judging/Manifest.swift over the shared CSV
// reader, Support/CSVRows.swift). Built and run by `.ci/fuzz/manifest/run.sh [SECONDS]`; not part
// of the package. For every input:
// 1. nothing crashes, traps, hangs or trips AddressSanitizer;
// 2. an accepted manifest has rows with a team and a path, every field within
//    `Manifest.maximumFieldBytes`, no more than `Manifest.maximumRows`, and lines rising from 1;
// 3. a refused one says where: every diagnostic has a line of at least 1, and there are at most
//    `Manifest.maximumProblems` + 1 of them.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: size), as: UTF8.self)
    do {
        let manifest = try Manifest.parse(text, displayPath: "m.csv")
        guard manifest.rows.count <= Manifest.maximumRows else { fatalError("too many rows") }
        var line = 0
        for row in manifest.rows {
            guard !row.team.isEmpty, !row.path.isEmpty else { fatalError("a row without team or path: \(row)") }
            for field in [row.team, row.task, row.path] where field.utf8.count > Manifest.maximumFieldBytes {
                fatalError("a field past the limit: \(field.utf8.count) bytes")
            }
            guard row.location.line > line else { fatalError("lines do not rise: \(row.location.line) after \(line)") }
            line = row.location.line
        }
    } catch {
        guard !error.diagnostics.isEmpty, error.diagnostics.count <= Manifest.maximumProblems + 1 else {
            fatalError("\(error.diagnostics.count) diagnostics")
        }
        for d in error.diagnostics where d.location.line < 1 { fatalError("a diagnostic without a line: \(d)") }
    }
    return 0
}
