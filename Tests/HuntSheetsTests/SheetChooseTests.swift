import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

/// Sheets of `choose` tasks: the group's card says "any 3 of these 5" and names them, its
/// tasks' cards say which group they count towards, and the answer key says it all.
@Suite struct SheetChooseTests {
    static func hunt() throws -> Hunt {
        let yaml = """
            hunt: Any three
            tasks:
              - { id: sights, title: Three sights, choose: 3, tasks: [a, b, c, d, e], points: 30 }
              - { id: a, title: Plaza, at: [-34.6083, -58.3712] }
              - { id: b, title: Obelisco, at: [-34.6037, -58.3816] }
              - { id: c, title: Congreso, at: [-34.6098, -58.3926] }
              - { id: d, title: Colón, at: [-34.6010, -58.3831] }
              - { id: e, title: Puente, at: [-34.6083, -58.3642] }
              - { id: f, title: Alone, at: [-34.5880, -58.3933] }
            """
        return try HuntLoader().load(Array(yaml.utf8), displayPath: "hunt.yaml", baseURL: URL(fileURLWithPath: "/nonexistent")).get()
    }

    @Test func theGroupsCardSaysAnyThreeOfTheseFive() throws {
        let document = try SheetDocument(hunt: try Self.hunt(), options: SheetOptions())
        let cards = document.sections[0].cards
        #expect(cards[0].details.first == "Any 3 of these 5: Plaza, Obelisco, Congreso, Colón, Puente")
        #expect(cards[0].points == 30 && cards[0].qr == nil)
        #expect(cards[1].details == ["Counts towards “Three sights”: any 3 of these 5 score 30 points together"])
        #expect(cards[1].points == 0 && cards[1].pointsLabel == "in task 1" && cards[0].pointsLabel == "30 pts")
        #expect(cards[6].details.isEmpty)
        #expect(document.sections[0].cover.totalPoints == 40)
        #expect(document.sections[0].cover.scoring.contains { $0.contains("any 3 of these 5") })
        #expect(cards[0].details.contains("Counts once, when 3 of them are done; each has its own card"))
    }

    @Test func theGroupsLinesAreInTheSheetsLanguage() throws {
        let cards = try SheetDocument(hunt: try Self.hunt(), options: SheetOptions(language: "es")).sections[0].cards
        #expect(cards[0].details.first == "3 cualesquiera de estas 5: Plaza, Obelisco, Congreso, Colón, Puente")
        #expect(cards[0].details.contains("Cuenta una vez, cuando hayan hecho 3; cada una tiene su tarjeta"))
        #expect(cards[1].details == ["Cuenta para «Three sights»: 3 cualesquiera de estas 5 suman 30 puntos juntas"])
    }

    @Test
    func thePDFAndTheAnswerKeySayIt() throws {
        try PDFTools.requireReadBack()
        let hunt = try Self.hunt()
        let players = try PDFSheetRenderer(layout: .standard).renderWithPageMap(try SheetDocument(hunt: hunt, options: SheetOptions())).bytes
        let text = try PDFTools.text(players).replacingOccurrences(of: "\n", with: " ")
        #expect(text.contains("Any 3 of these 5: Plaza, Obelisco, Congreso, Colón, Puente"))
        let key = try PDFSheetRenderer(layout: .standard).renderWithPageMap(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true)))
            .bytes
        let keyText = try PDFTools.text(key)
        #expect(keyText.contains("any 3 of these 5: Plaza"))
        #expect(keyText.contains("30 points, once, when any 3 of its tasks are done"))
        #expect(!keyText.contains("anywhere (judged by hand)"))
    }

    /// Issue 38: "14 tasks" on the cover counted a group's members, which score only through it.
    @Test("the cover counts a group once and its members not at all")
    func taskCountIsScoringTasks() throws {
        let document = try SheetDocument(hunt: try Self.hunt(), options: SheetOptions())
        #expect(document.sections[0].cover.taskCount == 2)
        #expect(document.sections[0].cover.scoring.contains { $0.hasPrefix("2 tasks, 40 points in all") })
    }

    /// Issue 38: the printed card and the answer key did not say a task must be live.
    @Test("a live task's card and its answer-key entry say only the page's camera counts")
    func liveTasks() throws {
        var hunt = try Self.hunt()
        hunt.tasks[6].live = true
        let card = try SheetDocument(hunt: hunt, options: SheetOptions()).sections[0].cards[6]
        #expect(card.details.contains { $0.hasPrefix("Live: take the photo with “Take a photo” on your team's page and send it within 5 min") })
        let key = try #require(try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true)).answerKey)
        let facts = key.entries[6].facts
        #expect(facts.contains { $0.label == "Live" && $0.value.contains("not-live") })
        #expect(!(try SheetDocument(hunt: hunt, options: SheetOptions()).sections[0].cards[5].details.contains { $0.hasPrefix("Live") }))
    }

    /// Issue 38: a card cut out of a team's sheets lost the team's name.
    @Test(.enabled(if: PDFTools.canReadBack, "needs poppler-utils (.ci/install-deps)"))
    func everyCardNamesItsTeam() throws {
        var hunt = try Self.hunt()
        hunt.teams = [Team(id: "foxes", name: "Red Foxes", location: hunt.source), Team(id: "owls", name: "Night Owls", location: hunt.source)]
        let pdf = try PDFSheetRenderer(layout: .standard).renderWithPageMap(try SheetDocument(hunt: hunt, options: SheetOptions())).bytes
        let lines = try PDFTools.text(pdf).uppercased().split(separator: "\n")
        // Each team's seven cards, in each card's top line ("TASK 3 · RED FOXES").
        #expect(lines.count(where: { $0.contains("TASK ") && $0.contains("RED FOXES") }) == 7)
        #expect(lines.count(where: { $0.contains("TASK ") && $0.contains("NIGHT OWLS") }) == 7)
    }
}
