/// A finding about an input: a stable code, a severity, where it is and what to do about it.
///
/// Diagnostics are values: collect them, count them, print them as text or JSON.
public struct Diagnostic: Sendable, Hashable, Codable {
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    public var severity: Severity
    /// A stable, kebab-case identifier (`unknown-key`, `radius-too-small`) that scripts can match.
    public var code: String
    public var message: String
    public var location: SourceLocation
    /// What to do about it, when there is something specific ("did you mean `radius`?").
    public var fix: String?

    public init(_ severity: Severity, _ code: String, _ message: String, at location: SourceLocation, fix: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.fix = fix
    }

    public static func error(_ code: String, _ message: String, at location: SourceLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, fix: fix)
    }

    public static func warning(_ code: String, _ message: String, at location: SourceLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, fix: fix)
    }

    /// `file:line:column: message — fix` on one line, for a status line or an answer to a request.
    public var oneLine: String { "\(location): \(message)" + (fix.map { " — \($0)" } ?? "") }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { filter { $0.severity == .error }.count }
    public var warningCount: Int { filter { $0.severity == .warning }.count }
}

/// An error that carries diagnostics, for APIs that must fail as a whole.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }
    public var description: String {
        diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }
}
