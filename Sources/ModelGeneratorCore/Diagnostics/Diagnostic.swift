/// One problem found in the input, in the format editors and Xcode make clickable:
/// `path/to/file.yaml:12:7: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// What to do about it, where that is not obvious from the message.
    public var hint: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    public var description: String {
        var text = "\(location): \(severity.rawValue): \(message)"
        if let hint {
            text += "\n\(location): note: \(hint)"
        }
        return text
    }
}

/// Collects every problem of a run, so a user sees all of them at once instead of one per run.
public struct Diagnostics: Sendable {
    public private(set) var all: [Diagnostic] = []

    public init() {}

    public var hasErrors: Bool { all.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    public mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.error, message, at: location, hint: hint))
    }

    public mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        all.append(Diagnostic(.warning, message, at: location, hint: hint))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        all.append(diagnostic)
    }

    public mutating func append(contentsOf other: Diagnostics) {
        all.append(contentsOf: other.all)
    }

    /// Every warning made an error, for strict runs (`--strict`, `strict: true`); each says it was a warning, so the
    /// user knows why it stops the run.
    public func treatingWarningsAsErrors() -> Diagnostics {
        var strict = Diagnostics()
        strict.all = all.map { diagnostic in
            guard diagnostic.severity == .warning else { return diagnostic }
            var error = diagnostic
            error.severity = .error
            error.message += " (a warning, counted as an error in strict mode)"
            return error
        }
        return strict
    }

    /// Problems in file order, so output reads top to bottom; the sort is stable for one location.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location
                ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }.map(\.element)
    }
}

extension Diagnostic: Error {}
