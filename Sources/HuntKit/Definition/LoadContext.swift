import Foundation

/// State while reading one hunt file: where relative paths start, the timezone for local times,
/// and the diagnostics found so far. The `read…` helpers report what is wrong with a value and
/// return nil, so the reader goes on and finds every problem in one pass.
struct LoadContext: Sendable {
    /// The hunt file's path as the user gave it.
    let file: String
    /// The folder relative paths in the file are resolved against.
    let baseURL: URL
    /// The display path of that folder ("" for the current one), for paths in messages.
    let displayFolder: String
    var timeZone = TimeZone(identifier: "UTC")!
    var timeZoneWritten = false
    var diagnostics: [Diagnostic] = []
    /// Where a time without an offset was first read, for the `no-timezone` warning.
    var firstLocalTime: SourceLocation?

    init(file: String, baseURL: URL) {
        self.file = file
        self.baseURL = baseURL
        let folder = (file as NSString).deletingLastPathComponent
        self.displayFolder = folder
    }

    mutating func report(
        _ severity: Diagnostic.Severity, _ code: HuntDiagnosticCode, _ message: String,
        at location: SourceLocation, fix: String? = nil
    ) {
        diagnostics.append(Diagnostic(severity, DiagnosticCode(code), message, at: location, fix: fix))
    }

    mutating func error(_ code: HuntDiagnosticCode, _ message: String, at location: SourceLocation, fix: String? = nil) {
        report(.error, code, message, at: location, fix: fix)
    }

    mutating func warning(_ code: HuntDiagnosticCode, _ message: String, at location: SourceLocation, fix: String? = nil) {
        report(.warning, code, message, at: location, fix: fix)
    }

    /// Reports what a rule of `HuntRules` found, if anything; true when it found nothing.
    @discardableResult
    mutating func check(_ finding: HuntFinding?, at location: SourceLocation) -> Bool {
        guard let finding else { return true }
        diagnostics.append(finding.at(location))
        return false
    }

    // MARK: Mappings

    /// The keys of a mapping, checked against the keys the section allows. Unknown keys are
    /// reported with the closest allowed key (or a hint from `hints`); a key written twice is
    /// reported at its second place and the first value is kept. Keys starting with `x-` are
    /// the author's own (a place for anchors) and are skipped.
    mutating func mapping(
        _ node: YAMLNode, section: String, keys allowed: [String],
        hints: [String: String] = [:]
    ) -> Fields? {
        guard let pairs = node.mapping else {
            error(
                .wrongType, "\(section) should be a mapping of keys to values, but this is \(node.kindName)", at: node.location,
                fix: node.isNull ? "write the keys of \(section) indented below it, or remove it" : nil)
            return nil
        }
        var fields = Fields(node: node, pairs: pairs)
        // By index, not by pair: a copy of each pair would retain and release its value's nodes.
        for index in pairs.indices {
            guard case .scalar(let keyScalar) = pairs[index].key.value else {
                error(.wrongType, "keys of \(section) are words; this key is \(pairs[index].key.kindName)", at: pairs[index].key.location)
                continue
            }
            let key = keyScalar.text
            if key.utf8.first == UInt8(ascii: "x"), key.hasPrefix("x-") { continue }
            if !allowed.contains(where: { $0.utf8.count == key.utf8.count && $0 == key }) {
                var fix: String?
                if key.contains(" "), pairs[index].value.isNull {
                    fix = "is this text after a comma? In `{ … }` a value with a comma needs quotes: `\"a, b\"`"
                } else if let hint = hints[key] ?? hints[key.lowercased()] {
                    fix = hint
                } else if let near = Suggestions.closest(to: key, in: allowed) {
                    fix = "did you mean `\(near)`?"
                } else {
                    fix = "\(section) takes: " + allowed.map { "`\($0)`" }.joined(separator: ", ")
                }
                error(.unknownKey, "unknown key `\(key)` in \(section)", at: pairs[index].key.location, fix: fix)
                continue
            }
            if let first = fields.keyLocation(key) {
                error(
                    .duplicateKey, "`\(key)` is given twice in \(section); the first, on line \(first.line), is used",
                    at: pairs[index].key.location, fix: "remove one of them")
                continue
            }
            fields.add(key, pair: index)
        }
        return fields
    }

