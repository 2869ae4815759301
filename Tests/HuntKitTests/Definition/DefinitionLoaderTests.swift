import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct DefinitionLoaderTests {
    /// The hunt-file sketch of DESIGN.md, every key, read back.
    static let sketch = """
        hunt: Utrecht Campus Photo Hunt
        timezone: Europe/Amsterdam
        window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
        defaults: { radius: 30 m, points: 10 }
        policy:
          accuracy: 12 m
          clock-skew: 5 min
          max-speed: 120 km/h
          duplicates: review
          edited: accept
          uncertain: accept
          imprecise: reject
          no-position: review
          outside-window: ignore
          skew: reject
          too-fast: ignore
          order: review
        bands: { found: 100 m, hot: 300 m, warm: 500 m }
        rules: Be kind.
        sheets: { paper: letter, positions: text, hints: separate }
        teams:
          - { id: foxes, name: Red Foxes, members: [Anna, Bram] }
          - owls
        tasks:
          - id: dom-tower
            title: The Dom Tower
            clue: The tallest church tower in the Netherlands.
            at: 52.09067, 5.12133
            radius: 75 m
            points: 20
            hint: Look up.
            reveal: Built between 1321 and 1382.
            tags: [tower, favourite]
            bands: { found: 50 m }
          - id: park
            title: The park
            area: area.geojson
            score: closest
          - id: cafe
            title: Café credit
            places: places.geojson
            radius: 25 m
            dwell: 10 min
            repeat: per-place
            points: 1
            window: { start: 12:00, end: 14:00 }
          - id: bridge
            title: The bridge after the tower
            after: [dom-tower]
            at: [52.0880, 5.1190]
        rewards:
          - { points: 10, reward: A free drink }
          - { points: 20, reward: Two free drinks }
        """

    @Test func readsEveryKey() throws {
        let result = DefinitionTestSupport.load(Self.sketch)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let hunt = try #require(result.hunt)
        #expect(hunt.id == "utrecht-campus-photo-hunt")
        #expect(hunt.title == "Utrecht Campus Photo Hunt")
        #expect(hunt.timezoneName == "Europe/Amsterdam")
        #expect(abs(hunt.window!.end.timeIntervalSince(hunt.window!.start) - 6 * 3600) < 1e-6)
        #expect(hunt.defaults == TaskDefaults(radius: .metres(30), points: 10))
        #expect(hunt.policy.assumedAccuracy == .metres(12))
        #expect(hunt.policy.clockSkew == TimeSpan(seconds: 300))
        #expect(abs(hunt.policy.maximumSpeed.metresPerSecond - 120 / 3.6) < 1e-9)
        #expect(hunt.policy.duplicates == .review && hunt.policy.edited == .accept && hunt.policy.uncertain == .accept)
        #expect(hunt.policy.imprecise == .reject && hunt.policy.noPosition == .review && hunt.policy.outsideWindow == .ignore)
        #expect(hunt.policy.skew == .reject && hunt.policy.tooFast == .ignore && hunt.policy.order == .review)
        #expect(hunt.bands == Bands(found: .metres(100), hot: .metres(300), warm: .metres(500)))
        #expect(hunt.rules == "Be kind.")
        #expect(hunt.sheets.paper == .letter && hunt.sheets.positions == .text && hunt.sheets.hints == .separate)
        #expect(hunt.teams.map(\.id) == ["foxes", "owls"])
        #expect(hunt.teams[0].name == "Red Foxes" && hunt.teams[0].members == ["Anna", "Bram"] && hunt.teams[1].name == "owls")
        #expect(hunt.tasks.map(\.id) == ["dom-tower", "park", "cafe", "bridge"])
        let dom = hunt.tasks[0]
        #expect(dom.points == 20 && dom.clue?.hasPrefix("The tallest") == true && dom.hint == "Look up." && dom.reveal != nil)
        #expect(dom.tags == ["tower", "favourite"])
        #expect(dom.bands == Bands(found: .metres(50), hot: .metres(300), warm: .metres(500)))
        guard case .circle(let centre, let radius)? = dom.target else { Issue.record("dom: not a circle"); return }
        #expect(centre == Coordinate(latitude: 52.09067, longitude: 5.12133) && radius == .metres(75))
        guard case .area(let area)? = hunt.tasks[1].target else { Issue.record("park: not an area"); return }
        #expect(area.path == "area.geojson" && area.url.lastPathComponent == "area.geojson")
        #expect(hunt.tasks[1].score == .closest && hunt.tasks[1].points == 10)
        let cafe = hunt.tasks[2]
        guard case .places(let places)? = cafe.target else { Issue.record("cafe: not places"); return }
        #expect(places.radius == .metres(25) && cafe.dwell == TimeSpan(seconds: 600) && cafe.repeatRule == .perPlace)
        #expect(abs(cafe.window!.start.timeIntervalSince(hunt.window!.start) - 2 * 3600) < 1e-6)
        #expect(hunt.tasks[3].after == ["dom-tower"] && hunt.tasks[3].points == 10)
        guard case .circle(_, let r)? = hunt.tasks[3].target else { Issue.record("bridge: not a circle"); return }
        #expect(r == .metres(30))
        #expect(hunt.rewards.map(\.points) == [10, 20])
        #expect(hunt.tasks[0].location.line == 25)
    }

    @Test func readsTheTargetFilesAtTheEnd() throws {
        let result = DefinitionTestSupport.load(Self.sketch, readTargetFiles: true)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        guard case .places(let places)? = result.hunt?.tasks[2].target else { Issue.record("cafe: not places"); return }
        #expect(places.places.count == 2)
    }

    @Test(arguments: [
        ("Utrecht Campus Photo Hunt", "utrecht-campus-photo-hunt"), ("Café Crème — 2026!", "cafe-creme-2026"),
        ("   ", "hunt"), ("Ünïcödé", "unicode")
    ])
    func slugs(_ title: String, _ slug: String) {
        #expect(Hunt.slug(title) == slug)
    }

    @Test func idOverridesTheSlug() {
        let result = DefinitionTestSupport.load("hunt: A Title\nid: my-id\ntasks: []\n")
        #expect(result.hunt?.id == "my-id")
    }

    /// A Sydney organizer's first try: in a flow mapping the comma splits the pair, so the fix says why.
    @Test func aPositionSplitByAFlowMappingsCommaSaysHowToWriteIt() throws {
        let result = DefinitionTestSupport.load("hunt: Sydney\r\ntasks:\r\n  - { id: opera, title: Opera House, at: -33.8568, 151.2153 }\r\n")
        let first = try #require(result.diagnostics.first)
        #expect(first.code == "bad-coordinate" && first.location.line == 3)
        #expect(first.fix?.contains("brackets or quotes: `[-33.8568, LON]`") == true, "\(first.fix ?? "")")
        let fixed = DefinitionTestSupport.load(
            "\u{FEFF}hunt: Sydney\r\ntasks:\r\n  - { id: opera, title: Opera House, at: [-33.8568, 151.2153] }\r\n")
        #expect(!fixed.diagnostics.hasErrors && fixed.hunt?.tasks.first?.title == "Opera House")
    }

    @Test func mergeKeysAndAnchorsWork() {
        let text = """
            hunt: H
            timezone: UTC
            x-common: &common { radius: 40 m, points: 5, tags: [shared] }
            tasks:
              - { <<: *common, id: a, title: A, at: "52.1, 5.1" }
              - { <<: *common, id: b, title: B, at: "52.2, 5.2", points: 7 }
            """
        let result = DefinitionTestSupport.load(text)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(result.hunt?.tasks.map(\.points) == [5, 7])
        #expect(result.hunt?.tasks.map(\.tags) == [["shared"], ["shared"]])
    }

    @Test func reportsEveryProblemInOnePassSortedByPosition() {
        let text = """
            hunt: H
            timezone: Nowhere/Land
            tasks:
              - id: a
                title: A
                at: 95, 5
                radius: 2 m
              - id: a
                title: B
                at: 52, 5
                points: -1
            """
        let result = DefinitionTestSupport.load(text)
        #expect(
            result.diagnostics.map(\.code) == ["unknown-timezone", "coordinate-out-of-range", "radius-too-small", "duplicate-id", "negative-points"])
        let lines = result.diagnostics.map(\.location.line)
        #expect(lines == lines.sorted())
        #expect(result.summary == "hunt.yaml: 2 tasks, 0 teams, no window (UTC), 5 errors, 0 warnings")
    }

    @Test func getThrowsWithTheDiagnostics() {
        #expect(throws: DiagnosticError.self) { try DefinitionTestSupport.load("hunt: H\n").get() }
        #expect(throws: Never.self) { try DefinitionTestSupport.load(DefinitionTestSupport.hunt()).get() }
    }

    @Test(arguments: ["photo-scavenger-hunt", "cache-grab", "where-is-france", "social-explorer", "booze-your-credit"])
    func examplesValidateClean(_ name: String) throws {
        let url = SourceTree.root.appendingPathComponent("Examples/\(name)/hunt.yaml")
        let result = HuntLoader().load(contentsOf: url, displayPath: "Examples/\(name)/hunt.yaml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect((result.hunt?.tasks.count ?? 0) > 0)
    }

    @Test func loadsManyFilesInOrder() async {
        let loader = HuntLoader()
        let files = (0..<6).map { "/nonexistent/\($0).yaml" }
        let results = await loader.loadAll(files, maximumConcurrency: 2)
        #expect(results.map(\.file) == files)
    }

    /// Long task lists are read in parallel slices; the result must be the same as one pass.
    @Test func largeHuntsReadInParallelKeepOrderAndFindEverything() throws {
        let count = HuntReader.parallelThreshold * 2 + 17
        var text = "hunt: Big\ntasks:\n"
        for i in 0..<count {
            text += "  - id: t\(i)\n    title: T\(i)\n    at: 52.\(i % 10), 5.1\n"
            if i % 500 == 0 { text += "    radius: 5 m\n" }  // an error in every slice
            if i == 1 { text += "    after: [t\(count - 1)]\n" }  // a cycle across the slices
            if i == count - 1 { text += "    after: [t1]\n" }
            if i == count / 2 { text += "    window: { start: 2026-05-02 10:00, end: 2026-05-02 11:00 }\n" }
        }
        let result = DefinitionTestSupport.load(text)
        let hunt = try #require(result.hunt)
        #expect(hunt.tasks.map(\.id) == (0..<count).map { "t\($0)" })
        #expect(result.diagnostics.filter { $0.code == "radius-too-small" }.count == (count + 499) / 500)
        #expect(result.diagnostics.contains { $0.code == "after-cycle" && $0.message.contains("t1 → t\(count - 1) → t1") })
        #expect(result.diagnostics.contains { $0.code == "no-timezone" })
        let lines = result.diagnostics.map(\.location.line)
        #expect(lines == lines.sorted())
    }

    /// Tasks are read while the file is parsed, from the sections written before `tasks:`; a
    /// section they depend on written after it (or merged in) reads the file again, with the same result.
    @Test(arguments: ["", "<<: *base\n"])
    func tasksSeeSectionsWrittenAfterThem(_ merge: String) throws {
        let tasks = """
            tasks:
              - { id: a, title: A, at: "52.1, 5.1" }
              - { id: b, title: B, at: "52.2, 5.2", window: { start: "12:00", end: "13:00" } }

            """
        var sections = """
            timezone: Europe/Amsterdam
            window: { start: 2026-05-02 10:00, end: 2026-05-02 16:00 }
            bands: { found: 70 m, hot: 250 m, warm: 600 m }

            """
        var head = "hunt: H\n"
        if merge.isEmpty {
            sections += "defaults: { radius: 77 m, points: 9 }\n"
        } else {
            head = "x-base: &base { defaults: { radius: 77 m, points: 9 } }\n" + head + merge
        }
        let before = DefinitionTestSupport.load(head + sections + tasks)
        let after = DefinitionTestSupport.load(head + tasks + sections)
        for result in [before, after] {
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
            let hunt = try #require(result.hunt)
            #expect(hunt.tasks.map(\.points) == [9, 9])
            let radii = hunt.tasks.map { task -> Double? in
                if case .circle(_, let radius)? = task.target { return radius.metres }
                return nil
            }
            #expect(radii == [77, 77])
            #expect(hunt.tasks[1].window?.start == hunt.window.map { $0.start.addingTimeInterval(2 * 3600) })
            #expect(hunt.bands.found == .metres(70))
        }
    }
}
