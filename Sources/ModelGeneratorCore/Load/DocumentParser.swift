import Yams

/// Parses YAML, JSON and NDJSON text into `SyntaxNode`s that keep their locations.
///
/// A file is JSON by its name (`.json`, `.ndjson`, `.jsonl`), and is read as JSON, strictly: `JSONSyntaxParser` reads
/// it, giving the YAML parser's nodes and locations wherever that parser reads the text as JSON means it. Text that
/// is no JSON is the JSON reader's error, at the place it stops being JSON and in JSON's words (a trailing comma, a
/// comment, a key given twice, text after the value), without the YAML parser's read of it. Other files are YAML.
public enum DocumentParser {
    /// Parses one YAML or JSON document. A syntax error becomes a diagnostic at the parser's line and column.
    public static func parse(_ text: String, file: String, lineOffset: Int = 0) -> Result<SyntaxNode?, Diagnostic> {
        parse(text, file: file, lineOffset: lineOffset, lineLength: nil)
    }

    /// `lineLength` is set for one line of an NDJSON file: the parser reports a line cut short at the start of
    /// the next line, which is reported at the end of the line instead. With `strictJSON` false, JSON text that is
    /// no JSON but YAML's flow syntax reads is read so (AppCoreKit's `.mappings`).
    static func parse(
        _ text: String,
        file: String,
        lineOffset: Int,
        lineLength: Int?,
        strictJSON: Bool = true
    ) -> Result<SyntaxNode?, Diagnostic> {
        guard isJSON(file: file) else {
            return parseAsYAML(text, file: file, lineOffset: lineOffset, lineLength: lineLength)
        }
        switch JSONSyntaxParser.read(text, file: file, lineOffset: lineOffset) {
        case .document(let root):
            return .success(root)
        case .empty:
            return .success(nil)
        case .refused(let diagnostic):
            return .failure(diagnostic)
        case .notJSON(let problem):
            if strictJSON { return .failure(problem) }
            return parseAsYAML(text, file: file, lineOffset: lineOffset, lineLength: lineLength)
        }
    }

    /// How many levels deep lists and mappings (JSON's arrays and objects) may nest in a document. Reading and
    /// checking a document recurse once per level, at about 3 KB of stack a level in a debug build; real schemas,
    /// mappings and samples nest a few dozen levels. It is half the 1,000 levels at which the libyaml of recent Yams
    /// stops, in its own words ("Maximum nesting level reached"); older Yams has no limit. `JSONSyntaxParser`
    /// refuses JSON past it as it reads; text for Yams is scanned first (`NestingScan`), and what its aliases hold is
    /// counted before Yams expands them (`checkAliasExpansion`).
    static let nestingLimit = 500

    /// The error for a list or mapping at `location` that goes past ``nestingLimit``.
    static func nestingTooDeep(file: String, at location: SourceLocation) -> Diagnostic {
        let collections = isJSON(file: file) ? "arrays and objects" : "lists and mappings"
        return Diagnostic(
            .error,
            "\(collections) nest more than \(nestingLimit) levels deep here",
            at: location,
            hint: "no schema, mapping or sample nests this deep; check that this is the file meant"
        )
    }

    /// Parses with Yams, whatever the file's kind: the reference `JSONSyntaxParser` must match.
    static func parseAsYAML(
        _ text: String,
        file: String,
        lineOffset: Int,
        lineLength: Int?
    ) -> Result<SyntaxNode?, Diagnostic> {
        do {
            // YAML forbids tabs where JSON allows them as whitespace. JSON text reaches here when `JSONSyntaxParser`
            // found it invalid; a space in each tab's place keeps every column, so the diagnostic is about the
            // error rather than the tabs.
            let hasTabs = text.utf8.contains(UInt8(ascii: "\t"))
            let yaml = isJSON(file: file) && hasTabs ? text.replacingOccurrences(of: "\t", with: " ") : text
            if let tooDeep = NestingScan.firstTooDeep(in: yaml, limit: nestingLimit) {
                let location = SourceLocation(file: file, line: tooDeep.line + lineOffset, column: tooDeep.column)
                return .failure(nestingTooDeep(file: file, at: location))
            }
            try checkAliasExpansion(yaml, file: file, lineOffset: lineOffset)
            guard let root = try Yams.compose(yaml: yaml) else { return .success(SyntaxNode?.none) }
            let node = convert(root, file: file, lineOffset: lineOffset)
            if let duplicate = firstDuplicateKey(in: node) {
                return .failure(
                    Diagnostic(.error, "duplicate key '\(duplicate.name)' in one mapping", at: duplicate.location)
                )
            }
            return .success(node)
        } catch let diagnostic as Diagnostic {
            return .failure(diagnostic)
        } catch let error as YamlError {
            return .failure(diagnostic(for: error, file: file, lineOffset: lineOffset, lineLength: lineLength))
        } catch {
            return .failure(Diagnostic(.error, "could not parse: \(error)", at: .start(of: file)))
        }
    }

