import Foundation
internal import HuntKitTemplates

/// Finds the templates: starter hunts, sheet and report layouts, the hunt file's JSON Schema.
///
/// Looked up, in order: `$HUNT_TEMPLATES` (an organizer's own copy of Templates/); `share/hunt/Templates`
/// beside the binary's folder (an installed copy, `make install`); the templates shipped inside
/// the package as SwiftPM resources, which a program built with HuntKit finds wherever its binary
/// is copied on the machine that built it.
package enum TemplateLibrary {
    /// The templates folder found first (`$HUNT_TEMPLATES`, an installed copy, the bundled resources); nil when none exists.
    public static var root: URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["HUNT_TEMPLATES"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/hunt/Templates").standardizedFileURL)
        if let bundled = TemplatesBundle.folder { candidates.append(bundled) }
        return candidates.first {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// A file inside the templates, e.g. `hunts/photo-hunt/hunt.yaml`; nil when none are found.
    public static func url(_ relativePath: String) -> URL? {
        root?.appendingPathComponent(relativePath)
    }
}
