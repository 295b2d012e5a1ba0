/// Lays out generated statements the way swift-format would, so generated code passes its lint unchanged.
struct CodeLayout {
    var lineLength: Int
    /// The indentation of the lines being laid out.
    var indent: Int

    /// `head(arguments)suffix` on one line when it fits, otherwise one argument per line (laid out as
    /// ``parameters(_:declared:)`` does). A head `target = value` whose line up to its `(` doesn't fit breaks after
    /// the `=` as ``assignment(_:_:)`` does; any other head too long for its line breaks as ``name(_:trailing:)``
    /// does, the arguments then one level inside its last line.
    func call(_ head: String, _ arguments: [String], suffix: String = "", declared: Bool = false) -> [String] {
        let single = "\(head)(\(arguments.joined(separator: ", ")))\(suffix)"
        if fits(single) { return [single] }
        if !fits(head + "("), let (target, value) = Self.splitAssignment(head) {
            return assignment(target, nested.call(value, arguments, suffix: suffix, declared: declared))
        }
        var lines = name(head, trailing: "(")
        let last = lines.removeLast()
        let margin = String(last.prefix { $0 == " " })
        let inner = CodeLayout(lineLength: lineLength, indent: indent + margin.count + 4)
        return lines + [last] + inner.parameters(arguments, declared: declared).map { margin + "    " + $0 }
            + [margin + ")" + suffix]
    }

    /// `target = value` split at its `=`, when `text` is an assignment: the first ` = ` outside parentheses, brackets
    /// and string literals.
    static func splitAssignment(_ text: String) -> (target: String, value: String)? {
        var depth = 0
        for (index, inLiteral) in zip(text.indices, literalCharacters(text)) where !inLiteral {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case " " where depth == 0 && text[index...].hasPrefix(" = "):
                return (String(text[..<index]), String(text[text.index(index, offsetBy: 3)...]))
            default: break
            }
        }
        return nil
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
    /// the brace on a line of its own. A head whose type name doesn't fit with its colon breaks before the name's
    /// `.`s as ``dotted(_:trailing:)`` does, the conformances then following the colon, the ones that don't fit on
    /// lines two levels in; a name without `.`s moves to a line of its own one level in. A conformance too long for a
    /// line of its own breaks before its `.`s too. `closing` is `"{}"` for an empty body, whose `}` moves to a line of
    /// its own when only the `{` fits.
    func declaration(_ head: String, conformances: [String], closing: String = "{") -> [String] {
        let single = "\(head): \(conformances.joined(separator: ", "))"
        if fits(single + " " + closing) { return [single + " " + closing] }
        if closing == "{}", fits(single + " {") { return [single + " {", "}"] }
        var lines: [String] = []
        var line = "\(head):"
        var indent = "    "
        if !fits(line) {
            lines = name(line)
            line = lines.removeLast()
            indent = "        "
        }
        // A conformance too long for a line of its own breaks before its `.`s.
        return lines + filled(line, conformances, continuation: indent) { $0.dotted($1) } + [closing]
    }

    /// `items` after `line`, each but the last with its comma: on the line while it fits, else starting a line of its
    /// own at `continuation`, laid out there by `layOut` (whole, unless it says otherwise). The lines, the last one
    /// still open.
    private func filled(
        _ line: String,
        _ items: [String],
        continuation: String,
        layOut: (CodeLayout, String) -> [String] = { [$1] }
    ) -> [String] {
        var lines: [String] = []
        var line = line
        for (index, item) in items.enumerated() {
            let item = item + (index == items.count - 1 ? "" : ",")
            if fits(line + " " + item) {
                line += " " + item
                continue
            }
            lines.append(line)
            let continued = CodeLayout(lineLength: lineLength, indent: indent + continuation.count)
            let broken = layOut(continued, item).map { continuation + $0 }
            lines += broken.dropLast()
            line = broken[broken.count - 1]
        }
        return lines + [line]
    }

    /// `head {` (or `head {}` for an empty body), a declaration without conformances such as `extension A.B {`: on one
    /// line when it fits, else broken before the `.`s of its type name (or after the keywords, for a name without `.`s)
    /// as ``name(_:trailing:)`` does, with the brace on a line of its own.
    func declaration(_ head: String, closing: String = "{") -> [String] {
        if fits(head + " " + closing) { return [head + " " + closing] }
        if closing == "{}", fits(head + " {") { return [head + " {", "}"] }
        return name(head) + [closing]
    }

