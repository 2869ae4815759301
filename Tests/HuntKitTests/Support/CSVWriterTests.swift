import Foundation
import Testing
@testable import HuntKit

/// One CSV writer for reports, `hunt exif` and `hunt where`: text that a spreadsheet would run
/// as a formula is neutralised, numbers stay numbers.
@Suite struct CSVWriterTests {
    @Test(arguments: ["=1+1", "=cmd", "+x", "@x", "-2+3", "-1+cmd|' /C calc'!A0", "-5,", "-.5", "-5.", "-5,,6", "@SUM(A1)", "\tx", "\rx"])
    func untrustedTextStartingAFormulaIsNeutralised(text: String) {
        var out = CSVWriter()
        out.row([.text(text)])
        #expect(out.text.hasPrefix("'") || out.text.hasPrefix("\"'"))
    }

    /// A typed coordinate or a signed number runs nothing in a spreadsheet: it stays as typed.
    @Test(arguments: ["-5", "+2.5", "-34.60868,-58.37862", "-34.60868, -58.37862", "-33.8568 151.2153", "-1;-2"])
    func signedNumbersAreLeftAlone(text: String) {
        var out = CSVWriter()
        out.row([.text(text)])
        #expect(out.text == CSVWriter.quoted(text) + "\r\n")
    }

    @Test func numbersAndFormattedValuesAreLeftAsThey() {
        var out = CSVWriter()
        out.row([.number(-33.8, 1), .int(-5), .formatted("-151.2"), .formatted("+02:00"), .text("plain")])
        #expect(out.text == "-33.8,-5,-151.2,+02:00,plain\r\n")
    }

    @Test func exifCSVNeutralisesCameraStringsButKeepsNegativeCoordinates() {
        var metadata = PhotoMetadata(path: "x.jpg")
        metadata.position = Coordinate(latitude: -33.8, longitude: -151.2)
        metadata.make = "=HYPERLINK(\"http://evil.example\")"
        metadata.model = "+cmd"
        metadata.software = "@evil"
        let row = PhotoCSVRenderer().row(PhotoInput(path: "/x", displayPath: "-team/x.jpg"), .success(metadata))
        #expect(row.hasPrefix("'-team/x.jpg,"))
        #expect(row.contains(",-33.8,-151.2,"))
        #expect(row.contains("\"'=HYPERLINK(\"\"http://evil.example\"\")\",'+cmd,'@evil,"))
    }

    @Test func whereCSVNeutralisesLabelsAndPlaceNamesButKeepsNumbers() async {
        let target = NamedTarget(
            name: "=target", target: .circle(center: Coordinate(latitude: -33.8, longitude: -151.2), radius: .metres(30)), bands: Bands())
        let rows = await Whereabouts.measure([(label: "@label", position: Coordinate(latitude: -33.8, longitude: -151.2))], against: [target])
        let lines = WhereaboutsRenderer.render(rows, format: .csv).split(separator: "\r\n")
        #expect(lines.count == 2)
        #expect(lines[1].hasPrefix("'@label,-33.8000000,-151.2000000,'=target,0.00,"))
    }

    @Test func controlCharactersInTextAreShownNotObeyed() {
        var out = CSVWriter()
        out.row([.text("Red\u{1B}]0;owned\u{07} Foxes\u{0}"), .text("line one\nline two")])
        #expect(out.text == "Red␛]0;owned␇ Foxes␀,\"line one\nline two\"\r\n")
    }
}
