import Foundation
import Testing
@testable import HuntKit

@Suite struct PhotoOutputTests {
    @Test func csvHeaderNamesTheRequiredColumns() {
        let header = PhotoCSVRenderer().header.trimmingCharacters(in: .newlines)
        #expect(header.hasPrefix("path,format,latitude,longitude,altitude,accuracy_m,direction,captured_at,offset,gps_time,make,model,software,"))
        #expect(header.hasSuffix(",error"))
    }

    @Test func csvRowsQuoteAndKeepThePathAsGiven() throws {
        let input = PhotoInput(path: PhotoFixtures.url("jpeg-gps-complete.jpg").path, displayPath: "team, \"one\"/a.jpg")
        let row = PhotoCSVRenderer().row(input, PhotoReader().read(input))
        #expect(
            row.hasPrefix(
                "\"team, \"\"one\"\"/a.jpg\",JPEG,52.0906667,5.1213333,12.34,6.5,271.25,2026-05-02T11:22:33,+02:00,2026-05-02T09:22:33.5Z,HuntKit,Fixture Cam,make-photo-fixtures,"
            ))
        #expect(row.hasSuffix(",\r\n"))
    }

    @Test func csvErrorRowsSayWhy() {
        let input = PhotoInput(path: PhotoFixtures.url("jpeg-truncated-inside-exif.jpg").path, displayPath: "t.jpg")
        let row = PhotoCSVRenderer().row(input, PhotoReader().read(input))
        #expect(row.hasSuffix(",truncated JPEG: the file ends inside the EXIF segment — re-send the original photo; this copy was cut off\r\n"))
    }

    @Test func jsonIsValidAndTyped() throws {
        let renderer = PhotoJSONRenderer()
        var text = renderer.header
        for (i, name) in ["jpeg-gps-complete.jpg", "jpeg-truncated-inside-exif.jpg", "jpeg-no-exif.jpg"].enumerated() {
            let input = PhotoInput(path: PhotoFixtures.url(name).path, displayPath: name)
            text += (i == 0 ? "" : renderer.separator) + renderer.row(input, PhotoReader().read(input))
        }
        text += renderer.footer
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(rows.count == 3)
        #expect(rows[0]["latitude"] as? Double == 52.0906667)
        #expect(rows[0]["error"] is NSNull)
        #expect((rows[1]["error"] as? [String: Any])?["code"] as? String == "truncated")
        #expect(rows[2]["latitude"] is NSNull)
    }

    @Test(arguments: [
        (52.09067, 7, "52.09067"), (-0.00000001, 7, "0"), (-3.7247528, 7, "-3.7247528"), (260.5609, 3, "260.561"), (-8, 3, "-8"), (0.1, 3, "0.1")
    ])
    func decimals(_ value: Double, _ places: Int, _ text: String) {
        #expect(DecimalText.trimmed(value, places: places) == text)
    }

    @Test func tableRowsLineUp() throws {
        let renderer = PhotoTableRenderer()
        let input = PhotoInput(
            path: PhotoFixtures.url("jpeg-gps-complete.jpg").path, displayPath: "a-very-long-folder-name/with/a-long-photo-name-IMG_0001.jpg")
        let row = renderer.row(input, PhotoReader().read(input))
        let header = renderer.header
        #expect(
            row.firstIndex(of: "J").map { row.distance(from: row.startIndex, to: $0) }
                == header.range(of: "TYPE").map { header.distance(from: header.startIndex, to: $0.lowerBound) })
        // Cut in the middle of the longest folder: the start, the other folders and the file name stay.
        #expect(row.hasPrefix("a-v…name/with/a-long-photo-name-IMG_0001.jpg  JPEG"))
        #expect((row + header).split(separator: "\n").allSatisfy { $0.count <= PhotoTableRenderer.width })
    }

    /// Two photos whose paths differ only in the team folder, or in the photo's number, stay apart
    /// when shortened to the table's path column (issue 22, item 12).
    @Test(arguments: [
        (
            "buenos-aires/submissions/los-zorros-rojos/obelisco-y-avenida-9-de-julio/IMG_20261205_101010.jpg",
            "buenos-aires/submissions/los-zorros-azules/obelisco-y-avenida-9-de-julio/IMG_20261205_101010.jpg"
        ),
        (
            "buenos-aires/submissions/los-zorros-rojos/obelisco-y-avenida-9-de-julio/IMG_20261205_101010.jpg",
            "buenos-aires/submissions/los-zorros-rojos/obelisco-y-avenida-9-de-julio/IMG_20261205_101011.jpg"
        ),
        (
            "a/b/a-very-long-task-folder-name-that-goes-on-and-on-and-on/IMG_0001.jpg",
            "a/c/a-very-long-task-folder-name-that-goes-on-and-on-and-on/IMG_0001.jpg"
        )
    ])
    func shortenedPathsStayApart(a: String, b: String) {
        let (x, y) = (PhotoTableRenderer.shortened(a, width: 44), PhotoTableRenderer.shortened(b, width: 44))
        #expect(x != y, "\(x)")
        #expect(x.count <= 44 && y.count <= 44)
    }

    /// The folder given on the command line is the same on every row: it goes first.
    @Test func theGivenFolderGoesFirst() {
        let path = "/home/organizer/hunts/buenos-aires/submissions/zorros/obelisco/IMG_0001.jpg"
        let given = "/home/organizer/hunts/buenos-aires/submissions/".count
        #expect(PhotoTableRenderer.shortened(path, width: 44, given: given) == "…/zorros/obelisco/IMG_0001.jpg")
    }
}
