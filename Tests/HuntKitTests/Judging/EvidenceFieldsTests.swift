import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

/// The evidence fields are declared once (`JudgeResults.Evidence.Field`); results.json, the
/// report's JSON, the CSV, the report templates and the console's page all follow that list.
@Suite struct EvidenceFieldsTests {
    typealias Field = JudgeResults.Evidence.Field

    static let keys = Set(Field.allCases.map(\.stringValue))

    /// Evidence with every field present, no two alike: a field whose reader (`get`) and key
    /// path (`path`, which decoding sets) name different properties fails the round trip below.
    static let full = JudgeResults.Evidence(
        position: .init(lat: 52.09067, lon: 5.12133), accuracy: .metres(5), accuracySource: .photo, distance: .metres(12.5),
        edgeDistance: .metres(-3),
        bearingDeg: 45, compass: .sw, band: .found, place: "Bar El Federal", capturedAt: Timestamp("2026-05-02T11:03:00+02:00"),
        capturedLocal: "2026-05-02T11:03:00", offset: "+02:00", timeSource: .offset, gpsTime: Timestamp("2026-05-02T09:03:04Z"), clockSkewS: 4,
        make: "Apple", model: "iPhone 15", software: "17.1", contentHash: "9f2c", format: .mov, media: .video, durationS: 3.5,
        motion: "IMG_0001.MOV", error: "cut short", speedKmh: 11, candidates: ["dom-tower", "bridge"], positionSource: .browser,
        browserPosition: .init(lat: 52.0907, lon: 5.1214), browserAccuracy: .metres(8), browserFixedAt: Timestamp("2026-05-02T11:03:12+02:00"),
        browserGapS: 12, browserDistance: .metres(7.5), uploadedAt: Timestamp("2026-05-02T11:03:20+02:00"), uploadAgeS: 20,
        answer: "Minaert", answerMatched: "Marcel Minnaert", answerExpected: "Minnaert", attempt: 2, attemptsAllowed: 5, stayS: 630)

    /// Each field is made from its property's key path, so the compiler refuses one that names
    /// no property; a property without a field is what this catches.
    @Test func everyStoredPropertyIsAField() {
        let properties = Mirror(reflecting: Self.full).children
        #expect(properties.count == Field.allCases.count)
        #expect(properties.filter { "\($0.value)" == "nil" }.compactMap(\.label) == [], "`full` leaves these out")
        #expect(Field.allCases.filter { Self.full[$0] == nil } == [])
        #expect(Set(Field.allCases).count == Field.allCases.count, "two fields under one key")
        #expect(Set(Field.allCases.map(\.path)).count == Field.allCases.count, "two fields of one property")
    }

    @Test func resultsJSONWritesEveryFieldUnderItsKeyAndReadsItBack() throws {
        var writer = JSONTextWriter()
        Self.full.write(&writer)
        let object = try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(Set(object.keys) == Self.keys)
        #expect(try JSONDecoder().decode(JudgeResults.Evidence.self, from: Data(writer.bytes)) == Self.full)
        let written = String(decoding: writer.bytes, as: UTF8.self)
        let order = Field.allCases.map(\.stringValue).sorted().compactMap { written.range(of: "\"\($0)\":")?.lowerBound }
        #expect(order == order.sorted(), "results.json keys are written sorted")
    }

