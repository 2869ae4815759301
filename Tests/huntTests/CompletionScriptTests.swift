import Foundation
import Testing

/// The shell completions `make install` installs complete the files and folders each argument
/// takes: bash's completion function is run as bash runs it on <TAB>.
@Suite struct CompletionScriptTests {
    /// A folder as an organizer has it on the day.
    func workspace() throws -> URL {
        let folder = try HuntBinary.temporaryDirectory("hunt-completion")
        for file in ["hunt.yaml", "hunt-old.yml", "hunt-notes.txt", "reviews.yaml", "results.json", "report.html", "manifest.csv"] {
            try Data().write(to: folder.appendingPathComponent(file))
        }
        for dir in ["hunts", "submissions", "results-2026"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        return folder
    }

    /// The candidates bash offers for the last word of `line` (which ends where <TAB> is pressed).
    func complete(_ line: String, in folder: URL) throws -> [String] {
        let script = try HuntBinary.run(["--generate-completion-script", "bash"], in: folder)
        try #require(script.status == 0, "\(script.stderr)")
        let scriptFile = folder.appendingPathComponent(".hunt-completion.bash")
        try Data(script.stdout.utf8).write(to: scriptFile)
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let driver = """
            shopt -s extglob
            source .hunt-completion.bash
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _hunt hunt '\(words.last ?? "")' '\(words.count > 1 ? words[words.count - 2] : "")'
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = try HuntBinary.run(["--norc", "-c", driver], in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
        return bash.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test(arguments: [
        ("hunt validate hu", ["hunt-old.yml", "hunt.yaml", "hunts"]),
        ("hunt judge hunt.yaml su", ["submissions"]),
        ("hunt judge hunt.yaml submissions --reviews re", ["results-2026", "reviews.yaml"]),
        ("hunt judge hunt.yaml submissions --out re", ["results-2026"]),
        ("hunt judge hunt.yaml submissions --manifest ma", ["manifest.csv"]),
        ("hunt report re", ["results-2026", "results.json"]),
        ("hunt report results.json --out re", ["report.html", "results-2026", "results.json"]),
        ("hunt serve hu", ["hunt-old.yml", "hunt.yaml", "hunts"]),
        ("hunt sheets hunt.yaml --out re", ["report.html", "results-2026"]),
        ("hunt simulate hunt.yaml --out re", ["results-2026"]),
        ("hunt where --hunt hu", ["hunt-old.yml", "hunt.yaml", "hunts"])
    ])
    func bashCompletesFilesAndFolders(line: String, expected: [String]) throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try complete(line, in: folder) == expected, "\(line)")
    }

    @Test func zshAndFishScriptsNameTheSameFiles() throws {
        let folder = try workspace()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zsh = try HuntBinary.run(["--generate-completion-script", "zsh"], in: folder).stdout
        #expect(zsh.contains("*.yaml *.yml"))
        #expect(zsh.contains("_files -/"))
        let fish = try HuntBinary.run(["--generate-completion-script", "fish"], in: folder).stdout
        #expect(fish.contains("__fish_complete_directories"))
        #expect(fish.contains("yaml"))
    }
}