    /// Reports a missing required key at the mapping that lacks it.
    mutating func require(_ key: String, in fields: Fields, section: String, example: String) -> YAMLNode? {
        if let value = fields[key], !value.isNull { return value }
        if let value = fields[key] {
            error(.missingKey, "`\(key)` in \(section) has no value", at: value.location, fix: "write it, e.g. `\(example)`")
        } else {
            error(.missingKey, "\(section) needs `\(key)`", at: fields.node.location, fix: "add `\(example)`")
        }
        return nil
    }

    // MARK: Scalars

    /// Text of a scalar. Numbers and words are text too; a list or mapping is not.
    mutating func text(_ node: YAMLNode, _ what: String) -> String? {
        guard let s = node.scalar else {
            error(
                .wrongType, "\(what) should be text, but this is \(node.kindName)", at: node.location,
                fix: node.mapping != nil ? "a `key: value` inside text needs quotes: \"…\"" : nil)
            return nil
        }
        guard check(HuntRules.textLength(s.text, what), at: node.location) else { return nil }
        return s.text
    }

    /// Text that must not be empty.
    mutating func nonEmptyText(_ node: YAMLNode, _ what: String, example: String) -> String? {
        guard let text = text(node, what) else { return nil }
        let trimmed = text.trimmedWhitespace
        if trimmed.isEmpty || node.isNull {
            check(HuntRules.empty(what, example: example), at: node.location)
            return nil
        }
        return trimmed
    }

    /// Optional text: nothing written means nil, silently.
    mutating func optionalText(_ node: YAMLNode?, _ what: String) -> String? {
        guard let node, !node.isNull else { return nil }
        guard let text = text(node, what) else { return nil }
        let trimmed = text.trimmedWhitespace
        return trimmed.isEmpty ? nil : text.trimmedNewlines
    }

    /// A text or a list of texts.
    mutating func textList(_ node: YAMLNode, _ what: String) -> [String]? {
        if node.isNull { return [] }
        if node.scalar != nil {
            return text(node, what).map { [$0] }
        }
        guard let items = node.sequence else {
            error(
                .wrongType, "\(what) should be a list, but this is \(node.kindName)", at: node.location,
                fix: "write `[a, b]` or one `- item` per line")
            return nil
        }
        var result: [String] = []
        result.reserveCapacity(items.count)
        let itemWhat = "an item of \(what)"
        for item in items {
            if let text = text(item, itemWhat) { result.append(text) }
        }
        return result
    }

    /// A list (for `teams:`, `tasks:`, `rewards:`).
    mutating func list(_ node: YAMLNode, _ what: String, example: String) -> [YAMLNode]? {
        if node.isNull { return [] }
        guard let items = node.sequence else {
            error(
                .wrongType, "\(what) should be a list, but this is \(node.kindName)", at: node.location,
                fix: "write one `- \(example)` per item")
            return nil
        }
        return items
    }

    mutating func integer(_ node: YAMLNode, _ what: String) -> Int? {
        guard let text = text(node, what) else { return nil }
        let trimmed = text.trimmedWhitespace
        if let value = Int(trimmed) { return value }
        if let value = Double(trimmed), value.isFinite, value.rounded() == value, abs(value) < 1e15 { return Int(value) }
        error(
            .badNumber, "\(what) should be a whole number, found `\(text)`", at: node.location,
            fix: Double(trimmed) != nil ? "round it to a whole number" : "write a number, e.g. `10`")
        return nil
    }