    /// `extension Type: conformance {}` for each of `types`, each after an empty line.
    func emptyExtensions(_ types: [String], conformingTo conformance: String) -> [String] {
        types.flatMap { [""] + declaration("extension \($0)", conformances: [conformance], closing: "{}") }
    }

    /// A dotted name (`A.B.C`, after any keywords) as swift-format breaks it when it doesn't fit: before each `.` whose
    /// component doesn't fit on the rest of the line (the last with `trailing`, what follows it up to where the line
    /// may break next), the lines after the first one level in.
    func dotted(_ text: String, trailing: String = "") -> [String] {
        let pieces = Self.dottedPieces(text)
        var lines: [String] = []
        var line = pieces[0]
        for (index, piece) in pieces.enumerated().dropFirst() {
            let chunk = piece + (index == pieces.count - 1 ? trailing : "")
            if !fits(line + chunk) && line != "    " {
                lines.append(line)
                line = "    "
            }
            line += piece
        }
        return lines + [line + trailing]
    }

    /// A name after its keywords or modifiers (`extension A.B`, `public var name:`, `case name`, `self.name =`) as
    /// swift-format breaks it when it doesn't fit: before its `.`s as ``dotted(_:trailing:)`` does; a first component
    /// that doesn't fit after the keywords moves, whole, to a line of its own one level in, after them (after the
    /// modifiers of a `var` or `let`, which stays with its name), where the other components follow it.
    func name(_ text: String, trailing: String = "") -> [String] {
        var lines = dotted(text, trailing: trailing)
        let suffix = lines.count == 1 ? trailing : ""
        // swift-format keeps `try` with the name it calls (without what follows) while that fits.
        guard !fits(text.hasPrefix("try ") ? String(lines[0].dropLast(suffix.count)) : lines[0]) else { return lines }
        let head = String(lines[0].dropLast(suffix.count))
        let words = head.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count > 1 else { return lines }
        // The line may break before a word whose space is outside string literals (a `let` in a literal is text).
        let inLiteral = Self.literalCharacters(head)
        var breakable: [Bool] = []
        var offset = 0
        for word in words {
            breakable.append(offset > 0 && !inLiteral[offset - 1])
            offset += word.count + 1
        }
        let binding = words.indices.dropLast().last { breakable[$0] && (words[$0] == "var" || words[$0] == "let") }
        guard let split = binding ?? words.indices.last(where: { breakable[$0] }) else { return lines }
        lines[0] = "    " + words[split...].joined(separator: " ") + suffix
        return [words[..<split].joined(separator: " ")] + lines
    }

    /// `text` split before each `.` that separates the components of a member type or a member access, outside generic
    /// arguments, parentheses and string literals and after the last space before the name (`extension A.B` splits as
    /// `extension A` and `.B`, `self.a.b(` as `self`, `.a` and `.b(`).
    static func dottedPieces(_ text: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var depth = 0
        for (character, inLiteral) in zip(text, literalCharacters(text)) {
            switch character {
            case _ where inLiteral: break
            case "<", "(": depth += 1
            case ">", ")": depth -= 1
            case "." where depth == 0 && !current.isEmpty && !current.hasSuffix(" ") && current.last != "[":
                pieces.append(current)
                current = ""
            default: break
            }
            current.append(character)
        }
        return pieces + [current]
    }

    /// For each character of `text`, whether it belongs to a string literal, its quotes included: a `"` opens or
    /// closes one, and inside one a `\` escapes the scalar after it, so that an escaped quote (schema text such as
    /// `a \"b\" = c`) ends nothing. Read by Unicode scalars, as Swift's lexer reads them: a quote with a combining mark
    /// after it (`"́`) is one `Character` that opens a literal still, and a character with any scalar inside one
    /// belongs to it. Every place that breaks a line outside literals reads them this way.
    static func literalCharacters(_ text: some StringProtocol) -> [Bool] {
        var flags: [Bool] = []
        var inString = false
        var escaped = false
        for character in text {
            var inLiteral = false
            for scalar in character.unicodeScalars {
                if inString {
                    inLiteral = true
                    if escaped {
                        escaped = false
                    } else if scalar == "\\" {
                        escaped = true
                    } else if scalar == "\"" {
                        inString = false
                    }
                } else if scalar == "\"" {
                    inLiteral = true
                    inString = true
                }
            }
            flags.append(inLiteral)
        }
        return flags
    }

