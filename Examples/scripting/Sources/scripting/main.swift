// HuntKit from a Swift program: load a hunt, add tasks (one with a window of its own, an area
// built in code), validate, rehearse with the simulator, judge, decide a review, write the HTML
// report, read a photo, when it was taken and how far from its target. The "Scripting HuntKit"
// article quotes each step from here, so every example in it compiles.
//
//     swift run --package-path Examples/scripting scripting [HUNT-FOLDER] [OUT-FOLDER]
//
// HUNT-FOLDER holds hunt.yaml and submissions/ (default: Examples/photo-scavenger-hunt); the hunt
// as changed here (hunt.yaml) and the report (report.html) go to OUT-FOLDER (default: a new
// temporary folder). stdout gets one line per team, `team ID POINTS RANK`, for scripts to compare.
import Foundation
import HuntKit

let arguments = Array(CommandLine.arguments.dropFirst())
let folder = URL(fileURLWithPath: arguments.first ?? "Examples/photo-scavenger-hunt")
let out = arguments.count > 1 ? URL(fileURLWithPath: arguments[1])
    : FileManager.default.temporaryDirectory.appendingPathComponent("huntkit-scripting-\(ProcessInfo.processInfo.processIdentifier)")
try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

func fail(_ diagnostics: [Diagnostic]) -> Never {
    for d in diagnostics { FileHandle.standardError.write(Data("\(d.location): \(d.severity): \(d.message)\n".utf8)) }
    exit(1)
}

// MARK: Load a hunt, or build one

let loaded = HuntLoader().load(contentsOf: folder.appendingPathComponent("hunt.yaml"))
guard var hunt = loaded.hunt, !loaded.hasErrors else { fail(loaded.diagnostics) }

// Times are written in the hunt's timezone: 13:00 in Utrecht, whatever the machine's zone.
let clock = HuntClock(timezone: hunt.timezone)
let afternoon = clock.instant(of: LocalDateTime(year: 2026, month: 5, day: 2, hour: 13, minute: 0, second: 0), offsetSeconds: nil)!
var tower = HuntTask(title: "The Bisschoppen tower", clue: "Four bishops' heads over the door.", points: 5,
                     target: .circle(center: Coordinate(latitude: 52.08531, longitude: 5.17649), radius: .metres(40)))
tower.window = TimeWindow(start: afternoon, end: hunt.window!.end)
hunt.tasks.append(tower)

// An area built in code: its polygon is written beside the hunt file (`write(to:)`) as GeoJSON.
let meadow = [(52.0800, 5.1800), (52.0800, 5.1860), (52.0830, 5.1860), (52.0830, 5.1800)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
let area = Area(name: "Kromme Rijn meadows", polygons: [AreaPolygon(outer: meadow)])
hunt.tasks.append(HuntTask(title: "In the meadows", points: 5, target: .area(AreaTarget(path: "areas/meadows.geojson", area: area))))

// MARK: Validate

let diagnostics = hunt.validate()
if diagnostics.hasErrors { fail(diagnostics) }
try hunt.write(to: out)  // hunt.yaml and areas/meadows.geojson

// MARK: Rehearse

let rehearsal = out.appendingPathComponent("rehearsal")
let planned = try Simulator(hunt: hunt, options: .init(teams: 3, photosPerTeam: 12, seed: 7)).write(to: rehearsal)
let rehearsed = try await JudgeRun(hunt: hunt).run(submissions: rehearsal.appendingPathComponent("submissions"), displayPath: "submissions")
let verdicts = Dictionary(uniqueKeysWithValues: rehearsed.submissions.map { ($0.path, $0.verdict) })
let asPlanned = planned.submissions.filter { verdicts[$0.path] == $0.verdict }.count
FileHandle.standardError.write(Data("rehearsal: \(asPlanned) of \(planned.submissions.count) photos judged as planned\n".utf8))

// MARK: Judge

let submissions = folder.appendingPathComponent("submissions")
let results = try await JudgeRun(hunt: hunt).run(submissions: submissions, displayPath: "submissions")
for team in results.teams {
    print("team \(team.id) \(team.points) \(team.rank)")
}
let lastScore = results.teams.compactMap(\.reachedAt).max()
FileHandle.standardError.write(Data("last score at \(lastScore?.text ?? "none") (\(lastScore?.date.timeIntervalSince1970 ?? 0) s)\n".utf8))

// MARK: Decide reviews

var reviews = Reviews()
for item in results.reviewItems {
    let why = item.findings.filter { $0.action == .review }.map(\.code.rawValue).joined(separator: ", ")
    reviews.entries[item.path] = Reviews.Review(decision: .accept, note: "checked by hand: \(why)", by: "script")
}
let decided = try await JudgeRun(hunt: hunt, reviews: reviews).run(submissions: submissions, displayPath: "submissions")
FileHandle.standardError.write(Data("\(reviews.entries.count) reviews accepted; \(decided.summary.undecided) undecided\n".utf8))

// MARK: Report

let report = try Report(decided)
for document in try await ReportWriter.render(report, format: .html, photosFolder: submissions) {
    try Data(document.bytes).write(to: out.appendingPathComponent(document.name))
}

// MARK: Geo

let photo = try PhotoReader().read(path: submissions.appendingPathComponent("foxes/educatorium/IMG_0001.jpg").path).get()
if let taken = clock.captureInstant(of: photo) {
    FileHandle.standardError.write(Data("IMG_0001.jpg was taken at \(DateTimeText.format(taken, timeZone: hunt.timezone)) in Utrecht\n".utf8))
}
if let position = photo.position, case .circle(let center, _)? = hunt.task("educatorium")?.target {
    let metres = Geodesic.distanceMetres(from: position, to: center)
    FileHandle.standardError.write(Data("IMG_0001.jpg was taken \(Int(metres.rounded())) m from the Educatorium\n".utf8))
}
FileHandle.standardError.write(Data("wrote \(out.path)/hunt.yaml and report.html\n".utf8))
