/// The default templates compiled for speed: the subset of mustache they use (text, `{{name}}`, `{{.}}`, sections,
/// inverted sections, partials, the content-type pragma), rendered straight from ``TemplateView``s.
///
/// swift-mustache resolves every tag through a chain of dynamic casts, which was most of a run's time. This renderer
/// casts once per section instead of several times per tag, and produces exactly what swift-mustache produces from
/// the same templates (`GoldenTests` renders every golden case both ways). A user's templates, which may use
/// any of mustache, always go through swift-mustache.
struct CompiledTemplate: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(String)
        case section(String, [Node])
        case invertedSection(String, [Node])
        case partial(String)
        /// A section that prints a list of lines indented (`{{#lines_indent8}}`, `{{.}}`, `{{/lines_indent8}}`, as
        /// ``TemplateLibrary/joiningLineSections(_:)`` writes it): the list `name`'s lines are appended to the output
        /// one by one, each after `indent` and followed by a newline, with no joined copy in between. `section` is the
        /// section as written, rendered instead when `name` is not a list of lines.
        case lineList(name: String, indent: String, section: [Node])
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    let nodes: [Node]

    /// Compiles a template, or throws for anything outside the subset (the caller then uses swift-mustache).
    init(_ text: String) throws {
        var stack: [(name: String, inverted: Bool, nodes: [Node])] = [("", false, [])]
        func append(_ node: Node) { stack[stack.count - 1].nodes.append(node) }
        for line in Self.lines(of: text) {
            let tags = Self.tags(in: line)
            // A line holding nothing but one section, closing, partial or pragma tag disappears with its newline.
            let isStandalone =
                tags.count == 1 && "#^/>%!".contains(tags[0].content.first ?? " ")
                && line[..<tags[0].range.lowerBound].allSatisfy { $0 == " " || $0 == "\t" }
                && line[tags[0].range.upperBound...].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" }
            if isStandalone, tags[0].content.first == ">", !line[..<tags[0].range.lowerBound].isEmpty {
                throw ParseError(description: "an indented partial")
            }
            var cursor = line.startIndex
            for tag in tags {
                if !isStandalone, cursor < tag.range.lowerBound {
                    append(.text(String(line[cursor..<tag.range.lowerBound])))
                }
                cursor = tag.range.upperBound
                let content = tag.content
                let name = content.dropFirst().trimmingSpaces
                switch content.first {
                case "#": stack.append((name, false, []))
                case "^": stack.append((name, true, []))
                case "/":
                    guard stack.count > 1, stack[stack.count - 1].name == name else {
                        throw ParseError(description: "'{{/\(name)}}' closes no open section")
                    }
                    let section = stack.removeLast()
                    append(section.inverted ? .invertedSection(name, section.nodes) : .section(name, section.nodes))
                case ">": append(.partial(name))
                case "%":
                    guard name == "CONTENT_TYPE: TEXT" else { throw ParseError(description: "the pragma \(name)") }
                case "!": break
                case "{", "&", "=", "<", "$": throw ParseError(description: "the tag {{\(content)}}")
                default: append(.variable(content.trimmingSpaces))
                }
            }
            if !isStandalone, cursor < line.endIndex { append(.text(String(line[cursor...]))) }
        }
        guard stack.count == 1 else {
            throw ParseError(description: "'{{#\(stack[stack.count - 1].name)}}' is not closed")
        }
        nodes = Self.recognizingLineLists(Self.mergingText(stack[0].nodes))
    }

    /// Replaces each section over `name_indentN` whose body is `{{.}}` and a newline with a ``Node/lineList``.
    private static func recognizingLineLists(_ nodes: [Node]) -> [Node] {
        nodes.map { node in
            switch node {
            case .section(let name, let inner):
                if inner.count == 2, case .variable(".") = inner[0], case .text("\n") = inner[1],
                    let (list, indent) = TemplateLibrary.joinedLines(name)
                {
                    return .lineList(name: list, indent: String(repeating: " ", count: indent), section: inner)
                }
                return .section(name, recognizingLineLists(inner))
            case .invertedSection(let name, let inner): return .invertedSection(name, recognizingLineLists(inner))
            default: return node
            }
        }
    }

    /// The lines of `text`, each with its newline.
    private static func lines(of text: String) -> [Substring] {
        var lines: [Substring] = []
        var start = text.startIndex
        while let newline = text[start...].firstIndex(of: "\n") {
            let end = text.index(after: newline)
            lines.append(text[start..<end])
            start = end
        }
        if start < text.endIndex { lines.append(text[start...]) }
        return lines
    }

    /// The `{{…}}` tags of a line: where each stands, and what is between the braces.
    private static func tags(in line: Substring) -> [(range: Range<Substring.Index>, content: String)] {
        var tags: [(Range<Substring.Index>, String)] = []
        var rest = line[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            tags.append((open.lowerBound..<close.upperBound, String(rest[open.upperBound..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return tags
    }

    private static func mergingText(_ nodes: [Node]) -> [Node] {
        var merged: [Node] = []
        for node in nodes {
            switch node {
            case .text(let text):
                if case .text(let previous) = merged.last {
                    merged[merged.count - 1] = .text(previous + text)
                } else {
                    merged.append(node)
                }
            case .section(let name, let inner): merged.append(.section(name, mergingText(inner)))
            case .invertedSection(let name, let inner): merged.append(.invertedSection(name, mergingText(inner)))
            default: merged.append(node)
            }
        }
        return merged
    }
}

/// Renders ``CompiledTemplate``s, with partials looked up among them.
struct CompiledTemplateRenderer: Sendable {
    let templates: [String: CompiledTemplate]

    /// What a section pushes: a view whose values can be looked up, or a plain value (a line) that has none.
    private enum Frame {
        case view(any TemplateView)
        case value(Any)
    }

    func render(_ view: any TemplateView, withTemplate name: String) -> String? {
        guard let template = templates[name] else { return nil }
        var output = ""
        var stack: [Frame] = [.view(view)]
        render(template.nodes, &stack, into: &output)
        return output
    }

    private func render(_ nodes: [CompiledTemplate.Node], _ stack: inout [Frame], into output: inout String) {
        for node in nodes {
            switch node {
            case .text(let text):
                output += text
            case .variable(let name):
                guard let value = lookUp(name, stack) else { continue }
                if let string = value as? String { output += string } else { output += "\(value)" }
            case .section(let name, let inner):
                renderSection(inner, over: lookUp(name, stack), &stack, into: &output)
            case .invertedSection(let name, let inner):
                var isEmpty = true
                forEachFrame(of: lookUp(name, stack)) { _ in isEmpty = false }
                if isEmpty { render(inner, &stack, into: &output) }
            case .partial(let name):
                guard let template = templates[name] else { continue }
                render(template.nodes, &stack, into: &output)
            case .lineList(let name, let indent, let section):
                let value = lookUpValue(name, stack)
                guard let lines = value as? [String] else {
                    // Not lines: what the joined section renders for any other value.
                    renderSection(section, over: value, &stack, into: &output)
                    continue
                }
                for line in lines {
                    output += indent
                    output += line
                    output += "\n"
                }
            }
        }
    }

    /// A section's nodes once per frame `value` gives (see ``forEachFrame(of:_:)``), each frame pushed while they render.
    private func renderSection(
        _ nodes: [CompiledTemplate.Node],
        over value: Any?,
        _ stack: inout [Frame],
        into output: inout String
    ) {
        forEachFrame(of: value) { frame in
            if let frame { stack.append(frame) }
            render(nodes, &stack, into: &output)
            if frame != nil { stack.removeLast() }
        }
    }

    /// The value named `name` in the innermost frame that has one; `.` is the innermost frame itself.
    private func lookUp(_ name: String, _ stack: [Frame]) -> Any? {
        if name == "." {
            switch stack.last {
            case .view(let view): return view
            case .value(let value): return value
            case nil: return nil
            }
        }
        for frame in stack.reversed() {
            if case .view(let view) = frame, let value = view.child(named: name) { return value }
        }
        return nil
    }

    /// The value named `name` in the innermost view that has one, asked for as it is (`value(named:)`), without the
    /// `_indentN` joining of ``TemplateView/child(named:)``.
    private func lookUpValue(_ name: String, _ stack: [Frame]) -> Any? {
        for frame in stack.reversed() {
            if case .view(let view) = frame, let value = view.value(named: name) { return value }
        }
        return nil
    }

    /// Calls `body` once per rendering of a section over `value`: never for nil, false, an empty string or list;
    /// once with no new frame for true; once per element for a list; once with the value for anything else.
    private func forEachFrame(of value: Any?, _ body: (Frame?) -> Void) {
        switch value {
        case nil: return
        case let flag as Bool: if flag { body(nil) }
        case let string as String: if !string.isEmpty { body(.value(string)) }
        case let lines as [String]: for line in lines { body(.value(line)) }
        case let views as any TemplateViewList: for view in views.templateViews { body(.view(view)) }
        case let view as any TemplateView: body(.view(view))
        case let values as [Any]:
            for element in values { body((element as? any TemplateView).map(Frame.view) ?? .value(element)) }
        case let value?: body(.value(value))
        }
    }
}

/// A list of views, so a section over one costs one cast rather than one per element.
protocol TemplateViewList {
    var templateViews: [any TemplateView] { get }
}

extension Array: TemplateViewList where Element: TemplateView {
    var templateViews: [any TemplateView] { map { $0 } }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
