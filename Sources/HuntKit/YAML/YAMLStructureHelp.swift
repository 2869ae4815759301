/// Plain words for libyaml's structure errors, from the lines around them.
///
/// libyaml says what its grammar expected ("did not find expected '-' indicator") at the place it
/// noticed, which is often not where the mistake is. Almost always the mistake is indentation: a
/// key indented further than the one before it (its value runs on), less than its siblings, to
/// the level of a list's `- ` without one, or to no level at all; or a colon that YAML reads as
/// a key (`title: Stop: look up`, `title:A`). Each case is recognised from the indentation of the
/// lines above and named with the key, its line and the spaces that would fix it.
struct YAMLStructureHelp {
    var message: String
    var fix: String
    /// 1-based, where the mistake is (the start of the key, not libyaml's mark).
    var line: Int
    var column: Int

    /// libyaml's problem and context with their marks (1-based), and the source's lines.
    struct ParserReport {
        var problem: String
        var context: String?
        var line: Int, column: Int
        var contextLine: Int?, contextColumn: Int?
    }

    static func explain(_ failure: ParserReport, lines: [Substring]) -> YAMLStructureHelp? {
        let source = Source(lines: lines)
        guard source.isContent(failure.line) || failure.problem.contains("expected ':'") else { return nil }
        if failure.problem.contains("mapping values are not allowed") { return source.colonInValue(failure) }
        if failure.problem.contains("did not find expected '-' indicator"), let listLine = failure.contextLine,
            let listColumn = failure.contextColumn
        {
            return source.besideAList(at: failure.line, listLine: listLine, dashIndent: listColumn - 1)
        }
        if failure.problem.contains("did not find expected key"), failure.context?.contains("block mapping") == true {
            return source.betweenLevels(at: failure.line)
        }
        if failure.problem.contains("could not find expected ':'"), let keyLine = failure.contextLine {
            return source.missingColon(at: keyLine)
        }
        return nil
    }

    /// The lines of the file, read for indentation and keys.
    private struct Source {
        var lines: [Substring]

        func text(_ number: Int) -> Substring {
            guard number >= 1, number <= lines.count else { return "" }
            let line = lines[number - 1]
            return line.hasSuffix("\r") ? line.dropLast() : line
        }

        func indent(_ number: Int) -> Int { text(number).prefix { $0 == " " }.count }

        /// Not blank and not only a comment.
        func isContent(_ number: Int) -> Bool {
            let trimmed = text(number).drop { $0 == " " || $0 == "\t" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("#")
        }

        /// The line's key and the column (0-based) it starts at, after any `- `: `    title: A` → (`title`, 4).
        func key(_ number: Int) -> (name: String, column: Int, value: Substring)? {
            var rest = text(number).dropFirst(indent(number))
            var column = indent(number)
            while rest.hasPrefix("- ") {
                let after = rest.dropFirst(2)
                let spaces = after.prefix { $0 == " " }.count
                column += 2 + spaces
                rest = after.dropFirst(spaces)
            }
            guard let first = rest.first, first != "#", first != "[", first != "{", first != "\"", first != "'",
                let colon = rest.firstRange(of: ": ")?.lowerBound ?? (rest.hasSuffix(":") ? rest.index(before: rest.endIndex) : nil)
            else { return nil }
            let name = rest[..<colon]
            guard !name.isEmpty, !name.contains(" ") || name.count < 40 else { return nil }
            let value = rest[colon...].dropFirst().drop { $0 == " " }
            return (String(name), column, value)
        }

        /// The nearest content line above `number`.
        func previousContent(before number: Int) -> Int? {
            stride(from: number - 1, through: 1, by: -1).first { isContent($0) }
        }

        func spaces(_ n: Int) -> String { n == 1 ? "1 space" : "\(n) spaces" }

        /// A line at the wrong indentation: "NAME is indented N, WHY", fixed by indenting it to one
        /// of `levels` (the first counted in spaces, the others as bare numbers).
        func misindented(
            _ name: String, line number: Int, column: Int, _ why: String,
            lineUpWith levels: [(indent: Int, label: String)]
        ) -> YAMLStructureHelp {
            let choices = levels.enumerated().map {
                "\($0.offset == 0 ? spaces($0.element.indent) : String($0.element.indent)) to line it up with \($0.element.label)"
            }
            return YAMLStructureHelp(
                message: "\(name) is indented \(spaces(column)), \(why)", fix: "indent it " + choices.joined(separator: ", or "),
                line: number, column: column + 1)
        }

        /// "mapping values are not allowed in this context": a key indented under a key that
        /// already has its value on its line, or `: ` inside a value.
        func colonInValue(_ failure: ParserReport) -> YAMLStructureHelp? {
            let number = failure.line
            guard let here = key(number) else { return nil }
            if let above = previousContent(before: number), let parent = key(above), here.column > parent.column,
                !parent.value.isEmpty, !parent.value.hasPrefix("#"), !parent.value.hasPrefix("|"), !parent.value.hasPrefix(">"),
                failure.column - 1 == here.column + here.name.count
            {
                return YAMLStructureHelp(
                    message:
                        "`\(here.name):` is indented further than `\(parent.name):` on line \(above), so YAML reads it as more of `\(parent.name)`'s value",
                    fix: parent.column == 0
                        ? "start `\(here.name):` at the beginning of the line, like `\(parent.name):`"
                        : "indent `\(here.name):` \(spaces(parent.column)) to line it up with `\(parent.name):`",
                    line: number, column: here.column + 1)
            }
            guard !here.value.isEmpty, here.value.contains(": ") || here.value.hasSuffix(":") else { return nil }
            let value = here.value.firstRange(of: " #").map { here.value[..<$0.lowerBound] } ?? here.value
            let quoted = "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            return YAMLStructureHelp(
                message: "the value of `\(here.name):` holds `: `, which YAML reads as the start of another key",
                fix: "text with `: ` in it needs quotes: `\(here.name): \(quoted)`",
                line: number, column: failure.column)
        }

