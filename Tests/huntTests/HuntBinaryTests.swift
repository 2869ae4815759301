import Foundation
import Testing

@Suite struct HuntBinaryTests {
    @Test func findsAndRunsTheBinary() throws {
        let result = try HuntBinary.run(["--version"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let result = try HuntBinary.run(["no-such-command"])
        #expect(result.status == 2)
        #expect(!result.stderr.isEmpty)
    }
}
