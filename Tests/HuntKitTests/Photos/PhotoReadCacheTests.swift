import Foundation
import Testing
@testable import HuntKit

/// The reading cache answers a photo whose file is unchanged without reading it again; a sidecar
/// is not part of the photo's stamp, so the photos of a folder whose sidecar changed are dropped
/// from the cache (as `hunt serve` does when its watcher sees one) and read afresh.
@Suite struct PhotoReadCacheTests {
    static func sidecar(latitude: String) -> Data {
        Data(
            ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:exif=\"http://ns.adobe.com/exif/1.0/\"><exif:GPSLatitude>\(latitude)</exif:GPSLatitude>"
                + "<exif:GPSLongitude>1,35,58.8W</exif:GPSLongitude></rdf:Description></rdf:RDF></x:xmpmeta>").utf8)
    }

    @Test func aSidecarChangeDropsTheCachedPhotoAndItIsReadAgain() throws {
        let folder = try PhotoFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("team/IMG_1.jpg")
        try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PhotoFixtures.bytes("jpeg-with-sidecar.jpg")).write(to: photo)
        try Self.sidecar(latitude: "54,59,22.8N").write(to: photo.deletingPathExtension().appendingPathExtension("xmp"))
        let cache = PhotoReadCache()
        let reader = PhotoReader(cache: cache)

        let first = try #require(reader.read(path: photo.path).value)
        #expect(first.positionSource == .sidecar)
        #expect(abs((first.position?.latitude ?? 0) - 54.9896667) < 1e-6)
        #expect(reader.read(path: photo.path).value == first)
        #expect(cache.counts.hits == 1 && cache.count == 1, "an unchanged photo is answered from the cache")

        try Self.sidecar(latitude: "55,0,0N").write(to: photo.deletingPathExtension().appendingPathExtension("xmp"))
        let changedFolder = photo.deletingLastPathComponent().path
        cache.drop { ($0 as NSString).deletingLastPathComponent == changedFolder }
        #expect(cache.count == 0)
        let again = try #require(reader.read(path: photo.path).value)
        #expect(again.position?.latitude == 55)
        #expect(cache.counts.misses == 2, "the dropped photo was read again")
    }
}
