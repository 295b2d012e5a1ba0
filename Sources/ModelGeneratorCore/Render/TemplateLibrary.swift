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
    /// Each template's file, for diagnostics.
    let files: [String: String]
    /// ``maximumRenderedFileBytes``, lower in tests.
    var maximumRenderedBytes = maximumRenderedFileBytes

    /// The most text one generated file may hold, and one template may render at once. The largest file of a
    /// 5,000-object schema is under a megabyte; a template that loops over the schema in loops of its own could
    /// otherwise write gigabytes.
    public static let maximumRenderedFileBytes = 64 << 20

    /// A template rendered more than ``maximumRenderedFileBytes``; nothing of the file is kept.
    public struct RenderedTooMuch: Error, Sendable {
        /// The template that rendered it.
        public var template: String
        /// Where the template is.
        public var file: String
        /// The bound it went past.
        public var limit: Int

        /// The diagnostic for the generated file `path`.
        public func diagnostic(for path: String) -> Diagnostic {
            Diagnostic(
                .error,
                "template '\(template)' renders more than \(limit) bytes for \(path), the most a generated file may hold",
                at: .start(of: file),
                hint: "check the template's sections and partials: they repeat their text for every element of a list"
            )
        }
    }

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
        reportExpansionBombs(sources, &diagnostics)
        var compiled: CompiledTemplateRenderer?
        if compilesDefaults, overrides.isEmpty {
            compiled = try? CompiledTemplateRenderer(templates: sources.mapValues { try CompiledTemplate($0.text) })
        }
        let files = sources.mapValues(\.file)
        return (
            diagnostics.hasErrors ? nil : TemplateLibrary(library: library, compiled: compiled, files: files),
            diagnostics
        )
    }

    private func render(_ view: some TemplateView, withTemplate name: String) throws(RenderedTooMuch) -> String {
        let text = compiled?.render(view, withTemplate: name) ?? library.render(view, withTemplate: name) ?? ""
        try check(text, renderedBy: name)
        return text
    }

    private func check(_ text: String, renderedBy template: String) throws(RenderedTooMuch) {
        guard text.utf8.count <= maximumRenderedBytes else {
            throw RenderedTooMuch(template: template, file: files[template] ?? template, limit: maximumRenderedBytes)
        }
    }

    /// The error for a file `template` rendered without the generated header first, nil when the header is there.
    /// The writer overwrites only files that start with it (see `OutputManifest`), so the next run would take such
    /// a file for one a person edited, and refuse to touch it.
    func headerProblem(in text: String, renderedBy template: String, for path: String) -> Diagnostic? {
        if text.hasPrefix(Pipeline.headerPrefix) { return nil }
        return Diagnostic(
            .error,
            "template '\(template)' renders \(path) without the generated header first ('\(Pipeline.headerPrefix)…'), which the next run would take for a file someone edited",
            at: .start(of: files[template] ?? template),
            hint: "start the template with the default's {{#headerLines}}{{.}}{{/headerLines}} section"
        )
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
    public func render(_ view: FileView, template: String) throws(RenderedTooMuch) -> String {
        Self.tidy(try renderUntidied(view, template: template))
    }

    /// Renders an object's one file: its model, then the extensions that add its query builder and its bodies, when
    /// given. Their header and imports are the model's.
    public func renderObjectFile(
        model: FileView,
        query: QueryFileView?,
        bodies: BodyFileView?
    ) throws(RenderedTooMuch) -> String {
        var parts = [try renderUntidied(model, template: "model")]
        if let query { parts.append(try render(query, withTemplate: "query")) }
        if let bodies { parts.append(try render(bodies, withTemplate: "body")) }
        let text = parts.joined(separator: "\n\n")
        try check(text, renderedBy: "model")
        return Self.tidy(text)
    }

    /// Declarations are rendered on their own and indented here, since mustache indents a partial only at the start
    /// of each tag's output, not on every line it renders.
    private func renderUntidied(_ view: FileView, template: String) throws(RenderedTooMuch) -> String {
        var view = view
        view.renderedDeclarations = try view.declarations.map { declaration throws(RenderedTooMuch) in
            try render(declaration)
        }
        return try render(view, withTemplate: template)
    }

    /// A declaration's text, its nested types in it, each indented one level more than the type around it.
    func render(_ declaration: DeclarationView) throws(RenderedTooMuch) -> String {
        var output = ""
        try write(declaration, firstPrefix: "", prefix: "", isNested: false, into: &output)
        return output
    }

    /// Appends a declaration's text with `prefix` before each non-empty line (`firstPrefix` before the first).
    ///
    /// A nested type's text goes into its parent's template already rendered, and each level used to indent all
    /// of it again: a type nested n deep was copied n times, so time grew with the cube of the nesting. Instead the
    /// parent is rendered with a marker line for each nested type, and the nested type is written in the marker's
    /// place with the indentation of every level around it at once. The result is the same text (after
    /// ``tidy(_:)``, which every file goes through). A template that puts a nested type anywhere but on a line of
    /// its own gets the nested text itself, indented as before.
    ///
    /// - Parameter isNested: the text replaces a marker, so its trailing whitespace goes, as `indented` drops it.
    private func write(
        _ declaration: DeclarationView,
        firstPrefix: String,
        prefix: String,
        isNested: Bool,
        into output: inout String
    ) throws(RenderedTooMuch) {
        let nested = declaration.structs.first?.nestedTypes ?? declaration.variantEnums.first?.nestedTypes ?? []
        // Control characters never reach generated text otherwise: schema text is escaped.
        let markers = nested.indices.map { "\u{1}nested type \($0)\u{1}" }
        let markerIndexes = Dictionary(uniqueKeysWithValues: markers.enumerated().map { ($1, $0) })
        var text = try renderLevel(declaration, nestedTexts: markers)
        var lines = Self.lines(of: text)
        let markedLines = lines.filter(Self.holdsMarker)
        if !markedLines.allSatisfy({ markerIndexes[String(Self.trimmingSpacesAndTabs($0))] != nil }) {
            // A marker that shares its line with other text: this level renders the nested text itself.
            text = try renderLevel(
                declaration,
                nestedTexts: nested.map { nested throws(RenderedTooMuch) in Self.indented(try render(nested)) }
            )
            lines = Self.lines(of: text)
        }
        let startCount = output.utf8.count
        for (number, line) in lines.enumerated() {
            if number > 0 { output += "\n" }
            let linePrefix = number == 0 ? firstPrefix : prefix
            if Self.holdsMarker(line), let index = markerIndexes[String(Self.trimmingSpacesAndTabs(line))] {
                let leading = line.prefix { $0 == " " || $0 == "\t" }
                try write(
                    nested[index],
                    firstPrefix: linePrefix + leading + "    ",
                    prefix: prefix + "    ",
                    isNested: true,
                    into: &output
                )
            } else if !line.isEmpty {
                output += linePrefix
                output += line
            }
        }
        if isNested {
            while output.utf8.count > startCount, let last = output.last, last.isWhitespace { output.removeLast() }
        }
        // The declaration so far, nested types included: one template's text repeated in many of them adds up here.
        try check(output, renderedBy: declaration.templateName)
    }

    /// The lines of `text` without their line feeds, split on its bytes (every line of every file goes through here).
    private static func lines(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
    }

    /// Whether a line holds a nested type's marker, looked for in the bytes: every line of every file is asked.
    private static func holdsMarker(_ line: Substring) -> Bool {
        line.utf8.contains(1)
    }

    private static func trimmingSpacesAndTabs(_ line: Substring) -> Substring {
        var line = line
        while let first = line.first, first == " " || first == "\t" { line.removeFirst() }
        while let last = line.last, last == " " || last == "\t" { line.removeLast() }
        return line
    }

    /// One level of a declaration, with `nestedTexts` where its nested types go.
    private func renderLevel(
        _ declaration: DeclarationView,
        nestedTexts: [String]
    ) throws(RenderedTooMuch) -> String {
        if var view = declaration.structs.first {
            view.renderedNestedTypes = nestedTexts
            return try render(view, withTemplate: declaration.templateName)
        }
        if let view = declaration.enums.first {
            return try render(view, withTemplate: declaration.templateName)
        }
        if var view = declaration.variantEnums.first {
            view.renderedNestedTypes = nestedTexts
            return try render(view, withTemplate: declaration.templateName)
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

    /// How many partials (`{{> name}}`, `{{< name}}`) one template may include once every partial in it is expanded,
    /// and how much template text that may come to. The default templates include 4 partials in under 8 KiB; a few
    /// small templates that each include the next several times would otherwise expand into gigabytes.
    public static let maximumPartialExpansions = 10_000
    public static let maximumExpandedTemplateBytes = 1 << 20

    /// Reports each template that expands past ``maximumPartialExpansions`` or ``maximumExpandedTemplateBytes``
    /// while every template it includes stays within them: the one whose includes multiply, at the tag that goes
    /// past. A section renders its partials once per element of the list it runs over, which only the schema
    /// decides; the size of each rendered file is bounded apart (``maximumRenderedFileBytes``).
    static func reportExpansionBombs(
        _ sources: [String: (text: String, file: String)],
        _ diagnostics: inout Diagnostics
    ) {
        let includes = sources.mapValues { partialReferences(in: $0.text).filter { sources[$0.name] != nil } }
        // Counts stop one past the limit, so that no sum overflows however the templates multiply.
        let expansionCap = maximumPartialExpansions + 1
        let byteCap = maximumExpandedTemplateBytes + 1
        var totals: [String: (expansions: Int, bytes: Int)] = [:]
        var inProgress: Set<String> = []
        func total(_ name: String) -> (expansions: Int, bytes: Int) {
            if let known = totals[name] { return known }
            // A cycle, reported on its own.
            guard inProgress.insert(name).inserted else { return (0, 0) }
            let references = includes[name] ?? []
            let inner = references.map { total($0.name) }
            let ownBytes = sources[name]?.text.utf8.count ?? 0
            // A template that includes one past the limit is not reported again: the one it includes is. A template
            // that is that big itself expands nothing; the bound on rendered files applies to it.
            var isReported =
                ownBytes >= byteCap || inner.contains { $0.expansions == expansionCap || $0.bytes == byteCap }
            var expansions = 0
            var bytes = min(byteCap, ownBytes)
            for (reference, included) in zip(references, inner) {
                expansions = min(expansionCap, expansions + 1 + included.expansions)
                bytes = min(byteCap, bytes + included.bytes)
                guard !isReported, expansions == expansionCap || bytes == byteCap else { continue }
                isReported = true
                let what =
                    expansions == expansionCap
                    ? "more than \(maximumPartialExpansions) partials"
                    : "more than \(maximumExpandedTemplateBytes) bytes"
                diagnostics.error(
                    "template '\(name)' expands to \(what) once its partials are included; including '\(reference.name)' here goes past the limit",
                    at: SourceLocation(
                        file: sources[name]?.file ?? name,
                        line: reference.line,
                        column: reference.column
                    ),
                    hint:
                        "each include brings in all of the partial's own includes again; include '\(reference.name)' fewer times"
                )
            }
            inProgress.remove(name)
            totals[name] = (expansions, bytes)
            return (expansions, bytes)
        }
        for name in sources.keys.sorted() { _ = total(name) }
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
