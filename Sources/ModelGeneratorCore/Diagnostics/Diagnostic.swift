/// One problem found in the input, in the format editors and Xcode make clickable:
/// `path/to/file.yaml:12:7: error: message`.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
        /// Something the run decided that the user may want to check; never a problem.
        case note
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

    /// Messages quote schema text, which must not add lines of its own (a fake `file:1:1: error:` line) or send
    /// terminal escape sequences and bidi controls to a terminal or CI log: those are written as visible escapes.
    public var description: String {
        var text =
            "\(SwiftText.commentText(location.description)): \(severity.rawValue): \(SwiftText.commentText(message))"
        if let hint {
            text += "\n\(SwiftText.commentText(location.description)): note: \(SwiftText.commentText(hint))"
        }
        return text
    }
}

/// Collects the problems of a run, so a user sees them all at once instead of one per run.
///
/// Only the first ``limit`` are kept; the rest are counted. A file of a million bad lines then costs a few hundred
/// messages and one count, not a hundred megabytes of output and the memory to hold it.
public struct Diagnostics: Sendable {
    /// How many diagnostics are kept.
    public static let limit = 300

    public private(set) var all: [Diagnostic] = []
    /// How many diagnostics beyond ``limit`` were counted but not kept, and how many of those were errors.
    public private(set) var omittedCount = 0
    private var omittedErrorCount = 0

    public init() {}

    public var hasErrors: Bool { omittedErrorCount > 0 || all.contains { $0.severity == .error } }
    public var errors: [Diagnostic] { all.filter { $0.severity == .error } }
    public var warnings: [Diagnostic] { all.filter { $0.severity == .warning } }

    public mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        append(Diagnostic(.error, message, at: location, hint: hint))
    }

    public mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        append(Diagnostic(.warning, message, at: location, hint: hint))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        if all.count < Self.limit {
            all.append(diagnostic)
        } else {
            omittedCount += 1
            if diagnostic.severity == .error { omittedErrorCount += 1 }
        }
    }

    public mutating func append(contentsOf other: Diagnostics) {
        for diagnostic in other.all { append(diagnostic) }
        omittedCount += other.omittedCount
        omittedErrorCount += other.omittedErrorCount
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

    /// The same diagnostics, with those located in `file` at `location` instead: for a file the run made up, which
    /// the user can't open.
    public func moving(file: String, to location: SourceLocation) -> Diagnostics {
        var moved = self
        moved.all = all.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.location.file == file { diagnostic.location = location }
            return diagnostic
        }
        return moved
    }

    /// The same diagnostics, each once: one problem found twice at the same place (code read for its own class
    /// and again for a subclass that inherits it) is said once.
    public func withoutRepeats() -> Diagnostics {
        var unique = self
        var seen: Set<Diagnostic> = []
        unique.all = all.filter { seen.insert($0).inserted }
        return unique
    }

    /// Problems in file order, so output reads top to bottom; the sort is stable for one location.
    public var sorted: [Diagnostic] {
        all.enumerated().sorted { lhs, rhs in
            lhs.element.location == rhs.element.location
                ? lhs.offset < rhs.offset : lhs.element.location < rhs.element.location
        }.map(\.element)
    }

    /// What a run prints: every kept diagnostic in file order, then a line counting the omitted ones, if any.
    public var printedLines: [String] {
        printedLines(sorted)
    }

    /// `diagnostics` (some of ``all``) as printed, then the line counting the omitted ones. A warning of a kind
    /// already printed (the same message but for the names it quotes) is not printed again: the first says how many
    /// more there are and where the first few are, so a schema with a hundred such properties gets one line, not a
    /// hundred that bury everything else.
    public func printedLines(_ diagnostics: [Diagnostic]) -> [String] {
        var printed: [(diagnostic: Diagnostic, others: [SourceLocation])] = []
        var indexOfKind: [String: Int] = [:]
        for diagnostic in diagnostics {
            guard diagnostic.severity == .warning else {
                printed.append((diagnostic, []))
                continue
            }
            let kind = diagnostic.kind
            if let index = indexOfKind[kind] {
                printed[index].others.append(diagnostic.location)
            } else {
                indexOfKind[kind] = printed.count
                printed.append((diagnostic, []))
            }
        }
        return printed.map { diagnostic, others in
            guard !others.isEmpty else { return diagnostic.description }
            var first = diagnostic
            let shown = others.prefix(Self.repeatedLocationsShown).map(\.description)
            first.message +=
                " (and \(others.count) more like it, at \(shown.joined(separator: ", "))"
                + (others.count > shown.count ? ", …)" : ")")
            return first.description
        }
            + (omittedCount == 0
                ? []
                : ["... and \(omittedCount) more problems (\(omittedErrorCount) errors), not shown; fix these first"])
    }

    /// How many places of a repeated warning its printed line names.
    static let repeatedLocationsShown = 3
}

extension Diagnostic {
    /// What the diagnostic says whatever it is about: the severity and the message without the names it quotes
    /// (`reference '…' points at '…'`).
    var kind: String {
        var text = severity.rawValue + ":"
        var quoted = false
        for character in message {
            if character == "'" {
                quoted.toggle()
                text.append(character)
            } else if !quoted {
                text.append(character)
            }
        }
        return text
    }
}

extension Diagnostic: Error {}
