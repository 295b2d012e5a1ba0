/// Finds where lists and mappings first nest past a limit in YAML text (JSON included), in one pass over its bytes
/// and without recursion, before the YAML parser reads it: composing recurses once per level, and libyaml's own
/// limit, where it has one, reports itself in libyaml's words.
///
/// Block collections are counted by their indentation, as libyaml's scanner counts them (a `- ` or a key further
/// right than the collection it is in opens one, where its anchor or tag starts), flow collections by their brackets,
/// and lines end where libyaml ends them (at NEL, LS and PS too). Block scalars, plain scalars continued on more
/// indented lines, quoted scalars and comments are skipped; in a flow collection, quotes and `#` inside a plain scalar
/// are its text. What the pass doesn't follow (a list at its key's own indentation, what an alias holds) it counts
/// low, never high: a document within the limit is never refused. Aliases are counted after, along the composed
/// document (`DocumentParser.checkAliasExpansion`).
struct NestingScan {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limit: Int
    private var line = 1
    private var lineStart = 0
    private var lineEnd = 0
    /// Where the current line's text starts: its start, or after a byte-order mark.
    private var contentStart = 0
    private var index = 0
    /// The columns of the open block collections, outermost first.
    private var indents: [Int] = []
    /// How many flow collections are open.
    private var flow = 0
    /// Whether `index`, in a flow collection, is inside a plain scalar, which quotes and a `#` after no space are
    /// text of (`[a "b]`, `[a#b]`); outside one a token starts, and `'`, `"` and `#` start a quoted scalar or a
    /// comment right after an indicator (`[a,#c`, `{"a":"b"}`), as libyaml reads them.
    private var inPlain = false
    /// What the next line continues.
    private var carry = Carry.nothing
    private var columns = LineColumns()

    private enum Carry: Equatable {
        case nothing
        /// A plain scalar, which lines indented further than its collection continue.
        case plain
        /// A block scalar (`|`, `>`), whose lines are indented further than its collection.
        case blockScalar
        /// A quoted scalar not closed yet, in a flow collection or not.
        case quoted(UInt8, inFlow: Bool)
        /// Flow collections not closed yet.
        case flow
    }