    /// A field's value of the wrong kind is an error that names the field as the file spells it
    /// and says what was wrong, whichever way the value is read (text, number, name, time).
    @Test(arguments: [
        (#"{"accuracy_source": "camera"}"#, "`accuracy_source`: Cannot initialize AccuracySource from invalid String value camera"),
        (#"{"captured_at": "yesterday"}"#, "`captured_at`: `yesterday` is not a time like"),
        (#"{"distance_m": "far"}"#, "`distance_m`: "),
        (#"{"make": 12}"#, "`make`: "),
        (#"{"position": {"lat": "north"}}"#, "`position.lat`: ")
    ])
    func aBrokenFieldIsNamed(json: String, message: String) {
        do {
            _ = try JSONDecoder().decode(JudgeResults.Evidence.self, from: Data(json.utf8))
            Issue.record("read \(json)")
        } catch let error as DecodingError {
            #expect(ResultsFileReader.describe(error).hasPrefix(message), "\(ResultsFileReader.describe(error))")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Absent fields stay nil, and a key no field has is passed over.
    @Test func absentFieldsStayNil() throws {
        let evidence = try JSONDecoder().decode(JudgeResults.Evidence.self, from: Data(#"{"band": "warm", "later_field": 1}"#.utf8))
        #expect(evidence == JudgeResults.Evidence(band: .warm))
    }

    /// The report's `--format json` and the console's API send `Evidence` through `Codable`.
    @Test func codableUsesTheSameKeys() throws {
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.full)) as? [String: Any])
        #expect(Set(object.keys) == Self.keys)
    }

    @Test func csvColumnsAreNamedForTheFieldTheyShow() {
        var shown: Set<Field> = []
        for column in CSVReportRenderer.submissionTable {
            if let field = column.field {
                shown.insert(field)
                #expect(
                    column.name == field.stringValue || (field == Field(\.position) && ["lat", "lon"].contains(column.name))
                        || (field == Field(\.browserPosition) && ["browser_lat", "browser_lon"].contains(column.name)))
            } else {
                #expect(!Self.keys.contains(column.name), "`\(column.name)` is a field's name but not read from the field")
            }
        }
        #expect(shown.isDisjoint(with: CSVReportRenderer.evidenceLeftOut))
        #expect(shown.union(CSVReportRenderer.evidenceLeftOut) == Set(Field.allCases), "a field is neither a column nor left out")
    }

    @Test func csvCellsShowTheFieldsValues() throws {
        var results = try ReportFixtures.results("photo-scavenger-hunt")
        results.submissions[0].evidence = Self.full
        let report = try Report(results)
        var rows = CSVRows(text: CSVReportRenderer().submissions(report), delimiter: ",")
        let first = rows.next()
        let header = try #require(first).fields.map(\.value)
        #expect(header == CSVReportRenderer.submissionColumns)
        var row: [String] = []
        while row.isEmpty, let next = rows.next() {
            if next.fields.first?.value == results.submissions[0].path { row = next.fields.map(\.value) }
        }
        #expect(row.count == header.count)
        let value = { (name: String) in row[header.firstIndex(of: name)!] }
        #expect(value("clock_skew_s") == "4")
        #expect(value("speed_kmh") == "11")
        #expect(value("distance_m") == "12.5")
        #expect(value("lat") == "52.09067")
        #expect(value("band") == "found")
        #expect(value("content_hash") == "9f2c")
        #expect(value("browser_lat") == "52.0907" && value("browser_lon") == "5.1214")
        #expect(value("browser_gap_s") == "12" && value("position_source") == "browser")
        #expect(value("answer") == "Minaert" && value("answer_expected") == "Minnaert" && value("attempt") == "2")
    }

    @Test func templatesSeeEveryField() {
        let context = ReportContext.evidence(Self.full, language: .english)
        #expect(Set(context.keys) == Self.keys.union(["lat", "lon", "position_text", "distance_text"]))
        #expect(context["clock_skew_s"] as? Double == 4)
        #expect(context["candidates"] as? [String] == ["dom-tower", "bridge"])
        #expect(context["lat"] as? Double == 52.09067, "`lat` is the judged position's, not the browser's")
    }

    /// The console's page shows what `/api/item` sends; every evidence name it reads is a field.
    @Test func theConsolePageReadsOnlyFields() throws {
        let script = try String(contentsOf: SourceTree.root.appendingPathComponent("Templates/serve/queue.js"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"(?:\be|item\.evidence)\.([A-Za-z_]+)\b(?!\s*\()"#)
        let range = NSRange(script.startIndex..., in: script)
        let read = Set(pattern.matches(in: script, range: range).compactMap { Range($0.range(at: 1), in: script).map { String(script[$0]) } })
        #expect(read.count > 10)
        #expect(read.subtracting(Self.keys).sorted() == [], "queue.js reads evidence that has no field")
    }
}
