import Foundation

/// What a correct judge must say of a simulation (`answers.json`), worked out from the plan.
extension Simulator {
    /// What one simulated photo should get from the judge.
    public struct Answer: Sendable, Hashable, Codable {
        /// The photo's path, relative to the submissions folder.
        public var path: String
        /// The team's id.
        public var team: String
        /// The task's id.
        public var task: String
        /// What the photo was planned to show (a clean hit, a miss, a failure kind).
        public var kind: Kind
        /// The verdict a correct judge gives.
        public var verdict: Verdict
        /// The reason codes a correct judge gives.
        public var reasons: [ReasonCode]
    }

    /// What a team should have done of a `choose` task's set: the places (by name) or the group's
    /// tasks (by id) with an accepted photo, in the order of their first; `complete` once they
    /// are `choose` many. It follows the expected verdicts, as the judge's scoring follows its own.
    public struct ChoiceAnswer: Sendable, Hashable, Codable {
        /// The team's id.
        public var team: String
        /// The task's id.
        public var task: String
        /// How many of the set complete the task.
        public var choose: Int
        /// Places or tasks of the set done, in the order of their first accepted photo.
        public var done: [String]
        /// Whether `done` holds `choose` many.
        public var complete: Bool
    }

    /// `answers.json`.
    public struct AnswerFile: Sendable, Hashable, Codable {
        /// The answer file's format version.
        public var schema = 1
        /// The hunt's id.
        public var hunt: String
        /// The seed the simulation ran with.
        public var seed: UInt64
        /// Teams simulated.
        public var teams: Int
        /// Photos planned per team.
        public var photosPerTeam: Int
        /// Photos planned of each kind (written as an object keyed by the kind's name).
        public var kinds: [Kind: Int]
        /// Sorted by path.
        public var submissions: [Answer]
        /// For hunts with `choose` tasks: what of each one's set each team should have done
        /// (sorted by team, then task in the hunt's order); absent for other hunts.
        public var choices: [ChoiceAnswer]? = nil

        /// `answers.json`'s text (`JSONText.stableData`: the same plan gives the same bytes).
        public func jsonData() throws -> Data {
            try JSONText.stableData(self)
        }

        /// Says which teams got fewer photos than `photosPerTeam` — the hunt's window had no room
        /// for more at a travelling pace — and what to change; nil when every team got them all.
        public var shortfall: String? {
            let counts = Dictionary(grouping: submissions, by: \.team).mapValues(\.count)
            let short = counts.filter { $0.value < photosPerTeam }.sorted { $0.key < $1.key }
            guard !short.isEmpty else { return nil }
            let named = short.prefix(5).map { "\($0.key) \($0.value)" } + (short.count > 5 ? ["\(short.count - 5) more teams"] : [])
            return "note: the hunt's window had room for fewer photos than asked (\(photosPerTeam) a team): "
                + named.joined(separator: ", ") + "; ask for fewer, or simulate a longer window"
        }

        /// The file's keys, as written: snake_case.
        enum CodingKeys: String, CodingKey {
            case schema, hunt, seed, teams, kinds, submissions, choices
            case photosPerTeam = "photos_per_team"
        }

        /// An answer file read back from `answers.json`.
        public static func decode(_ data: Data) throws -> AnswerFile {
            try JSONDecoder().decode(AnswerFile.self, from: data)
        }
    }

    /// Each simulated team's progress through each `choose` task, from the expected verdicts;
    /// nil when the hunt has no `choose` task.
    func expectedChoices(_ photos: [PlannedPhoto], _ answers: [Answer]) -> [ChoiceAnswer]? {
        let chooseTasks = hunt.tasks.filter { $0.choose != nil }
        guard !chooseTasks.isEmpty else { return nil }
        let accepted = Set(answers.filter { $0.verdict == .accepted }.map(\.path))
        let done = photos.filter { accepted.contains($0.path) }.sorted { ($0.instant, $0.path) < ($1.instant, $1.path) }
        var result: [ChoiceAnswer] = []
        for team in hunt.teams.prefix(options.teams) {
            for task in chooseTasks {
                let choice = task.choose!
                var units: [String] = []
                for photo in done where photo.team == team.id {
                    let unit: String?
                    if task.isGroup {
                        unit = choice.tasks.contains(photo.task.id) ? photo.task.id : nil
                    } else if photo.task.id == task.id, case .places(let places) = task.target, let position = photo.tags.position {
                        unit =
                            places.places.min {
                                Geodesic.distanceMetres(from: $0.coordinate, to: position)
                                    < Geodesic.distanceMetres(from: $1.coordinate, to: position)
                            }?.name
                    } else {
                        unit = nil
                    }
                    if let unit, !units.contains(unit) { units.append(unit) }
                }
                result.append(ChoiceAnswer(team: team.id, task: task.id, choose: choice.count, done: units, complete: units.count >= choice.count))
            }
        }
        return result
    }

    /// Adds `order` where a team had not done (accepted) a prerequisite earlier — a photo, an
    /// answer or one of its `checkIns` — walking each team's photos in time order, and settles
    /// each verdict under the hunt's policy.
    func expectedAnswers(_ photos: [PlannedPhoto], checkIns: [PlannedCheckIn] = []) -> [Simulator.Answer] {
        var answers: [String: Answer] = [:]
        let byTeam = Dictionary(grouping: photos, by: \.team)
        let checkedIn = Self.accepted(checkIns)
        for (team, teamPhotos) in byTeam {
            let ordered = teamPhotos.sorted { ($0.instant, $0.path) < ($1.instant, $1.path) }
            var done = Dictionary(grouping: checkedIn[team] ?? [], by: \.task).mapValues { $0.map(\.sentAt.date) }
            for photo in ordered {
                var reasons = photo.reasons
                let missing = photo.task.after.filter { id in !(done[id] ?? []).contains { $0 < photo.instant } }
                if !missing.isEmpty { reasons.append(.order) }
                reasons = Array(Set(reasons)).sorted()
                // A planted duplicate copies another team's photo: at most review (`duplicatesAcrossTeams`).
                let action = { (code: ReasonCode) in
                    code == .duplicateOf && photo.kind == .duplicate ? hunt.policy.duplicatesAcrossTeams : code.action(under: hunt.policy)
                }
                let verdict = Verdict.from(reasons.map(action))
                if verdict == .accepted { done[photo.task.id, default: []].append(photo.instant) }
                answers[photo.path] = Answer(
                    path: photo.path, team: photo.team, task: photo.task.id, kind: photo.kind,
                    verdict: verdict, reasons: reasons.filter { [.reject, .review].contains(action($0)) })
            }
        }
        return answers.values.sorted { $0.path < $1.path }
    }
}
