import ArgumentParser

/// What the shells offer after each kind of path (the bash, zsh and fish scripts of
/// `hunt --generate-completion-script`, which `make install` installs): files with these
/// extensions, and folders to go into on the way.
extension CompletionKind {
    static var huntFile: CompletionKind { .file(extensions: ["yaml", "yml"]) }
    /// The reviews file of `judge` and `serve`.
    static var reviewsFile: CompletionKind { .file(extensions: ["yaml", "yml"]) }
    static var resultsFile: CompletionKind { .file(extensions: ["json"]) }
    static var csvFile: CompletionKind { .file(extensions: ["csv"]) }
    /// What `hunt import` reads and `hunt where --to` measures against.
    static var placesFile: CompletionKind { .file(extensions: ["gpx", "kml", "geojson", "json", "csv"]) }
}