    /// The first `separator` in `text` outside string literals (``literalCharacters(_:)``).
    static func range(of separator: String, outsideLiteralsIn text: String) -> Range<String.Index>? {
        for (index, inLiteral) in zip(text.indices, literalCharacters(text))
        where !inLiteral && text[index...].hasPrefix(separator) {
            return index..<text.index(index, offsetBy: separator.count)
        }
        return nil
    }

    /// `label: Type`, a parameter or argument (with any ` = default` and trailing comma), as swift-format breaks it
    /// when it doesn't fit: after the `=` of a default value, the value one level in; else before the `.`s of the
    /// type, the lines after the first one level in; else, for a parameter `declared` (not a call's argument), after
    /// the label's colon, the type one level in.
    func parameter(_ text: String, declared: Bool = false) -> [String] {
        if fits(text) { return [text] }
        if let equals = Self.range(of: " = ", outsideLiteralsIn: text) {
            let head = String(text[..<equals.lowerBound]) + " ="
            if fits(head) { return [head, "    " + text[equals.upperBound...]] }
        }
        let comma = text.hasSuffix(",") ? "," : ""
        // An argument that is a call breaks inside its parentheses, one argument per line.
        if !declared, let (head, arguments) = Self.splitCall(text.dropLast(comma.count)) {
            return call(head, arguments, suffix: comma)
        }
        // An array literal breaks inside its brackets.
        if !declared, let (head, elements, tail) = Self.splitArrayLiteral(text.dropLast(comma.count)), tail.isEmpty {
            return bracketed(head, elements, comma)
        }
        let lines = dotted(String(text.dropLast(comma.count)), trailing: comma)
        // A type's `.self` whose type doesn't fit on a line of its own follows the type's closing bracket there.
        if lines.count == 2, lines[1] == "    .self" + comma, !fits(lines[0]),
            lines[0].last == ">" || lines[0].last == "]"
        {
            return type(lines[0], arrays: true) + [".self" + comma]
        }
        // A type without `.`s to break at breaks inside its generic arguments, when the line fits up to its `<`;
        // otherwise it moves, whole, to a line of its own after the label's colon, where it breaks inside its generic
        // arguments, or after the `=` of its default, which stays at the type's indentation.
        if declared, lines.count == 1, let colon = Self.range(of: ": ", outsideLiteralsIn: text),
            !text[..<colon.lowerBound].contains(" = ")
        {
            let whole = type(text)
            if whole.count > 1, fits(whole[0]) { return whole }
            let type = String(text[colon.upperBound...])
            var typeLines = nested.type(type)
            if typeLines.count == 1, !nested.fits(type), let (type, value) = Self.splitAssignment(type) {
                typeLines = [type + " =", value]
            }
            return [text[..<colon.lowerBound] + ":"] + typeLines.map { "    " + $0 }
        }
        if !declared, lines.count == 1 {
            // An argument `a + b` breaks before its `+`, one level in; any other value without a place to break
            // moves, whole, to a line of its own after its label's colon.
            if let plus = Self.range(of: " + ", outsideLiteralsIn: text), fits(String(text[..<plus.lowerBound])) {
                return [String(text[..<plus.lowerBound]), "    " + text[text.index(after: plus.lowerBound)...]]
            }
            if let colon = Self.range(of: ": ", outsideLiteralsIn: text),
                !text[..<colon.lowerBound].contains(where: { " (\"".contains($0) })
            {
                return [text[..<colon.lowerBound] + ":", "    " + text[colon.upperBound...]]
            }
        }
        // One whose type's first component doesn't fit after the colon moves the type there too, its `.`s then
        // breaking at the type's own indentation.
        if declared, !fits(lines[0]), let colon = Self.range(of: ": ", outsideLiteralsIn: text),
            !text[..<colon.lowerBound].contains(" = ")
        {
            let type = nested.dotted(String(text[colon.upperBound...].dropLast(comma.count)), trailing: comma)
            return [text[..<colon.lowerBound] + ":"] + type.enumerated().map { $0 == 0 ? "    " + $1 : $1 }
        }
        return lines
    }

