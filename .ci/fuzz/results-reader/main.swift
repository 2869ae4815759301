import Foundation

// Differential fuzzing of the hand-written results.json reading in Reports/ReportInput.swift and
// Reports/SubmissionJSONReader.swift against Foundation's JSONDecoder (`JudgeResults.decode`, the
// reference). For every input:
// - nothing crashes, traps or trips AddressSanitizer;
// - when the fast path (`ReportInput.quickDecode`) gives a value, Foundation decodes the same
//   bytes to an equal value (the fast path may give up, never differ or accept more);
// - `ReportInput.decode` (fast path, else the key-converting Foundation path) succeeds exactly
//   when Foundation does, with an equal value.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = Data(bytes: data, count: size)
    let reference = try? JudgeResults.decode(input)
    if let quick = ReportInput.quickDecode(input) {
        guard let reference else { fatalError("quickDecode accepted what Foundation rejects") }
        guard quick == reference else { fatalError("quickDecode differs from Foundation") }
    }
    let decoded = try? ReportInput.decode(input)
    guard (decoded == nil) == (reference == nil) else {
        fatalError(decoded == nil ? "ReportInput.decode rejected what Foundation accepts" : "ReportInput.decode accepted what Foundation rejects")
    }
    if let decoded, let reference, decoded != reference { fatalError("ReportInput.decode differs from Foundation") }
    return 0
}
