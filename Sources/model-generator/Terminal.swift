import Foundation
import ModelGeneratorCore

/// The one way the CLI writes its lines. Paths (an output folder's entries, a manifest's text, the config's `output`)
/// and errors may hold control, line-break and bidirectional characters, which would move the cursor, recolour the
/// terminal or start a line of their own (a forged diagnostic): each line is written with them as escapes
/// (`SwiftText.commentText`), as diagnostics are. Text already escaped is written as it is.
enum Terminal {
    /// `line` and a line break on standard output.
    static func output(_ line: String) {
        print(SwiftText.commentText(line))
    }

    /// `line` and a line break on standard error.
    static func error(_ line: String) {
        FileHandle.standardError.write(Data((SwiftText.commentText(line) + "\n").utf8))
    }

    /// `text` on standard error as the lines its own line feeds make, each escaped as ``error(_:)`` escapes a line:
    /// for text that escapes what it quotes and breaks its lines on purpose, such as a diagnostic and its note.
    static func errorLines(_ text: String) {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { error(String(line)) }
    }
}
