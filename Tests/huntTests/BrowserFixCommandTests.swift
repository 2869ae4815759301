import Foundation
import HuntKit
import HuntTestSupport
import Testing

/// `hunt judge` on a folder the players' page wrote: photos with the browser's fix beside them
/// (`IMG.jpg.browser.xmp`), judged as the hunt's policy says, the fix in every output's evidence.
@Suite("hunt judge with the players' page's browser fix, end to end")
struct BrowserFixCommandTests {
    static let tower = Coordinate(latitude: 52.09067, longitude: 5.12133)
    static let tenThirty = Date(timeIntervalSince1970: 1_777_710_600)  // 2026-05-02 08:30 UTC, 10:30 in Amsterdam

    static func hunt(_ policy: String) -> String {
        """
        hunt: Browser fix
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        policy: { \(policy) }
        teams: [foxes]
        tasks:
          - id: tower
            title: The Dom Tower
            at: 52.09067, 5.12133
            radius: 75 m
          - id: quick
            title: Quick
            at: 52.09067, 5.12133
            radius: 75 m
            live: true

        """
    }

    /// `foxes/tower/no-gps.jpg` (with a fix 10 m from the tower), `foxes/tower/own-gps.jpg` (its
    /// own GPS at the tower, a fix 300 m away), `foxes/tower/stale.jpg` (a fix taken 30 min after),
    /// `foxes/quick/late.jpg` (live task, sent 20 min after capture).
    static func folder(policy: String) throws -> URL {
        let root = try HuntBinary.temporaryDirectory("hunt-browser-fix")
        try Data(hunt(policy).utf8).write(to: root.appendingPathComponent("hunt.yaml"))
        let local = HuntClock.local(tenThirty, offsetSeconds: 7200)
        func photo(_ path: String, gps: Coordinate?, fixMetres: Double, gap: Double, age: Double, live: Bool = false) throws {
            let url = root.appendingPathComponent("submissions/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let tags = PhotoTags(
                position: gps, horizontalAccuracyMetres: gps == nil ? nil : 5, capturedAt: local, offsetSeconds: 7200,
                gpsTime: gps == nil ? nil : tenThirty, make: "Test", model: "Phone")
            try JPEGWriter.write(tags: tags, image: SyntheticImage(identity: UInt64(path.utf8.count), hue: 0.3), to: url)
            let fix = BrowserFix(
                position: Geodesic.direct(from: tower, azimuthDegrees: 90, distanceMetres: fixMetres).coordinate,
                accuracyMetres: 12, fixedAt: tenThirty.addingTimeInterval(gap), uploadedAt: tenThirty.addingTimeInterval(age),
                liveCapture: live)
            try Data(fix.xmpSidecar().utf8).write(
                to: url.deletingLastPathComponent().appendingPathComponent(BrowserFix.sidecarName(for: url.lastPathComponent)))
        }
        try photo("foxes/tower/no-gps.jpg", gps: nil, fixMetres: 10, gap: 15, age: 20)
        try photo("foxes/tower/own-gps.jpg", gps: tower, fixMetres: 300, gap: 15, age: 20)
        try photo("foxes/tower/stale.jpg", gps: nil, fixMetres: 10, gap: 1800, age: 1810)
        try photo("foxes/quick/late.jpg", gps: nil, fixMetres: 10, gap: 5, age: 1200, live: true)
        return root
    }

    static func judge(policy: String) throws -> (JudgeResults, csv: String, URL) {
        let root = try folder(policy: policy)
        let out = root.appendingPathComponent("out")
        let run = try HuntBinary.run([
            "judge", root.appendingPathComponent("hunt.yaml").path, root.appendingPathComponent("submissions").path,
            "--out", out.path, "--format", "text,csv"
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let results = try JudgeResults.decode(Data(contentsOf: out.appendingPathComponent("results.json")))
        let csv = (try? String(contentsOf: out.appendingPathComponent("submissions.csv"), encoding: .utf8)) ?? ""
        return (results, csv, root)
    }

    @Test func reviewByDefaultAcceptWhenThePolicySaysAndTheOwnGPSWins() throws {
        let (results, csv, root) = try Self.judge(policy: "accuracy: 10 m")
        defer { try? FileManager.default.removeItem(at: root) }
        let byPath = Dictionary(uniqueKeysWithValues: results.submissions.map { ($0.path, $0) })
        #expect(results.submissions.count == 4, "the sidecars are not submissions: \(results.submissions.map(\.path))")
        #expect(results.skipped.isEmpty, "the page's sidecars are not skipped files either: \(results.skipped.map(\.path))")

        let noGPS = try #require(byPath["foxes/tower/no-gps.jpg"])
        #expect(noGPS.verdict == .review && noGPS.reasons == [.browserPosition])
        #expect(noGPS.evidence.positionSource == .browser && noGPS.evidence.browserGapS == 15 && noGPS.evidence.browserAccuracy == .metres(12))
        #expect(noGPS.evidence.browserFixedAt?.text == "2026-05-02T10:30:15+02:00" && noGPS.evidence.uploadAgeS == 20)

        let own = try #require(byPath["foxes/tower/own-gps.jpg"])
        #expect(own.verdict == .accepted && own.reasons.isEmpty && own.evidence.positionSource == nil)
        #expect(abs((own.evidence.browserDistance?.metres ?? 0) - 300) < 0.5, "both positions and the distance between them")

        #expect(byPath["foxes/tower/stale.jpg"]?.reasons == [.browserFixWeak])
        #expect(byPath["foxes/quick/late.jpg"]?.reasons == [.browserPosition, .notLive])

        let header = try #require(csv.components(separatedBy: "\r\n").first).split(separator: ",").map(String.init)
        for column in [
            "position_source", "browser_lat", "browser_lon", "browser_accuracy_m", "browser_fixed_at", "browser_gap_s",
            "browser_distance_m", "uploaded_at", "upload_age_s"
        ] {
            #expect(header.contains(column), "\(column)")
        }

        let (accepting, _, acceptingRoot) = try Self.judge(policy: "browser-position: accept, browser-fix-weak: reject, not-live: reject")
        defer { try? FileManager.default.removeItem(at: acceptingRoot) }
        let accepted = Dictionary(uniqueKeysWithValues: accepting.submissions.map { ($0.path, $0) })
        #expect(accepted["foxes/tower/no-gps.jpg"]?.verdict == .accepted)
        #expect(accepted["foxes/tower/no-gps.jpg"]?.points == 10)
        #expect(accepted["foxes/tower/stale.jpg"]?.verdict == .rejected)
        #expect(accepted["foxes/quick/late.jpg"]?.verdict == .rejected)

        let (ignoring, _, ignoringRoot) = try Self.judge(policy: "browser-position: ignore")
        defer { try? FileManager.default.removeItem(at: ignoringRoot) }
        #expect(ignoring.submissions.first { $0.path == "foxes/tower/no-gps.jpg" }?.reasons == [.noPosition])
    }
}
