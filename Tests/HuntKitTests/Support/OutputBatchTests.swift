import Foundation
import HuntTestSupport
import HuntKit
import Testing

@Suite("OutputBatch: all or nothing, never over an input")
struct OutputBatchTests {
    func folder() throws -> URL {
        let url = Scratch.root.appendingPathComponent("output-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `dir/name` holding `text`.
    func file(_ name: String, _ text: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("nothing replaces the old files until commit; then all do, and no temporary file is left")
    func commitTogether() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = try file("a.txt", "old a", in: dir), b = try file("b.txt", "old b", in: dir)
        let batch = OutputBatch()
        try batch.stage(Array("new a".utf8), to: a, displayPath: "a.txt")
        try batch.stage(chunks: [Array("new ".utf8), Array("b".utf8)], to: b, displayPath: "b.txt")
        #expect(try String(contentsOf: a, encoding: .utf8) == "old a")
        #expect(try String(contentsOf: b, encoding: .utf8) == "old b")
        #expect(try batch.commit() == ["a.txt", "b.txt"])
        #expect(try String(contentsOf: a, encoding: .utf8) == "new a")
        #expect(try String(contentsOf: b, encoding: .utf8) == "new b")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.txt", "b.txt"])
    }

    @Test("a write gives the stamp of the file it wrote: the target's once committed, not a later edit's")
    func writeGivesTheStampOfWhatItWrote() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = try file("reviews.yaml", "old", in: dir)
        let stamp = try OutputBatch.write(Array("new text".utf8), to: target)
        #expect(stamp == FileStamp.of(path: target.path))
        #expect(stamp.sizeBytes == 8)
        // Someone else's edit after the rename is another file: the stamp kept does not match it.
        try Data("edited".utf8).write(to: target, options: .atomic)
        #expect(stamp != FileStamp.of(path: target.path))
    }

    @Test("discard removes the temporary files, the lock and the folders it made; the old file stays")
    func discard() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = try file("keep.txt", "old", in: dir)
        let batch = OutputBatch()
        let made = dir.appendingPathComponent("new/deeper")
        try batch.makeFolder(made, displayPath: "new/deeper")
        try batch.lockFolder(made, displayPath: "new/deeper")
        try batch.stage(Array("x".utf8), to: made.appendingPathComponent("x.txt"), displayPath: "x.txt")
        try batch.stage(Array("new".utf8), to: old, displayPath: "keep.txt")
        batch.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.txt"])
        #expect(try String(contentsOf: old, encoding: .utf8) == "old")
        #expect(throws: OutputError.self) { try batch.commit() }
    }

    @Test("temporary names are unpredictable: never the pid, never the same twice; a link at the target is replaced, not followed")
    func temporaryNames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let victim = try file("victim", "precious", in: dir)
        let target = dir.appendingPathComponent("out.json")
        try FileManager.default.createSymbolicLink(at: target, withDestinationURL: victim)
        let batch = OutputBatch()
        try batch.stage(Array("1".utf8), to: target, displayPath: "out.json")
        try batch.stage(Array("2".utf8), to: dir.appendingPathComponent("other.json"), displayPath: "other.json")
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(temporaries.count == 2)
        #expect(!temporaries.contains { $0.contains("\(getpid())") })
        try batch.commit()
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious")
        // The link itself was replaced by the new file.
        #expect(try String(contentsOf: target, encoding: .utf8) == "1")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: target.path)) == nil)
    }

    @Test("an output that is an input, a hard or symbolic link to one, or inside an input folder is refused")
    func inputs() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try file("hunt.yaml", "hunt: x", in: dir)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("soft"), withDestinationURL: input)
        try FileManager.default.linkItem(at: input, to: dir.appendingPathComponent("hard"))
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        let batch = OutputBatch(inputs: [input], inputFolders: [photos])
        for name in ["hunt.yaml", "soft", "hard", "photos/new/results.json"] {
            #expect(throws: OutputError.self, "\(name)") {
                try batch.stage(Array("x".utf8), to: dir.appendingPathComponent(name), displayPath: name)
            }
        }
        #expect(try String(contentsOf: input, encoding: .utf8) == "hunt: x")
        try batch.stage(Array("x".utf8), to: dir.appendingPathComponent("sheets.html"), displayPath: "sheets.html")
    }

    @Test("replacing: false keeps a file that exists by commit time, and says so")
    func noReplace() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("photo.jpg")
        let batch = OutputBatch()
        try batch.stage(Array("new".utf8), to: target, displayPath: "photo.jpg", replacing: false)
        try Data("appeared".utf8).write(to: target)
        #expect(throws: OutputError.self) { try batch.commit() }
        #expect(try String(contentsOf: target, encoding: .utf8) == "appeared")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["photo.jpg"])
    }

    @Test("a second lock on the same folder is refused and names the holder's pid")
    func lock() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = OutputBatch(), second = OutputBatch()
        try first.lockFolder(dir, displayPath: "out")
        do {
            try second.lockFolder(dir, displayPath: "out")
            Issue.record("the second lock was granted")
        } catch {
            #expect(error.description == "out: error: another run is writing here (pid \(getpid())); wait for it to finish, or choose another folder")
        }
        try first.commit()
        try second.lockFolder(dir, displayPath: "out")
        second.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("batches made and released on several threads at once never deadlock (hunt serve with --out hung so)")
    func concurrentReleases() throws {
        let done = DispatchSemaphore(value: 0)
        let threads = 4
        let deadline = Date().addingTimeInterval(2)
        for _ in 0..<threads {
            Thread {
                // Each thread keeps a few batches alive and lets go of the oldest, so releases on
                // one thread meet registrations and releases on the others.
                var ring: [OutputBatch?] = Array(repeating: nil, count: 64)
                var i = 0
                while Date() < deadline {
                    ring[i % ring.count] = OutputBatch()
                    i += 1
                }
                ring.removeAll()
                done.signal()
            }.start()
        }
        for _ in 0..<threads {
            // A deadlocked thread never signals; its lock stays taken, so the suite stops here.
            let finished = done.wait(timeout: .now() + 30) == .success
            #expect(finished, "a thread releasing batches did not finish within 30 s: deadlocked")
            if !finished { return }
        }
    }
}
