import Foundation

/// The starter hunts in `Templates/hunts/<name>/` that `hunt init` copies.
package struct HuntTemplates: Sendable {
    /// The folder holding one folder per template.
    public var root: URL

    /// The templates of the Templates/ folder `TemplateLibrary` finds; nil when there is none.
    public init?() {
        guard let url = TemplateLibrary.url("hunts") else { return nil }
        self.root = url
    }

    /// The templates in `root`, one folder per template (for an organizer's own collection, or tests).
    public init(root: URL) { self.root = root }

    /// The template `hunt init` uses when none is named.
    public static let defaultName = "photo-hunt"

    /// One starter hunt: its name, what it is for, and the folder to copy.
    public struct Template: Sendable, Hashable {
        /// The template's name: its folder's name, what `hunt init --template` takes.
        public var name: String
        /// The first comment line of its hunt.yaml (`# photo-hunt: …`), without the name.
        public var summary: String
        /// The folder whose files are copied into the new hunt's folder.
        public var folder: URL
    }

    /// Why a template could not be installed; `description` says what to do.
    public enum InstallError: Error, Sendable, CustomStringConvertible {
        /// No template has that name; `suggestion` is the nearest name, if any, and `available` every name.
        case unknownTemplate(String, suggestion: String?, available: [String])
        /// The listed files already exist in the destination; nothing was written.
        case wouldOverwrite([String])
        /// The destination exists and is not a folder.
        case notADirectory(String)
        /// Reading the template or writing a file failed; the text says which file and the system's reason.
        case io(String)

        public var description: String {
            switch self {
            case .unknownTemplate(let name, let suggestion, let available):
                return "no template named `\(name)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
                    + " (templates: \(available.joined(separator: ", ")))"
            case .wouldOverwrite(let files):
                return "not writing anything: \(files.joined(separator: ", ")) already exist\(files.count == 1 ? "s" : ""); "
                    + "`hunt init` never overwrites a file. Choose an empty folder: `hunt init NEW-FOLDER`"
            case .notADirectory(let path):
                return "\(path) exists and is not a folder"
            case .io(let message):
                return message
            }
        }
    }

    /// Every template, sorted by name.
    public func list() -> [Template] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = root.appendingPathComponent(name)
            let hunt = folder.appendingPathComponent("hunt.yaml")
            guard FileManager.default.fileExists(atPath: hunt.path) else { return nil }
            return Template(name: name, summary: Self.summary(of: hunt, name: name), folder: folder)
        }
    }

    static func summary(of file: URL, name: String) -> String {
        guard let head = try? InputFile(path: file.path).read(at: 0, count: 4096),
            let text = String(validating: head, as: UTF8.self),
            let first = text.split(separator: "\n").first(where: { !$0.hasPrefix(schemaModeline) }),
            first.hasPrefix("#")
        else { return "" }
        var line = first.dropFirst().trimmingCharacters(in: .whitespaces)
        if line.hasPrefix(name + ":") { line = String(line.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        return line
    }

    /// Copies template `name` into `directory` (created if missing). Nothing is written if any
    /// file would be overwritten. Each file is written to a temporary name and moved into place
    /// only when all are written. Returns the paths written, relative to `directory`, sorted.
    @discardableResult
    public func install(_ name: String, into directory: URL) throws(InstallError) -> [String] {
        let templates = list()
        guard let template = templates.first(where: { $0.name == name }) else {
            throw .unknownTemplate(name, suggestion: Suggestions.closest(to: name, in: templates.map(\.name)), available: templates.map(\.name))
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: directory.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw .notADirectory(directory.path)
        }
        let files = Self.files(under: template.folder)
        let clashes = files.filter { fileManager.fileExists(atPath: directory.appendingPathComponent($0).path) }
        if !clashes.isEmpty {
            throw .wouldOverwrite(clashes.map { directory.appendingPathComponent($0).relativePathForDisplay })
        }
        // One batch: every file is new (never replacing one that appeared meanwhile), and an
        // interrupted or failed install leaves nothing behind.
        let batch = OutputBatch(inputs: files.map { template.folder.appendingPathComponent($0) }, destination: directory.relativePathForDisplay)
        do {
            for file in files {
                let source = template.folder.appendingPathComponent(file)
                let destination = directory.appendingPathComponent(file)
                try batch.makeFolder(
                    destination.deletingLastPathComponent(), displayPath: destination.deletingLastPathComponent().relativePathForDisplay)
                let bytes = try InputFile.read(path: source.path, limitBytes: 64 << 20, what: "template file")
                let schema = template.folder.appendingPathComponent("../../\(HuntJSONSchema.fileName)").standardizedFileURL
                try batch.stage(
                    [UInt8](Self.withSchemaPath(Data(bytes), schema: schema)), to: destination,
                    displayPath: destination.relativePathForDisplay, replacing: false)
            }
            try batch.commit()
        } catch let error as OutputError {
            throw .io("could not write into \(directory.relativePathForDisplay): \(error.description)")
        } catch {
            throw .io("could not read the template \(template.name): \(error.localizedDescription)")
        }
        return files
    }

    /// The editor line that names the hunt file's JSON Schema (yaml-language-server's modeline).
    static let schemaModeline = "# yaml-language-server: $schema="

    /// A template's first line names the schema relative to the template; the copy names the
    /// schema file of the Templates folder it came from by absolute path, so that editors still
    /// find it wherever the new hunt lives.
    static func withSchemaPath(_ data: Data, schema: URL) -> Data {
        let prefix = Data(schemaModeline.utf8)
        guard data.starts(with: prefix) else { return data }
        let lineEnd = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        let ending = lineEnd > data.startIndex && data[lineEnd - 1] == UInt8(ascii: "\r") ? lineEnd - 1 : lineEnd
        return prefix + Data(schema.path.utf8) + data[ending...]
    }

    /// Regular files under `folder`, relative, sorted; hidden files are skipped.
    static func files(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var result: [String] = []
        while let path = enumerator.nextObject() as? String {
            if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result.sorted()
    }
}
