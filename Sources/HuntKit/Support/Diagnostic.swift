/// A finding about an input: a stable code, a severity, where it is and what to do about it.
///
/// Diagnostics are values: collect them, count them, print them as text or JSON.
public struct Diagnostic: Sendable, Hashable, Codable {
    /// How serious a diagnostic is: an error fails the command, a warning and a note do not.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        case note, warning, error

        private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }
        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
    }

    /// Whether it is an error, a warning or a note.
    public var severity: Severity
    /// A stable, kebab-case identifier (`unknown-key`, `radius-too-small`) that scripts can match.
    public var code: DiagnosticCode
    /// What is wrong, worded for the person who wrote the input.
    public var message: String
    /// Where: the file, and the line and column when known.
    public var location: SourceLocation
    /// What to do about it, when there is something specific ("did you mean `radius`?").
    public var fix: String?

    /// A diagnostic with its severity, code, message, place and, optionally, its fix.
    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String, at location: SourceLocation, fix: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.fix = fix
    }

    /// An error: the input cannot be used as it is.
    public static func error(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(.error, code, message, at: location, fix: fix)
    }

    /// A warning: the input works, but likely not as meant.
    public static func warning(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, fix: String? = nil) -> Diagnostic {
        Diagnostic(.warning, code, message, at: location, fix: fix)
    }

    /// `file:line:column: message — fix` on one line, for a status line or an answer to a request.
    public var oneLine: String { "\(location): \(message)" + (fix.map { " — \($0)" } ?? "") }
}

extension Array where Element == Diagnostic {
    /// Whether any of them is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }
    /// How many are errors.
    public var errorCount: Int { filter { $0.severity == .error }.count }
    /// How many are warnings.
    public var warningCount: Int { filter { $0.severity == .warning }.count }
}

/// A diagnostic's stable, kebab-case code (`unknown-key`, `manifest-header`), written as its
/// text wherever diagnostics are.
///
/// Open-ended: each reader has codes of its own (a hunt file's are `HuntDiagnosticCode`, and
/// `DiagnosticCode(_:)` takes one). Written in code as a string literal: `"unknown-key"`.
public struct DiagnosticCode: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The code's text.
    public var rawValue: String

    /// The code with this text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The code written as a literal, `"unknown-key"`.
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue < b.rawValue }
}

/// An error that carries diagnostics, for APIs that must fail as a whole.
public struct DiagnosticError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, one diagnostic per finding.
    public var diagnostics: [Diagnostic]
    /// The error for several diagnostics.
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    /// The error for one diagnostic.
    public init(_ diagnostic: Diagnostic) { self.diagnostics = [diagnostic] }
    public var description: String {
        diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
    }
}
