import Foundation
import HuntKit
import Testing
@testable import HuntServe

/// What the pages themselves say, read from Templates/serve as the server serves it.
@Suite struct ServePageTextTests {
    static func page(_ name: String) throws -> String {
        let folder = try #require(TemplateLibrary.url("serve"))
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// Issue 38: "Nothing to decide here." ended in an emoji the console's fonts (system-ui,
    /// DejaVu Sans) lack, shown as a missing glyph.
    @Test("the console's and the players' texts use no emoji", arguments: ["queue.js", "leaderboard.js", "team.js", "serve.js", "players.js"])
    func noEmoji(_ name: String) throws {
        let emoji = try Self.page(name).unicodeScalars.filter { (0x1F000...0x1FFFF).contains($0.value) || (0x2600...0x27BF).contains($0.value) }
        #expect(emoji.isEmpty, "\(name): \(emoji.map { String($0) })")
    }

    /// Issue 38: `maximumAge: 30000` reused the previous place's fix 4 s later.
    @Test("the players' page asks for a fresh position with each choice of files")
    func freshFix() throws {
        let script = try Self.page("players.js")
        #expect(script.contains("maximumAge: 0"))
        #expect(!script.contains("maximumAge: 30000"))
    }
}