    /// Points: a whole number from 0 to `Hunt.maximumPoints`.
    mutating func points(_ node: YAMLNode, _ what: String) -> Int? {
        guard let value = integer(node, what), check(HuntRules.points(value, what), at: node.location) else { return nil }
        return value
    }

    mutating func bool(_ node: YAMLNode, _ what: String) -> Bool? {
        guard let text = text(node, what) else { return nil }
        switch text.lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default:
            error(.badValue, "\(what) should be true or false, found `\(text)`", at: node.location, fix: "write `true` or `false`")
            return nil
        }
    }

    /// One of a fixed set of words, with "did you mean" for a typo.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: String, as type: T.Type) -> T?
    where T.RawValue == String {
        guard let text = text(node, what) else { return nil }
        let trimmed = text.trimmedWhitespace
        if let value = T(rawValue: trimmed) ?? T(rawValue: trimmed.lowercased()) { return value }
        let names = T.allCases.map(\.rawValue)
        let near = Suggestions.closest(to: trimmed, in: names)
        error(
            .badValue, "\(what) is one of \(names.map { "`\($0)`" }.joined(separator: ", ")); found `\(text)`", at: node.location,
            fix: near.map { "did you mean `\($0)`?" })
        return nil
    }

    // MARK: Units

    /// A positive distance (`30 m`, `1.5 km`, `300 ft`, `0.5 mi`; a bare number is metres).
    mutating func length(_ node: YAMLNode, _ what: String) -> Length? {
        quantity(
            node, what, code: .badLength, kind: "a distance", example: "30 m", parse: Length.parse,
            units: Length.units.flatMap(\.names), rule: HuntRules.positive)
    }

    /// A duration, 0 or more (`90 s`, `10 min`, `2 h`; a unit is required).
    mutating func timeSpan(_ node: YAMLNode, _ what: String) -> TimeSpan? {
        quantity(
            node, what, code: .badDuration, kind: "a duration", example: "10 min", parse: TimeSpan.parse,
            units: TimeSpan.units.flatMap(\.names), rule: HuntRules.notNegative
        ) { text in
            guard let (number, unit) = UnitText.split(text), unit.isEmpty else { return nil }
            return "say the unit: `\(Length.trim(number)) s` or `\(Length.trim(number)) min`"
        }
    }

    mutating func speed(_ node: YAMLNode, _ what: String) -> Speed? {
        quantity(
            node, what, code: .badSpeed, kind: "a speed", example: "250 km/h", parse: Speed.parse,
            units: Speed.units.flatMap(\.names), rule: HuntRules.positive)
    }

    /// A number with a unit: parsed, else an error whose fix names the unit meant (or what
    /// `bareNumberFix` says of a number written without one); then held to `rule`. The unit
    /// names are listed only for that error.
    private mutating func quantity<Q>(
        _ node: YAMLNode, _ what: String, code: HuntDiagnosticCode, kind: String, example: String,
        parse: (String) -> Q?, units: @autoclosure () -> [String], rule: (Q, String, String) -> HuntFinding?,
        bareNumberFix: (String) -> String? = { _ in nil }
    ) -> Q? {
        guard let text = text(node, what) else { return nil }
        guard let value = parse(text) else {
            error(
                code, "\(what) should be \(kind) like `\(example)`, found `\(text)`", at: node.location,
                fix: bareNumberFix(text) ?? unitFix(text, names: units(), example: example))
            return nil
        }
        guard check(rule(value, what, text), at: node.location) else { return nil }
        return value
    }

    private func unitFix(_ text: String, names: [String], example: String) -> String {
        if text.contains(","), !text.contains(".") { return "use a decimal point, not a comma: `\(text.replacingOccurrences(of: ",", with: "."))`" }
        guard let (_, unit) = UnitText.split(text), !unit.isEmpty else { return "write a number and a unit, e.g. `\(example)`" }
        if let near = Suggestions.closest(to: unit, in: names) { return "unknown unit `\(unit)`; did you mean `\(near)`?" }
        return "unknown unit `\(unit)`; use one of " + names.prefix(12).map { "`\($0)`" }.joined(separator: ", ")
    }

    // MARK: Times

    /// A date-time; without an offset it is in the hunt's timezone.
    mutating func date(_ node: YAMLNode, _ what: String, defaultDate: (year: Int, month: Int, day: Int)? = nil) -> Date? {
        guard let text = text(node, what) else { return nil }
        if case .success(let parts) = DateTimeText.parts(text), parts.offsetSeconds == nil, !timeZoneWritten, firstLocalTime == nil {
            firstLocalTime = node.location
        }
        switch DateTimeText.parse(text, timeZone: timeZone, defaultDate: defaultDate) {
        case .success(let date): return date
        case .failure(let problem):
            let fix: String?
            switch problem {
            case .malformed: fix = "write `2026-05-02 10:00` (in the hunt's timezone) or `2026-05-02T10:00:00+02:00`"
            case .nonexistentLocalTime: fix = "pick a time outside the hour the clocks skip"
            case .timeOnlyWithoutDate: fix = "times without a date need the hunt's `window:`; or write the date"
            default: fix = nil
            }
            error(.badTime, "\(what): \(problem)", at: node.location, fix: fix)
            return nil
        }
    }

    // MARK: Files

    /// Resolves a path written in the hunt file against its folder and checks it names a regular
    /// file inside that folder.
    ///
    /// Files outside the hunt file's folder are refused (an absolute path, `..`, or a symbolic link
    /// on the way): a hunt file from a pull request, validated in CI, must not read the machine's
    /// other files. The file is opened the same way when read (`InputFile(_:inside:)`).
    static let exampleFile = ["area": "area.geojson", "places": "places.geojson", "reference": "reference/fountain.jpg"]

    mutating func referencedFile(_ node: YAMLNode, key: String) -> (path: String, url: URL)? {
        guard let path = nonEmptyText(node, "`\(key)`", example: "\(key): \(Self.exampleFile[key] ?? "places.geojson")") else { return nil }
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : baseURL.appendingPathComponent(path)
        let displayPath = path.hasPrefix("/") || displayFolder.isEmpty ? path : (displayFolder as NSString).appendingPathComponent(path)
        let outside = "copy the file into the hunt file's folder (or a folder below it) and name it from there"
        guard let folder = try? InputFolder(path: baseURL.path) else {
            error(
                .missingFile, "`\(key)` file `\(displayPath)` cannot be found: the hunt file's folder cannot be opened", at: node.location,
                fix: "check the folder's permissions")
            return nil
        }
        let parent: InputFolder?, name: String
        do {
            (parent, name) = try folder.openParent(of: path, displayPath: displayPath)
        } catch {
            switch error.reason {
            case .leavesFolder:
                self.error(
                    .fileOutsideFolder, "`\(key)` file `\(path)` is outside the hunt file's folder; such files are not read",
                    at: node.location, fix: outside)
            case .symbolicLink:
                self.error(
                    .fileOutsideFolder, "`\(key)` file `\(displayPath)` is reached through a symbolic link; links are not followed",
                    at: node.location, fix: outside)
            default:
                missing(key, path: path, displayPath: displayPath, url: url, at: node.location)
            }
            return nil
        }
        switch (parent ?? folder).kind(of: name) {
        case .file:
            return (path, url.standardizedFileURL)
        case .directory:
            error(
                .missingFile, "`\(key)` names `\(displayPath)`, which is a directory, not a file", at: node.location,
                fix: "name the file inside it")
        case .symbolicLink:
            error(.fileOutsideFolder, "`\(key)` file `\(displayPath)` is a symbolic link; links are not followed", at: node.location, fix: outside)
        case .other, .unknown:
            error(
                .missingFile, "`\(key)` file `\(displayPath)` is a device, FIFO or socket, not a regular file", at: node.location,
                fix: key == "reference" ? "name a JPEG, PNG or WebP photo" : "name a GPX, KML, GeoJSON or CSV file")
        case nil:
            missing(key, path: path, displayPath: displayPath, url: url, at: node.location)
        }
        return nil
    }

    /// Whether a `reference:` file (already found by `referencedFile`) is a photo a browser shows
    /// as it is: JPEG, PNG or WebP. Anything else is an error that says what the file is.
    mutating func checkReferencePhoto(_ file: (path: String, url: URL), at location: SourceLocation) -> Bool {
        let displayPath =
            file.path.hasPrefix("/") || displayFolder.isEmpty ? file.path : (displayFolder as NSString).appendingPathComponent(file.path)
        let head: [UInt8]
        do {
            head = try InputFile(file.path, inside: try InputFolder(path: baseURL.path), displayPath: displayPath).read(
                at: 0, count: FormatSniffer.headLength)
        } catch {
            self.error(.missingFile, "`reference` file `\(displayPath)` cannot be read: \(error.message)", at: location, fix: error.fix)
            return false
        }
        let fix = "save the reference photo as JPEG (or PNG, WebP), which every browser shows"
        switch FormatSniffer.sniff(head) {
        case .photo(.jpeg), .photo(.png), .photo(.webp):
            return true
        case .photo(let format) where format.media == .photo:
            self.error(
                .referenceNotPhoto, "`reference` file `\(displayPath)` is a \(format.rawValue) photo, which browsers do not show", at: location,
                fix: fix)
        case .photo(let format):
            self.error(
                .referenceNotPhoto, "`reference` file `\(displayPath)` is a \(format.rawValue) video; a reference is a photo", at: location, fix: fix)
        case .other(let what):
            self.error(.referenceNotPhoto, "`reference` file `\(displayPath)` is \(what), not a photo", at: location, fix: fix)
        }
        return false
    }

    private mutating func missing(_ key: String, path: String, displayPath: String, url: URL, at location: SourceLocation) {
        var fix = "paths are relative to the hunt file's folder; put `\(path)` there or correct the path"
        if let near = siblingSuggestion(for: url) { fix = "did you mean `\(near)`? (paths are relative to the hunt file's folder)" }
        error(.missingFile, "`\(key)` file `\(displayPath)` does not exist", at: location, fix: fix)
    }

    private func siblingSuggestion(for url: URL) -> String? {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return Suggestions.closest(to: url.lastPathComponent, in: names.sorted())
    }
}

