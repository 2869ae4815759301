import Foundation

/// This folder, shipped inside the package as SwiftPM resources (`Bundle.module`), so a program
/// built with HuntKit renders reports and sheets and starts hunts without a checkout beside it.
/// The folder stays at the top of the repository, where organizers find and copy it;
/// `TemplateLibrary` looks here after `$HUNT_TEMPLATES` and an installed copy.
package enum TemplatesBundle {
    /// The folder of the bundled templates; nil when the bundle is in neither place SwiftPM's
    /// accessor looks (beside the executable, or the build folder), where `Bundle.module` would
    /// stop the program instead of answering.
    package static let folder: URL? = {
        guard bundleExists else { return nil }
        return Bundle.module.resourceURL ?? Bundle.module.bundleURL
    }()

    /// Whether the resource bundle is beside the executable, or in a build folder of the package
    /// this file is in (`.build/<platform>/<configuration>/`, where a copied binary's bundle stays).
    static var bundleExists: Bool {
        let fileManager = FileManager.default
        let isBundle = { (url: URL) in url.lastPathComponent.hasSuffix("_HuntKitTemplates.resources") || url.lastPathComponent.hasSuffix("_HuntKitTemplates.bundle") }
        let build = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build")
        let platforms = (try? fileManager.contentsOfDirectory(at: build, includingPropertiesForKeys: nil)) ?? []
        let places = [Bundle.main.bundleURL] + platforms.flatMap { platform in ["debug", "release"].map { platform.appendingPathComponent($0) } }
        return places.contains { place in
            (try? fileManager.contentsOfDirectory(at: place, includingPropertiesForKeys: nil))?.contains(where: isBundle) ?? false
        }
    }
}
