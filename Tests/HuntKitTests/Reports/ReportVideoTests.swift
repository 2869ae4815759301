import Foundation
import Testing
@testable import HuntKit
@testable import HuntSheets

@Suite struct ReportVideoTests {
    typealias F = JudgingFixtures

    /// A judged hunt whose tower task asks for a video: one video (3.2 s), one Live Photo.
    static func results() -> JudgeResults {
        var hunt = F.hunt()
        hunt.tasks[0].evidence = .video
        var clip = JudgeVideoTests.video("c", near: F.tower, time: F.at(10, 30))
        clip.durationSeconds = 3.2
        var still = F.photo("s", near: F.bridge, time: F.at(11, 0))
        still.format = .heic
        return F.judge(
            [
                F.input("foxes/tower/clip.mp4", task: "tower", clip),
                F.input("foxes/bridge/IMG_7.HEIC", task: "bridge", still),
                F.input("foxes/bridge/IMG_7.MOV", task: "bridge", JudgeVideoTests.video("m", near: F.bridge, time: F.at(11, 0)))
            ], hunt: hunt)
    }

    static func text(_ format: ReportFormat) async throws -> String {
        let report = try Report(results())
        let documents = try await ReportWriter.render(report, format: format, photosFolder: nil)
        return String(decoding: documents[0].bytes, as: UTF8.self)
    }

    @Test func htmlShowsAVideoTileWithItsDurationAndTheTaskWantsAVideo() async throws {
        let html = try await Self.text(.html)
        #expect(html.contains(#"<span class="thumb ph video" title="a video">▶ video 0:04</span>"#))
        #expect(html.contains("video 0:04 · "))
        #expect(html.contains("<b>video only</b>"))
        #expect(html.contains("Live Photo (motion: foxes/bridge/IMG_7.MOV)"))
    }

    @Test func markdownSaysTheTaskWantsAVideo() async throws {
        let markdown = try await Self.text(.md)
        #expect(markdown.contains("video only"))
        #expect(markdown.contains("video 0:04"))
    }

    @Test(arguments: [(3.2, "video 0:04"), (59, "video 0:59"), (3725, "video 1:02:05"), (nil, "video")] as [(Double?, String)])
    func videoText(_ seconds: Double?, _ text: String) {
        var e = JudgeResults.Evidence()
        #expect(ReportText.video(e) == nil)
        e.media = .video
        e.durationS = seconds
        #expect(ReportText.video(e) == text)
    }

    @Test func sheetsSayWhatToSend() throws {
        var hunt = F.hunt()
        hunt.tasks[0].evidence = .video
        hunt.tasks[1].evidence = .photo
        let cards = try SheetDocument.cards(hunt)
        #expect(cards[0].details.first == "Send a video (a photo does not count)")
        #expect(cards[1].details.first == "Send a photo (a video does not count)")
        #expect(cards[2].details.allSatisfy { !$0.hasPrefix("Send a") })
    }
}