/// The checked keys of one mapping, with where each key was written.
///
/// A few keys per mapping, so a list searched in order beats hashing (this runs for every task,
/// some 25 times); keys are compared by length first.
struct Fields {
    let node: YAMLNode
    /// The mapping's pairs, as written.
    private let pairs: [YAMLPair]
    /// The checked keys, each with its pair.
    private var entries: [(key: String, pair: Int)] = []
    init(node: YAMLNode, pairs: [YAMLPair]) {
        self.node = node
        self.pairs = pairs
        entries.reserveCapacity(pairs.count)
    }
    mutating func add(_ key: String, pair: Int) {
        entries.append((key, pair))
    }
    subscript(key: String) -> YAMLNode? { pair(key).map { pairs[$0].value } }
    /// Where `key` was written.
    func keyLocation(_ key: String) -> SourceLocation? { pair(key).map { pairs[$0].key.location } }
    /// The index of `key`'s pair.
    private func pair(_ key: String) -> Int? {
        let length = key.utf8.count
        return entries.first { $0.key.utf8.count == length && $0.key == key }?.pair
    }
    /// The value, unless it is written as nothing (`key:` alone).
    func present(_ key: String) -> YAMLNode? {
        guard let value = self[key], !value.isNull else { return nil }
        return value
    }
}
