// Differential libFuzzer entry point for `hunt report`'s own reading of results.json
// (Reports/SubmissionJSONReader.swift, through ReportInput.quickDecode) against Foundation's
// JSONDecoder with `convertFromSnakeCase` (`JudgeResults.decode`, the reference). Built and run by
// `.ci/fuzz/results-reader/run.sh [SECONDS]` (see there); not part of the package.
//
// An input is a whole results.json when its first non-blank byte is `{`; anything else is taken
// for the `submissions` array and put into a small valid results.json (`shellHead`/`shellTail`),
// so most mutations land in what SubmissionJSONReader reads. For every input:
// 1. nothing crashes, traps, hangs or trips AddressSanitizer;
// 2. each element of the submissions array: when SubmissionJSONReader gives a value, Foundation
//    decodes the element to the same value, and when Foundation fails, the reader fails;
// 3. the whole file: when the fast path (`ReportInput.quickDecode`) gives a value, Foundation
//    decodes the same bytes to the same value (so when Foundation fails, it gives nothing).
// 4. `ResultsFileLimits.firstProblem` (the check `hunt report` runs before decoding) reads every
//    input without crashing, and never refuses what the judge writes: when Foundation decodes
//    the input, the judge's own encoding of that value passes, unless the value holds a whole
//    number of 19 digits (beyond any total the judge can reach) or a text over the limit.
// "The same" is `==` and byte-identical once both are encoded again (String's == forgives
// canonically equivalent text, Double's forgives -0).
//
// Two known divergences of ReportInput's own key conversion for the rest of the file (not of
// the reader) are left out of 3, unless FUZZ_KNOWN=1: keys with an escape, and keys with an
// underscore and an upper-case or non-ASCII letter (`Review_queue`); see `knownShellIssue`.
// With FUZZ_DECODE=1 it also checks that `ReportInput.decode` (the fast path, else the reports'
// key-converting Foundation path) succeeds exactly when Foundation does, with an equal value.
import Foundation

let shellHead = Array(#"{"schema": 1, "hunt": {"id": "h", "title": "H", "timezone": "Europe/Amsterdam", "rewards": []}, "summary": {"submissions": 0, "accepted": 0, "review": 0, "rejected": 0, "reasons": {}, "reviewed": 0, "undecided": 0, "skipped": 0, "unreadable": 0}, "teams": [], "tasks": [], "submissions": "#.utf8)
let shellTail = Array(#", "review_queue": [], "skipped": [], "problems": []}"#.utf8)
let checkDecode = ProcessInfo.processInfo.environment["FUZZ_DECODE"] == "1"
let checkKnown = ProcessInfo.processInfo.environment["FUZZ_KNOWN"] == "1"
/// FUZZ_VERBOSE=1, when replaying files: which side took each element and the whole file.
let verbose = ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] == "1"

/// The reference for one element: what `JudgeResults.decode` does to each.
func foundationElement(_ data: Data) -> JudgeResults.SubmissionResult? {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try? decoder.decode(JudgeResults.SubmissionResult.self, from: data)
}

func strictlyEqual<T: Encodable & Equatable>(_ a: T, _ b: T) -> Bool {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    guard a == b, let x = try? encoder.encode(a), let y = try? encoder.encode(b) else { return false }
    return x == y
}

/// Whether an object key outside the submissions array is one `ReportInput.camelCaseKeys`
/// converts differently from Foundation: it leaves keys with escapes alone (`"submission\u0073"`
/// before `"submissions"`: Foundation takes the first, quickDecode both), and its `convert`
/// does not lowercase the first word nor case-map non-ASCII (`"Review_queue"` before
/// `"review_queue"`: Foundation takes the first, quickDecode the second).
func knownShellIssue(_ bytes: [UInt8], outside array: Range<Int>?) -> Bool {
    var i = 0
    let n = bytes.count
    while i < n {
        if let array, i == array.lowerBound { i = array.upperBound; continue }
        guard bytes[i] == UInt8(ascii: "\"") else { i += 1; continue }
        var j = i + 1
        var escape = false, underscore = false, upper = false
        while j < n, bytes[j] != UInt8(ascii: "\"") {
            switch bytes[j] {
            case UInt8(ascii: "\\"): escape = true; j += 1
            case UInt8(ascii: "_"): underscore = true
            case 0x41...0x5A, 0x80...: upper = true
            default: break
            }
            j += 1
        }
        var k = j + 1
        while k < n, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[k]) { k += 1 }
        if k < n, bytes[k] == UInt8(ascii: ":"), escape || (underscore && upper) { return true }
        i = j + 1
    }
    return false
}

func show(_ data: Data) -> String { String(decoding: data.prefix(2000), as: UTF8.self).debugDescription }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let raw = UnsafeBufferPointer(start: bytes, count: size)
    let wholeFile = raw.first { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } == UInt8(ascii: "{")
    let input = wholeFile ? Data(raw) : Data(shellHead + raw + shellTail)
    let bytes = [UInt8](input)
    let split = ReportInput.submissionElements(bytes)
    for range in split?.elements ?? [] {
        let element = Data(bytes[range])
        let viaFoundation = foundationElement(element)
        let viaReader = bytes.withUnsafeBufferPointer { try? SubmissionJSONReader.submission($0, range) }
        if verbose { FileHandle.standardError.write(Data("element: reader \(viaReader == nil ? "unsure" : "read"), Foundation \(viaFoundation == nil ? "failed" : "read")\n".utf8)) }
        if let viaReader {
            guard let viaFoundation else { fatalError("SubmissionJSONReader accepted what Foundation rejects: \(show(element))") }
            guard strictlyEqual(viaReader, viaFoundation) else { fatalError("SubmissionJSONReader differs from Foundation: \(show(element))") }
        }
    }
    let reference = try? JudgeResults.decode(input)
    if verbose { FileHandle.standardError.write(Data("file: quickDecode \(ReportInput.quickDecode(input) == nil ? "unsure" : "read"), Foundation \(reference == nil ? "failed" : "read")\n".utf8)) }
    if let quick = ReportInput.quickDecode(input), checkKnown || !knownShellIssue(bytes, outside: split?.array) {
        guard let reference else { fatalError("quickDecode accepted what Foundation rejects: \(show(input))") }
        guard strictlyEqual(quick, reference) else { fatalError("quickDecode differs from Foundation: \(show(input))") }
    }
    _ = input.withUnsafeBytes { ResultsFileLimits.firstProblem(in: $0.bindMemory(to: UInt8.self)) }
    if let reference, let written = try? reference.jsonData() {
        let problem = written.withUnsafeBytes { ResultsFileLimits.firstProblem(in: $0.bindMemory(to: UInt8.self)) }
        if let problem, !problem.message.contains("has 19 digits"), !problem.message.contains("bytes long") {
            fatalError("the limits refuse what the judge writes (\(problem.message)): \(show(written))")
        }
    }
    if checkDecode {
        let decoded = try? ReportInput.decode(input)
        guard (decoded == nil) == (reference == nil) else {
            fatalError((decoded == nil ? "ReportInput.decode rejected what Foundation accepts: " : "ReportInput.decode accepted what Foundation rejects: ") + show(input))
        }
        if let decoded, let reference, decoded != reference { fatalError("ReportInput.decode differs from Foundation: \(show(input))") }
    }
    return 0
}
