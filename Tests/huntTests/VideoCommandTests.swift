import Foundation
import HuntTestSupport
import Testing

/// Videos through `hunt exif` and `hunt judge`, as a user runs them.
@Suite struct VideoCommandTests {
    static let videos = SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/videos")

    @Test func exifListsVideosWithTheirFormatPositionAndTime() throws {
        let result = try HuntBinary.run(["exif", "--format", "json", "."], in: Self.videos)
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: rows.map { ($0["path"] as! String, $0) })
        let apple = try #require(byPath["./apple-keys-made-with-ffmpeg.mov"])
        #expect(apple["format"] as? String == "MOV")
        #expect(apple["media"] as? String == "video")
        #expect(apple["latitude"] as? Double == 52.0907 && apple["longitude"] as? Double == 5.1213)
        #expect(apple["captured_at"] as? String == "2026-05-02T12:15:30" && apple["offset"] as? String == "+02:00")
        #expect(apple["accuracy_m"] as? Double == 14.99)
        #expect(apple["content_identifier"] as? String == "7D2C1B6A-3F4E-4C1D-9A55-0B1E2F3A4B5C")
        let android = try #require(byPath["./udta-xyz-made-with-ffmpeg.mov"])
        #expect(android["latitude"] as? Double == -33.8688 && android["make"] as? String == "samsung")
        #expect(android["captured_at"] as? String == "2026-05-02T10:15:00" && android["offset"] as? String == "+00:00")
        let threeGP = try #require(byPath["./loci-no-time-made-with-ffmpeg.3gp"])
        #expect(threeGP["format"] as? String == "3GP" && threeGP["captured_at"] is NSNull)
        #expect(byPath["./loci-made-with-ffmpeg.mp4"]?["format"] as? String == "MP4")
    }

    @Test func tableSaysVideoAndDuration() throws {
        let result = try HuntBinary.run(["exif", "--format", "table", "apple-keys-made-with-ffmpeg.mov"], in: Self.videos)
        #expect(result.status == 0)
        #expect(result.stdout.contains("video 1.52 s"))
    }

    @Test func judgeTakesVideosAndLivePhotos() throws {
        let dir = try HuntBinary.temporaryDirectory("hunt-e2e-video")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hunt = """
            hunt: Video test
            timezone: Europe/Amsterdam
            window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
            teams:
              - { id: foxes, name: Red Foxes }
              - { id: owls, name: Night Owls }
            tasks:
              - id: dom
                title: Film the Dom
                at: 52.0907, 5.1213
                radius: 50 m
                evidence: video
              - id: opera
                title: A photo of the opera
                at: -33.8688, 151.2093
                radius: 50 m
                evidence: photo

            """
        try hunt.write(to: dir.appendingPathComponent("hunt.yaml"), atomically: true, encoding: .utf8)
        // Two teams: one team filming in Utrecht and in Sydney 30 s apart would be too fast.
        let dom = dir.appendingPathComponent("submissions/foxes/dom"), opera = dir.appendingPathComponent("submissions/owls/opera")
        try FileManager.default.createDirectory(at: dom, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: opera, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.videos.appendingPathComponent("apple-keys-made-with-ffmpeg.mov"), to: dom.appendingPathComponent("IMG_1.MOV"))
        try FileManager.default.copyItem(
            at: Self.videos.appendingPathComponent("udta-xyz-made-with-ffmpeg.mov"), to: opera.appendingPathComponent("clip.mov"))
        let result = try HuntBinary.run(["judge", "hunt.yaml", "submissions", "--out", "out"], in: dir)
        let data = try Data(contentsOf: dir.appendingPathComponent("out/results.json"))
        let results = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let submissions = try #require(results["submissions"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: submissions.map { ($0["path"] as! String, $0) })
        #expect(byPath["foxes/dom/IMG_1.MOV"]?["verdict"] as? String == "accepted", "\(result.stderr)")
        #expect(byPath["owls/opera/clip.mov"]?["verdict"] as? String == "rejected")
        #expect(byPath["owls/opera/clip.mov"]?["reasons"] as? [String] == ["wrong-media"])
        #expect((byPath["foxes/dom/IMG_1.MOV"]?["evidence"] as? [String: Any])?["media"] as? String == "video")
    }
}
