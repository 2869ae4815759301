import Foundation
import HTTPTypes
import Hummingbird
import HuntKit
import NIOCore

/// The console's pages, scripts and styles, from Templates/serve/ (so an organizer can restyle
/// them), read once at start and served from memory: a request names an entry of this table,
/// never a file.
public struct ServePages: Sendable {
    enum Page: String, CaseIterable, Sendable {
        case queue, leaderboard, team, show

        var route: String { "/" + rawValue }
        /// The leaderboard URL's token may open this page.
        var viewerMay: Bool { self == .leaderboard || self == .show }
    }

    /// Files of Templates/serve/ and their content types.
    static let files: [String: String] = [
        "queue.html": "text/html; charset=utf-8", "leaderboard.html": "text/html; charset=utf-8", "team.html": "text/html; charset=utf-8",
        "serve.css": "text/css; charset=utf-8", "serve.js": "text/javascript; charset=utf-8", "queue.js": "text/javascript; charset=utf-8",
        "leaderboard.js": "text/javascript; charset=utf-8", "team.js": "text/javascript; charset=utf-8", "live.js": "text/javascript; charset=utf-8",
        "players.html": "text/html; charset=utf-8", "players.js": "text/javascript; charset=utf-8", "players.css": "text/css; charset=utf-8",
        "show.html": "text/html; charset=utf-8", "show.js": "text/javascript; charset=utf-8",
        "code.html": "text/html; charset=utf-8", "code.js": "text/javascript; charset=utf-8"
    ]
    /// What a team's token may fetch under `/t/<token>/assets/`.
    static let playerAssets: Set<String> = ["players.js", "players.css"]

    private var contents: [String: [UInt8]]

    /// Reads every file of `folder` (Templates/serve unless given).
    package static func load(from folder: URL? = TemplateLibrary.url("serve")) throws(ServeError) -> ServePages {
        guard let folder else {
            throw ServeError(
                "the console's pages (Templates/serve) were not found; set HUNT_TEMPLATES to the Templates folder of HuntKit", status: 500)
        }
        var contents: [String: [UInt8]] = [:]
        for name in files.keys.sorted() {
            let path = folder.appendingPathComponent(name).path
            do { contents[name] = try InputFile.read(path: path, limitBytes: 4 << 20, what: "page") } catch {
                throw ServeError("\(error); set HUNT_TEMPLATES to the Templates folder of HuntKit", status: 500)
            }
        }
        return ServePages(contents: contents)
    }

    /// The pages with `banner` (the rehearsal's, `ServeConfiguration.rehearsalBanner`) as the
    /// first thing in each page's body, so no page of a rehearsal can be taken for the day's.
    package func marked(with banner: String?) -> ServePages {
        guard let banner else { return self }
        var marked = contents
        let note = "<div class=\"rehearsal\" role=\"note\">\(MarkupText.escape(banner))</div>"
        for (name, bytes) in contents where name.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            guard let body = html.range(of: "<body"), let end = html[body.upperBound...].firstIndex(of: ">") else { continue }
            marked[name] = Array((html[...end] + note + html[html.index(after: end)...]).utf8)
        }
        return ServePages(contents: marked)
    }

    func response(_ page: Page) -> Response {
        asset(page.rawValue + ".html")!
    }

    /// The players' page in `language`, with `catalog`'s words: `{{base}}` (in its links to its
    /// script and style, and its `data-base`) made `base`, the room's path (a team's token is hex,
    /// nothing to escape); `{{lang}}` and `{{dir}}` the language's code and direction; each
    /// `{{w:key}}` the catalog's text, escaped; `{{words}}` the page's words (`page.…`) and the
    /// languages `offered` (code and own name, for the switch) as JSON for its script. `page`:
    /// another page of the players' filled in the same way (`code.html`).
    func players(
        base: String, language: String? = nil, catalog: PlayerCatalog, offered: [(code: String, name: String)] = [], page: String = "players.html"
    ) -> Response? {
        guard let bytes = contents[page] else { return nil }
        var html = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "{{base}}", with: base)
            .replacingOccurrences(of: "{{lang}}", with: MarkupText.escape(language ?? catalog.language))
            .replacingOccurrences(of: "{{dir}}", with: catalog.isRightToLeft ? "rtl" : "ltr")
            .replacingOccurrences(of: "{{words}}", with: Self.wordsJSON(catalog, offered: offered))
        while let open = html.range(of: "{{w:"), let close = html[open.upperBound...].range(of: "}}") {
            html.replaceSubrange(
                open.lowerBound..<close.upperBound, with: MarkupText.escape(catalog.text(String(html[open.upperBound..<close.lowerBound]))))
        }
        return Response(status: .ok, headers: [.contentType: Self.files["players.html"]!], body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page's words as JSON inside a `<script>`: `<` written `\u003c`, so no text closes it.
    static func wordsJSON(_ catalog: PlayerCatalog, offered: [(code: String, name: String)]) -> String {
        struct Words: Encodable {
            var words: [String: PlayerCatalog.Entry]
            var languages: [[String]]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let words = Words(words: catalog.entries(prefix: "page."), languages: offered.map { [$0.code, $0.name] })
        let data = (try? encoder.encode(words)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
    }

    func asset(_ name: String) -> Response? {
        guard let bytes = contents[name], let type = Self.files[name] else { return nil }
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
