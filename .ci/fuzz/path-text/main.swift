// libFuzzer entry point for PathText, the escaping that names any file (non-UTF-8 bytes,
// backslashes) in results.json, reviews files and manifests. Built and run by
// .ci/fuzz/path-text/run.sh; not part of the package.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // Any name: its text maps back to exactly its bytes, is already canonical, and is in NFC, so
    // Swift's string equality (canonical equivalence) is byte equality for these texts.
    let text = PathText.escape(bytes)
    precondition(PathText.unescape(text) == bytes, "\(bytes) → \(text.debugDescription) does not map back")
    precondition(PathText.canonical(text) == text, "\(text.debugDescription) is not canonical")
    precondition(Array(text.precomposedStringWithCanonicalMapping.utf8) == Array(text.utf8), "\(text.debugDescription) is not NFC")
    // Any text a person writes: when it names bytes, its canonical form names the same bytes.
    let written = String(decoding: bytes, as: UTF8.self)
    if let named = PathText.unescape(written) {
        let canonical = PathText.canonical(written)
        precondition(canonical != nil && PathText.unescape(canonical!) == named, "\(written.debugDescription): canonical form names other bytes")
    } else {
        precondition(PathText.canonical(written) == nil)
    }
    return 0
}
