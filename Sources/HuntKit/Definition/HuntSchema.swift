/// The keys of each section of a hunt file, and hints for keys people write in the wrong place.
enum HuntSchema {
    static let topLevel = [
        "hunt", "id", "language", "languages", "units", "timezone", "window", "defaults", "policy", "bands", "rules",
        "teams", "tasks", "rewards", "sheets", "retention", "leaderboard", "announcements"
    ]
    static let leaderboard = ["freeze"]
    static let announcement = ["at", "text", "teams"]
    static let window = ["start", "end"]
    static let defaults = ["radius", "points"]
    static let bands = ["found", "hot", "warm"]
    static let team = ["id", "name", "members"]
    static let task = [
        "id", "title", "clue", "hint", "reveal", "at", "radius", "area", "places", "points",
        "after", "dwell", "repeat", "score", "tags", "window", "bands", "evidence", "reference", "sheets",
        "choose", "tasks", "live", "answer", "number", "within", "choices", "correct", "attempts", "opens", "unlocked_by", "code", "check_in", "hints"
    ]
    /// What a group (`choose:` over listed `tasks:`) may say besides them; the rest is its tasks'.
    static let group = ["id", "title", "clue", "hint", "reveal", "points", "tags", "choose", "tasks"]
    static let reward = ["points", "reward"]
    static let coordinate = ["lat", "lon", "latitude", "longitude"]

    /// Hints for unknown top-level keys that belong elsewhere or have another name.
    static let topLevelHints: [String: String] = {
        var hints: [String: String] = [
            "title": "the hunt's title is written `hunt: …`",
            "name": "the hunt's title is written `hunt: …`",
            "tz": "did you mean `timezone`?",
            "time-zone": "did you mean `timezone`?",
            "start": "write `window: { start: …, end: … }`",
            "end": "write `window: { start: …, end: … }`",
            "task": "did you mean `tasks`?",
            "team": "did you mean `teams`?",
            "reward": "did you mean `rewards`?",
            "description": "a hunt's description for players goes in `rules:`"
        ]
        for key in ["radius", "points"] { hints[key] = "put it under `defaults:` (`defaults: { \(key): … }`), or on a task" }
        for key in [
            "at", "area", "places", "clue", "hint", "reveal", "after", "dwell", "repeat", "score", "tags", "evidence", "reference", "choose", "live",
            "answer", "number", "within", "choices", "correct", "attempts", "code"
        ] {
            hints[key] = "`\(key)` belongs to a task: write it inside an item of `tasks:`"
        }
        for key in PolicyReader.keys {
            hints[key] = "put it under `policy:`"
        }
        for key in ["found", "hot", "warm"] { hints[key] = "put it under `bands:`" }
        for key in SheetSettingsReader.keys { hints[key] = "put it under `sheets:`" }
        return hints
    }()

    static let taskHints: [String: String] = [
        "name": "a task's name is written `title: …`",
        "description": "did you mean `clue`?",
        "location": "write the place as `at: 52.09067, 5.12133`",
        "position": "write the place as `at: 52.09067, 5.12133`",
        "coordinates": "write the place as `at: 52.09067, 5.12133`",
        "lat": "write the place as `at: 52.09067, 5.12133` (or `at: { lat: …, lon: … }`)",
        "lon": "write the place as `at: 52.09067, 5.12133` (or `at: { lat: …, lon: … }`)",
        "polygon": "a polygon goes in a GeoJSON or KML file named by `area: file.geojson`",
        "requires": "did you mean `after`?",
        "depends-on": "did you mean `after`?",
        "tag": "did you mean `tags`?",
        "repeats": "did you mean `repeat`?",
        "repeatable": "write `repeat: unlimited` (or `per-place`, `per-day`)",
        "answers": "did you mean `answer` (one accepted answer or a list of them)?",
        "options": "did you mean `choices` (a list, with `correct:` naming the right one)?",
        "choice": "did you mean `choices` (a list, with `correct:`) or `choose` (any N of the places or of a group's `tasks`)?",
        "tries": "did you mean `attempts` (how many tries a team has)?",
        "tolerance": "did you mean `within` (how far from `number:` an answer may be)?",
        "distance": "did you mean `radius`?",
        "team": "tasks are for every team; teams are listed under `teams:`",
        "media": "did you mean `evidence` (`photo`, `video` or `any`)?",
        "type": "did you mean `evidence` (`photo`, `video` or `any`)?",
        "positions": "a task's own positions on sheets are written `sheets: { positions: text }`",
        "qr": "a task's QR code on sheets is written `sheets: { positions: qr }`",
        "any": "write `choose: 3` (any 3 of the places or of the group's `tasks`)",
        "group": "a group is a task with `choose: N` and `tasks: [ids]`",
        "of": "a group lists its tasks as `tasks: [a, b, c]`",
        "live-capture": "did you mean `live` (`live: true`: taken with the players' page's camera)?",
        "capture": "did you mean `live` (`live: true`: taken with the players' page's camera)?",
        "checkin": "did you mean `check_in` (`check_in: true`: done by being at the place)?",
        "check-in": "did you mean `check_in` (`check_in: true`: done by being at the place)?"
    ]
}
