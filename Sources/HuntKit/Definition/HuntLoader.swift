import Foundation

/// What loading a hunt file gives: the hunt (unless the file could not be read as a hunt at
/// all) and every diagnostic, sorted by position.
public struct HuntLoadResult: Sendable {
    /// The hunt as read, even with errors (check `hasErrors`); nil only when the file could not be read as a hunt at all.
    public var hunt: Hunt?
    /// Every error and warning found, sorted by position in the hunt file and the files it names.
    public var diagnostics: [Diagnostic]
    /// The file as given.
    public var file: String

    /// Whether the hunt is unusable: not read at all, or read with at least one error (warnings do not count).
    public var hasErrors: Bool { hunt == nil || diagnostics.hasErrors }

    /// The hunt if it loaded without errors; else the diagnostics as an error.
    public func get() throws(DiagnosticError) -> Hunt {
        guard let hunt, !diagnostics.hasErrors else { throw DiagnosticError(diagnostics) }
        return hunt
    }
}

/// Reads a hunt file: YAML → `Hunt` and diagnostics.
///
/// Every problem in the file is reported in one pass (the reader does not stop at the first),
/// each with a stable code, the position of the value it is about and, where there is one, a fix.
/// Then the files that `area:` and `places:` name are read (`Hunt.readTargetFiles()`).
public struct HuntLoader: Sendable {
    /// The YAML reader and its limits (a hunt file may be up to 32 MiB).
    package var parser = YAMLParser()
    /// Whether to read `area:`/`places:` files after loading (they are always checked to exist).
    public var readsTargetFiles = true

    /// A loader with the default limits; it reads `area:` and `places:` files unless `readsTargetFiles` is turned off.
    public init() {
        parser.maximumBytes = 32 << 20
    }

    /// Loads the hunt file at `url`; `displayPath` is how messages name it (default: the path).
    public func load(contentsOf url: URL, displayPath: String? = nil) -> HuntLoadResult {
        let displayPath = displayPath ?? url.path
        do {
            let bytes = try SourceFileReader.read(url, displayPath: displayPath, maximumBytes: parser.maximumBytes, what: "hunt file")
            return load(bytes, displayPath: displayPath, baseURL: url.deletingLastPathComponent(), fileURL: url)
        } catch {
            return HuntLoadResult(hunt: nil, diagnostics: error.diagnostics, file: displayPath)
        }
    }

    /// Loads a hunt from YAML bytes; relative paths in it are resolved against `baseURL`.
    public func load(_ bytes: [UInt8], displayPath: String, baseURL: URL, fileURL: URL? = nil) -> HuntLoadResult {
        var context = LoadContext(file: displayPath, baseURL: baseURL)
        var tree: YAMLNode?
        do {
            tree = try parser.parse(bytes, displayPath: displayPath)
        } catch {
            return HuntLoadResult(hunt: nil, diagnostics: error.diagnostics, file: displayPath)
        }
        guard let root = tree.take(), !root.isNull else {
            context.error(
                .emptyFile, "the file is empty; a hunt needs at least `hunt:` and `tasks:`", at: SourceLocation(file: displayPath),
                fix: "run `hunt init` in an empty folder for a starter hunt")
            return HuntLoadResult(hunt: nil, diagnostics: context.diagnostics, file: displayPath)
        }
        var reader = HuntReader(context: context)
        let read = reader.read(root)
        guard var hunt = read else {
            return HuntLoadResult(hunt: nil, diagnostics: Self.sorted(reader.context.diagnostics, file: displayPath), file: displayPath)
        }
        let checks = reader.checks(of: hunt)
        hunt.fileURL = fileURL
        let targetFileDiagnostics = readsTargetFiles ? hunt.readTargetFiles() : []
        // The whole-hunt checks and the swapped-coordinates check only read the hunt: they run
        // side by side (for a 10,000-task hunt each takes milliseconds).
        let coordinateOrder = CoordinateOrder(hunt: hunt, extras: reader.taskExtras)
        var checksContext = reader.context
        checksContext.diagnostics = []
        let found = [[Diagnostic]](parallelCount: 2) { [checksContext] part in
            guard part == 0 else { return coordinateOrder.warnings() }
            var context = checksContext
            checks.run(into: &context)
            return context.diagnostics
        }
        let diagnostics = reader.context.diagnostics + found[0] + targetFileDiagnostics + found[1]
        return HuntLoadResult(hunt: hunt, diagnostics: Self.sorted(diagnostics, file: displayPath), file: displayPath)
    }

    /// The hunt file's own diagnostics first, by position; then other files', by file and position.
    static func sorted(_ diagnostics: [Diagnostic], file: String) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.location, b.element.location)
            if (x.file == file) != (y.file == file) { return x.file == file }
            if x.file != y.file { return x.file < y.file }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
    }
}
