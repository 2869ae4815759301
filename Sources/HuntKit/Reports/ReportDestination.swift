import Foundation

/// Where `hunt report --out` puts a report: standard output, one file, or a folder where each
/// document gets its standard name (report.html, or submissions.csv and leaderboard.csv).
package enum ReportDestination: Sendable, Hashable {
    case standardOutput
    case file(String)
    case folder(String)

    /// `--out` as given: none or `-` is standard output; an existing folder, or a path ending in
    /// `/`, is a folder; anything else a file.
    public init(out: String?) {
        guard let out, out != "-" else { self = .standardOutput; return }
        var isDirectory: ObjCBool = false
        let folder = out.hasSuffix("/") || (FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue)
        self = folder ? .folder(out) : .file(out)
    }

    /// Writes `documents` together, atomically (a file gets the first), never over one of
    /// `inputs`, and returns the paths written; a folder (or a file's folder) is made if missing
    /// and, for more than one document, locked against other runs meanwhile. Standard output
    /// writes nothing here.
    public func write(_ documents: [ReportDocument], inputs: [URL]) throws(OutputError) -> [String] {
        let batch = OutputBatch(inputs: inputs)
        var written: [String] = []
        switch self {
        case .standardOutput: return []
        case .file(let path):
            try batch.makeParentFolder(of: URL(fileURLWithPath: path), displayPath: path)
            try batch.stage(documents[0].bytes, to: URL(fileURLWithPath: path), displayPath: path)
            written.append(path)
        case .folder(let out):
            let folder = URL(fileURLWithPath: out)
            try batch.makeFolder(folder, displayPath: out)
            if documents.count > 1 { try batch.lockFolder(folder, displayPath: out) }
            for document in documents {
                let path = (out as NSString).appendingPathComponent(document.name)
                try batch.stage(document.bytes, to: URL(fileURLWithPath: path), displayPath: path)
                written.append(path)
            }
        }
        try batch.commit()
        return written
    }
}
