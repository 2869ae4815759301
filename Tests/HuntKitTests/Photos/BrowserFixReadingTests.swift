import Foundation
import Testing
@testable import HuntKit

/// The photo reader picks up the browser's fix beside a photo (`IMG.jpg.browser.xmp`) into
/// `PhotoMetadata.browserFix`, never into `position`; the folder walk finds it in the listing it
/// already has; the cache forgets a photo whose browser sidecar appears or changes; and a
/// `.withdrawn/` folder is never walked.
@Suite struct BrowserFixReadingTests {
    static let fix = BrowserFix(
        position: Coordinate(latitude: 52.0906700, longitude: 5.1213300), accuracyMetres: 8,
        fixedAt: Date(timeIntervalSince1970: 1_777_716_900), uploadedAt: Date(timeIntervalSince1970: 1_777_716_905),
        liveCapture: true)

    /// A folder `team/` with `name` (copied from the fixture `fixture`) and, when given, its browser fix.
    static func folder(photo fixture: String, as name: String, fix: BrowserFix?) throws -> (root: URL, photo: URL) {
        let root = try PhotoFixtures.temporaryFolder()
        let photo = root.appendingPathComponent("team/\(name)")
        try FileManager.default.createDirectory(at: photo.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try PhotoFixtures.bytes(fixture)).write(to: photo)
        if let fix { try write(fix, beside: photo) }
        return (root, photo)
    }

    static func write(_ fix: BrowserFix, beside photo: URL) throws {
        let sidecar = photo.deletingLastPathComponent().appendingPathComponent(BrowserFix.sidecarName(for: photo.lastPathComponent))
        try Data(fix.xmpSidecar().utf8).write(to: sidecar)
    }

    @Test func aPhotoWithoutGPSGetsTheFixButNoPosition() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-no-exif.jpg", as: "IMG_1.jpg", fix: Self.fix)
        defer { try? FileManager.default.removeItem(at: root) }
        let read = try #require(PhotoReader().read(path: photo.path).value)
        #expect(read.browserFix == Self.fix)
        #expect(read.position == nil && read.positionSource == nil, "the browser's fix is never the photo's own position")
    }

    @Test func aPhotoWithGPSKeepsItsOwnAndGetsTheFixBeside() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-gps-complete.jpg", as: "IMG_2.jpg", fix: Self.fix)
        defer { try? FileManager.default.removeItem(at: root) }
        let own = try #require(PhotoFixtures.read("jpeg-gps-complete.jpg").value)
        let read = try #require(PhotoReader().read(path: photo.path).value)
        #expect(read.position == own.position && read.positionSource == .exif)
        #expect(read.browserFix == Self.fix)
    }

    @Test func theFolderWalkUsesItsListingAndTheJudgesFinderToo() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-no-exif.jpg", as: "IMG_3.jpg", fix: Self.fix)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(try PhotoFixtures.bytes("jpeg-no-exif.jpg")).write(to: photo.deletingLastPathComponent().appendingPathComponent("IMG_4.jpg"))
        let inputs = Array(PhotoFiles([root.path]))
        #expect(inputs.map { ($0.displayPath as NSString).lastPathComponent } == ["IMG_3.jpg", "IMG_4.jpg"], "the sidecar is not a photo")
        #expect(inputs[0].browserSidecar == .at("IMG_3.jpg.browser.xmp"))
        #expect(inputs[1].browserSidecar == .none, "a photo without one is not probed")
        #expect(PhotoReader().read(inputs[0]).value?.browserFix == Self.fix)
        #expect(PhotoReader().read(inputs[1]).value?.browserFix == nil)
        #expect(PhotoReader(options: .init(useSidecars: false)).read(inputs[0]).value?.browserFix == nil)
    }

    @Test func aLinkOrAHugeOrBrokenSidecarIsNotRead() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-no-exif.jpg", as: "IMG_5.jpg", fix: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let sidecar = photo.deletingLastPathComponent().appendingPathComponent(BrowserFix.sidecarName(for: "IMG_5.jpg"))
        try Data(repeating: 0x41, count: 200_000).write(to: sidecar)
        #expect(try #require(PhotoReader().read(path: photo.path).value).browserFix == nil)
        try Data(Self.fix.xmpSidecar().utf8.prefix(300)).write(to: sidecar)
        #expect(try #require(PhotoReader().read(path: photo.path).value).browserFix == nil)
        try FileManager.default.removeItem(at: sidecar)
        let elsewhere = root.appendingPathComponent("fix.xmp")
        try Data(Self.fix.xmpSidecar().utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: sidecar, withDestinationURL: elsewhere)
        #expect(try #require(PhotoReader().read(path: photo.path).value).browserFix == nil, "a link is never followed")
    }

    @Test func theCacheDropsAPhotoWhoseBrowserSidecarAppearsOrChanges() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-no-exif.jpg", as: "IMG_6.jpg", fix: nil)
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = PhotoReadCache()
        let reader = PhotoReader(cache: cache)
        #expect(reader.read(path: photo.path).value?.browserFix == nil)
        // What `hunt serve` does when its watcher sees a changed `.xmp`: forget that folder's photos.
        let forgetFolder = {
            let folder = photo.deletingLastPathComponent().path; cache.drop { ($0 as NSString).deletingLastPathComponent == folder }
        }
        try Self.write(Self.fix, beside: photo)
        forgetFolder()
        #expect(reader.read(path: photo.path).value?.browserFix == Self.fix)
        var moved = Self.fix
        moved.position.latitude += 0.001
        try Self.write(moved, beside: photo)
        forgetFolder()
        #expect(reader.read(path: photo.path).value?.browserFix == moved)
        // The watcher's test: any `.xmp` name is a sidecar change, and the browser's is one.
        #expect(BrowserFix.sidecarName(for: "IMG_6.jpg").lowercased().hasSuffix(".xmp"))
    }

    @Test func aWithdrawnFolderIsNeverWalkedOrJudged() throws {
        let (root, photo) = try Self.folder(photo: "jpeg-no-exif.jpg", as: "IMG_7.jpg", fix: Self.fix)
        defer { try? FileManager.default.removeItem(at: root) }
        let withdrawn = root.appendingPathComponent(".withdrawn/team")
        try FileManager.default.createDirectory(at: withdrawn, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photo, to: withdrawn.appendingPathComponent("IMG_8.jpg"))
        try Self.write(Self.fix, beside: withdrawn.appendingPathComponent("IMG_8.jpg"))
        let inTeam = root.appendingPathComponent("team/.withdrawn")
        try FileManager.default.createDirectory(at: inTeam, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photo, to: inTeam.appendingPathComponent("IMG_9.jpg"))
        #expect(PhotoFiles([root.path]).map { ($0.displayPath as NSString).lastPathComponent } == ["IMG_7.jpg"])
        let hunt = Hunt(title: "Withdrawn", teams: [Team(id: "team", name: "Team")])
        let found = try SubmissionFinder(hunt: hunt).scan(root, displayPath: "subs")
        #expect(found.submissions.map(\.path) == ["team/IMG_7.jpg"])
        // The page's own sidecar beside the photo is neither a submission nor a skipped file.
        #expect(found.skipped.isEmpty, "\(found.skipped.map(\.path))")
    }
}
