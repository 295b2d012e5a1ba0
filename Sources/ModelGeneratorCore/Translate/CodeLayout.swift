/// Lays out generated statements the way swift-format would, so generated code passes its lint unchanged.
struct CodeLayout {
    var lineLength: Int
    /// The indentation of the lines being laid out.
    var indent: Int

    /// `head(arguments)suffix` on one line when it fits, otherwise one argument per line.
    func call(_ head: String, _ arguments: [String], suffix: String = "") -> [String] {
        let single = "\(head)(\(arguments.joined(separator: ", ")))\(suffix)"
        if fits(single) { return [single] }
        return ["\(head)("]
            + arguments.enumerated().map { index, argument in
                "    " + argument + (index == arguments.count - 1 ? "" : ",")
            } + [")\(suffix)"]
    }

    /// `head(label inner(arguments))`, a call whose one argument is a call, as swift-format lays it out: on one line
    /// when it fits, else the inner call on a line of its own, else its arguments one per line too.
    func call(_ head: String, label: String, _ inner: String, _ arguments: [String]) -> [String] {
        let single = "\(head)(\(label)\(inner)(\(arguments.joined(separator: ", "))))"
        if fits(single) { return [single] }
        return ["\(head)("] + nested.call(label + inner, arguments).map { "    " + $0 } + [")"]
    }

    /// A type's declaration up to its opening brace, `head: conformances {`, on one line when it fits. Otherwise as
    /// swift-format breaks it: as many conformances as fit after the head, the rest filling lines one level in, and
    /// the brace on a line of its own.
    func declaration(_ head: String, conformances: [String]) -> [String] {
        let single = "\(head): \(conformances.joined(separator: ", ")) {"
        if fits(single) { return [single] }
        var lines: [String] = []
        var line = "\(head):"
        for (index, conformance) in conformances.enumerated() {
            let item = conformance + (index == conformances.count - 1 ? "" : ",")
            if fits(line + " " + item) {
                line += " " + item
            } else {
                lines.append(line)
                line = "    " + item
            }
        }
        return lines + [line, "{"]
    }

    /// `head[elements]`, an array or set literal, on one line when it fits; otherwise as swift-format breaks it, one
    /// element per line one level in, each with a trailing comma.
    func literal(_ head: String, _ elements: [String]) -> [String] {
        let single = head + "[" + elements.joined(separator: ", ") + "]"
        if fits(single) { return [single] }
        return [head + "["] + elements.map { "    \($0)," } + ["]"]
    }

    /// Whether `line` fits after the indentation. Counted in bytes first, which is never fewer than the characters
    /// swift-format counts and is the same for ASCII, so only a long non-ASCII line pays for counting characters.
    func fits(_ line: String) -> Bool {
        let room = lineLength - indent
        return line.utf8.count <= room || line.count <= room
    }

    /// `opening {` + body + `}`, the body indented one level.
    func block(_ opening: String, _ body: [String]) -> [String] {
        ["\(opening) {"] + body.map { "    " + $0 } + ["}"]
    }

    /// The same layout one level deeper.
    var nested: CodeLayout { CodeLayout(lineLength: lineLength, indent: indent + 4) }
}
