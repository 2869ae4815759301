import Foundation
@testable import HuntKit
import HuntTestSupport
import Testing

/// `hunt schema`: the committed schema file is what the code generates, its keys are the loader's,
/// and the loader agrees with it on the fixtures that .ci/check/schema.sh validates with jsonschema.
@Suite struct HuntJSONSchemaTests {
    static let checkout = SourceTree.root
    static let fixtures = checkout.appendingPathComponent("Tests/HuntKitTests/Fixtures/schema")
    static let committed = checkout.appendingPathComponent("Templates/\(HuntJSONSchema.fileName)")

    private static func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(HuntJSONSchema.document().utf8)) as? [String: Any])
    }

    private static func keys(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    private static func property(_ object: Any?, _ path: String...) -> Any? {
        path.reduce(object) { (($0 as? [String: Any])?["properties"] as? [String: Any])?[$1] }
    }

    @Test func theCommittedFileIsTheGeneratedSchema() throws {
        let text = try String(contentsOf: Self.committed, encoding: .utf8)
        #expect(text == HuntJSONSchema.document(), "Templates/hunt.schema.json is stale: run `swift run hunt schema > Templates/hunt.schema.json`")
    }

    @Test func everySectionAllowsExactlyTheLoadersKeys() throws {
        let root = try Self.schema()
        #expect(root["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
        #expect(Self.keys(root) == Set(HuntSchema.topLevel))
        #expect(root["required"] as? [String] == ["hunt", "tasks"])
        let task = (Self.property(root, "tasks") as? [String: Any])?["items"]
        let team = ((Self.property(root, "teams") as? [String: Any])?["items"] as? [String: Any])?["anyOf"] as? [Any]
        let reward = (Self.property(root, "rewards") as? [String: Any])?["items"]
        let coordinate = (Self.property(task, "at") as? [String: Any])?["anyOf"] as? [Any]
        let sections: [(String, Any?, [String])] = [
            ("task", task, HuntSchema.task), ("team", team?.last, HuntSchema.team), ("reward", reward, HuntSchema.reward),
            ("window", Self.property(root, "window"), HuntSchema.window), ("task window", Self.property(task, "window"), HuntSchema.window),
            ("defaults", Self.property(root, "defaults"), HuntSchema.defaults), ("bands", Self.property(root, "bands"), HuntSchema.bands),
            ("task bands", Self.property(task, "bands"), HuntSchema.bands), ("policy", Self.property(root, "policy"), PolicyReader.keys),
            ("sheets", Self.property(root, "sheets"), SheetSettingsReader.keys), ("coordinate", coordinate?.last, HuntSchema.coordinate)
        ]
        for (name, section, loaderKeys) in sections {
            #expect(Self.keys(section) == Set(loaderKeys), "\(name)")
            #expect((section as? [String: Any])?["additionalProperties"] as? Bool == false, "\(name) must refuse unknown keys, as the loader does")
        }
    }

    @Test(arguments: ["30 m", "30m", "1.5 km", "300 FT", "10 yd", "0.5 mi", "2 kilometres", "1e3 m", "+5 metres"])
    func lengthsTheLoaderReadsMatchThePattern(text: String) throws {
        #expect(Length.parse(text) != nil)
        let pattern = try #require(
            ((Self.property(try Self.schema(), "defaults", "radius") as? [String: Any])?["anyOf"] as? [[String: Any]])?.last?["pattern"] as? String)
        #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(pattern)")
    }

    @Test(arguments: ["30", "10 furlongs", "m", "1,5 km", "30 m.", "ten m"])
    func theLengthPatternAgreesWithTheLoader(text: String) throws {
        let pattern = try #require(
            ((Self.property(try Self.schema(), "defaults", "radius") as? [String: Any])?["anyOf"] as? [[String: Any]])?.last?["pattern"] as? String)
        let matches = text.range(of: pattern, options: .regularExpression) != nil
        #expect(matches == (Length.parse(text) != nil), "\(text)")
    }

    /// The fixtures .ci/check/schema.sh runs through jsonschema: the loader accepts the one the
    /// schema accepts and refuses the `*.bad.yaml` ones it refuses.
    @Test func theLoaderAgreesWithTheSchemaFixtures() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { $0.hasSuffix(".yaml") }
        #expect(files.count >= 5)
        for file in files {
            let result = HuntLoader().load(contentsOf: Self.fixtures.appendingPathComponent(file), displayPath: file)
            #expect(result.diagnostics.hasErrors == file.hasSuffix(".bad.yaml"), "\(file): \(result.diagnostics.map(\.message))")
        }
    }

    @Test func templatesAndExamplesNameTheSchemaOnTheirFirstLine() throws {
        let fileManager = FileManager.default
        var hunts: [URL] = []
        for folder in ["Templates/hunts", "Examples"] {
            let base = Self.checkout.appendingPathComponent(folder)
            for name in try fileManager.contentsOfDirectory(atPath: base.path)
            where fileManager.fileExists(atPath: base.appendingPathComponent("\(name)/hunt.yaml").path) {
                hunts.append(base.appendingPathComponent("\(name)/hunt.yaml"))
            }
        }
        #expect(hunts.count >= 9)
        for hunt in hunts {
            let first = try String(contentsOf: hunt, encoding: .utf8).prefix { $0 != "\n" }
            #expect(first.hasPrefix(HuntTemplates.schemaModeline), "\(hunt.path)")
            let target = hunt.deletingLastPathComponent().appendingPathComponent(String(first.dropFirst(HuntTemplates.schemaModeline.count)))
                .standardizedFileURL
            #expect(target == Self.committed, "\(hunt.path) names \(target.path)")
        }
    }

    @Test func aCopiedTemplateNamesTheSchemaByAbsolutePath() {
        let schema = URL(fileURLWithPath: "/usr/local/share/hunt/Templates/hunt.schema.json")
        let crlf = Data("# yaml-language-server: $schema=../../hunt.schema.json\r\nhunt: X\r\n".utf8)
        #expect(
            String(decoding: HuntTemplates.withSchemaPath(crlf, schema: schema), as: UTF8.self)
                == "# yaml-language-server: $schema=/usr/local/share/hunt/Templates/hunt.schema.json\r\nhunt: X\r\n")
        let plain = Data("hunt: X\n".utf8)
        #expect(HuntTemplates.withSchemaPath(plain, schema: schema) == plain)
    }
}
