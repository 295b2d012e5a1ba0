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

extension SourceLocation {
    /// The line and column of the byte at `offset` in UTF-8 `bytes` (past the end: the end), the column counted in
    /// Unicode scalars as the YAML parser's marks count them. A line ends at a line feed, a carriage return, or the
    /// two together, as XML and YAML read them; with `yamlBreaks` also at NEL, U+2028 and U+2029, which YAML 1.1 (and
    /// libYAML's marks) count as line breaks too.
    init(ofByte offset: Int, in bytes: [UInt8], file: String, yamlBreaks: Bool = false) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < end {
            let byte = bytes[index]
            var breakLength = 0
            if byte == UInt8(ascii: "\n") {
                breakLength = 1
            } else if byte == UInt8(ascii: "\r") {
                breakLength = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 0 : 1
            } else if yamlBreaks, byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 {
                breakLength = 2
            } else if yamlBreaks, byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
                bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
            {
                breakLength = 3
            }
            if breakLength > 0 {
                line += 1
                lineStart = index + breakLength
                index += breakLength
            } else {
                index += 1
            }
        }
        var columns = LineColumns()
        columns.startLine(at: min(lineStart, end))
        let column = bytes.withUnsafeBufferPointer { columns.column(of: end, in: $0) } + 1
        self.init(file: file, line: line, column: column)
    }
}