    /// The line and column (from 1, in Unicode scalars, as the YAML parser's marks count them) of the first list or
    /// mapping in `text` that opens past `limit` levels; nil when none does.
    static func firstTooDeep(in text: String, limit: Int) -> (line: Int, column: Int)? {
        var text = text
        return text.withUTF8 { bytes in
            var scan = NestingScan(bytes: bytes, limit: limit)
            return scan.run()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, limit: Int) {
        self.bytes = bytes
        self.limit = limit
    }

    private mutating func run() -> (line: Int, column: Int)? {
        while true {
            lineEnd = lineStart
            // Any of YAML's line breaks ends a line: a comment ends there, and the next line's indentation starts.
            while lineEnd < bytes.count, LineBreak.length(at: lineEnd, in: bytes) == 0 { lineEnd += 1 }
            index = lineStart
            columns.startLine(at: lineStart)
            // A byte-order mark is a column, as the parser's marks count it, and no content: a `#` after it starts
            // a comment. libyaml skips one at the start of any line, not just the first.
            if bytes[lineStart..<lineEnd].starts(with: [0xEF, 0xBB, 0xBF]) { index = lineStart + 3 }
            contentStart = index
            if let tooDeep = scanLine() { return tooDeep }
            guard lineEnd < bytes.count else { return nil }
            lineStart = lineEnd + LineBreak.length(at: lineEnd, in: bytes)
            line += 1
        }
    }

    // MARK: Lines

    private mutating func scanLine() -> (line: Int, column: Int)? {
        switch carry {
        case .quoted(let quote, let inFlow):
            guard skipQuoted(quote) else { return nil }
            carry = .nothing
            inPlain = false
            return inFlow ? scanFlow() : afterQuoted(keyStart: nil)
        case .flow:
            return scanFlow()
        case .plain, .blockScalar:
            skipSpaces()
            // Blank lines, and lines indented further than the collection, continue the scalar.
            if isLineEnd || column(at: index) > indents.last ?? -1 { return nil }
            carry = .nothing
            return structuralLine()
        case .nothing:
            skipSpaces()
            return structuralLine()
        }
    }

    /// A line outside any scalar or flow collection, from its first token.
    private mutating func structuralLine() -> (line: Int, column: Int)? {
        if isLineEnd || isComment { return nil }
        let indent = column(at: index)
        if indent == 0, startsDocumentMarker {
            indents.removeAll()
            flow = 0
            index += 3
            skipSpaces()
            return node()
        }
        if indent == 0, bytes[index] == UInt8(ascii: "%") { return nil }
        while let last = indents.last, last > indent { indents.removeLast() }
        return node()
    }

    /// The node at `index`: the block collections its indicators open (`- `, `? `), then its key or value.
    private mutating func node() -> (line: Int, column: Int)? {
        // Where the anchor or tag of the node at `index` starts, on this line: a key's anchor or tag is where libyaml
        // starts the key, and the mapping with it (`&a b: 1` opens a mapping at the `&`).
        var properties: Int?
        while !isLineEnd, !isComment {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "?"), isBlankOrLineEnd(index + 1) {
                if let tooDeep = open(at: index) { return tooDeep }
                index += 1
                properties = nil
            } else if byte == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) {
                // The value of an explicit key.
                index += 1
                properties = nil
            } else if byte == UInt8(ascii: "&") || byte == UInt8(ascii: "!") {
                properties = properties ?? index
                skipToken()
            } else {
                return keyOrValue(startingAt: properties ?? index)
            }
            skipSpaces()
        }
        return nil
    }

    /// A block collection opens at `position` when it is further right than the one it is in.
    private mutating func open(at position: Int) -> (line: Int, column: Int)? {
        let column = column(at: position)
        guard column > indents.last ?? -1 else { return nil }
        indents.append(column)
        return indents.count + flow > limit ? (line, column + 1) : nil
    }

    /// A scalar or flow collection at `index`, which a `: ` after it makes a key that starts at `start`.
    private mutating func keyOrValue(startingAt start: Int) -> (line: Int, column: Int)? {
        switch bytes[index] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return scanFlow(keyStart: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let quote = bytes[index]
            index += 1
            guard skipQuoted(quote) else {
                carry = .quoted(quote, inFlow: false)
                return nil
            }
            return afterQuoted(keyStart: start)
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            carry = .blockScalar
            return nil
        case UInt8(ascii: "*"):
            // An alias, which a `:` after it makes a key (`*a: b`, `*a : b`).
            while !isLineEnd, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ":") { index += 1 }
            skipSpaces()
            guard !isLineEnd, bytes[index] == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) else { return nil }
            return key(at: start)
        default:
            // A plain scalar ends at `: ` (a key) or at ` #` (a comment).
            while !isLineEnd {
                if bytes[index] == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) { return key(at: start) }
                if isComment { break }
                index += 1
            }
            carry = .plain
            return nil
        }
    }

    /// After a quoted scalar that starts at `keyStart`: a key when `: ` follows it.
    private mutating func afterQuoted(keyStart: Int?) -> (line: Int, column: Int)? {
        skipSpaces()
        guard let keyStart, !isLineEnd, bytes[index] == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) else {
            return nil
        }
        return key(at: keyStart)
    }

    /// The key at `start`, whose `:` is at `index`: the mapping it opens, then its value on the line.
    private mutating func key(at start: Int) -> (line: Int, column: Int)? {
        if let tooDeep = open(at: start) { return tooDeep }
        index += 1
        return startsFlowValue() ? scanFlow() : nil
    }

    /// Reads the start of the value after a key's `:`, on the key's line; true when it is a flow collection, at
    /// `index`, for the caller to scan (a loop there rather than a call here: `[a]: [b]: …` must not recurse).
    private mutating func startsFlowValue() -> Bool {
        skipSpaces()
        while !isLineEnd, bytes[index] == UInt8(ascii: "&") || bytes[index] == UInt8(ascii: "!") {
            skipToken()
            skipSpaces()
        }
        if isLineEnd || isComment { return false }
        switch bytes[index] {
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let quote = bytes[index]
            index += 1
            if !skipQuoted(quote) { carry = .quoted(quote, inFlow: false) }
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            carry = .blockScalar
        case UInt8(ascii: "*"):
            break
        default:
            carry = .plain
        }
        return false
    }

    /// Flow collections from `index` to the end of the line, or to where the outermost one closes and what follows
    /// it (`[a]: b` makes it a key, whose value is read). A flow collection that starts a node at `keyStart` and is
    /// a key opens a mapping there, as other keys do (`[a]:` over `  [b]:` nests).
    private mutating func scanFlow(keyStart: Int? = nil) -> (line: Int, column: Int)? {
        var keyStart = keyStart
        while !isLineEnd {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                inPlain = false
                flow += 1
                if indents.count + flow > limit { return (line, column(at: index) + 1) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                inPlain = false
                flow = max(flow - 1, 0)
                if flow == 0 {
                    index += 1
                    carry = .nothing
                    skipSpaces()
                    guard !isLineEnd, bytes[index] == UInt8(ascii: ":"), isBlankOrLineEnd(index + 1) else { return nil }
                    if let start = keyStart, let tooDeep = open(at: start) { return tooDeep }
                    keyStart = nil
                    index += 1
                    guard startsFlowValue() else { return nil }
                    continue
                }
            case UInt8(ascii: ","):
                inPlain = false
            case UInt8(ascii: ":"):
                // A plain scalar goes on past a `:` that neither a space nor a flow indicator follows (`a:b`,
                // `a:'b`); the first `:` of a token is an indicator.
                if !inPlain || isBlankOrLineEnd(index + 1) || ",?[]{}".utf8.contains(bytes[index + 1]) {
                    inPlain = false
                }
            case UInt8(ascii: "?"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                // Text in a plain scalar; an indicator, or space, before a token.
                break
            case UInt8(ascii: "\"") where !inPlain, UInt8(ascii: "'") where !inPlain:
                index += 1
                guard skipQuoted(byte) else {
                    carry = .quoted(byte, inFlow: true)
                    return nil
                }
                continue
            case UInt8(ascii: "#") where !inPlain || isComment:
                carry = .flow
                return nil
            case UInt8(ascii: "!") where !inPlain, UInt8(ascii: "&") where !inPlain:
                // A tag or an anchor, after which a token starts (`[!t 'a', &x "b"]`). A verbatim tag's URI may
                // hold brackets and commas: `[!<tag:a[1]> b]`.
                let verbatim = byte == UInt8(ascii: "!") && index + 1 < lineEnd && bytes[index + 1] == UInt8(ascii: "<")
                while !isLineEnd, !isBlank(bytes[index]),
                    verbatim ? bytes[index] != UInt8(ascii: ">") : !",[]{}".utf8.contains(bytes[index])
                {
                    index += 1
                }
                if verbatim, !isLineEnd { index += 1 }
                continue
            default:
                inPlain = true
            }
            index += 1
        }
        carry = flow > 0 ? .flow : .nothing
        return nil
    }

    // MARK: Bytes

    /// Past the quoted scalar's closing `quote`, from `index`; false, at the end of the line, when it goes on.
    private mutating func skipQuoted(_ quote: UInt8) -> Bool {
        while !isLineEnd {
            let byte = bytes[index]
            if quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") {
                index = min(index + 2, lineEnd)
                continue
            }
            index += 1
            if byte == quote {
                // `''` is a quote inside a single-quoted scalar.
                guard quote == UInt8(ascii: "'"), !isLineEnd, bytes[index] == quote else { return true }
                index += 1
            }
        }
        return false
    }

    private var isLineEnd: Bool { index >= lineEnd }

    /// Whether a `#` at `index` starts a comment: at the start of the line or after a space or tab.
    private var isComment: Bool {
        !isLineEnd && bytes[index] == UInt8(ascii: "#") && (index == contentStart || isBlank(bytes[index - 1]))
    }

    private var startsDocumentMarker: Bool {
        guard index + 3 <= lineEnd, isBlankOrLineEnd(index + 3) else { return false }
        let marker = bytes[index..<index + 3]
        return marker.elementsEqual("---".utf8) || marker.elementsEqual("...".utf8)
    }

    private func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private func isBlankOrLineEnd(_ position: Int) -> Bool {
        position >= lineEnd || isBlank(bytes[position])
    }

    private mutating func skipSpaces() {
        while !isLineEnd, isBlank(bytes[index]) { index += 1 }
    }

    /// Past an anchor or a tag.
    private mutating func skipToken() {
        while !isLineEnd, !isBlank(bytes[index]) { index += 1 }
    }

    /// The column (from 0) of `position` on the current line, in Unicode scalars.
    private mutating func column(at position: Int) -> Int {
        columns.column(of: position, in: bytes)
    }
}
