import Foundation

/// The one rule for matching a name a person typed — a team or task folder, a manifest cell, a
/// `--team` option — against the hunt's ids and team names: without regard to case, accents
/// (composed or decomposed, NFC or NFD) or separators (space, `-`, `_`, `.`). `Red Foxes`,
/// `red-foxes`, `RED_FOXES` and `redfoxes` have one key; so do `Équipe Rouge`, `ÉQUIPE_ROUGE`
/// and `equipe-rouge` with a decomposed `é`.
package struct NameKey: Hashable, Sendable, CustomStringConvertible {
    /// The folded name: lowercased, accents and separators removed, NFC; equal texts mean the same name.
    public let text: String

    /// The key of a name as written (a folder name, a manifest cell, an option value); escaped folder names are unescaped first.
    public init(_ written: String) {
        // A folder name in NFD (as macOS writes `é`) is listed with its bytes escaped (`PathText`).
        var name = written
        if written.utf8.contains(UInt8(ascii: "\\")), let bytes = PathText.unescape(written) { name = String(decoding: bytes, as: UTF8.self) }
        // Almost every folder is ASCII: fold it without Foundation (a judge asks for each file name).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            text = String(unsafeUninitializedCapacity: name.utf8.count) { buffer in
                var count = 0
                for b in name.utf8 where !Self.isSeparator(b) {
                    buffer[count] = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                    count += 1
                }
                return count
            }
            return
        }
        let folded = name.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var scalars = String.UnicodeScalarView()
        for s in folded.decomposedStringWithCanonicalMapping.unicodeScalars
        where !(s.isASCII && Self.isSeparator(UInt8(s.value))) && !s.properties.isWhitespace && s.properties.generalCategory != .nonspacingMark {
            scalars.append(s)
        }
        text = String(scalars).precomposedStringWithCanonicalMapping
    }

    static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == 0x09
    }

    public var description: String { text }
}

/// What a typed name matched.
package enum NameMatch<Value: Sendable>: Sendable {
    /// Exactly one entry matches.
    case found(Value)
    /// No id or name matches.
    case notFound
    /// The name matches two (or more) of them: the first two, in the hunt's order.
    case ambiguous(Value, Value)

    /// The matched value when exactly one matched; nil for none or several.
    public var value: Value? { if case .found(let v) = self { v } else { nil } }
}

/// Ids and names prepared once for matching typed names by `NameKey`: an exact id first, else
/// every entry whose id or name has the typed name's key.
package struct NameLookup<Value: Sendable>: Sendable {
    private let values: [Value]
    private let exact: [String: Int]
    /// The first entry with each key.
    private let byKey: [NameKey: Int]
    /// The entries after the first of each key that two or more have, in order: almost every
    /// key names one entry, and an array for each of 10,000 task ids would be most of the cost.
    private let sharing: [NameKey: [Int]]

    /// `entries` in the hunt's order; `names` are further spellings that match (a team's name).
    public init(_ entries: [(id: String, names: [String], value: Value)]) {
        values = entries.map(\.value)
        var exact: [String: Int] = [:], byKey: [NameKey: Int] = [:], sharing: [NameKey: [Int]] = [:]
        exact.reserveCapacity(entries.count)
        byKey.reserveCapacity(entries.count)
        func add(_ key: NameKey, _ i: Int) {
            guard !key.text.isEmpty else { return }
            if byKey[key] == nil { byKey[key] = i } else { sharing[key, default: []].append(i) }
        }
        for (i, entry) in entries.enumerated() {
            if exact[entry.id] == nil { exact[entry.id] = i }
            // Each of the entry's keys once: a name spelt like its id (or like an earlier name) adds nothing.
            let idKey = NameKey(entry.id)
            add(idKey, i)
            for (n, name) in entry.names.enumerated() {
                let key = NameKey(name)
                if key != idKey && !entry.names[..<n].contains(where: { NameKey($0) == key }) { add(key, i) }
            }
        }
        self.exact = exact
        self.byKey = byKey
        self.sharing = sharing
    }

    /// The entry `typed` names: an exact id first, else the entries whose id or name has its key.
    public func find(_ typed: String) -> NameMatch<Value> {
        if let i = exact[typed] { return .found(values[i]) }
        let key = NameKey(typed)
        guard let first = byKey[key] else { return .notFound }
        guard let second = sharing[key]?.first else { return .found(values[first]) }
        return .ambiguous(values[first], values[second])
    }

    /// Groups of two or more entries that one key matches, each with the key: names that cannot
    /// tell entries apart when typed without regard to case, accents or separators.
    public var alike: [(key: NameKey, values: [Value])] {
        sharing.map { (key: $0.key, indices: [byKey[$0.key]!] + $0.value) }
            .sorted { $0.indices[0] != $1.indices[0] ? $0.indices[0] < $1.indices[0] : $0.key.text < $1.key.text }
            .map { ($0.key, $0.indices.map { values[$0] }) }
    }
}

extension Hunt {
    /// The teams, matched by id and by name.
    package var teamLookup: NameLookup<Team> { NameLookup(teams.map { ($0.id, [$0.name], $0) }) }
    /// The tasks, matched by id.
    package var taskLookup: NameLookup<HuntTask> { NameLookup(tasks.map { ($0.id, [], $0) }) }

    /// The team a typed name (a folder, a `--team` option, a manifest cell) names; see `NameKey`.
    package func team(named typed: String) -> NameMatch<Team> { teamLookup.find(typed) }
    /// The task a typed name (a folder, a manifest cell, a reviewer's `task:`) names; see `NameKey`.
    package func task(named typed: String) -> NameMatch<HuntTask> { taskLookup.find(typed) }
}

extension Hunt {
    /// The id of the team `typed` names (by id or name, see `NameKey`); an error
    /// located at the hunt file when it names none, or two.
    public func teamID(for typed: String) throws(DiagnosticError) -> String {
        switch team(named: typed) {
        case .found(let team): return team.id
        case .ambiguous(let a, let b):
            throw DiagnosticError(
                .error(
                    "ambiguous-team", "`\(typed)` matches both team `\(a.id)` (\(a.name)) and team `\(b.id)` (\(b.name))",
                    at: source, fix: "give the id of one: `\(a.id)` or `\(b.id)`"))
        case .notFound:
            let known = teams.map(\.id).sorted()
            throw DiagnosticError(
                .error(
                    "unknown-team", "no team `\(typed)` in \(source.file)", at: source,
                    fix: known.isEmpty ? "the hunt has no `teams:`, so no team can be named" : "use one of: \(known.joined(separator: ", "))"))
        }
    }
}