    /// `head(arguments)` split into its head and its arguments, when `text` is a call: ends with the `)` that closes
    /// the first `(` of a non-empty head that is not inside a string literal.
    static func splitCall(_ text: Substring) -> (head: String, arguments: [String])? {
        guard text.last == ")" else { return nil }
        var depth = 0
        var head: String?
        var arguments: [String] = []
        var current = ""
        for (offset, (character, inLiteral)) in zip(text, literalCharacters(text)).enumerated() {
            if inLiteral {
                if head != nil { current.append(character) }
                continue
            }
            switch character {
            case "(" where depth == 0:
                guard head == nil, offset > 0 else { return nil }
                head = String(text.prefix(offset))
                depth = 1
                continue
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 {
                    guard offset == text.count - 1 else { return nil }
                    arguments.append(current.trimmingCharacters(in: .whitespaces))
                    continue
                }
            case "," where depth == 1:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            if head != nil { current.append(character) }
        }
        guard let head, !head.hasSuffix(" "), depth == 0 else { return nil }
        return (head, arguments.filter { !$0.isEmpty })
    }

    /// Parameters (`declared`) or arguments one per line, each but the last with its comma, laid out as
    /// ``parameter(_:declared:)`` does.
    func parameters(_ parameters: [String], declared: Bool = false) -> [String] {
        parameters.enumerated().flatMap { index, parameter in
            self.parameter(parameter + (index == parameters.count - 1 ? "" : ","), declared: declared)
        }
    }

    /// `target = value`, broken after the `=` with the value one level in when it doesn't fit on one line; a target
    /// too long for its line breaks as ``name(_:trailing:)`` does, the value then after the `=` when it fits there.
    func assignment(_ target: String, _ value: String) -> [String] {
        let line = "\(target) = \(value)"
        return fits(line) ? [line] : assignment(target, [value])
    }

    /// `target =` and `value`, the lines of a value laid out one level in: the value's first line after the `=` of a
    /// target that broke, when it fits there. swift-format indents a statement's continuation lines once, however
    /// many of its breaks fire, so the value sits one level in after the target's own breaks too.
    private func assignment(_ target: String, _ value: [String]) -> [String] {
        var lines = name(target, trailing: " =")
        let last = lines.removeLast()
        if !lines.isEmpty, let first = value.first, fits(last + " " + first) {
            return lines + [last + " " + first] + value.dropFirst().map { "    " + $0 }
        }
        return lines + [last] + value.map { "    " + $0 }
    }

    /// Statements `target = value`, each laid out as ``assignment(_:_:)`` does.
    func assignments(_ statements: [String]) -> [String] {
        statements.flatMap { statement in
            guard let equals = Self.range(of: " = ", outsideLiteralsIn: statement) else { return [statement] }
            return assignment(String(statement[..<equals.lowerBound]), String(statement[equals.upperBound...]))
        }
    }

    /// `keyword condition, condition {`, an `if` or `while` of several conditions, as swift-format breaks it: on one
    /// line when it fits; else each condition after the first on the rest of the line when it fits there (with its
    /// comma), otherwise on a line of its own one level in, where it breaks before its `.`s when it doesn't fit; the
    /// brace on a line of its own once the line is broken or doesn't fit it.
    func conditions(_ keyword: String, _ conditions: [String], closing: String = "{") -> [String] {
        let start = ([keyword] + conditions.prefix(1)).joined(separator: " ")
        // The first condition stays after the keyword, breaking before its `.`s when it doesn't fit there.
        var lines = dotted(start + (conditions.count > 1 ? "," : ""))
        let last = lines.removeLast()
        lines += filled(last, Array(conditions.dropFirst()), continuation: "    ") { $0.dotted($1) }
        return lines.count == 1 && fits(lines[0] + " " + closing) ? [lines[0] + " " + closing] : lines + [closing]
    }

    /// `keyword a || b || … {`, as swift-format breaks it: on one line when it fits, its brace on a line of its own
    /// when only the brace doesn't; else filled up to the limit, each line after the first one level in and starting
    /// with its `||`, and the brace on a line of its own. A term too long for a line of its own breaks inside the
    /// brackets of its array literal (`containsNull(below: [`), and the terms after it follow its `])`.
    func disjunction(_ keyword: String, _ terms: [String], closing: String = "{") -> [String] {
        let single = keyword + " " + terms.joined(separator: " || ")
        if fits(single + " " + closing) { return [single + " " + closing] }
        if fits(single) { return [single, closing] }
        var lines: [String] = []
        var line = keyword + " " + terms[0]
        for term in terms.dropFirst() {
            if fits(line + " || " + term) {
                line += " || " + term
                continue
            }
            lines.append(line)
            line = "    || " + term
            if !fits(line), let (head, elements, tail) = Self.splitArrayLiteral(Substring("|| " + term)) {
                lines += nested.bracketed(head, elements, tail).map { "    " + $0 }
                line = lines.removeLast()
            }
        }
        return lines + [line, closing]
    }

    /// `head[elements]tail` broken inside its brackets as swift-format breaks an array literal that doesn't fit: the
    /// elements filled up to the limit one level in, with a trailing comma after the last of several, and `]tail` on
    /// a line of its own.
    func bracketed(_ head: String, _ elements: [String], _ tail: String) -> [String] {
        let comma = elements.count > 1 ? "," : ""
        var lines: [String] = []
        var line = ""
        for element in elements.map({ $0 + comma }) {
            if line.isEmpty {
                line = element
            } else if nested.fits(line + " " + element) {
                line += " " + element
            } else {
                lines.append(line)
                line = element
            }
        }
        return [head + "["] + (lines + [line]).map { "    " + $0 } + ["]" + tail]
    }

    /// `head[elements]tail` split at the first `[` outside string literals and the `]` that closes it, when the
    /// elements are string literals and `tail` only closes parentheses (`containsNull(below: ["a", "b"])`).
    static func splitArrayLiteral(_ text: Substring) -> (head: String, elements: [String], tail: String)? {
        let outside = zip(text.indices, literalCharacters(text)).filter { !$0.1 }.map(\.0)
        guard let open = outside.first(where: { text[$0] == "[" }),
            let close = outside.last(where: { text[$0] == "]" }), open < close,
            text[text.index(after: close)...].allSatisfy({ $0 == ")" })
        else { return nil }
        let inside = text[text.index(after: open)..<close]
        var elements: [String] = []
        var element = ""
        for (character, inLiteral) in zip(inside, literalCharacters(inside)) {
            if !inLiteral && character == "," { continue }
            if !inLiteral && character == " " {
                if !element.isEmpty { elements.append(element) }
                element = ""
                continue
            }
            guard inLiteral else { return nil }
            element.append(character)
        }
        if !element.isEmpty { elements.append(element) }
        guard !elements.isEmpty else { return nil }
        return (String(text[..<open]), elements, String(text[text.index(after: close)...]))
    }

    /// `head[elements]`, an array or set literal, on one line when it fits; otherwise as swift-format breaks it, one
    /// element per line one level in, each with a trailing comma unless it is the only one. swift-format keeps room on
    /// the line for the trailing comma it would add after the last of several elements, so such a literal fits only
    /// with a column to spare.
    func literal(_ head: String, _ elements: [String]) -> [String] {
        let single = head + "[" + elements.joined(separator: ", ") + "]"
        if fits(single + (elements.count > 1 ? "," : "")) { return [single] }
        // swift-format adds no trailing comma after a lone element. An element too long for its line breaks as an
        // argument does.
        let comma = elements.count > 1 ? "," : ""
        return [head + "["] + elements.flatMap { nested.parameter($0 + comma).map { "    " + $0 } } + ["]"]
    }

    /// `head item closing` as swift-format breaks a clause between its head and what follows it: on one line when it
    /// fits; else with `closing` (a body's `{`, a guard's `else {`) on a line of its own; else with `item` too on lines
    /// of its own, one level in, as `layOut` breaks it there. `var name: Type {` is `"var name:"`, the type and `"{"`;
    /// `guard condition else {` is `"guard"`, the condition and `"else {"`; `case pattern: statement` has no closing.
    func clause(
        _ head: String,
        _ item: String,
        closing: String? = nil,
        layOut: (CodeLayout, String) -> [String] = { [$1] }
    ) -> [String] {
        let line = head + " " + item
        if let closing, fits(line + " " + closing) { return [line + " " + closing] }
        let closingLines = closing.map { [$0] } ?? []
        if fits(line) { return [line] + closingLines }
        // A head `case .name(let value):` too long for its line breaks inside its parentheses, one binding per line;
        // swift-format doesn't break between a switch's `case` and its pattern.
        var heads = [head]
        if !fits(head), head.hasSuffix(":"), let (pattern, bindings) = Self.splitCall(head.dropLast()) {
            heads = [pattern + "("] + nested.parameters(bindings).map { "    " + $0 } + ["):"]
        }
        return heads + layOut(nested, item).map { "    " + $0 } + closingLines
    }

    /// `head: type`, a property's declaration, with its body's `{` when `opensBody` or its initial ` = value`: a
    /// ``clause(_:_:closing:layOut:)`` whose type, on a line of its own, breaks inside its generic arguments as
    /// ``type(_:)`` does; a head too long for its line breaks as ``name(_:trailing:)`` does, the type staying one
    /// level in. A value that doesn't fit after the `=` moves to a line of its own one level in; the type moves only
    /// when `head: type =` doesn't fit either.
    func property(_ head: String, type: String, opensBody: Bool = false, value: String? = nil) -> [String] {
        if let value {
            let line = "\(head): \(type) = \(value)"
            if fits(line) { return [line] }
            if fits("\(head): \(type) =") { return ["\(head): \(type) =", "    " + value] }
        }
        let typed = value.map { "\(type) = \($0)" } ?? type
        let lines = clause(head + ":", typed, closing: opensBody ? "{" : nil) { $0.type($1) }
        guard !fits(head + ":"), lines[0] == head + ":" else { return lines }
        return name(head, trailing: ":") + lines.dropFirst()
    }

    /// A type on lines starting at the indentation, as swift-format breaks it when it doesn't fit on one: inside the
    /// angle brackets of each generic argument list too long for its line, the arguments one level in, filling each
    /// line before starting the next, and the closing bracket back on a line of its own.
    func type(_ type: String, arrays: Bool = false) -> [String] {
        var printer = TypePrinter(width: lineLength - indent)
        printer.emit(GenericType(parsing: Substring(type), arrays: arrays), indent: 0, trailing: 0)
        return printer.lines + [printer.line]
    }

    /// Whether `line` fits after the indentation. Counted in bytes first, which is never fewer than the characters
    /// swift-format counts and is the same for ASCII, so only a long non-ASCII line pays for counting characters.
    func fits(_ line: String) -> Bool {
        let room = lineLength - indent
        return line.utf8.count <= room || line.count <= room
    }

    /// `head.member {`, such as `for x in y.enumerated() {`, as swift-format breaks it when it doesn't fit: before the
    /// `.` of the member, which moves one level in, and the brace on a line of its own; a `for` whose head doesn't fit
    /// breaks before its `in` too.
    func opening(_ head: String, member: String) -> [String] {
        if fits(head + member + " {") { return [head + member + " {"] }
        guard !fits(head), let range = Self.range(of: " in ", outsideLiteralsIn: head), head.hasPrefix("for ") else {
            return [head, "    " + member, "{"]
        }
        // A `for` too long for its line breaks before its `in`, and its sequence before each `.` and `??` that
        // doesn't fit, all one level in: the sequence's parentheses open no level of their own.
        var lines = [String(head[..<range.lowerBound])]
        var line = "    "
        for chunk in Self.sequenceChunks("in " + head[range.upperBound...]) {
            if line != "    ", !fits(line + chunk) {
                lines.append(line)
                line = "    " + chunk.drop { $0 == " " }
            } else {
                line += chunk
            }
        }
        return lines + [line, "    " + member, "{"]
    }

    /// `text` split before each `.` of a member and each ` ?? `, where swift-format may break an expression.
    private static func sequenceChunks(_ text: String) -> [String] {
        var chunks = [""]
        var previous: Character = " "
        for (index, inLiteral) in zip(text.indices, literalCharacters(text)) {
            let character = text[index]
            let isMember = character == "." && (previous.isLetter || previous.isNumber || previous == "_")
            if !inLiteral, isMember || text[index...].hasPrefix(" ?? ") { chunks.append("") }
            chunks[chunks.count - 1].append(character)
            previous = character
        }
        return chunks.filter { !$0.isEmpty }
    }

    /// `opening {` + body + `}`, the body indented one level; an opening too long for its line breaks before its
    /// `.`s, and its brace then moves to a line of its own, as ``conditions(_:_:closing:)`` lays them out.
    func block(_ opening: String, _ body: [String]) -> [String] {
        conditions(opening, []) + body.map { "    " + $0 } + ["}"]
    }

    /// `keyword conditions {` + body + `}`, the conditions laid out as ``conditions(_:_:closing:)`` does.
    func block(_ keyword: String, conditions: [String], _ body: [String]) -> [String] {
        self.conditions(keyword, conditions) + body.map { "    " + $0 } + ["}"]
    }

    /// The same layout one level deeper.
    var nested: CodeLayout { CodeLayout(lineLength: lineLength, indent: indent + 4) }
}

/// A type as written, `Head<Argument, …>tail` or `[Element]tail`, split at the angle brackets of its generic
/// arguments or the square brackets of an array literal.
private struct GenericType {
    var head: Substring
    /// Nil for a type without generic arguments.
    var arguments: [GenericType]?
    var tail: Substring = ""
    /// `<` and `>`, or `[` and `]` for an array, whose element breaks as a generic argument does.
    var brackets: (open: String, close: String) = ("<", ">")

