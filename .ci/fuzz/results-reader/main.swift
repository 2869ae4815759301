// libFuzzer entry point for results.json: the judge's own writer (Judging/ResultsJSON.swift,
// the one hand-written path of the format) against the reader (Foundation's JSONDecoder through
// the results types' CodingKeys), and the limits `hunt report` checks before decoding
// (Reports/ResultsFileLimits.swift). Built and run by `.ci/fuzz/results-reader/run.sh [SECONDS]`
// (see there); not part of the package.
//
// An input is a whole results.json when its first non-blank byte is `{`; anything else is taken
// for the `submissions` array and put into a small valid results.json (`shellHead`/`shellTail`),
// so most mutations land in the submissions. For every input:
// 1. nothing crashes, traps, hangs or trips AddressSanitizer;
// 2. whatever the reader makes of it, the writer writes so that the reader reads back the same
//    value: `==` and byte-identical once both are encoded again (String's == forgives
//    canonically equivalent text, Double's forgives -0);
// 3. `ResultsFileLimits.firstProblem` reads every input without crashing, and never refuses what
//    the writer writes, unless the value holds a whole number of 19 digits (beyond any total the
//    judge can reach) or a text over the limit.
import Foundation

let shellHead = Array(#"{"schema": 1, "hunt": {"id": "h", "title": "H", "timezone": "Europe/Amsterdam", "rewards": []}, "summary": {"submissions": 0, "accepted": 0, "review": 0, "rejected": 0, "reasons": {}, "reviewed": 0, "undecided": 0, "skipped": 0, "unreadable": 0}, "teams": [], "tasks": [], "submissions": "#.utf8)
let shellTail = Array(#", "review_queue": [], "skipped": [], "problems": []}"#.utf8)

func strictlyEqual<T: Encodable & Equatable>(_ a: T, _ b: T) -> Bool {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard a == b, let x = try? encoder.encode(a), let y = try? encoder.encode(b) else { return false }
    return x == y
}

func show(_ data: Data) -> String { String(decoding: data.prefix(2000), as: UTF8.self).debugDescription }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let raw = UnsafeBufferPointer(start: bytes, count: size)
    let wholeFile = raw.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
    let input = wholeFile ? Data(raw) : Data(shellHead + raw + shellTail)
    _ = input.withUnsafeBytes { ResultsFileLimits.firstProblem(in: $0.bindMemory(to: UInt8.self)) }
    guard let read = try? JudgeResults.decode(input) else { return 0 }
    guard let written = try? read.jsonData() else { fatalError("the writer failed on what the reader read: \(show(input))") }
    guard let again = try? JudgeResults.decode(written) else { fatalError("the reader refuses what the writer wrote: \(show(written))") }
    guard strictlyEqual(read, again) else { fatalError("written and read again, the value changed: \(show(input)) → \(show(written))") }
    let problem = written.withUnsafeBytes { ResultsFileLimits.firstProblem(in: $0.bindMemory(to: UInt8.self)) }
    if let problem, !problem.message.contains("has 19 digits"), !problem.message.contains("bytes long") {
        fatalError("the limits refuse what the judge writes (\(problem.message)): \(show(written))")
    }
    return 0
}
