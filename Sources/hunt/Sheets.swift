import ArgumentParser
import Foundation
import HuntKit
import HuntServe
import HuntSheets

extension HuntCommand {
    struct Sheets: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sheets",
            abstract: "Make print-ready task sheets: a PDF (or HTML page) per team, or the marshals' answer key.",
            discussion: """
                Players' sheets: for each team a cover (title, team, window, rules, scoring, rewards), \
                then one card per task (title, clue, points, a checkbox, the hint as `sheets: hints:` \
                says, a QR code of the place for point targets). The answer key lists positions, radii, \
                areas, places, hints, codes and reveal texts. --posters: one page per code task (`code:`) \
                for marshals to put up at its place; the codes of `code: true` derive from the players' \
                secret (.hunt-players-secret beside the hunt, made the first time).

                The look comes from a template folder (layout.yaml, sheets.html.mustache): the hunt's \
                `sheets: layout:`, or --template, else Templates/sheets/default. Copy it to change it.

                Examples:
                  hunt sheets hunt.yaml                          # sheets.pdf, every team
                  hunt sheets hunt.yaml --team foxes --out foxes.pdf
                  hunt sheets hunt.yaml --answer-key             # answer-key.pdf
                  hunt sheets hunt.yaml -o sheets.html --paper letter
                  hunt sheets hunt.yaml --template my-sheets/
                  hunt sheets hunt.yaml --players-url https://hunt.example.org  # QR codes
                  hunt sheets hunt.yaml --posters --players-url https://hunt.example.org

                Exit status: 0 written, 1 errors in the hunt or the template (nothing written), 2 usage error.
                """
        )

        @OptionGroup var hunt: HuntArgument

        // `--out` as every command that writes says it; `--output` kept for scripts written before.
        @Option(
            name: [.customShort("o"), .customLong("out"), .customLong("output")],
            help: ArgumentHelp(
                "Write to this file, atomically (its folder made if missing); `-` for standard output. (default: sheets.pdf, or answer-key.pdf with --answer-key)",
                valueName: "FILE"), completion: .file(extensions: ["pdf", "html"]))
        var output: String?

        @Option(
            help: ArgumentHelp(
                "Output format. (default: from the output's extension: .html is HTML, else PDF)",
                valueName: SheetFormat.allCases.map(\.rawValue).joined(separator: "|")))
        var format: SheetFormat?

        @Option(
            help: ArgumentHelp(
                "Only this team's sheets (its `id:` or name; case, accents and separators do not count). Default: one section per team.",
                valueName: "ID"))
        var team: String?

        @Flag(help: "The marshals' answer key instead of the players' sheets.")
        var answerKey = false

        @Flag(
            help: ArgumentHelp(
                "A poster per code task (`code:`) for marshals to put up at its place: its title, its code in large type, and with --players-url a QR code that fills the code in on the scanning team's page."
            ))
        var posters = false

        @Option(help: ArgumentHelp("Paper size, overriding `sheets: paper:`.", valueName: "a4|letter"))
        var paper: SheetSettings.Paper?

        @Option(
            help: ArgumentHelp(
                "A template folder, layout.yaml or .mustache file, or a name in Templates/sheets/; overrides `sheets: layout:`.",
                valueName: "PATH"), completion: .file())
        var template: String?

        @Option(
            name: .customLong("players-url"),
            help: ArgumentHelp(
                "Print on each team's cover a QR code of its page on `hunt serve --players` at this address (the one --players-url gives hunt serve).",
                valueName: "base"))
        var playersURL: String?

        @Option(
            name: .customLong("players-secret"),
            help: ArgumentHelp(
                "The secret the team URLs derive from, as `hunt serve --players-secret` (default: .hunt-players-secret beside the hunt; made if missing).",
                valueName: "file"), completion: .file())
        var playersSecret: String?

        @Option(
            help: ArgumentHelp(
                "The sheets' language (the players' sheets, the answer key, the posters): a code the hunt offers (`languages:`) or any HuntKit has a catalog for (default: the hunt's `language:`).",
                valueName: "code"))
        var language: String?

        var options: SheetOptions {
            var options = SheetOptions(teamID: team, answerKey: answerKey, paper: paper, language: language)
            options.posters = posters
            return options
        }

        func validate() throws {
            if playersSecret != nil, playersURL == nil, !posters, !answerKey {
                throw ValidationError("--players-secret goes with --players-url, --posters or --answer-key")
            }
            if let base = playersURL, !(base.hasPrefix("https://") || base.hasPrefix("http://")) {
                throw ValidationError("--players-url takes the address the phones open, e.g. `https://hunt.example.org`, not `\(base)`")
            }
            if let language, PlayerCatalog.url(of: language) == nil {
                throw ValidationError(
                    "--language \(language): HuntKit has no catalog for it; use one of \(PlayerCatalog.languages.joined(separator: ", "))")
            }
            if let problem = HuntSheets.problem(output: output, format: format, options: options, huntPath: hunt.path) {
                throw ValidationError(problem)
            }
        }

        mutating func run() async throws {
            let destination = output ?? (posters ? "posters.pdf" : answerKey ? "answer-key.pdf" : "sheets.pdf")
            var (huntValue, warnings) = try hunt.loadOrExit()
            Console.diagnostics(warnings)
            let bytes: [UInt8], templateFiles: [URL]
            var options = self.options
            if posters, !huntValue.tasks.contains(where: { $0.question?.code != nil }) {
                throw Console.failure("hunt sheets: error: \(hunt.path) has no code task to make a poster of: give a task `code: true` and a place\n")
            }
            // The posters and the answer key print the codes that derive from the players' secret.
            let derives = (posters || answerKey) && huntValue.hasDerivedCodes
            if playersURL != nil || derives {
                do {
                    let path = playersSecret ?? PlayerTokens.defaultSecretPath(huntPath: hunt.path)
                    let (secret, made) = try PlayerTokens.secretMade(at: path)
                    if made {
                        Console.error(
                            "hunt sheets: made \(path): the team URLs and the codes on the posters derive from it; keep it private, keep it for "
                                + "`hunt serve --players` and `hunt judge` (a new one changes every URL and code)\n")
                    }
                    if derives { huntValue = PlayerCodes.deriving(huntValue, secret: secret) }
                    if let base = playersURL {
                        let tokens = PlayerTokens(secret: secret, teams: huntValue.teams.map(\.id))
                        options.teamURLs = Dictionary(uniqueKeysWithValues: huntValue.teams.map { ($0.id, tokens.url(base: base, team: $0.id)) })
                    }
                } catch { throw Console.failure(error.description + "\n") }
            }
            if posters {
                options.playersURL = playersURL
                if playersURL == nil {
                    Console.error(
                        "hunt sheets: note: the posters have no QR code; add --players-url (the address of `hunt serve --players`) for one that fills the code in on the team's page\n"
                    )
                }
            }
            do throws(DiagnosticError) {
                options.teamID = try team.map { typed throws(DiagnosticError) in try huntValue.teamID(for: typed) }
                let chosen = try HuntSheets.template(for: huntValue, reference: template)
                bytes = try HuntSheets.make(huntValue, options: options, format: format ?? SheetFormat(path: destination), template: chosen)
                templateFiles = chosen.files
            } catch { throw Console.failure(error.diagnostics) }
            guard destination != "-" else { return Console.write(bytes) }
            if let failed = OutputFile.write(bytes, to: destination, inputs: hunt.files(of: huntValue) + templateFiles) {
                throw Console.failure([failed])
            }
            Console.error("wrote \(destination): \(HuntSheets.summary(huntValue, options: options))\n")
        }
    }
}
