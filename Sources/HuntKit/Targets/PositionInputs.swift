import Foundation

/// The positions `hunt where` measures, each with the label its rows show: typed `LAT,LON`, the
/// GPS position a photo records (labelled by its path), the photos of a folder (found as
/// `hunt exif` finds them, `PhotoFiles`: recursively, sorted, hidden files skipped), and every
/// row of a positions file (CSV, `-` for standard input; labelled `file:line`).
package enum PositionInputs {
    /// The positions in input order, then the file's; an input that is neither a position nor a
    /// readable photo with a position is an error diagnostic instead. In a folder, a photo without
    /// a position is a warning (it is left out), one that cannot be read an error.
    public static func read(
        _ inputs: [String], positionsFile: String? = nil
    ) -> (positions: [(label: String, position: Coordinate)], diagnostics: [Diagnostic]) {
        var positions: [(label: String, position: Coordinate)] = []
        var diagnostics: [Diagnostic] = []
        var isFolder: ObjCBool = false
        for input in inputs {
            if case .success(let c) = CoordinateText.parse(input) {
                positions.append((input, c))
            } else if FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue {
                var photos = 0
                for photo in PhotoFiles([input]) {
                    photos += 1
                    if let c = photoPosition(photo, inFolder: true, diagnostics: &diagnostics) { positions.append((photo.displayPath, c)) }
                }
                if photos == 0 {
                    diagnostics.append(
                        .warning(
                            "no-photos", "the folder holds no photos", at: SourceLocation(file: input),
                            fix: "photos are found by their extension (.jpg, .heic, .png, …), in subfolders too"))
                }
            } else if FileManager.default.fileExists(atPath: input) {
                if let c = photoPosition(PhotoInput(path: input), inFolder: false, diagnostics: &diagnostics) { positions.append((input, c)) }
            } else {
                diagnostics.append(
                    .error(
                        "bad-input", "`\(input)` is neither a position (LAT,LON) nor a file",
                        at: SourceLocation(file: input), fix: "write positions like 52.0907,5.1213"))
            }
        }
        if let file = positionsFile {
            let display = file == "-" ? "<stdin>" : file
            let features =
                file == "-"
                ? GeoFileReader.readStandardInput(format: .csv, path: display)
                : GeoFileReader.read(URL(fileURLWithPath: file), displayPath: file)
            diagnostics += features.diagnostics
            for place in features.places { positions.append(("\(display):\(place.location.line)", place.coordinate)) }
        }
        return (positions, diagnostics)
    }

    /// The position a photo records, or a diagnostic (a warning for a photo found in a folder
    /// without one); none at 0,0 (a placeholder, not a place).
    static func photoPosition(_ input: PhotoInput, inFolder: Bool, diagnostics: inout [Diagnostic]) -> Coordinate? {
        let path = input.displayPath
        switch PhotoReader(options: .init(useSidecars: true, computeContentHash: false)).read(input) {
        case .failure(let error):
            diagnostics.append(.error(DiagnosticCode(rawValue: error.code.rawValue), error.message, at: SourceLocation(file: path), fix: error.fix))
            return nil
        case .success(let photo):
            guard let position = photo.position, position.isFix else {
                let fix = "turn on location for the camera app, or send the original file rather than a copy from a chat app"
                diagnostics.append(
                    inFolder
                        ? .warning("no-position", "the photo records no GPS position; not measured", at: SourceLocation(file: path), fix: fix)
                        : .error("no-position", "the photo records no GPS position", at: SourceLocation(file: path), fix: fix))
                return nil
            }
            return position
        }
    }
}
