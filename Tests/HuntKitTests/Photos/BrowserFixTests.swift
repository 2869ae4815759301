import Foundation
import Testing
@testable import HuntKit

@Suite struct BrowserFixTests {
    static let fix = BrowserFix(
        position: Coordinate(latitude: -34.6037232, longitude: -58.3815931), accuracyMetres: 12.5,
        fixedAt: Date(timeIntervalSince1970: 1_777_716_900.25), uploadedAt: Date(timeIntervalSince1970: 1_777_716_903),
        liveCapture: true)

    static var packet: String { fix.xmpSidecar() }

    @Test func roundTrip() {
        #expect(BrowserFix.read(xmp: Array(Self.packet.utf8)) == Self.fix)
        var notLive = Self.fix
        notLive.liveCapture = false
        #expect(BrowserFix.read(xmp: Array(notLive.xmpSidecar().utf8)) == notLive)
    }

    @Test func packetIsTheDocumentedForm() {
        let text = Self.packet
        #expect(text.contains(#"xmlns:huntkit="https://huntkit.org/ns/browser-fix/1.0/""#))
        #expect(text.contains(#"huntkit:Latitude="-34.6037232""#))
        #expect(text.contains(#"huntkit:Longitude="-58.3815931""#))
        #expect(text.contains(#"huntkit:AccuracyMetres="12.5""#))
        #expect(text.contains(#"huntkit:FixedAt="2026-05-02T10:15:00.25Z""#))
        #expect(text.contains(#"huntkit:UploadedAt="2026-05-02T10:15:03Z""#))
        #expect(text.contains(#"huntkit:LiveCapture="True""#))
        #expect(!text.contains("GPS"), "never an exif:GPS tag, so it is never read as the photo's own position")
    }

    @Test func thePhotosOwnSidecarReaderFindsNoPositionInIt() {
        #expect(XMPLocation.parse(Array(Self.packet.utf8)) == nil)
    }

    @Test(arguments: ["IMG_1.jpg", "IMG_1.v2.JPG", "noext", "20260502T101500Z-ab12cd.heic"])
    func sidecarNameIsNotThePhotosOwnSidecar(_ photo: String) {
        let name = BrowserFix.sidecarName(for: photo)
        #expect(name == photo + ".browser.xmp")
        #expect(!XMPLocation.sidecarNames(for: photo).contains(name))
        #expect(PhotoInput.sidecar(of: photo, listed: [name]) == .none)
        #expect(PhotoFiles.kind(ofName: name) != .media)
    }

    static func replacing(_ field: String, with value: String?) -> [UInt8] {
        let lines = packet.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            guard line.contains("huntkit:\(field)=") else { return String(line) }
            guard let value else { return nil }
            return "    huntkit:\(field)=\"\(value)\"" + (line.hasSuffix("/>") ? "/>" : "")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    @Test(
        arguments: [
            ("Latitude", "200"), ("Latitude", "NaN"), ("Latitude", "nan"), ("Latitude", "inf"), ("Latitude", "1e2"), ("Latitude", ""),
            ("Longitude", "-180.5"), ("Longitude", "0x10"), ("AccuracyMetres", "-1"), ("AccuracyMetres", "1e400"),
            ("AccuracyMetres", "99999999999"), ("FixedAt", "2026-05-02T10:15:00"), ("FixedAt", "yesterday"),
            ("UploadedAt", "2026-02-30T10:00:00Z"), ("LiveCapture", "maybe")
        ] as [(String, String)])
    func malformedFieldsGiveNil(_ field: String, _ value: String) {
        #expect(BrowserFix.read(xmp: Self.replacing(field, with: value)) == nil)
    }

    @Test(arguments: ["Latitude", "Longitude", "AccuracyMetres", "FixedAt", "UploadedAt", "LiveCapture"])
    func aMissingFieldGivesNil(_ field: String) {
        #expect(BrowserFix.read(xmp: Self.replacing(field, with: nil)) == nil)
    }

    @Test func zeroZeroIsNotAFix() {
        let bytes = String(decoding: Self.replacing("Latitude", with: "0"), as: UTF8.self)
        #expect(BrowserFix.read(xmp: Array(bytes.replacingOccurrences(of: "-58.3815931", with: "0.0").utf8)) == nil)
    }

    @Test func hostileBytesGiveNil() {
        let packet = Array(Self.packet.utf8)
        let closed = packet.firstRange(of: Array("</x:xmpmeta>".utf8))!.upperBound
        for cut in 0..<packet.count {
            let read = BrowserFix.read(xmp: Array(packet.prefix(cut)))
            // Cut anywhere before the closing tag: nothing; after it only the packet trailer is lost.
            #expect(read == (cut >= closed ? Self.fix : nil), "cut at \(cut)")
        }
        #expect(BrowserFix.read(xmp: Array(packet.prefix(packet.count / 2))) == nil)
        #expect(BrowserFix.read(xmp: []) == nil)
        #expect(BrowserFix.read(xmp: Array("not xml at all".utf8)) == nil)
        #expect(BrowserFix.read(xmp: packet + [UInt8](repeating: 0x20, count: 1 << 20)) == nil, "a file far larger than a packet is not one")
        let otherNamespace = Self.packet.replacingOccurrences(of: BrowserFix.namespace, with: "https://example.org/ns/")
        #expect(BrowserFix.read(xmp: Array(otherNamespace.utf8)) == nil)
        var noise = SplitMix64(seed: 24)
        for _ in 0..<200 {
            var bytes = packet
            for _ in 0..<8 { bytes[Int(noise.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: noise.next()) }
            _ = BrowserFix.read(xmp: bytes)
        }
    }

    @Test func codableRoundTrip() throws {
        let data = try JSONEncoder().encode(Self.fix)
        #expect(try JSONDecoder().decode(BrowserFix.self, from: data) == Self.fix)
    }
}
