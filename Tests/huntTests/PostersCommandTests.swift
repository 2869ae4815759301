import Foundation
import HuntTestSupport
import Testing

/// `hunt sheets --posters` on Examples/orientation-day, as a marshal's organizer runs it: a page
/// per code task with its title and code, whose QR code opens `/code#<task>:<CODE>`; the codes of
/// `code: true` come from the players' secret (made the first time), the same ones `hunt judge`
/// then accepts; the players' sheets hold no code; the answer key lists them.
@Suite struct PostersCommandTests {
    static let example = SourceTree.root.appendingPathComponent("Examples/orientation-day")

    /// A copy of the example in a folder of its own (the secret is made beside its hunt file).
    func folder() throws -> URL {
        let url = Scratch.root.appendingPathComponent("hunt-posters-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.example, to: url)
        return url
    }

    func tool(_ name: String) -> URL? {
        let url = URL(fileURLWithPath: "/usr/bin/" + name)
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    }

    func text(_ pdf: URL) throws -> String {
        try HuntBinary.run(["-layout", pdf.path, "-"], executable: try #require(tool("pdftotext"), "poppler-utils (.ci/install-deps)")).stdout
    }

    @Test func postersCarryTitleCodeAndAQRCodeThatFillsItIn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try HuntBinary.run(["sheets", "hunt.yaml", "--posters", "--players-url", "https://hunt.example.org/"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("wrote posters.pdf: 2 posters of code tasks"), "\(run.stderr)")
        #expect(run.stderr.contains(".hunt-players-secret"), "says it made the secret: \(run.stderr)")
        let posters = dir.appendingPathComponent("posters.pdf")
        let text = try text(posters)
        let pages = text.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        #expect(pages.count == 2, "\(text)")
        #expect(pages.first?.contains("The sundial") == true && pages.last?.contains("The bike shed") == true, "\(text)")
        #expect(pages.last?.contains("REED-42") == true)
        #expect(text.contains("Type this code on your team's page"))
        #expect(!text.contains("Red Foxes") && !text.contains("Night Owls"), "a poster names no team")
        // The derived code: 3 + 3 characters of the alphabet, on the sundial's page.
        let sundial = try #require(pages.first)
        let words: [String] = sundial.split(whereSeparator: \.isWhitespace).map(String.init)
        let code: String = try #require(words.first { (word: String) -> Bool in word.count == 7 && Array(word)[3] == "-" })
        #expect(code.filter { $0 != "-" }.allSatisfy { "ACDEFGHJKMNPQRTUVWXY34679".contains($0) }, "\(code)")
        // The QR code, read from the page as a phone's camera would.
        let pdftoppm = try #require(tool("pdftoppm")), zbarimg = try #require(tool("zbarimg"), "zbar-tools (.ci/install-deps)")
        let png = dir.appendingPathComponent("poster")
        _ = try HuntBinary.run(["-png", "-r", "100", "-f", "1", "-l", "1", posters.path, png.path], executable: pdftoppm)
        let image = try #require(
            try FileManager.default.contentsOfDirectory(atPath: dir.path).first { $0.hasPrefix("poster-") && $0.hasSuffix(".png") })
        let scanned = try HuntBinary.run(["-q", "--raw", dir.appendingPathComponent(image).path], executable: zbarimg)
        #expect(
            scanned.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "https://hunt.example.org/code#sundial:\(code)", "\(scanned.stdout)")
        // The same secret, the same code: the judge accepts it typed in lower case without the dash.
        let answers = dir.appendingPathComponent("submissions/answers.jsonl")
        let line =
            #"{"answer": "\#(code.lowercased().replacingOccurrences(of: "-", with: ""))", "id": "h9", "task": "sundial", "team": "herons", "time": "2026-05-02T13:00:00+02:00"}"#
        let handle = try FileHandle(forWritingTo: answers)
        handle.seekToEndOfFile()
        handle.write(Data((line + "\n").utf8))
        try handle.close()
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--format", "json"], in: dir)
        #expect(judged.status == 0, "\(judged.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: judged.stdoutData) as? [String: Any])
        let submissions = try #require(json["submissions"] as? [[String: Any]])
        #expect(submissions.first { $0["path"] as? String == "answers.jsonl#h9" }?["verdict"] as? String == "accepted")
        #expect(!judged.stdout.contains(code), "the judge's output does not print the derived code")
        // Without --players-url: no QR code, said once.
        let plain = try HuntBinary.run(["sheets", "hunt.yaml", "--posters", "-o", "plain.pdf"], in: dir)
        #expect(plain.status == 0 && plain.stderr.components(separatedBy: "no QR code").count == 2, "\(plain.stderr)")
    }

