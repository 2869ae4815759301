import Foundation
import HuntTestSupport
import Testing
@testable import HuntKit

@Suite struct PositionInputsTests {
    @Test func typedPositionsKeepTheirTextAsLabel() {
        let read = PositionInputs.read(["52.0907,5.1213", "-33.8568,151.2153"])
        #expect(read.positions.map(\.label) == ["52.0907,5.1213", "-33.8568,151.2153"])
        #expect(read.positions[1].position.latitude == -33.8568)
        #expect(read.diagnostics.isEmpty)
    }

    @Test func anInputThatIsNeitherPositionNorFileIsAnError() {
        let read = PositionInputs.read(["nowhere"])
        #expect(read.positions.isEmpty)
        #expect(read.diagnostics.map(\.code) == ["bad-input"])
    }

    @Test func aPositionsFileIsLabelledByLine() throws {
        let file = Scratch.root.appendingPathComponent("positions-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "52.1,5.1\n52.2,5.2\n".write(to: file, atomically: true, encoding: .utf8)
        let read = PositionInputs.read(["1,2"], positionsFile: file.path)
        #expect(read.positions.map(\.label) == ["1,2", "\(file.path):1", "\(file.path):2"])
    }

    /// `hunt where FOLDER` reads the folder as `hunt exif` does (issue 22, item 12): its photos,
    /// in subfolders too, each labelled by its path; one without a position is left out with a warning.
    @Test func aFolderIsReadAsExifReadsIt() throws {
        let folder = Scratch.root.appendingPathComponent("where-folder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("foxes/tower"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PhotoFixtures.url("jpeg-gps-complete.jpg"), to: folder.appendingPathComponent("foxes/tower/IMG_1.jpg"))
        try FileManager.default.copyItem(at: PhotoFixtures.url("jpeg-no-exif.jpg"), to: folder.appendingPathComponent("foxes/IMG_2.jpg"))
        try "notes".write(to: folder.appendingPathComponent("foxes/notes.txt"), atomically: true, encoding: .utf8)
        let read = PositionInputs.read([folder.path])
        #expect(read.positions.map(\.label) == [folder.path + "/foxes/tower/IMG_1.jpg"])
        #expect(read.diagnostics.map(\.code) == ["no-position"])
        #expect(read.diagnostics.map(\.severity) == [.warning])
        #expect(read.diagnostics.first?.location.file == folder.path + "/foxes/IMG_2.jpg")
    }
}
