import Foundation
@testable import HuntKit
@testable import HuntServe
import Testing

@Suite struct OutFolderWriterTests {
    @Test func aFailedWriteIsToldAndTheNextChangeTriesAgain() async throws {
        let fixture = try await ServeFixture()
        defer { fixture.remove() }
        let results = try #require(await fixture.session.results)
        // `out` is a file, not a folder: nothing can be written into it.
        let out = fixture.folder.appendingPathComponent("out").path
        try "not a folder".write(toFile: out, atomically: true, encoding: .utf8)
        let writer = OutFolderWriter(out: out, formats: [], submissions: fixture.submissions)
        await writer.submit(results, generation: 1, inputs: [])
        await writer.idle()
        #expect(await writer.count == 1)
        #expect(await writer.lastError?.contains("was not updated") == true)
        // A judgement no newer than one taken is passed over.
        await writer.submit(results, generation: 1, inputs: [])
        await writer.idle()
        #expect(await writer.count == 1)
        try FileManager.default.removeItem(atPath: out)
        await writer.submit(results, generation: 2, inputs: [])
        await writer.idle()
        #expect(await writer.count == 2)
        #expect(await writer.lastError == nil)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent("results.json"))) == results.json)
    }
}
