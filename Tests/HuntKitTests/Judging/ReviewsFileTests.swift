import Foundation
import HuntTestSupport
@testable import HuntKit
import Testing

@Suite struct ReviewsFileTests {
    let entry = Reviews.Review(decision: .reject, note: "blurry", by: "Ann", at: "2026-05-02T12:00:00Z")

    @Test func replacesAnEntryKeepingCommentsAndOrder() throws {
        let text = "# top\na.jpg:\n  decision: accept\n  # why: looked fine\n  by: Bo\n\n# next one\nb.jpg: {decision: reject}\n"
        let edited = try ReviewsFileEdit(text, displayPath: "r.yaml").applying([("a.jpg", entry)])
        #expect(
            edited
                == "# top\n  # why: looked fine\n\"a.jpg\":\n  decision: reject\n  note: \"blurry\"\n  by: \"Ann\"\n  at: \"2026-05-02T12:00:00Z\"\n\n# next one\nb.jpg: {decision: reject}\n"
        )
    }

    @Test func appendsANewEntryAndRemovesOne() throws {
        let text = "a.jpg:\n  decision: accept\n"
        let added = try ReviewsFileEdit(text, displayPath: "r.yaml").applying([("b c.jpg", entry)])
        #expect(added.hasPrefix(text + "\"b c.jpg\":\n  decision: reject\n"))
        #expect(try ReviewsFileEdit(added, displayPath: "r.yaml").applying([("b c.jpg", nil)]) == text)
        #expect(try ReviewsFileEdit("", displayPath: "r.yaml").applying([("a.jpg", nil)]) == "")
    }

    @Test func manyChangesInOneEditEachLandOnce() throws {
        let text = "a.jpg:\n  decision: accept\n# keep\nb.jpg:\n  decision: accept\nc.jpg:\n  decision: reject\n"
        let accept = Reviews.Review(decision: .accept, by: "Cy")
        let edited = try ReviewsFileEdit(text, displayPath: "r.yaml").applying([
            ("c.jpg", entry), ("new.jpg", accept), ("a.jpg", nil), ("b.jpg", entry), ("c.jpg", accept)
        ])
        var stepwise = text
        for (path, change) in [("b.jpg", entry), ("a.jpg", nil), ("new.jpg", accept), ("c.jpg", accept)] as [ReviewsFile.Change] {
            stepwise = try ReviewsFileEdit(stepwise, displayPath: "r.yaml").applying([(path, change)])
        }
        #expect(
            edited
                == "# keep\n\"b.jpg\":\n  decision: reject\n  note: \"blurry\"\n  by: \"Ann\"\n  at: \"2026-05-02T12:00:00Z\"\n\"c.jpg\":\n  decision: accept\n  by: \"Cy\"\n\"new.jpg\":\n  decision: accept\n  by: \"Cy\"\n"
        )
        #expect(edited == stepwise)
    }

    @Test(arguments: ["a \"quoted\" \\ note", "line\nbreak", "\u{1B}[2J escape", "tab\there", "\u{2028}sep", "ünïcødé 📷"])
    func anyNoteReadsBackAsWritten(note: String) throws {
        let written = try ReviewsFileEdit("", displayPath: "r.yaml").applying([
            ("x/\(note).jpg", Reviews.Review(decision: .accept, note: note, by: note))
        ])
        let root = try #require(try YAMLParser().parse(Array(written.utf8), displayPath: "r.yaml"))
        let reviews = try Reviews.parse(root, displayPath: "r.yaml")
        #expect(reviews.entries.values.first?.note == note)
        #expect(reviews.entries.values.first?.by == note)
    }

    @Test func refusesFilesItCannotEditByLines() {
        #expect(throws: ReviewsFileEdit.Refused.self) {
            try ReviewsFileEdit("{a.jpg: {decision: accept}}\n", displayPath: "r.yaml").applying([("a.jpg", entry)])
        }
        #expect(throws: DiagnosticError.self) { try ReviewsFileEdit("a.jpg: [\n", displayPath: "r.yaml").applying([("a.jpg", entry)]) }
        #expect(throws: ReviewsFileEdit.Refused.self) { try ReviewsFileEdit("- a\n- b\n", displayPath: "r.yaml").applying([("a.jpg", entry)]) }
    }

    @Test func anEntryIsWrittenWithTheKeysTheReaderTakes() throws {
        let full = Reviews.Review(decision: .accept, note: "n", by: "b", task: "t", at: "a")
        let lines = ReviewsFileEdit.lines(for: "p.jpg", full)
        #expect(lines.dropFirst().map { String($0.drop { $0 == " " }.prefix { $0 != ":" }) } == Reviews.keys)
        let root = try #require(try YAMLParser().parse(Array((lines.joined(separator: "\n") + "\n").utf8), displayPath: "r.yaml"))
        #expect(try Reviews.parse(root, displayPath: "r.yaml").entries["p.jpg"] == full)
    }

    @Test func aJudgesDecisionIsCheckedOnceInHuntKit() throws {
        let hunt = try #require(
            HuntLoader().load(
                Array("hunt: H\ntasks:\n  - { id: tower, title: Tower, at: '52.1, 5.1' }\n".utf8), displayPath: "h.yaml",
                baseURL: URL(fileURLWithPath: "/tmp")
            ).hunt)
        let review = try Reviews.Review(deciding: "ACCEPT", note: "", by: "  Ann ", task: "tower", at: "now", hunt: hunt)
        #expect(review == Reviews.Review(decision: .accept, by: "Ann", task: "tower", at: "now"))
        let cases: [(String, String?, String?, ReviewsFile.Refused.Reason)] = [
            ("maybe", "Ann", nil, .invalid), ("accept", nil, nil, .invalid), ("accept", "Ann", "nosuch", .invalid),
            ("accept", String(repeating: "b", count: Reviews.maximumNameCharacters + 1), nil, .tooLong)
        ]
        for (word, by, task, reason) in cases {
            #expect { try Reviews.Review(deciding: word, note: nil, by: by, task: task, at: "now", hunt: hunt) } throws: {
                ($0 as? ReviewsFile.Refused)?.reason == reason
            }
        }
    }

    @Test func anEditOfItsOwnEntriesIsKnownWithoutParsingAndAgreesWithAParse() throws {
        var file = try ReviewsFileEdit(
            "# the organizer's\nx/kept.jpg: accept\nx/note.jpg:\n  decision: reject\n  note: |\n    # not a comment\n\n# after\n",
            displayPath: "r.yaml")
        var seed: UInt64 = 42
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var known = 0
        for step in 0..<300 {
            let changes: [ReviewsFile.Change] = (0...next(3) / 2).map { _ in
                let path = ["x/kept.jpg", "x/note.jpg", "a/\(next(9)).jpg", "b c/\(next(9)) ü.jpg"][next(4)]
                let review =
                    next(5) == 0
                    ? nil
                    : Reviews.Review(
                        decision: next(2) == 0 ? .accept : .reject, note: next(2) == 0 ? nil : "#\(step) \"q\"", by: "J\(next(4))",
                        at: "2026-05-02T12:00:\(step % 60)Z")
                return (path: path, review: review)
            }
            let (bytes, derived) = try file.edited(changes)
            let parsed = try ReviewsFileEdit(bytes, displayPath: "r.yaml")
            if let derived {
                known += 1
                #expect(derived.bytes == bytes)
                #expect(try derived.reviews().entries == parsed.reviews().entries)
                #expect(try derived.reviews().locations == parsed.reviews().locations)
            }
            file = derived ?? parsed
        }
        #expect(known > 200, "most edits are of entries written here")
        #expect(String(decoding: file.bytes, as: UTF8.self).hasPrefix("# the organizer's\n"))
    }

    @Test func anEditIsCheckedBeforeAnythingIsWritten() throws {
        let folder = Scratch.root.appendingPathComponent("reviews-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("reviews.yaml").path
        let file = ReviewsFile(path: path)
        #expect(try file.read().entries.isEmpty)
        let edit = try file.edit([("a.jpg", entry)], checkedAgainst: nil)
        #expect(edit.before.entries.isEmpty && edit.after.entries["a.jpg"] == entry)
        #expect(!FileManager.default.fileExists(atPath: path), "an edit writes nothing until it is written")
        try file.write(edit, inputs: [])
        #expect(try file.read().entries == ["a.jpg": entry])
        try "{a.jpg: {decision: accept}}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try file.edit([("a.jpg", entry)], checkedAgainst: nil) } throws: { ($0 as? ReviewsFile.Refused)?.reason == .fileHasProblems }
    }
}
