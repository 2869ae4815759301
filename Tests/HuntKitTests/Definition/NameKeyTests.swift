import Foundation
import Testing
@testable import HuntKit

/// Folders, manifest cells and `--team` name teams and tasks without regard to case, accents or
/// separators (issue 22, item 3): one key, one lookup.
@Suite struct NameKeyTests {
    static let decomposedÉ = "E\u{301}"

    @Test(arguments: [
        ("Red Foxes", "red-foxes"), ("RED_FOXES", "red foxes"), ("red.foxes", "RedFoxes"),
        ("Équipe Rouge", "equipe-rouge"), ("ÉQUIPE_ROUGE", "équipe rouge"), (decomposedÉ + "QUIPE_ROUGE", "Équipe Rouge"),
        // A folder listed with its NFD bytes escaped (PathText) keys as the name it stands for.
        ("E\\xCC\\x81quipe rouge", "equipe-rouge"),
        ("Obelisco", "obelisco"), ("Café Noir", "CAFE-NOIR")
    ])
    func spellingsOfOneNameHaveOneKey(a: String, b: String) {
        #expect(NameKey(a) == NameKey(b))
    }

    @Test func differentNamesHaveDifferentKeys() {
        #expect(NameKey("foxes") != NameKey("foxes2"))
        #expect(NameKey("owls") != NameKey("owl"))
    }

    static let teams = [
        Team(id: "foxes", name: "Red Foxes", location: SourceLocation(file: "h.yaml")),
        Team(id: "rouge", name: "Équipe Rouge", location: SourceLocation(file: "h.yaml")),
        Team(id: "reds", name: "Foxes", location: SourceLocation(file: "h.yaml"))
    ]
    static let hunt = Hunt(
        id: "h", title: "H", teams: teams,
        tasks: [HuntTask(id: "obelisco", title: "El Obelisco", location: SourceLocation(file: "h.yaml"))],
        source: SourceLocation(file: "h.yaml"))

    @Test(arguments: ["Red Foxes", "red-foxes", "RED_FOXES", "foxes"])
    func aTeamIsFoundByIdOrName(typed: String) {
        #expect(Self.hunt.team(named: typed).value?.id == "foxes")
    }

    @Test(arguments: ["ÉQUIPE_ROUGE", decomposedÉ + "quipe Rouge", "equipe-rouge", "Rouge"])
    func accentsAndTheirFormsDoNotCount(typed: String) {
        #expect(Self.hunt.team(named: typed).value?.id == "rouge")
    }

    /// `foxes` is one team's id and, folded, another's name: the exact id wins; `Foxes` names both.
    @Test func aNameOfTwoTeamsIsAmbiguousAndNamesBoth() throws {
        #expect(Self.hunt.team(named: "foxes").value?.id == "foxes")
        guard case .ambiguous(let a, let b) = Self.hunt.team(named: "FOXES") else { Issue.record("not ambiguous"); return }
        #expect([a.id, b.id] == ["foxes", "reds"])
        #expect(throws: DiagnosticError.self) { try Self.hunt.teamID(for: "FOXES") }
        do { _ = try Self.hunt.teamID(for: "FOXES") } catch {
            #expect(error.diagnostics[0].message.contains("`foxes`") && error.diagnostics[0].message.contains("`reds`"))
        }
    }

    /// Three entries with one key are one group, in order; a name spelt like its own id is one key.
    @Test func alikeGroupsHoldEveryEntryOfAKey() {
        let lookup = NameLookup([("a-b", ["A B"], 1), ("c", [], 2), ("ab", [], 3), ("A_B", ["x"], 4), ("d", ["c"], 5)])
        let alike = lookup.alike
        #expect(alike.map(\.key.text) == ["ab", "c"])
        #expect(alike.map(\.values) == [[1, 3, 4], [2, 5]])
        guard case .ambiguous(let first, let second) = lookup.find("AB") else { Issue.record("not ambiguous"); return }
        #expect(first == 1 && second == 3)
        #expect(lookup.find("x").value == 4)
        #expect(lookup.find("zz").value == nil)
    }

    @Test func aTaskFolderIsFoundWhateverItsCase() {
        #expect(Self.hunt.task(named: "Obelisco").value?.id == "obelisco")
        #expect(Self.hunt.task(named: "EL_OBELISCO").value == nil)  // tasks match by id only
    }
}
