import Foundation
import Testing
@testable import HuntKit

/// Untrusted text (team names, titles, notes, paths, messages) never becomes markup, a formula
/// or extra table cells.
@Suite struct ReportInjectionTests {
    func render(_ format: ReportFormat, team: String? = nil) async throws -> [String] {
        let report = try Report(try ReportFixtures.hostile(), options: ReportOptions(teamID: team))
        return try await ReportWriter.render(report, format: format, photosFolder: nil).map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func htmlEscapesEveryUntrustedString() async throws {
        let html = try await render(.html)[0]
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&#39;team&#39;)&lt;/script&gt;"))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!html.contains("<iframe"))
        #expect(!html.contains("<svg onload"))
        #expect(!html.contains("</td></tr></table><script>"))
        #expect(html.contains("&lt;b&gt;Hunt&lt;/b&gt; &amp; &quot;friends&quot;"))
        // Exactly one script element: the page's own sorting code.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    /// A right-to-left override (or an isolate, or U+2028) in a team name, a path or a note makes
    /// text read in another order than it is stored: the CSV and Markdown replace it, and so do
    /// the HTML page and every other format; results.json writes it as `\u202e`, so it reads
    /// back the same but shows no override.
    @Test(arguments: ["\u{202E}", "\u{2067}", "\u{202A}", "\u{2028}"])
    func charactersThatReorderTextSurviveIntoNoFile(reorder: String) async throws {
        var results = try ReportFixtures.results("photo-scavenger-hunt")
        results.teams[0].name = "Red \(reorder)sexoF"
        results.submissions[0].path = "foxes/\(reorder)gpj.exe.jpg"
        results.submissions[1].review = .init(decision: .accept, note: "fine \(reorder)enif", by: "Ann\(reorder)", task: nil)
        let report = try Report(results)
        for format in ReportFormat.allCases {
            for document in try await ReportWriter.render(report, format: format, photosFolder: nil) {
                let text = String(decoding: document.bytes, as: UTF8.self)
                #expect(!text.contains(reorder), "\(format) \(document.name)")
            }
        }
        let json = Data(results.jsonChunks().joined())
        #expect(!String(decoding: json, as: UTF8.self).contains(reorder))
        let hex = String(reorder.unicodeScalars.first!.value, radix: 16)
        #expect(String(decoding: json, as: UTF8.self).contains("Red \\u\(hex)sexoF"))
        #expect(try JudgeResults.decode(json) == results)
    }

    @Test func htmlReferencesNothingOutsideItself() async throws {
        for html in try await render(.html) + render(.html, team: "owls") {
            // Every src= and href= is a data: URI or an in-page anchor; no CSS import or url().
            for attribute in ["src=\"", "href=\""] {
                var rest = Substring(html)
                while let range = rest.range(of: attribute) {
                    rest = rest[range.upperBound...]
                    #expect(rest.hasPrefix("data:") || rest.hasPrefix("#"), "\(attribute)\(rest.prefix(40))")
                }
            }
            #expect(!html.contains("@import"))
            #expect(!html.contains("url("))
            #expect(!html.contains("<link"))
            #expect(!html.lowercased().contains("src=http"))
        }
    }

    @Test func svgTaskTitlesAreEscaped() async throws {
        let html = try await render(.html)[0]
        #expect(html.contains("<title>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;: target and photo positions</title>"))
    }

    @Test func csvNeutralizesFormulasAndQuotes() async throws {
        let documents = try await render(.csv)
        let submissions = CSVParser.parse(documents[0]), leaderboard = CSVParser.parse(documents[1])
        #expect(submissions[0] == CSVReportRenderer.submissionColumns)
        #expect(leaderboard[0] == CSVReportRenderer.leaderboardColumns)
        #expect(submissions.dropFirst().allSatisfy { $0.count == CSVReportRenderer.submissionColumns.count })
        #expect(leaderboard.dropFirst().allSatisfy { $0.count == CSVReportRenderer.leaderboardColumns.count })
        for row in submissions.dropFirst() + leaderboard.dropFirst() {
            for (i, cell) in row.enumerated() {
                guard let first = cell.unicodeScalars.first else { continue }
                let numeric = Double(cell) != nil
                #expect(numeric || !["=", "+", "-", "@", "\t", "\r"].contains(first), "cell \(i): \(cell)")
            }
        }
        let all = submissions.flatMap { $0 } + leaderboard.flatMap { $0 }
        #expect(all.contains("'-2+3+cmd|' /C calc'!A0.jpg"))
        #expect(all.contains("'=HYPERLINK(\"http://evil.example/x\",\"click\")"))
        #expect(all.contains("'+1 looks fine\r\n<script>x</script>"))
        #expect(all.contains("'\tjudge"))
        #expect(all.contains("'@evil"))
        // A multi-line team name stays one quoted cell.
        #expect(all.contains("*bold* | pipe _under_ [link](http://evil.example) `code`\nsecond line"))
    }

    @Test func csvKeepsNegativeNumbersAsNumbers() {
        var writer = CSVWriter()
        writer.row([.number(-12.5, 1), .text("-12.5"), .int(-3), .text("-12.5+cmd")])
        #expect(writer.text == "-12.5,-12.5,-3,'-12.5+cmd\r\n")  // typed numbers run nothing; a formula after one is still one
    }

    @Test func markdownKeepsTablesAndShowsMarkupAsText() async throws {
        let md = try await render(.md)[0]
        #expect(!md.contains("<script>"))
        #expect(md.contains("\\<script\\>alert('team')\\</script\\>"))
        #expect(md.contains("\\*bold\\* \\| pipe \\_under\\_ \\[link\\](http://evil.example) \\`code\\` second line"))
        // Every row of a table has as many unescaped pipes as its header.
        var expected: Int?
        for line in md.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else { expected = nil; continue }
            let pipes = Self.unescapedPipes(line)
            if let expected { #expect(pipes == expected, "\(line)") } else { expected = pipes }
        }
    }

    static func unescapedPipes(_ line: Substring) -> Int {
        var count = 0, escaped = false
        for c in line {
            if escaped { escaped = false; continue }
            if c == "\\" { escaped = true } else if c == "|" { count += 1 }
        }
        return count
    }
}

/// An RFC 4180 reader for the tests: quoted fields, doubled quotes, CRLF records.
enum CSVParser {
    static func parse(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(field); field = ""
            } else if c == "\r", chars.first == "\n" {
                chars.removeFirst(); row.append(field); rows.append(row); row = []; field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}
