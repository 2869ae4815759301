import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import HuntKit
@testable import HuntServe
import HuntTestSupport
import Testing

/// The console's photo of an iPhone's HEIC (issue 22, item 1): the same `/api/photo` that serves
/// JPEGs answers a JPEG decoded by libheif, at both sizes; a HEIC cut short or declaring a huge
/// grid is answered with the reason, as a JPEG bomb is.
@Suite struct ServeHEICPhotoTests {
    static let heic = ServeFixture.checkout.appendingPathComponent("Tests/HuntKitTests/Fixtures/heif")

    @Test func photoOfAHEICIsAJPEG() async throws {
        let fixture = try await ServeFixture { folder in
            let educatorium = folder.appendingPathComponent("submissions/herons/educatorium")
            try FileManager.default.removeItem(at: educatorium.appendingPathComponent("IMG_0001.jpg"))
            try FileManager.default.copyItem(
                at: Self.heic.appendingPathComponent("heic-grid-2x2-with-exif.heic"),
                to: educatorium.appendingPathComponent("IMG_0001.heic"))
        }
        defer { fixture.remove() }
        let id = fixture.session.ids.id(of: "herons/educatorium/IMG_0001.heic")
        try await fixture.application().test(.router) { client in
            for size in ["", "&size=small"] {
                try await client.execute(uri: "/api/photo?id=\(id)\(size)", method: .get, headers: fixture.judgeHeaders()) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    let decoded = try #require(JPEGScaler.decoded(Array(response.body.readableBytesView), maxPixels: 4096))
                    #expect(decoded.width == 128 && decoded.height == 96)
                }
            }
        }
    }

    @Test func cutShortOrHugeHEICsAreAnsweredWithTheReason() async throws {
        let fixture = try await ServeFixture { folder in
            let owls = folder.appendingPathComponent("submissions/owls")
            try FileManager.default.copyItem(at: Self.heic.appendingPathComponent("heic-truncated.heic"), to: owls.appendingPathComponent("cut.heic"))
            try Data(HEIFBomb.grid(side: 20000)).write(to: owls.appendingPathComponent("bomb.heic"))
        }
        defer { fixture.remove() }
        try await fixture.application().test(.router) { client in
            try await client.execute(
                uri: "/api/photo?id=\(fixture.session.ids.id(of: "owls/cut.heic"))", method: .get, headers: fixture.judgeHeaders()
            ) {
                #expect($0.status == .notFound)
                #expect($0.text.hasPrefix("this photo cannot be previewed: "), "\($0.text)")
            }
            try await client.execute(
                uri: "/api/photo?id=\(fixture.session.ids.id(of: "owls/bomb.heic"))", method: .get, headers: fixture.judgeHeaders()
            ) {
                #expect($0.status == .notFound)
                #expect($0.text.hasPrefix("too large to preview: a 20000×20000 HEIF picture needs about 2.3 GiB"), "\($0.text)")
            }
        }
    }
}
