import Foundation
import Testing
@testable import HuntKit

@Suite struct SheetRenderTests {
    @Test func rendersAPDF() throws {
        let hunt = SheetSamples.utrecht()
        let document = try SheetDocument(hunt: hunt, options: SheetOptions())
        let bytes = try PDFSheetRenderer().render(document)
        #expect(bytes.starts(with: Array("%PDF-".utf8)))
        if let out = ProcessInfo.processInfo.environment["SHEETS_OUT"] {
            try Data(bytes).write(to: URL(fileURLWithPath: out + "/players.pdf"))
            let key = try SheetDocument(hunt: hunt, options: SheetOptions(answerKey: true))
            try Data(try PDFSheetRenderer().render(key)).write(to: URL(fileURLWithPath: out + "/key.pdf"))
            let many = try SheetDocument(hunt: SheetSamples.many(200), options: SheetOptions())
            try Data(try PDFSheetRenderer().render(many)).write(to: URL(fileURLWithPath: out + "/many.pdf"))
            try Data(try HuntSheets.make(hunt, options: SheetOptions(), format: .html)).write(to: URL(fileURLWithPath: out + "/players.html"))
            try Data(try HuntSheets.make(hunt, options: SheetOptions(answerKey: true), format: .html)).write(to: URL(fileURLWithPath: out + "/key.html"))
        }
    }
}