        /// "did not find expected '-' indicator": a line inside a list that is neither an item
        /// (`- `) nor lined up with the keys of the item above.
        func besideAList(at number: Int, listLine: Int, dashIndent: Int) -> YAMLStructureHelp? {
            let column = indent(number)
            let name = key(number).map { "`\($0.name):`" } ?? "line \(number)"
            // The item this line follows: its first line and the column of its keys.
            guard
                let itemLine = stride(from: number - 1, through: listLine, by: -1).first(where: {
                    indent($0) == dashIndent && text($0).dropFirst(dashIndent).hasPrefix("-")
                }),
                let item = key(itemLine)
            else { return nil }
            let sibling =
                stride(from: number - 1, through: itemLine, by: -1).lazy.compactMap { line -> (Int, String)? in
                    guard let k = self.key(line), k.column == item.column else { return nil }
                    return (line, k.name)
                }.first ?? (itemLine, item.name)
            if column == dashIndent {
                return YAMLStructureHelp(
                    message:
                        "\(name) lines up with the list's `- ` items (\(spaces(dashIndent))) but has no `- `, so it is neither a new item nor part of the one above",
                    fix:
                        "to give it to the item above, indent it \(spaces(item.column)) like `\(sibling.1):` (line \(sibling.0)); to start a new item, write `- ` before it",
                    line: number, column: column + 1)
            }
            guard column > dashIndent, column != item.column else { return nil }
            return misindented(
                name, line: number, column: column,
                "but the keys of this list item are at \(item.column) (`\(sibling.1):`, line \(sibling.0))",
                lineUpWith: [(item.column, "`\(sibling.1):`")])
        }

        /// "did not find expected key": a line indented to no level of the lines above it.
        func betweenLevels(at number: Int) -> YAMLStructureHelp? {
            let column = indent(number)
            // The levels open above: each content line less indented than every one after it.
            var levels: [(indent: Int, line: Int, label: String, isItem: Bool)] = []
            var smallest = Int.max
            for line in stride(from: number - 1, through: 1, by: -1) where isContent(line) {
                guard let k = key(line) else { continue }
                if k.column < smallest, k.column != indent(line) {
                    levels.append((k.column, line, "`\(k.name):`", false))  // the keys of a `- ` item
                    smallest = k.column
                }
                if indent(line) < smallest {
                    let isItem = text(line).dropFirst(indent(line)).hasPrefix("-")
                    levels.append((indent(line), line, isItem ? "the item `- \(k.name):`" : "`\(k.name):`", isItem))
                    smallest = indent(line)
                }
                if smallest == 0 { break }
            }
            // A key goes beside keys; a `- ` item beside items (or keys, for a list at its key's indentation).
            let isItem = text(number).dropFirst(column).hasPrefix("-")
            let fitting = levels.filter { isItem || !$0.isItem }
            guard let upper = fitting.last(where: { $0.indent > column }), let lower = fitting.first(where: { $0.indent < column }) else {
                return nil
            }
            let name = isItem ? "the item `\(text(number).dropFirst(column).prefix(40))`" : key(number).map { "`\($0.name):`" } ?? "line \(number)"
            return misindented(
                name, line: number, column: column,
                "which lines up with nothing above it: \(upper.label) (line \(upper.line)) is at \(upper.indent), \(lower.label) (line \(lower.line)) at \(lower.indent)",
                lineUpWith: [(upper.indent, upper.label), (lower.indent, lower.label)])
        }

        /// "could not find expected ':'": a key without its colon, or with no space after it.
        func missingColon(at number: Int) -> YAMLStructureHelp? {
            let line = text(number)
            let column = indent(number)
            let body = line.dropFirst(column)
            if let colon = body.firstIndex(of: ":"), body.index(after: colon) < body.endIndex, body[body.index(after: colon)] != " " {
                let name = body[..<colon], value = body[body.index(after: colon)...]
                return YAMLStructureHelp(
                    message: "`\(body)` has no space after its colon, so YAML reads it as one word, not a key and a value",
                    fix: "write `\(name): \(value)`",
                    line: number, column: column + body.distance(from: body.startIndex, to: colon) + 1)
            }
            guard !body.contains(":") else { return nil }
            let words = body.split(separator: " ", maxSplits: 1)
            let example = words.count == 2 ? "`\(words[0]): \(words[1])`" : "`\(body): …`"
            return YAMLStructureHelp(
                message: "`\(body)` is neither `key: value` nor a `- ` list item",
                fix: "a key needs a colon and a space after it, e.g. \(example); or make the line a comment with `#`",
                line: number, column: column + 1)
        }
    }
}
