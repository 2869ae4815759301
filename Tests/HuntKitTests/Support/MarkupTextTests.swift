import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import HuntKit

/// The one XML/HTML escaper: GPX/KML export, the report page and its maps, sheets' QR codes.
@Suite struct MarkupTextTests {
    @Test(arguments: [
        ("plain text, nothing to do", "plain text, nothing to do"),
        ("<b>\"Tom & Jerry's\"</b>", "&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt;"),
        ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
        ("bell\u{7}null\u{0}escape\u{1B}", "bellnullescape"),
        ("not a character: \u{FFFE}\u{FFFF}, but ﬀ and ￼ are", "not a character: , but ﬀ and ￼ are"),
        ("Café « ≠ » 🦊", "Café « ≠ » 🦊")
    ])
    func escapes(_ text: String, _ escaped: String) {
        #expect(MarkupText.escape(text) == escaped)
    }

    @Test func everyOutputIsWellFormedXML() throws {
        let nasty = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\u{FFFE}\u{FFFF}"
        let document = "<a title=\"\(MarkupText.escape(nasty))\">\(MarkupText.escape(nasty))</a>"
        let parser = XMLParser(data: Data(document.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    }
}
