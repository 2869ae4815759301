import Foundation
@testable import HuntKit

/// A small hunt built in code, and photos described by their metadata, for rule tests.
enum JudgingFixtures {
    static let amsterdam = TimeZone(identifier: "Europe/Amsterdam")!
    static let here = SourceLocation(file: "test.yaml")
    static let clock = HuntClock(timezone: amsterdam)

    /// 2026-05-02 (CEST, +02:00) at a wall-clock time.
    static func at(_ hour: Int, _ minute: Int, _ second: Int = 0) -> Date {
        clock.instant(of: LocalDateTime(year: 2026, month: 5, day: 2, hour: hour, minute: minute, second: second), offsetSeconds: 7200)!
    }

    static let tower = Coordinate(latitude: 52.09067, longitude: 5.12133)
    static let bridge = Coordinate(latitude: 52.0880, longitude: 5.1190)
    static let cafes = [
        Place(name: "Café Noir", coordinate: Coordinate(latitude: 52.0930, longitude: 5.1160), location: here),
        Place(name: "Café Blanc", coordinate: Coordinate(latitude: 52.0950, longitude: 5.1250), location: here)
    ]

    static func hunt(policy: Policy = Policy(), extraTasks: [HuntTask] = []) -> Hunt {
        var places = PlacesTarget(path: "cafes.geojson", url: URL(fileURLWithPath: "/tmp/cafes.geojson"), radius: .metres(25))
        places.places = cafes
        let tasks =
            [
                HuntTask(
                    id: "tower", title: "The Dom Tower", reveal: "Built 1321–1382.", points: 20,
                    target: .circle(center: tower, radius: .metres(75)), location: here),
                HuntTask(
                    id: "bridge", title: "The bridge after the tower", points: 5, target: .circle(center: bridge, radius: .metres(30)),
                    after: ["tower"], location: here),
                HuntTask(
                    id: "cafe", title: "Café credit", points: 1, target: .places(places), dwell: TimeSpan(seconds: 600),
                    repeatRule: .perPlace, location: here)
            ] + extraTasks
        return Hunt(
            id: "test", title: "Test Hunt", timezone: amsterdam,
            window: TimeWindow(start: at(10, 0), end: at(16, 0)), policy: policy,
            teams: [Team(id: "foxes", name: "Red Foxes", location: here), Team(id: "owls", name: "Night Owls", location: here)],
            tasks: tasks, rewards: [Reward(points: 20, reward: "A drink", location: here)], source: here)
    }

    /// A photo `metres` from `point` (bearing east), taken at `time` with the hunt's offset written.
    static func photo(
        _ path: String, near point: Coordinate?, metres: Double = 0, time: Date?, accuracy: Double? = 5,
        offset: Int? = 7200, gpsSkew: Double? = 1, software: String? = nil, hash: String? = nil
    ) -> PhotoMetadata {
        var p = PhotoMetadata(path: path)
        p.format = .jpeg
        if let point {
            p.position = Geodesic.direct(from: point, azimuthDegrees: 90, distanceMetres: metres).coordinate
        }
        p.horizontalAccuracyMetres = accuracy
        if let time {
            p.capturedAt = HuntClock.local(time, offsetSeconds: offset ?? 7200)
            p.offsetSeconds = offset
            if let gpsSkew { p.gpsTime = time.addingTimeInterval(-gpsSkew) }
        }
        p.software = software
        p.contentHash = hash ?? path
        return p
    }

    static func input(_ path: String, task: String?, _ photo: PhotoMetadata) -> JudgeInput {
        let team = String(path.split(separator: "/").first!)
        return JudgeInput(
            submission: Submission(
                path: path, url: URL(fileURLWithPath: "/nowhere/" + path), team: team, task: task,
                taskSource: task == nil ? .auto : .folder),
            photo: photo)
    }

    static func judge(_ inputs: [JudgeInput], hunt: Hunt = hunt(), reviews: Reviews = Reviews()) -> JudgeResults {
        Judge(checked: hunt, reviews: reviews).judge(inputs)
    }
}

extension JudgeResults {
    func team(_ id: String) -> TeamResult? { teams.first { $0.id == id } }
}
