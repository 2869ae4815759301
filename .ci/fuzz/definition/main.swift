// libFuzzer entry point for the hand-written parsers of hunt files: coordinates, units, times.
// Built and run by .ci/fuzz/definition/run.sh (see there); not part of the package.
import Foundation

let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if case .success(let c) = CoordinateText.parse(text) {
        // Whatever parses is a real position.
        precondition(c.isValid, "parsed an invalid coordinate from \(text.debugDescription)")
        // And its decimal form parses back to the same position.
        if case .success(let again) = CoordinateText.parse(c.description) {
            precondition(abs(again.latitude - c.latitude) < 1e-6 && abs(again.longitude - c.longitude) < 1e-6,
                         "round trip of \(text.debugDescription) changed \(c) into \(again)")
        } else {
            preconditionFailure("\(c.description) does not parse back")
        }
    }
    _ = CoordinateText.parseAngle(text)
    if let l = Length.parse(text) { precondition(l.metres.isFinite) }
    if let t = TimeSpan.parse(text) { precondition(t.seconds.isFinite) }
    _ = Speed.parse(text)
    if case .success(let date) = DateTimeText.parse(text, timeZone: amsterdam, defaultDate: (2026, 5, 2)) {
        // A parsed time formats and parses back to itself (to the minute; seconds are kept when not zero).
        let shown = DateTimeText.format(date, timeZone: amsterdam)
        if case .success(let again) = DateTimeText.parse(shown, timeZone: amsterdam) {
            precondition(abs(again.timeIntervalSince(date)) < 1, "\(text.debugDescription) → \(shown) → \(again) ≠ \(date)")
        }
    }
    return 0
}
