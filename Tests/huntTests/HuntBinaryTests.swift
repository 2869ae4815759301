import Foundation
import Testing
import HuntTestSupport

@Suite struct HuntBinaryTests {
    @Test func findsAndRunsTheBinary() throws {
        let result = try HuntBinary.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        // The version the command declares, as MAJOR.MINOR.PATCH and nothing else.
        let source = try String(contentsOf: SourceTree.root.appendingPathComponent("Sources/hunt/HuntCommand.swift"), encoding: .utf8)
        let declared = try #require(source.firstMatch(of: /version: "(\d+\.\d+\.\d+)"/)?.1)
        #expect(result.stdout == "\(declared)\n")
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try HuntBinary.run(["no-such-command"])
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }
}
