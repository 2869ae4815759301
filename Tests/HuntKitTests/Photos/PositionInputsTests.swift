import Foundation
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
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("positions-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "52.1,5.1\n52.2,5.2\n".write(to: file, atomically: true, encoding: .utf8)
        let read = PositionInputs.read(["1,2"], positionsFile: file.path)
        #expect(read.positions.map(\.label) == ["1,2", "\(file.path):1", "\(file.path):2"])
    }
}
