/// The column of a position on one line of UTF-8 text, in Unicode scalars, as the YAML parser's marks count them.
///
/// Columns are counted forward from the last position asked about, so a long line (a minified file is one) is
/// counted once however many places on it are asked about; asking about an earlier place counts from the line's
/// start again.
struct LineColumns {
    private var lineStart = 0
    private var position = 0
    private var count = 0

    /// A line starts at `start`.
    mutating func startLine(at start: Int) {
        lineStart = start
        position = start
        count = 0
    }

    /// The column (from 0) of `target` on the line, in `bytes`.
    mutating func column(of target: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if target < position { startLine(at: lineStart) }
        while position < target {
            // Every byte but a UTF-8 continuation byte starts a scalar.
            if bytes[position] & 0xC0 != 0x80 { count += 1 }
            position += 1
        }
        return count
    }
}

/// Line breaks in UTF-8 text, as the YAML parser's marks and the XML reader count lines.
enum LineBreak {
    /// The length in bytes of the line break that starts at `position` in `bytes`, or 0 when none does: a line feed,
    /// a carriage return (with a line feed after it, the two are one break), and with `yamlBreaks` NEL, U+2028 and
    /// U+2029, which YAML 1.1 (and libYAML's marks) count as line breaks too.
    static func length(at position: Int, in bytes: UnsafeBufferPointer<UInt8>, yamlBreaks: Bool = true) -> Int {
        func byte(_ offset: Int) -> UInt8? { position + offset < bytes.count ? bytes[position + offset] : nil }
        switch bytes[position] {
        case UInt8(ascii: "\n"): return 1
        case UInt8(ascii: "\r"): return byte(1) == UInt8(ascii: "\n") ? 2 : 1
        case 0xC2 where yamlBreaks: return byte(1) == 0x85 ? 2 : 0
        case 0xE2 where yamlBreaks: return byte(1) == 0x80 && (byte(2) == 0xA8 || byte(2) == 0xA9) ? 3 : 0
        default: return 0
        }
    }
}

extension SourceLocation {
    /// The line and column of the byte at `offset` in UTF-8 `bytes` (past the end: the end), the column counted in
    /// Unicode scalars as the YAML parser's marks count them, the lines as ``LineBreak`` does (with `yamlBreaks`, as
    /// YAML counts them; without, as XML does).
    init(ofByte offset: Int, in bytes: [UInt8], file: String, yamlBreaks: Bool = false) {
        let end = min(max(offset, 0), bytes.count)
        let (line, column) = bytes.withUnsafeBufferPointer { bytes in
            var line = 1
            var lineStart = 0
            var index = 0
            while index < end {
                let breakLength = LineBreak.length(at: index, in: bytes, yamlBreaks: yamlBreaks)
                // A byte inside a break (a CRLF's line feed) is still on the line the break ends.
                if breakLength > 0, index + breakLength <= end {
                    line += 1
                    lineStart = index + breakLength
                    index += breakLength
                } else {
                    index += 1
                }
            }
            var columns = LineColumns()
            columns.startLine(at: min(lineStart, end))
            return (line, columns.column(of: end, in: bytes) + 1)
        }
        self.init(file: file, line: line, column: column)
    }
}
