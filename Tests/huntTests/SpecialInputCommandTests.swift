import Foundation
import HuntTestSupport
import Testing

/// Special files and hostile names given to the commands as a user (or an attacker) would
/// (issue 11: defects 3, 6, 10).
@Suite("special input files and names, end to end", .serialized)
struct SpecialInputCommandTests {
    static let hunt = """
        hunt: Special
        timezone: UTC
        teams: [{ id: foxes, name: Foxes }]
        tasks:
          - { id: tower, title: Tower, at: "52.09067, 5.12133", radius: 100 m }

        """

    static var photo: URL {
        SourceTree.root.appendingPathComponent("Tests/HuntKitTests/Fixtures/photos/jpeg-gps-complete.jpg")
    }

    @Test("/dev/zero and a FIFO with no writer: refused at once, for every kind of input, in words for a person")
    func devZeroAndFIFO() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-special")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.hunt.utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("subs/foxes/tower"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.photo, to: folder.appendingPathComponent("subs/foxes/tower/a.jpg"))
        #expect(mkfifo(folder.appendingPathComponent("fifo").path, 0o644) == 0)
        for special in ["/dev/zero", "fifo"] {
            let runs: [[String]] = [
                ["validate", special], ["sheets", special, "-o", "s.pdf"],
                ["judge", "hunt.yaml", "subs", "--reviews", special, "--format", "json"],
                ["judge", "hunt.yaml", "subs", "--manifest", special, "--format", "json"],
                ["report", special, "--format", "md"], ["import", special]
            ]
            for arguments in runs {
                let started = Date()
                let result = try HuntBinary.run(arguments, in: folder)
                #expect(Date().timeIntervalSince(started) < 10, "\(arguments)")
                #expect(result.status == 1, "\(arguments): \(result.stderr)")
                #expect(
                    result.stderr.contains("\(special): error: is a device, FIFO or socket, not a regular file"), "\(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("permission"), "\(arguments)")
            }
        }
    }

    @Test("names that are not UTF-8 or hold a backslash are judged under paths the reviews file can name")
    func hostileNames() throws {
        let folder = try HuntBinary.temporaryDirectory("hunt-names")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.hunt.utf8).write(to: folder.appendingPathComponent("hunt.yaml"))
        let tower = folder.appendingPathComponent("subs/foxes/tower")
        try FileManager.default.createDirectory(at: tower, withIntermediateDirectories: true)
        let jpeg = [UInt8](try Data(contentsOf: Self.photo))
        for name: [UInt8] in [
            Array("bad".utf8) + [0xFF] + Array(".jpg".utf8), Array("bad".utf8) + [0xFE] + Array(".jpg".utf8),
            Array("a\\b.jpg".utf8)
        ] {
            let path = Array(tower.path.utf8) + [UInt8(ascii: "/")] + name + [0]
            let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) } }
            try #require(fd >= 0)
            _ = jpeg.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        try Data("foxes/tower/bad\\xFF.jpg: reject\n'foxes/tower/a\\\\b.jpg': reject\n".utf8).write(to: folder.appendingPathComponent("reviews.yaml"))
        let result = try HuntBinary.run(["judge", "hunt.yaml", "subs", "--reviews", "reviews.yaml", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        let submissions = try #require(json["submissions"] as? [[String: Any]])
        let verdicts = Dictionary(submissions.map { ($0["path"] as! String, $0["verdict"] as! String) }, uniquingKeysWith: { a, _ in a })
        #expect(verdicts == ["foxes/tower/bad\\xFF.jpg": "rejected", "foxes/tower/bad\\xFE.jpg": "accepted", "foxes/tower/a\\\\b.jpg": "rejected"])
    }
}