    @Test func playersSheetsHoldNoCodeAndTheAnswerKeyListsThem() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let key = try HuntBinary.run(["sheets", "hunt.yaml", "--answer-key"], in: dir)
        #expect(key.status == 0, "\(key.stderr)")
        let keyText = try text(dir.appendingPathComponent("answer-key.pdf"))
        let codes = keyText.split(separator: "\n").filter { $0.hasPrefix("Code") }
        #expect(codes.count == 2, "\(keyText)")
        #expect(codes.contains { $0.contains("REED-42") })
        let derivedLine: Substring = try #require(codes.first { (line: Substring) -> Bool in !line.contains("REED-42") })
        let derived = String(derivedLine.split(whereSeparator: \.isWhitespace)[1])
        let sheets = try HuntBinary.run(["sheets", "hunt.yaml", "--players-url", "https://hunt.example.org"], in: dir)
        #expect(sheets.status == 0, "\(sheets.stderr)")
        let sheetsText = try text(dir.appendingPathComponent("sheets.pdf"))
        #expect(sheetsText.contains("The sundial"))
        #expect(sheetsText.contains("Find the code posted at this place"), "a code task's card says what to do")
        // The key's rows for what question tasks accept, none of which the players' sheets print.
        let accepted = ["“Minnaert”, “Marcel Minnaert”", "102 ± 5", "“Reeds” (correct)", "“Windmills”", "2 tries"]
        for row in accepted { #expect(keyText.contains(row), "\(row) missing from the answer key") }
        for secret in [derived, "REED-42", "REED42", "fourteen", "Marcel Minnaert", "Windmills", "102 ± 5", "Reeds"] {
            #expect(!sheetsText.contains(secret), "\(secret) on the players' sheets")
        }
    }

    @Test func postersAsAnHTMLPage() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try HuntBinary.run(["sheets", "hunt.yaml", "--posters", "--players-url", "https://hunt.example.org", "-o", "posters.html"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("posters.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "class=\"page poster\"").count == 3, "two poster pages")
        #expect(
            html.contains("REED-42") && html.contains("Type this code on your team&#39;s page") || html.contains("Type this code on your team's page")
        )
        #expect(html.contains("<svg"), "the QR codes")
        #expect(!html.contains("class=\"card\""), "no task cards")
    }

    @Test func postersNeedACodeTask() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let withTeam = try HuntBinary.run(["sheets", "hunt.yaml", "--posters", "--team", "foxes"], in: dir)
        #expect(withTeam.status == 2, "\(withTeam.stderr)")
        let none = try HuntBinary.run(
            ["sheets", SourceTree.root.appendingPathComponent("Examples/photo-scavenger-hunt/hunt.yaml").path, "--posters"], in: dir)
        #expect(none.status == 1 && none.stderr.contains("no code task"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("posters.pdf").path))
    }

    @Test func judgingWithoutTheSecretSaysWhatToDo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try HuntBinary.run(["judge", "hunt.yaml", "submissions"], in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(".hunt-players-secret is missing") && run.stderr.contains("hunt sheets --posters"), "\(run.stderr)")
        #expect(run.stdout.contains("code-unknown"), "\(run.stdout)")
    }

    /// `hunt simulate` types a derived code when the players' secret is there (the judge accepts
    /// it), and says it cannot when the secret is missing.
    @Test func simulateTypesDerivedCodesWithTheSecret() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let without = try HuntBinary.run(["simulate", "hunt.yaml", "--photos-per-team", "4", "--out", "before"], in: dir)
        #expect(without.status == 0 && without.stderr.contains("the codes of `sundial` (`code: true`) are not known"), "\(without.stderr)")
        #expect(try !String(contentsOf: dir.appendingPathComponent("before/submissions/answers.jsonl"), encoding: .utf8).contains("sundial"))
        #expect(try HuntBinary.run(["sheets", "hunt.yaml", "--posters"], in: dir).status == 0, "makes the secret")
        let with = try HuntBinary.run(["simulate", "hunt.yaml", "--photos-per-team", "4", "--out", "after"], in: dir)
        #expect(with.status == 0 && !with.stderr.contains("not known"), "\(with.stderr)")
        let judged = try HuntBinary.run(["judge", "hunt.yaml", "after/submissions", "--format", "json"], in: dir)
        let json = try #require(try JSONSerialization.jsonObject(with: judged.stdoutData) as? [String: Any])
        let sundial = (json["submissions"] as? [[String: Any]] ?? []).filter { $0["task"] as? String == "sundial" }
        #expect(!sundial.isEmpty && sundial.contains { $0["verdict"] as? String == "accepted" }, "\(sundial)")
        #expect(!sundial.contains { ($0["reasons"] as? [String])?.contains("code-unknown") == true })
    }
}
