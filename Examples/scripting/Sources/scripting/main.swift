// HuntKit from a Swift program: load a hunt, add a task, validate, judge, decide a review, write
// the HTML report, read a photo and measure a distance. The "Scripting HuntKit" article quotes
// each step from here, so every example in it compiles.
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

hunt.tasks.append(HuntTask(title: "The Bisschoppen tower", clue: "Four bishops' heads over the door.", points: 5,
                           target: .circle(center: Coordinate(latitude: 52.08531, longitude: 5.17649), radius: .metres(40))))

// MARK: Validate

let diagnostics = hunt.validate()
if diagnostics.hasErrors { fail(diagnostics) }
try hunt.yaml().write(to: out.appendingPathComponent("hunt.yaml"), atomically: true, encoding: .utf8)

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
if let position = photo.position, case .circle(let center, _)? = hunt.task("educatorium")?.target {
    let metres = Geodesic.distanceMetres(from: position, to: center)
    FileHandle.standardError.write(Data("IMG_0001.jpg was taken \(Int(metres.rounded())) m from the Educatorium\n".utf8))
}
FileHandle.standardError.write(Data("wrote \(out.path)/hunt.yaml and report.html\n".utf8))
