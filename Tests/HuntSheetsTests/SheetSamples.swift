import Foundation
import HuntTestSupport
@testable import HuntKit
@testable import HuntSheets

/// Hunts built in code for the sheet tests: accents from several languages, every kind of target.
enum SheetSamples {
    static let here = SourceLocation(file: "sample.yaml", line: 1, column: 1)

    /// The hunt of `Examples/<name>`, as `hunt` loads it.
    static func example(_ name: String) throws -> Hunt {
        let url = SourceTree.root.appendingPathComponent("Examples/\(name)/hunt.yaml")
        return try HuntLoader().load(contentsOf: url, displayPath: url.path).get()
    }

    static func date(_ text: String, _ zone: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: text)!
    }

    /// Titles with Czech, Dutch and French accents, which must survive into the PDF's text.
    static let accentedTitles = [
        "Příliš žluťoučký kůň úpěl ďábelské ódy",
        "Het Domplein en de ruïne van het schip",
        "Café crème à la Défense, s'il vous plaît",
        "IJsselmeer: één brug, twee oevers",
        "Hôtel de Ville — où est la façade ?",
        "Ševčíkova ulice, Žižkov"
    ]

    static func utrecht(hints: SheetSettings.HintStyle = .upsideDown, positions: SheetSettings.Positions = .qr, teams: Int = 2) -> Hunt {
        var settings = SheetSettings()
        settings.hints = hints
        settings.positions = positions
        let zone = "Europe/Amsterdam"
        var tasks: [HuntTask] = [
            HuntTask(
                id: "dom-tower", title: "De Domtoren", clue: "The tallest church tower in the Netherlands. Count the bells if you can.",
                hint: "Look up.", reveal: "Built between 1321 and 1382; the nave collapsed in a storm in 1674.", points: 20,
                target: .circle(center: Coordinate(latitude: 52.09067, longitude: 5.12133), radius: .metres(75)), location: here),
            HuntTask(
                id: "france", title: "Get as close to France as you can", clue: "Any road will do.",
                target: .area(AreaTarget(path: "france.geojson", url: URL(fileURLWithPath: "/nonexistent/france.geojson"))),
                score: .closest, location: here),
            HuntTask(
                id: "cafe", title: "Café credit", clue: "Check in at a café: two photos ten minutes apart.", points: 1,
                target: .places(
                    PlacesTarget(
                        path: "cafes.geojson", url: URL(fileURLWithPath: "/nonexistent/cafes.geojson"),
                        radius: .metres(25))),
                dwell: TimeSpan(seconds: 600), repeatRule: .perPlace, tags: ["food", "social"], location: here),
            HuntTask(
                id: "bridge", title: "The bridge after the tower", hint: "It is older than the canal.",
                target: .circle(center: Coordinate(latitude: 52.088, longitude: 5.119), radius: .metres(30)),
                after: ["dom-tower"], location: here)
        ]
        for (index, title) in accentedTitles.enumerated() {
            tasks.append(
                HuntTask(
                    id: "accent-\(index)", title: title, clue: "Zoek de plek. Trouvez l'endroit. Najděte místo.",
                    hint: "Nápověda: vlevo", points: 5 + index,
                    target: .circle(
                        center: Coordinate(latitude: 52.09 + Double(index) * 0.001, longitude: -5.12 - Double(index) * 0.01),
                        radius: .metres(40)),
                    location: here))
        }
        if case .places(var places) = tasks[2].target {
            places.places = [
                Place(name: "Café de Zaak", coordinate: Coordinate(latitude: 52.0912, longitude: 5.1201), location: here),
                Place(name: "Stadskasteel Oudaen", coordinate: Coordinate(latitude: 52.0899, longitude: 5.1187), location: here)
            ]
            tasks[2].target = .places(places)
        }
        let allTeams = [
            Team(id: "foxes", name: "Red Foxes", members: ["Anna", "Bram"], location: here),
            Team(id: "owls", name: "Night Owls", location: here),
            Team(id: "žáby", name: "Zelené žáby", location: here)
        ]
        return Hunt(
            id: "utrecht", title: "Utrecht Campus Photo Hunt", timezone: TimeZone(identifier: zone)!,
            window: TimeWindow(start: date("2026-05-02 10:00", zone), end: date("2026-05-02 16:00", zone)),
            teams: Array(allTeams.prefix(teams)), tasks: tasks,
            rewards: [
                Reward(points: 10, reward: "A free drink at any participating café", location: here),
                Reward(points: 50, reward: "Bragging rights and a medal", location: here)
            ],
            rules:
                "Stay together as a team.\nDo not enter private property.\n\nSend your photos as files, not through the chat app, so their location survives.",
            sheets: settings, source: here)
    }

    /// `count` point tasks with accented titles and clues of varied length.
    static func many(_ count: Int, teams: Int = 1) -> Hunt {
        var hunt = utrecht(teams: teams)
        hunt.tasks = (1...count).map { n in
            let clue = String(repeating: "Zoek het bordje bij de ingang en fotografeer de gevel. ", count: 1 + n % 5)
            return HuntTask(
                id: "t\(n)", title: "Úkol \(n): \(accentedTitles[n % accentedTitles.count])", clue: clue,
                hint: n % 3 == 0 ? "Regardez à gauche." : nil, points: 5 + n % 20,
                target: .circle(
                    center: Coordinate(latitude: 50 + Double(n) * 0.0137, longitude: 4.5 + Double(n) * 0.0071),
                    radius: .metres(30)),
                location: here)
        }
        return hunt
    }
}
