import Foundation
import Mustache

/// The templates a run renders with: the defaults from `Templates/`, with a user's templates of the same name
/// in their place.
public struct TemplateLibrary: Sendable {
    /// The templates the generator renders by name; everything else is reached through partials.
    public static let entryPoints = ["model", "listing", "query", "body"]

    let library: MustacheLibrary
    /// The default templates compiled (see ``CompiledTemplate``); nil when a user's templates are in use.
    let compiled: CompiledTemplateRenderer?

    /// Builds the library. A template that does not parse, a partial that names no template, and a user template
    /// that replaces nothing are reported at their files. `compilesDefaults: false` renders the defaults with
    /// swift-mustache too, for tests that compare the two.
    public static func make(
        overrides: [String: (text: String, file: String)] = [:],
        compilesDefaults: Bool = true
    )
        -> (library: TemplateLibrary?, diagnostics: Diagnostics)
    {
        var diagnostics = Diagnostics()
        var sources: [String: (text: String, file: String)] = [:]
        for (name, text) in DefaultTemplates.all {
            sources[name] = (joiningLineSections(text), "Templates/\(name).mustache")
        }
        for (name, override) in overrides.sorted(by: { $0.key < $1.key }) {
            if sources[name] == nil {
                diagnostics.warning(
                    "template '\(name)' replaces no default template, so it is never used",
                    at: .start(of: override.file),
                    hint: Suggestion.hint(for: name, in: DefaultTemplates.all.keys.sorted())
                        ?? "the default templates are \(DefaultTemplates.all.keys.sorted().joined(separator: ", "))"
                )
            }
            sources[name] = override
        }
        var library = MustacheLibrary()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try MustacheTemplate(string: source.text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.error(
                    "template '\(name)' does not parse: \(error.error)",
                    at: SourceLocation(
                        file: source.file,
                        line: error.context.lineNumber,
                        column: error.context.columnNumber
                    )
                )
            } catch {
                diagnostics.error("template '\(name)' does not parse: \(error)", at: .start(of: source.file))
            }
            for partial in partialReferences(in: source.text) where sources[partial.name] == nil {
                diagnostics.error(
                    "template '\(name)' includes '\(partial.name)', which is no template",
                    at: SourceLocation(file: source.file, line: partial.line, column: partial.column),
                    hint: Suggestion.hint(for: partial.name, in: sources.keys.sorted())
                )
            }
        }
        reportIncludeCycles(sources, &diagnostics)
        var compiled: CompiledTemplateRenderer?
        if compilesDefaults, overrides.isEmpty {
            compiled = try? CompiledTemplateRenderer(templates: sources.mapValues { try CompiledTemplate($0.text) })
        }
        return (diagnostics.hasErrors ? nil : TemplateLibrary(library: library, compiled: compiled), diagnostics)
    }

    private func render(_ view: some TemplateView, withTemplate name: String) -> String {
        compiled?.render(view, withTemplate: name) ?? library.render(view, withTemplate: name) ?? ""
    }

    /// Separates a list's name from the indentation of its lines in a rewritten section (see ``TemplateView``).
    static let joinedLinesMarker = "_indent"

    /// The list and the indentation a rewritten section's name asks for (`memberLines_indent12` → `memberLines`, 12),
    /// or nil for any other name. Every tag asks, so the common case (no trailing digit) is decided from one byte.
    static func joinedLines(_ name: String) -> (list: String, indent: Int)? {
        guard let last = name.utf8.last, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
            let underscore = name.utf8.lastIndex(of: UInt8(ascii: "_")),
            name[underscore...].hasPrefix(joinedLinesMarker),
            let indent = Int(name[underscore...].dropFirst(joinedLinesMarker.count)), indent >= 0
        else { return nil }
        return (String(name[..<underscore]), indent)
    }

    /// Rewrites every section that prints a list one indented `{{.}}` per line into one that prints the list's
    /// lines joined (`{{#lines_indent8}}` / `{{.}}` / `{{/lines_indent8}}`): the same output, rendered from one element instead
    /// of one per line. Only the default templates are rewritten, whose such lists are all lists of strings; a
    /// user's templates render as written.
    static func joiningLineSections(_ template: String) -> String {
        var lines = template.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 2 < lines.count {
            let open = lines[index]
            let body = lines[index + 1]
            let indent = body.prefix { $0 == " " }.count
            if open.hasPrefix("{{#"), open.hasSuffix("}}"), body.dropFirst(indent) == "{{.}}" {
                let name = open.dropFirst(3).dropLast(2)
                if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                    lines[index + 2] == "{{/\(name)}}"
                {
                    let joined = "\(name)\(joinedLinesMarker)\(indent)"
                    lines.replaceSubrange(index...(index + 2), with: ["{{#\(joined)}}", "{{.}}", "{{/\(joined)}}"])
                    index += 3
                    continue
                }
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }

    /// Renders a file with an entry-point template.
    public func render(_ view: FileView, template: String) -> String {
        Self.tidy(renderUntidied(view, template: template))
    }

    /// Renders an object's one file: its model, then the extensions that add its query builder and its bodies, when
    /// given. Their header and imports are the model's.
    public func renderObjectFile(model: FileView, query: QueryFileView?, bodies: BodyFileView?) -> String {
        var parts = [renderUntidied(model, template: "model")]
        if let query { parts.append(render(query, withTemplate: "query")) }
        if let bodies { parts.append(render(bodies, withTemplate: "body")) }
        return Self.tidy(parts.joined(separator: "\n\n"))
    }

    /// Declarations are rendered on their own and indented here, since mustache indents a partial only at the start
    /// of each tag's output, not on every line it renders.
    private func renderUntidied(_ view: FileView, template: String) -> String {
        var view = view
        view.renderedDeclarations = view.declarations.map(render)
        return render(view, withTemplate: template)
    }

    func render(_ declaration: DeclarationView) -> String {
        if var view = declaration.structs.first {
            view.renderedNestedTypes = view.nestedTypes.map { Self.indented(render($0)) }
            return render(view, withTemplate: "struct")
        }
        if let view = declaration.enums.first {
            return render(view, withTemplate: "enum")
        }
        if var view = declaration.variantEnums.first {
            view.renderedNestedTypes = view.nestedTypes.map { Self.indented(render($0)) }
            return render(view, withTemplate: "variantEnum")
        }
        return ""
    }

    static func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
            .trimmingTrailingWhitespace
    }

    /// No trailing spaces, no runs of blank lines, one newline at the end. Works on the bytes a line at a time, copying
    /// each kept line whole: it runs over every line the generator writes.
    static func tidy(_ text: String) -> String {
        var text = text
        return text.withUTF8 { input in
            let newline = UInt8(ascii: "\n")
            var output: [UInt8] = []
            output.reserveCapacity(input.count + 1)
            // Whether the last line written is blank; true at the top, so leading blank lines are dropped too.
            var lastIsBlank = true
            var lineStart = 0
            while lineStart <= input.count {
                var lineEnd = lineStart
                while lineEnd < input.count, input[lineEnd] != newline { lineEnd += 1 }
                var contentEnd = lineEnd
                while contentEnd > lineStart,
                    input[contentEnd - 1] == UInt8(ascii: " ") || input[contentEnd - 1] == UInt8(ascii: "\t")
                {
                    contentEnd -= 1
                }
                let isBlank = contentEnd == lineStart
                // A blank line directly after another blank line (or at the top) is dropped.
                if !(isBlank && lastIsBlank) {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: input[lineStart..<contentEnd]))
                    output.append(newline)
                    lastIsBlank = isBlank
                }
                lineStart = lineEnd + 1
            }
            while output.count >= 2, output[output.count - 1] == newline, output[output.count - 2] == newline {
                output.removeLast()
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Reports every template that includes itself, directly or through others: rendering one would recurse until
    /// the stack overflows. Each cycle is reported once, at the tag that closes it.
    static func reportIncludeCycles(_ sources: [String: (text: String, file: String)], _ diagnostics: inout Diagnostics)
    {
        let includes = sources.mapValues { partialReferences(in: $0.text) }
        var finished: Set<String> = []
        var path: [String] = []
        func visit(_ name: String) {
            if finished.contains(name) { return }
            path.append(name)
            for reference in includes[name] ?? [] where sources[reference.name] != nil {
                if let start = path.firstIndex(of: reference.name) {
                    let cycle = (path[start...] + [reference.name]).joined(separator: " → ")
                    diagnostics.error(
                        "template '\(name)' includes '\(reference.name)', which includes it again: \(cycle)",
                        at: SourceLocation(
                            file: sources[name]?.file ?? name,
                            line: reference.line,
                            column: reference.column
                        ),
                        hint: "a template can't include itself, directly or through other templates"
                    )
                } else {
                    visit(reference.name)
                }
            }
            path.removeLast()
            finished.insert(name)
        }
        for name in sources.keys.sorted() { visit(name) }
    }

    /// The `{{> name}}` (partial) and `{{< name}}` (parent) tags of a template, with where they stand;
    /// swift-mustache renders a missing partial as nothing, so they are checked here instead.
    static func partialReferences(in text: String) -> [(name: String, line: Int, column: Int)] {
        var references: [(String, Int, Int)] = []
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var rest = line[...]
            while let open = rest.range(of: "{{") {
                guard let close = rest[open.upperBound...].range(of: "}}") else { break }
                let content = rest[open.upperBound..<close.lowerBound]
                if content.first == ">" || content.first == "<" {
                    let name = content.dropFirst().trimmingCharacters(in: .whitespaces)
                    let column = line.distance(from: line.startIndex, to: open.lowerBound) + 1
                    references.append((name, lineIndex + 1, column))
                }
                rest = rest[close.upperBound...]
            }
        }
        return references
    }
}