    /// `arrays`: `[Element]` is an array literal, such as `[Element].self`, which swift-format breaks inside its
    /// brackets; it doesn't break the brackets of an array type.
    init(parsing text: Substring, arrays: Bool = false) {
        // Brackets and commas inside a string literal (a parameter's default) are its text.
        let outsideLiterals = zip(text.indices, CodeLayout.literalCharacters(text)).filter { !$0.1 }.map(\.0)
        let open = arrays && text.first == "[" ? text.startIndex : outsideLiterals.first { text[$0] == "<" }
        guard let open else {
            head = text
            return
        }
        if text[open] == "[" { brackets = ("[", "]") }
        head = text[..<open]
        var arguments: [GenericType] = []
        var depth = 0
        var start = text.index(after: open)
        for index in outsideLiterals where index >= open {
            switch text[index] {
            case "<", "[": depth += 1
            case "," where depth == 1:
                arguments.append(GenericType(parsing: text[start..<index].drop(while: { $0 == " " })))
                start = text.index(after: index)
            case ">", "]":
                depth -= 1
                if depth == 0 {
                    arguments.append(GenericType(parsing: text[start..<index].drop(while: { $0 == " " })))
                    self.arguments = arguments
                    tail = text[text.index(after: index)...]
                    return
                }
            default: break
            }
        }
        // Unbalanced brackets: kept as one piece.
        head = text
    }

