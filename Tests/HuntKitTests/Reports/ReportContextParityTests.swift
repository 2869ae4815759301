import Foundation
import Mustache
import Testing
@testable import HuntKit

/// The report templates see every key of the report's `--format json`, at the same place: the
/// template context is made from the report's `CodingKeys`, never from a list of its own.
@Suite struct ReportContextParityTests {
    static func reports() throws -> [Report] {
        var reports: [Report] = []
        for results in try ReportFixtures.names.map(ReportFixtures.results) + [try ReportFixtures.hostile()] {
            reports.append(try Report(results))
            reports.append(try Report(results, options: ReportOptions(teamID: results.teams[0].id)))
        }
        return reports
    }

    @Test func theTemplatesSeeEveryKeyOfTheReportsJSON() throws {
        for report in try Self.reports() {
            let json = try JSONSerialization.jsonObject(with: report.jsonData())
            var missing: [String] = []
            Self.compare(json, ReportContext().make(report, format: .html), path: "", missing: &missing)
            #expect(missing == [], "the template context lacks these keys of --format json")
        }
    }

    /// The keys of `json` missing from `context` at the same place, as `tasks[0].target`.
    static func compare(_ json: Any, _ context: Any, path: String, missing: inout [String]) {
        if let object = json as? [String: Any] {
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                let child: Any? = (context as? [String: Any])?[key] ?? (context as? MustacheParent)?.child(named: key)
                guard let child else { missing.append(path + "." + key); continue }
                compare(value, child, path: path + "." + key, missing: &missing)
            }
        } else if let array = json as? [Any] {
            guard let elements = context as? [Any], elements.count == array.count else {
                missing.append(path + "[]")
                return
            }
            for (i, (value, element)) in zip(array, elements).enumerated() {
                compare(value, element, path: "\(path)[\(i)]", missing: &missing)
            }
        }
    }

    /// The one test that can fail: a key the context does not have is found.
    @Test func aMissingKeyIsFound() {
        var missing: [String] = []
        Self.compare(["a": ["b": 1, "c": [["d": 2]]]], ["a": ["b": 1, "c": [["e": 2]]]], path: "", missing: &missing)
        #expect(missing == [".a.c[0].d"])
    }
}