    /// Parses a Cortex export: one JSON object per line, ended by LF or CRLF. Blank lines are skipped; every bad line
    /// is reported, but a file of JSON written over several lines (its first value closes on a later line than it
    /// opens: after a lone `{`, or `[{"_id": …},` of an array) is one error, not one per line.
    public static func parseLines(_ text: String, file: String) -> (nodes: [SyntaxNode], diagnostics: Diagnostics) {
        var nodes: [SyntaxNode] = []
        var diagnostics = Diagnostics()
        var lineNumber = 0
        var lookedAtFirstValue = false
        // Split at the newline byte: split by Characters, "\r\n" is one Character, and a CRLF file was one line.
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            var line = Substring(bytes)
            if line.utf8.last == UInt8(ascii: "\r") { line = Substring(line.utf8.dropLast()) }
            lineNumber += 1
            if line.allSatisfy(\.isWhitespace) { continue }
            // Once, from this first line that isn't blank: the scan may read the rest of the text.
            if !lookedAtFirstValue {
                lookedAtFirstValue = true
                if firstValueSpansLines(text[line.startIndex...]) {
                    diagnostics.error(
                        "this file holds JSON written over several lines, where an NDJSON export holds one value per line",
                        at: SourceLocation(file: file, line: lineNumber, column: 1),
                        hint:
                            "write each value on a line of its own (jq -c . for values one after another, jq -c '.[]' for "
                            + "one array), or name the file .json if it holds one JSON value"
                    )
                    break
                }
            }
            switch parse(String(line), file: file, lineOffset: lineNumber - 1, lineLength: line.unicodeScalars.count) {
            case .success(let node?): nodes.append(node)
            case .success(nil): continue
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        return (nodes, diagnostics)
    }

    /// Whether the first value of `text` goes on past its line and closes on a later one (its objects and arrays
    /// balanced, outside strings): JSON written over several lines, which no NDJSON is. A first line that leaves
    /// brackets open to the end of the text is a bad line, not such a value. One pass, which ends with the first
    /// value.
    static func firstValueSpansLines(_ text: some StringProtocol) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
        var started = false
        var crossedLine = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\n"):
                guard started else { continue }
                if depth == 0 { return false }
                crossedLine = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return depth == 0 && crossedLine }
            default: break
            }
            started = true
        }
        return false
    }

    /// How many values a document of `length` bytes may hold once its aliases are expanded. Without aliases each
    /// value takes at least a byte, so only aliases go past it; the allowance covers ordinary reuse of an anchor.
    static func valueLimit(forLength length: Int) -> Int {
        length + 100_000
    }

    /// Refuses a document whose aliases expand it past ``valueLimit(forLength:)``, before Yams expands them: nine
    /// levels of nine aliases ("billion laughs") are four hundred bytes and 387 million values, and Yams hashes an
    /// alias used as a key in full. Refuses one whose aliases nest it past ``nestingLimit`` too: an alias of a
    /// deep list inside another deep list nests as deep as both, which no scan of the text sees, and twenty such
    /// aliases in 16 KB nested 8,000 levels and overflowed the stack.
    ///
    /// The document is first composed with every `*` replaced by an unused private-use character, which turns each
    /// alias into a plain scalar at the same place and expands nothing; the sizes and depths are then added up along
    /// that tree.
    static func checkAliasExpansion(_ text: String, file: String, lineOffset: Int) throws {
        guard text.utf8.contains(UInt8(ascii: "&")), text.utf8.contains(UInt8(ascii: "*")) else { return }
        let scalars = Set(text.unicodeScalars)
        guard
            let marker = (0xE000...0xF8FF).lazy.compactMap(Unicode.Scalar.init).first(where: { !scalars.contains($0) })
        else { return }
        let neutered = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "*" ? marker : $0 }))
        let parser: Parser
        let root: Node?
        do {
            parser = try Parser(yaml: neutered)
            root = try parser.singleRoot()
        } catch {
            // The same error at the same place as in the document itself; reported from there.
            return
        }
        guard let root else { return }
        let limit = valueLimit(forLength: text.utf8.count)
        // A node's anchor, read from the text at the node's mark, where its properties (`&name`, a `!tag`, in either
        // order) start: Yams exposes anchors only from 5.3 on, and this builds with every Yams from 5.0.
        let characters = Array(neutered.unicodeScalars)
        var lineStarts = [0]
        for (offset, scalar) in characters.enumerated() where scalar == "\n" { lineStarts.append(offset + 1) }
        func anchor(of node: Node) -> String? {
            guard let mark = node.mark, (1...lineStarts.count).contains(mark.line), mark.column >= 1 else { return nil }
            var position = lineStarts[mark.line - 1] + mark.column - 1
            let ends = { (scalar: Unicode.Scalar) in
                scalar.properties.isWhitespace || ",[]{}".unicodeScalars.contains(scalar)
            }
            while position < characters.count {
                switch characters[position] {
                case "&":
                    let name = characters[(position + 1)...].prefix { !ends($0) }
                    return String(String.UnicodeScalarView(name))
                case "!":
                    while position < characters.count, !ends(characters[position]) { position += 1 }
                case "#":
                    while position < characters.count, characters[position] != "\n" { position += 1 }
                case let scalar where scalar.properties.isWhitespace:
                    position += 1
                default:
                    return nil
                }
            }
            return nil
        }
        // An anchored node's size once expanded, and how many levels of lists and mappings it holds, itself
        // included.
        var sizes: [String: Int] = [:]
        var heights: [String: Int] = [:]
        /// The size and height of `node`, which `depth` lists and mappings hold.
        func size(_ node: Node, depth: Int) throws -> (size: Int, height: Int) {
            var total = 1
            var height = 0
            // Accessors rather than a switch over `Node`'s cases, which differ between Yams versions.
            if let scalar = node.scalar {
                if scalar.style == .plain, scalar.string.unicodeScalars.first == marker {
                    let name = String(scalar.string.unicodeScalars.dropFirst())
                    total = sizes[name] ?? 1
                    height = heights[name] ?? 0
                    if depth + height > nestingLimit {
                        throw nestingTooDeep(
                            file: file,
                            at: SourceLocation(
                                file: file,
                                line: (node.mark?.line ?? 1) + lineOffset,
                                column: node.mark?.column ?? 1
                            )
                        )
                    }
                }
            } else if let sequence = node.sequence {
                height = 1
                for element in sequence {
                    let child = try size(element, depth: depth + 1)
                    total = min(total + child.size, limit + 1)
                    height = max(height, child.height + 1)
                }
            } else if let mapping = node.mapping {
                height = 1
                for (key, value) in mapping {
                    let (keySize, valueSize) = (try size(key, depth: depth + 1), try size(value, depth: depth + 1))
                    total = min(total + keySize.size + valueSize.size, limit + 1)
                    height = max(height, max(keySize.height, valueSize.height) + 1)
                }
            }
            if total > limit {
                throw Diagnostic(
                    .error,
                    "aliases expand this document past \(limit) values",
                    at: SourceLocation(
                        file: file,
                        line: (node.mark?.line ?? 1) + lineOffset,
                        column: node.mark?.column ?? 1
                    ),
                    hint: "aliases (*name) that repeat other aliases multiply; write the values out instead"
                )
            }
            if let anchor = anchor(of: node) {
                sizes[anchor] = total
                heights[anchor] = height
            }
            return (total, height)
        }
        _ = try size(root, depth: 0)
    }

    static func isJSON(file: String) -> Bool {
        let lowered = file.lowercased()
        return lowered.hasSuffix(".json") || lowered.hasSuffix(".ndjson") || lowered.hasSuffix(".jsonl")
    }

    private static func convert(_ node: Node, file: String, lineOffset: Int) -> SyntaxNode {
        let location = SourceLocation(
            file: file,
            line: (node.mark?.line ?? 1) + lineOffset,
            column: node.mark?.column ?? 1
        )
        // Accessors rather than a switch over `Node`'s cases: Yams 5.3 added an `alias` case, and this builds with
        // every Yams from 5.0 on.
        if let scalar = node.scalar {
            return SyntaxNode(.scalar(scalar.string, kind(of: node, scalar: scalar)), at: location)
        }
        if let sequence = node.sequence {
            return SyntaxNode(.sequence(sequence.map { convert($0, file: file, lineOffset: lineOffset) }), at: location)
        }
        if let mapping = node.mapping {
            let entries = mapping.map { key, value in
                SyntaxNode.Entry(
                    key: convert(key, file: file, lineOffset: lineOffset),
                    value: convert(value, file: file, lineOffset: lineOffset)
                )
            }
            return SyntaxNode(.mapping(entries), at: location)
        }
        // Aliases are resolved by the composer; an unresolved one carries no value.
        return SyntaxNode(.scalar("", .null), at: location)
    }

    /// The first key written twice in one mapping (depth first), at its first occurrence. Yams from 5.3 on reports
    /// duplicates itself; earlier versions keep both entries, and this finds them.
    static func firstDuplicateKey(in node: SyntaxNode) -> (name: String, location: SourceLocation)? {
        switch node.value {
        case .scalar: return nil
        case .sequence(let items): return items.lazy.compactMap(firstDuplicateKey).first
        case .mapping(let entries):
            var seen: [String: SourceLocation] = [:]
            var duplicates: [(name: String, location: SourceLocation)] = []
            for entry in entries {
                guard let name = entry.key.scalarText else { continue }
                if let first = seen[name] { duplicates.append((name, first)) } else { seen[name] = entry.key.location }
            }
            if let first = duplicates.min(by: { $0.name < $1.name }) { return first }
            return entries.lazy.compactMap { firstDuplicateKey(in: $0.value) }.first
        }
    }

    /// The keys and place of Yams's duplicate-key error, read by the case's name: its payload differs between Yams
    /// 5.3 (`[Node: [Node]]`) and 6 (`[String]` and a context), and earlier versions have no such case.
    private static func duplicateKeys(in error: YamlError) -> (keys: [String], mark: Mark?)? {
        guard let payload = Mirror(reflecting: error).children.first, payload.label == "duplicatedKeysInMapping"
        else { return nil }
        var keys: [String] = []
        var mark: Mark?
        for field in Mirror(reflecting: payload.value).children {
            switch field.value {
            case let names as [String]:
                keys = names.sorted()
            case let nodes as [Node: [Node]]:
                let sorted = nodes.keys.sorted()
                keys = sorted.compactMap(\.string)
                mark = sorted.first?.mark
            case let context as YamlError.Context:
                mark = context.mark
            default:
                break
            }
        }
        return (keys, mark)
    }

    private static func kind(of node: Node, scalar: Node.Scalar) -> SyntaxNode.ScalarKind {
        // Quoted scalars are always strings; plain ones take the type the YAML resolver gave them. A tag's
        // description is its name in every Yams version (its `rawValue` is Yams 5.3's).
        if scalar.style != .plain { return .string }
        switch Tag.Name(rawValue: node.tag.description) {
        case Tag.Name.null: return .null
        case Tag.Name.bool: return .bool
        case Tag.Name.int: return .int
        case Tag.Name.float: return .double
        default: return .string
        }
    }

    private static func diagnostic(for error: YamlError, file: String, lineOffset: Int, lineLength: Int?) -> Diagnostic
    {
        func at(line: Int, column: Int) -> SourceLocation {
            if let lineLength, line > 1 {
                return SourceLocation(file: file, line: lineOffset + 1, column: lineLength + 1)
            }
            return SourceLocation(file: file, line: line + lineOffset, column: column)
        }
        func at(_ mark: Mark) -> SourceLocation { at(line: mark.line, column: mark.column) }
        switch error {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { context in
                let place = at(context.mark)
                return " (\(context.text) at line \(place.line), column \(place.column))"
            }
            return Diagnostic(.error, "malformed \(formatName(file)): \(problem)\(detail ?? "")", at: at(mark))
        case .reader(let problem, let offset, _, let yaml):
            // The offset counts the `Character`s of the text parsed; the place is its byte's.
            let place = offset.flatMap { yaml.index(yaml.startIndex, offsetBy: $0, limitedBy: yaml.endIndex) }.map {
                SourceLocation(
                    ofByte: yaml.utf8.distance(from: yaml.startIndex, to: $0),
                    in: Array(yaml.utf8),
                    file: file,
                    yamlBreaks: true
                )
            }
            return Diagnostic(
                .error,
                "cannot read \(formatName(file)): \(problem)",
                at: place.map { at(line: $0.line, column: $0.column) } ?? .start(of: file)
            )
        default:
            if let duplicates = duplicateKeys(in: error) {
                let keys = duplicates.keys.map { "'\($0)'" }.joined(separator: ", ")
                return Diagnostic(
                    .error,
                    "duplicate key \(keys) in one mapping",
                    at: duplicates.mark.map(at) ?? .start(of: file)
                )
            }
            return Diagnostic(.error, "malformed \(formatName(file)): \(error)", at: .start(of: file))
        }
    }

    private static func formatName(_ file: String) -> String {
        isJSON(file: file) ? "JSON" : "YAML"
    }
}
