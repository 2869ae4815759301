import Foundation
import Testing
@testable import HuntKit

/// `check_in: true` read from a hunt file, with `dwell`, and written back (its mistakes are
/// among `TaskQuestionReaderTests.bad`).
@Suite("Check-in tasks in the hunt file")
struct CheckInReaderTests {
    func load(_ tasks: String) -> HuntLoadResult {
        DefinitionTestSupport.load(DefinitionTestSupport.hunt(tasks: tasks, top: ""))
    }

    @Test("a check-in with a place, and one with a dwell, read; written back as read")
    func reads() throws {
        let result = load(
            """
              - { id: gate, title: Gate, at: "52.08840, 5.16860", check_in: true }
              - { id: lawn, title: Lawn, at: "52.08700, 5.17800", radius: 50 m, check_in: true, dwell: 10 min }
              - { id: photo, title: Photo, at: "52.08700, 5.17800", check_in: false }

            """)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        #expect(hunt.task("gate")?.checkIn == true && hunt.task("gate")?.dwell == nil)
        #expect(hunt.task("lawn")?.checkIn == true && hunt.task("lawn")?.dwell?.seconds == 600)
        #expect(hunt.task("photo")?.checkIn == false)
        let written = hunt.yaml()
        #expect(written.contains("check_in: true"))
        let again = try #require(DefinitionTestSupport.load(written).hunt)
        #expect(again.tasks.map(\.checkIn) == hunt.tasks.map(\.checkIn))
    }
}
