import Foundation
import Mustache

/// The rows of report.md.mustache's "Every verdict" table, written in Swift when the layout has
/// the standard row section: through Mustache they were most of the time `--format md` took for
/// 20,000 submissions (a dozen context look-ups and dynamic casts per row).
///
/// The section is swapped for one that prints the rows made here, with the same line structure
/// (standalone open and close tags), so the text around it renders as before. Only where the
/// result is certainly the same: the section at the top level (not inside another section, where
/// an entry's absent values would resolve to the outer object's), the Markdown content type in
/// force, and no delimiter changes or inheritance. Any other layout renders as written.
enum MarkdownVerdictRows {
    /// The standard row section, as in Templates/reports/report.md.mustache.
    static let section = """
        {{#verdicts}}
        | {{path}} | {{team_name}} | {{task}} | {{verdict}}{{#overridden}} (judge: {{judged_verdict}}){{/overridden}} | {{points}} | {{where_text}} | {{reasons_text}}{{#review_text}} {{review_text}}{{/review_text}} | {{evidence_text}} |
        {{/verdicts}}

        """

    /// The context key of the rows made here: one string, or none when there are no verdicts.
    static let key = "_huntkit_verdict_rows"

    private static let replacement = "{{#\(key)}}\n{{{.}}}\n{{/\(key)}}\n"
    private static let markdown = "{{% CONTENT_TYPE: MARKDOWN }}"

    /// `source` with the standard row section swapped for the pre-rendered rows, or nil when the
    /// layout does not qualify. `source` already starts with its content type (see
    /// `MarkdownReportRenderer`). Compared as UTF-8 bytes, as the Mustache parser reads them.
    static func fastSource(_ source: String) -> String? {
        MarkdownContentType.registerOnce
        let bytes = Array(source.utf8)
        func offsets(of text: String) -> [Int] { MarkdownVerdictRows.offsets(of: text, in: bytes) }
        guard bytes.starts(with: markdown.utf8), offsets(of: key).isEmpty,
              offsets(of: "{{=").isEmpty, offsets(of: "{{<").isEmpty, offsets(of: "{{$").isEmpty else { return nil }
        // Every pragma is the Markdown one, so Markdown is in force wherever the section is.
        guard offsets(of: "{{%") == offsets(of: markdown) else { return nil }
        let found = offsets(of: "\n" + section)
        guard found.count == 1, offsets(of: section).count == 1 else { return nil }
        let start = found[0] + 1, end = start + section.utf8.count
        // What comes before parses on its own, so it closes every section it opens: the row
        // section is at the top level.
        let prefix = String(decoding: bytes[..<start], as: UTF8.self)
        guard (try? MustacheTemplate(string: prefix)) != nil else { return nil }
        return prefix + replacement + String(decoding: bytes[end...], as: UTF8.self)
    }

    /// Where `text` starts in `bytes` (UTF-8), every time.
    static func offsets(of text: String, in bytes: [UInt8]) -> [Int] {
        let needle = Array(text.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return [] }
        return (0...(bytes.count - needle.count)).filter { bytes[$0] == needle[0] && bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// The context value for `key`: every row, one line each, as the standard section renders
    /// them (each value Markdown-escaped, absent ones empty).
    static func value(_ verdicts: [Report.Entry]) -> [String] {
        guard !verdicts.isEmpty else { return [] }
        var text = ""
        text.reserveCapacity(verdicts.count * 160)
        for (index, e) in verdicts.enumerated() {
            if index > 0 { text += "\n" }
            text += "| "
            text += MarkdownContentType.escape(e.path)
            text += " | "
            text += MarkdownContentType.escape(e.teamName)
            text += " | "
            text += MarkdownContentType.escape(e.task ?? "")
            text += " | "
            text += MarkdownContentType.escape(e.verdict)
            if e.overridden {
                text += " (judge: "
                text += MarkdownContentType.escape(e.judgedVerdict)
                text += ")"
            }
            text += " | "
            text += MarkdownContentType.escape(String(e.points))
            text += " | "
            text += MarkdownContentType.escape(e.whereText ?? "")
            text += " | "
            text += MarkdownContentType.escape(e.reasonsText ?? "")
            if let review = e.reviewText {
                text += " "
                text += MarkdownContentType.escape(review)
            }
            text += " | "
            text += MarkdownContentType.escape(e.evidenceText)
            text += " |"
        }
        return [text]
    }
}