    /// The type on one line.
    var text: String {
        guard let arguments else { return String(head) }
        return head + brackets.open + arguments.map(\.text).joined(separator: ", ") + brackets.close + tail
    }
}

/// Lays out a ``GenericType`` as swift-format's printer does: a generic argument list breaks after its `<` (and before
/// its `>`) when it doesn't fit on the rest of the line with its `>` and what follows it up to the next place a line
/// may break; a line breaks before an argument that doesn't fit (with its comma) on the rest of the line.
private struct TypePrinter {
    /// The columns a line may take, after the indentation every line shares.
    var width: Int
    var lines: [String] = []
    var line = ""

    mutating func emit(_ type: GenericType, indent: Int, trailing: Int) {
        var indent = indent
        // A member type's name breaks before a `.` whose component doesn't fit, what follows one level in.
        let pieces = CodeLayout.dottedPieces(String(type.head))
        line += pieces[0]
        var broke = false
        for (index, piece) in pieces.enumerated().dropFirst() {
            let following = index < pieces.count - 1 ? 0 : type.arguments == nil ? type.tail.count + trailing : 1
            if line.count + piece.count + following > width, line.contains(where: { $0 != " " }) {
                if !broke { indent += 4 }
                broke = true
                newline(indent: indent)
            }
            line += piece
        }
        guard let arguments = type.arguments else { return }
        line += type.brackets.open
        let contents = arguments.map(\.text).joined(separator: ", ")
        let breaks = line.count + contents.count + 1 + type.tail.count + trailing > width
        let inner = breaks ? indent + 4 : indent
        if breaks { newline(indent: inner) }
        for (index, argument) in arguments.enumerated() {
            let isLast = index == arguments.count - 1
            if index > 0 {
                if line.count + 1 + argument.text.count + (isLast ? 0 : 1) > width {
                    newline(indent: inner)
                } else {
                    line += " "
                }
            }
            emit(argument, indent: inner, trailing: isLast ? 0 : 1)
            if !isLast { line += "," }
        }
        if breaks { newline(indent: indent) }
        line += type.brackets.close + type.tail
    }

    private mutating func newline(indent: Int) {
        lines.append(line)
        line = String(repeating: " ", count: indent)
    }
}
