import Foundation

/// Finds Templates/ (starter hunts, sheet and report layouts).
///
/// Looked up, in order: `$HUNT_TEMPLATES`; `share/hunt/Templates` beside the binary's folder (an
/// installed copy); the checkout the binary was built from. SwiftPM resources cannot reach a
/// top-level folder, and Templates/ stays at the top so organizers can find and copy it.
public enum TemplateLibrary {
    public static var root: URL? {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["HUNT_TEMPLATES"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env, isDirectory: true))
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("../share/hunt/Templates").standardizedFileURL)
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Templates").standardizedFileURL)
        return candidates.first { var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: $0.path, isDirectory: &isDirectory) && isDirectory.boolValue }
    }

    /// A file inside Templates/, e.g. `hunts/photo-hunt/hunt.yaml`; nil when no Templates/ folder is found.
    public static func url(_ relativePath: String) -> URL? {
        root?.appendingPathComponent(relativePath)
    }
}
