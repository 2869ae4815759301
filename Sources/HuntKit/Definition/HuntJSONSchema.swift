import Foundation

/// A JSON Schema (draft 2020-12) of the hunt file, for editors (yaml-language-server: completion,
/// hover text, red squiggles) and for checking hunt files with any JSON Schema validator.
///
/// Built from the loader's own tables — the keys of each section (`HuntSchema`, `PolicyReader`,
/// `SheetSettingsReader`), the unit names (`Length.units`, `TimeSpan.units`, `Speed.units`) and the
/// enums — so the two cannot drift apart. Values are typed as YAML 1.2 (what editors use) reads
/// them. The schema is looser than the loader where only the loader can judge (a coordinate's
/// range, a timezone's name, a date's existence, a file's contents).
package enum HuntJSONSchema {
    /// Where the schema is published in the repository, relative to the Templates folder.
    public static let fileName = "hunt.schema.json"

    /// The schema as pretty-printed JSON with sorted keys and a final newline.
    public static func document() -> String {
        let data = try! JSONSerialization.data(withJSONObject: schema(), options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    // MARK: Building blocks

    private typealias JSON = [String: Any]

    private static func text(_ description: String) -> JSON { ["type": "string", "description": description] }

    /// A mapping that allows exactly `properties` plus `x-…` keys (which the loader ignores).
    private static func object(_ description: String, _ properties: [String: JSON], required: [String] = []) -> JSON {
        var result: JSON = [
            "type": "object", "description": description, "properties": properties,
            "patternProperties": ["^x-": [:] as JSON], "additionalProperties": false
        ]
        if !required.isEmpty { result["required"] = required }
        return result
    }

    /// A switch: a YAML boolean, or the words the loader also takes (`yes`, `off`, any letter
    /// case), and `orWords` besides (`live: bands`).
    private static func flag(_ description: String, orWords: [String] = []) -> JSON {
        [
            "description": description,
            "anyOf": [
                ["type": "boolean"],
                [
                    "type": "string",
                    "pattern": "^(" + (["true", "yes", "on", "y", "false", "no", "off", "n"] + orWords).map(caseless).joined(separator: "|") + ")$"
                ]
            ] as [JSON]
        ]
    }

    /// A text for players: a string in the hunt's language, or one per language (`{ es: …, en: … }`).
    private static func localized(_ description: String) -> JSON {
        [
            "description": description + " A text in the hunt's `language`, or a mapping by language: `{ es: El Obelisco, en: The Obelisk }`.",
            "anyOf": [
                ["type": "string"], ["type": "object", "propertyNames": ["pattern": languagePattern], "additionalProperties": ["type": "string"]]
            ] as [JSON]
        ]
    }

    private static let languagePattern = #"^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$"#

    private static func oneOrMany(_ description: String) -> JSON {
        ["description": description, "anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]]]
    }

    /// One of `values`: the enum is what editors offer; the loader also takes any letter case.
    private static func choice(_ description: String, _ values: [String]) -> JSON {
        [
            "type": "string", "description": description,
            "anyOf": [["enum": values], ["pattern": "^(?:" + values.map(caseless).joined(separator: "|") + ")$"]] as [JSON]
        ]
    }

    /// `[mM]` for each letter: ECMA-262 patterns have no case-insensitive flag, and the loader
    /// lowercases units.
    private static func caseless(_ word: String) -> String {
        word.map { c -> String in
            if c.isLetter { return "[\(c.lowercased())\(c.uppercased())]" }
            return NSRegularExpression.escapedPattern(for: String(c))
        }.joined()
    }

    /// A number followed by one of `units` (the loader's tables), as `UnitText.split` reads it.
    private static func unitPattern(_ units: [String], unitRequired: Bool) -> String {
        let number = #"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?"#
        let names = units.sorted { $0.count > $1.count }.map(caseless).joined(separator: "|")
        return #"^\s*"# + number + #"\s*(?:"# + names + ")" + (unitRequired ? "" : "?") + #"\s*$"#
    }

    private static func length(_ description: String) -> JSON {
        [
            "description": description + " A length: `30 m`, `1.5 km`, `300 ft`, `0.5 mi`; a bare number is metres.",
            "anyOf": [["type": "number"], ["type": "string", "pattern": unitPattern(Length.units.flatMap(\.names), unitRequired: false)]]
        ]
    }

    private static func duration(_ description: String) -> JSON {
        [
            "type": "string", "description": description + " A duration with its unit: `90 s`, `10 min`, `2 h`, `1 day`.",
            "pattern": unitPattern(TimeSpan.units.flatMap(\.names), unitRequired: true)
        ]
    }

    private static func speed(_ description: String) -> JSON {
        [
            "type": "string", "description": description + " A speed with its unit: `250 km/h`, `30 m/s`, `120 mph`, `10 kn`.",
            "pattern": unitPattern(Speed.units.flatMap(\.names), unitRequired: true)
        ]
    }

    private static var identifier: JSON {
        [
            "type": "string", "pattern": #"^[^.\-\s/\\][^\s/\\]*$"#,
            "description": "Letters, digits, `-`, `_` and `.` (not first); it names folders and starts file names."
        ]
    }

    private static func window(_ description: String) -> JSON {
        object(
            description,
            [
                "start": text("A date-time: `2026-05-02 10:00`, `2026-05-02T10:00:30+02:00`; without an offset, in the hunt's timezone."),
                "end": text("A date-time after `start`, or a time alone (`16:00`) on the start's date.")
            ], required: ["start", "end"])
    }

    private static func bands(_ description: String) -> JSON {
        object(
            description,
            [
                "found": length("At most this far is found."),
                "hot": length("Then hot, up to this distance."),
                "warm": length("Then warm, up to this distance; anything further is cold.")
            ])
    }

    private static var coordinate: JSON {
        [
            "description": "A position, latitude first, WGS84 degrees: `52.09067, 5.12133`, `-33.8568, 151.2153`, "
                + "`[52.09067, 5.12133]`, `{ lat: …, lon: … }`, `52°05'26.4\"N 5°07'16.8\"E`.",
            "anyOf": [
                ["type": "string"],
                ["type": "array", "items": ["type": ["number", "string"]], "minItems": 2, "maxItems": 2],
                object(
                    "A position as a mapping.",
                    [
                        "lat": ["type": ["number", "string"], "description": "Latitude, -90…90."],
                        "lon": ["type": ["number", "string"], "description": "Longitude, -180…180."],
                        "latitude": ["type": ["number", "string"], "description": "Latitude, -90…90."],
                        "longitude": ["type": ["number", "string"], "description": "Longitude, -180…180."]
                    ])
            ] as [JSON]
        ]
    }

    private static let action = PolicyAction.allCases.map(\.rawValue)

    private static func positions(_ description: String) -> JSON {
        choice(
            description + " `none`, `text` (`34.6093° S, 58.3739° W`) or `qr` (a QR code of a `geo:` URI); the answer key always shows them.",
            SheetSettings.Positions.allCases.map(\.rawValue))
    }

    // MARK: The schema

    private static func schema() -> JSON {
        let points: JSON = [
            "type": "integer", "minimum": 0, "maximum": Hunt.maximumPoints,
            "description": "Whole points, 0 to \(Hunt.maximumPoints)."
        ]
        var policy: [String: JSON] = [
            "accuracy": length("GPS error assumed when a photo does not record GPSHPositioningError (default 10 m)."),
            "clock-skew": duration("Largest gap allowed between capture time and GPS time (default 10 min)."),
            "max-speed": speed("Faster between a team's consecutive photos is `too-fast` (default 250 km/h)."),
            "browser-max-gap": duration(
                "Largest gap between capture time and the players' page's browser fix for the fix to stand for a photo without a position (default 10 min); beyond it, `browser-fix-weak`."
            ),
            "browser-max-accuracy": length(
                "Largest accuracy of a browser fix that can stand for a photo without a position (default 100 m); beyond it, `browser-fix-weak`."),
            "live-max-age": duration("For `live: true` tasks, the largest time from capture to upload (default 5 min); beyond it, `not-live`."),
            PolicyReader.browserPositionKey: choice(
                "A photo without a position sent from the players' page: `accept` judges it at the browser's fix (which the phone sends and a team can forge: keep review unless you trust every team), `review` does and sends what it would accept to review (`browser-position`), `ignore` leaves the fix out (`no-position`). Default review.",
                BrowserPositionUse.allCases.map(\.rawValue))
        ]
        for (key, reasons, _) in PolicyReader.actionKeys {
            policy[key] = choice("What to do with `\(reasons)`.", action)
        }
        let team = object(
            "A team: `{ id: foxes, name: Red Foxes, members: [Anna, Bram] }`.",
            [
                "id": identifier.merging(["description": "Unique, also ignoring case: it names the team's submissions folder."]) { $1 },
                "name": text("Shown in reports and on sheets (default: the id)."),
                "members": oneOrMany("Member names.")
            ], required: ["id"])
        let announcement = object(
            "A message for the team pages of `hunt serve --players`, shown from its time on: `{ at: 12:00, text: Lunch at the fountain, teams: [foxes] }`.",
            [
                "at": text("When: a date-time, or a time alone (`12:00`) on the window's start date, in the hunt's timezone."),
                "text": localized("What it says, at most 1,000 characters."),
                "teams": [
                    "description": "The team ids it is for (default: every team).", "anyOf": [identifier, ["type": "array", "items": identifier]]
                ] as JSON
            ], required: ["at", "text"])
        let task = object(
            "A task: exactly one of `at`, `area`, `places`; or a question (`answer`, `number` or `choices`), with or without a target; or a code (`code`), with a target; or a group: `choose` and `tasks`, no target.",
            [
                "id": identifier.merging(["description": "Unique; names folders and file-name prefixes of submissions."]) { $1 },
                "title": localized("Shown everywhere."),
                "clue": localized("Shown on sheets and the team page."),
                "hint": localized("Printed as `sheets.hints` says."),
                "hints": [
                    "description":
                        "Hints that open by time or are bought for points (not with `hint`); each is a text (free from the start) or `{ text, after, cost }`.",
                    "type": "array",
                    "items": [
                        "anyOf": [
                            localized("A hint free from the start."),
                            object(
                                "A hint: `after` opens it by itself that long after the window's start (or the task's opening); `cost` lets the team buy it sooner for points.",
                                [
                                    "text": localized("What the hint says."),
                                    "after": duration("When it opens by itself, after the window's start (or the task's `opens`/unlock)."),
                                    "cost": [
                                        "type": "integer", "minimum": 1,
                                        "description": "Points the team gives up to see it; at most the task's points count."
                                    ] as JSON
                                ], required: ["text"])
                        ] as [JSON]
                    ] as JSON
                ] as JSON,
                "reveal": localized("Shown in reports and answer keys only for completed tasks."),
                "at": coordinate,
                "area": text("A polygon target: a GeoJSON Polygon/MultiPolygon or KML file, relative to the hunt file."),
                "places": text("Any of many points: a GeoJSON, GPX, KML or CSV file, relative to the hunt file."),
                "radius": length("For `at` and `places` (default `defaults.radius`); at least 10 m."),
                "points": points,
                "after": oneOrMany("Task ids that must be done earlier in time."),
                "unlocked_by": oneOrMany("Task ids the team must have done before its page shows this task; also done earlier in time, as `after`."),
                "opens": text(
                    "When the team's page shows the task (`11:00` on the hunt window's start date, or a date-time); photos and answers from before it are outside the task's window."
                ),
                "dwell": duration(
                    "Two photos at the same place at least this far apart; `at` or `places` only. On a check-in, how long the team must stay there."),
                "check_in": [
                    "type": "boolean",
                    "description":
                        "`true`: the task is done by being at its place (`at`, `places` or `area`), checked by the position the players' page sends (no photo); with `dwell`, by staying there that long. Not with `answer`, `number` or `choices`."
                ],
                "repeat": choice("How often the task counts (default once); `per-place` needs `places`.", RepeatRule.allCases.map(\.rawValue)),
                "score": choice("`closest`: ranked by closest approach, best per day (default complete).", ScoreRule.allCases.map(\.rawValue)),
                "tags": oneOrMany("For filtering reports."),
                "window": window("The task's own window (default: the hunt's); times alone are on the hunt window's start date."),
                "bands": bands("The task's bands; they start from the hunt's."),
                "evidence": choice(
                    "What the task takes as proof (default any); a photo for a video task or the reverse is `wrong-media`.",
                    EvidenceKind.allCases.map(\.rawValue)),
                "live": flag(
                    "`true`: the photo must be taken with the players' page's camera and sent within `policy.live-max-age` (else `not-live`). `bands`: the team's page says which band the team is in and whether it is getting warmer or colder as the phone moves. `direction`: the page shows an arrow and the distance to the target.",
                    orWords: TaskGuide.allCases.map(\.rawValue)),
                "reference": text(
                    "A photo of what to capture (JPEG, PNG or WebP), relative to the hunt file; `hunt serve` shows it beside each submission."),
                "answer": [
                    "description":
                        "The accepted answers of a typed-answer task (no target needed): a text, a list, or either by language. Case, accents, spacing, punctuation, a leading article and number words do not count; `*` stands for any run of characters.",
                    "anyOf": [
                        ["type": ["string", "number"]], ["type": "array", "items": ["type": ["string", "number"]], "minItems": 1],
                        [
                            "type": "object", "propertyNames": ["pattern": languagePattern],
                            "additionalProperties": [
                                "anyOf": [["type": ["string", "number"]], ["type": "array", "items": ["type": ["string", "number"]]]]
                            ]
                        ]
                    ] as [JSON]
                ] as JSON,
                "number": ["type": "number", "description": "A numeric answer: digits or number words within `within` of it are accepted."] as JSON,
                "within": ["type": "number", "minimum": 0, "description": "How far from `number` an answer may be (default 0)."] as JSON,
                "choices": [
                    "type": "array", "minItems": 2, "items": localized("A choice."),
                    "description": "A multiple-choice task (no target needed): the choices, each team sees them in its own order."
                ] as JSON,
                "correct": oneOrMany("The right choice(s), by their text in the hunt's language; any one of them is accepted."),
                "attempts": [
                    "type": "integer", "minimum": 1, "maximum": TaskQuestion.maximumAttempts,
                    "description":
                        "Tries a team has on an answer, choice or code task (default \(TaskQuestion.defaultAnswerAttempts) for an answer, \(TaskQuestion.defaultChoiceAttempts) for a choice, \(TaskCode.defaultAttempts) for a code); later tries are `no-attempts-left`."
                ] as JSON,
                "code": [
                    "description":
                        "A code posted at the task's place (needs `at`, `area` or `places`), typed by the team on its page: `true` for one made from the players' secret (.hunt-players-secret), or the code itself (`FOX-42`). Case, spaces and dashes do not count. `hunt sheets --posters` prints the posters.",
                    "anyOf": [
                        ["type": "boolean", "const": true],
                        ["type": "string", "pattern": "^(?i:true|yes|on|y)$"],
                        ["type": ["string", "number"], "pattern": "[A-Za-z0-9]", "maxLength": 60]
                    ] as [JSON]
                ] as JSON,
                "choose": [
                    "type": "integer", "minimum": 1,
                    "description": "Counts once any N are done: N of a `places:` task's places, or N of a group's `tasks`."
                ] as JSON,
                "tasks": [
                    "type": "array", "items": identifier, "minItems": 1,
                    "description": "A group's tasks (with `choose`): ids of other tasks, which then score only through the group."
                ] as JSON,
                "sheets": object(
                    "The task's own printing.",
                    [
                        "positions": positions("Where this `at:` task is on players' cards (default: the hunt's `sheets.positions`).")
                    ])
            ], required: ["id", "title"])
        let reward = object(
            "A reward tier.",
            [
                "points": points, "reward": localized("What the tier gives.")
            ], required: ["points", "reward"])
        var root = object(
            "A HuntKit hunt file (see the README, \"The hunt file\").",
            [
                "hunt": localized("The hunt's title."),
                "language": [
                    "type": "string", "pattern": languagePattern,
                    "description":
                        "The language players read by default: `en` (the default), `es`, `fr`, `de`, `nl`, `pt`, `ar`…; plain texts are in it."
                ] as JSON,
                "units": choice(
                    "How distances are written to players on the team page, in reasons and on sheets (default metric); radii and bands are read as written either way.",
                    UnitSystem.allCases.map(\.rawValue)),
                "languages": [
                    "type": "array", "items": ["type": "string", "pattern": languagePattern],
                    "description": "The languages the team page offers (the hunt's own is always one); the phone's language chooses among them."
                ] as JSON,
                "id": identifier.merging(["description": "The hunt's id (default: a slug of the title)."]) { $1 },
                "timezone": text("An IANA name (`Europe/Amsterdam`, `Australia/Sydney`, `UTC`) for times written without an offset (default UTC)."),
                "window": window("When photos count."),
                "defaults": object(
                    "Defaults for tasks.",
                    [
                        "radius": length("Default radius (30 m)."), "points": points
                    ]),
                "policy": object("Thresholds, then one action (reject, review, ignore, accept) per kind of finding.", policy),
                "bands": bands("Hot-or-cold feedback by distance: found ≤ hot ≤ warm (default 100 m, 300 m, 500 m)."),
                "rules": [
                    "description": "Rules for players, printed on sheets: text or a list of lines, or either by language (`{ es: …, en: … }`).",
                    "anyOf": [
                        ["type": "string"], ["type": "array", "items": ["type": "string"]],
                        [
                            "type": "object", "propertyNames": ["pattern": languagePattern],
                            "additionalProperties": ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"]]] as [JSON]]
                        ]
                    ] as [JSON]
                ] as JSON,
                "teams": ["type": "array", "description": "The teams.", "items": ["anyOf": [identifier, team] as [JSON]]] as JSON,
                "tasks": ["type": "array", "description": "The tasks (may be empty, with a warning).", "items": task] as JSON,
                "rewards": ["type": "array", "description": "Reward tiers in ascending order of points.", "items": reward] as JSON,
                "leaderboard": object(
                    "What players and viewers see of the standings.",
                    [
                        "freeze": duration(
                            "How long before the window's end the leaderboard and team pages stop changing, until a judge reveals the final ranking.")
                    ]),
                "announcements": ["type": "array", "description": "Messages shown on the team pages at their time.", "items": announcement] as JSON,
                "retention": duration("How long the teams' photos, videos and sidecars are kept after they arrive; `hunt purge` removes older ones."),
                "sheets": object(
                    "How printed task sheets look.",
                    [
                        "paper": choice("Paper size (default a4).", SheetSettings.Paper.allCases.map(\.rawValue)),
                        "positions": positions("Where point (`at:`) tasks are on players' cards (default none: the clue is the puzzle)."),
                        "qr": flag("The older switch for positions: `true` is `positions: qr`, `false` is `positions: none`."),
                        "hints": choice(
                            "Where hints print on players' sheets (default upside-down).", SheetSettings.HintStyle.allCases.map(\.rawValue)),
                        "layout": text("A sheet template: a folder or file relative to the hunt file, or a name in Templates/sheets/.")
                    ])
            ], required: ["hunt", "tasks"])
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["title"] = "HuntKit hunt file"
        return root
    }
}
