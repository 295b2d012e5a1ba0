/// Reads mapping files: our YAML form (`mappings:`) and AppCoreKit's `.mappings` (JSON with comments).
public enum MappingLoader {
    /// One mapping file's contexts and the files it imports (`@import`, relative to it).
    public struct LoadedFile: Sendable {
        public var contexts: [MappingContextDefinition] = []
        public var imports: [Located<String>] = []
    }

    public static func isAppCoreKit(file: String) -> Bool {
        file.lowercased().hasSuffix(".mappings")
    }

    public static func load(_ text: String, file: String) -> (file: LoadedFile, diagnostics: Diagnostics) {
        var reader = NodeReader()
        var loaded = LoadedFile()
        let appCoreKit = isAppCoreKit(file: file)
        let source = appCoreKit ? MappingsSyntax.withoutComments(text) : text
        // `.mappings` files are JSON, read as JSON with a .json name (which keeps tabs harmless), and as loosely as
        // before: where YAML's flow syntax reads what isn't JSON (a trailing comma), so does this.
        switch DocumentParser.parse(
            source,
            file: appCoreKit ? file + ".json" : file,
            lineOffset: 0,
            lineLength: nil,
            strictJSON: !appCoreKit
        ) {
        case .failure(var diagnostic):
            diagnostic.location.file = file
            diagnostic.message = diagnostic.message.replacingOccurrences(
                of: "malformed JSON",
                with: "malformed .mappings"
            )
            reader.diagnostics.append(diagnostic)
        case .success(nil):
            reader.diagnostics.warning("the mapping file is empty", at: .start(of: file))
        case .success(var root?):
            if appCoreKit { root = CascadingSelectors.choosingBranches(root.relocated(to: file), &reader) }
            if appCoreKit {
                loaded = readAppCoreKit(root, file: file, &reader)
            } else {
                loaded = readYAML(root, file: file, &reader)
            }
        }
        return (loaded, reader.diagnostics)
    }

    // MARK: YAML

    static let yamlContextKeys = ["object", "inherits", "template", "aliases", "formatters", "properties"]
    static let yamlPropertyKeys = [
        "keyPath", "type", "optional", "default", "nullAsMissing", "singleAsArray", "formatter", "userData", "object",
        "collection",
    ]

    private static func readYAML(_ root: SyntaxNode, file: String, _ reader: inout NodeReader) -> LoadedFile {
        var loaded = LoadedFile()
        guard let entries = reader.mapping(root, "a mapping file") else { return loaded }
        reader.checkKeys(entries, known: ["mappings", "imports"], in: "a mapping file", severity: .error)
        if let imports = root["imports"] { loaded.imports = reader.stringList(imports, "'imports'") ?? [] }
        guard let mappings = root["mappings"] else {
            reader.diagnostics.error("a mapping file needs a top-level 'mappings' mapping", at: root.location)
            return loaded
        }
        for entry in reader.mapping(mappings, "'mappings'") ?? [] {
            if let context = readYAMLContext(entry, file: file, &reader) { loaded.contexts.append(context) }
        }
        return loaded
    }

    private static func readYAMLContext(
        _ entry: SyntaxNode.Entry,
        file: String,
        _ reader: inout NodeReader
    )
        -> MappingContextDefinition?
    {
        let name = Located(entry.name, at: entry.key.location)
        var context = MappingContextDefinition(name: name, swiftType: name, file: file)
        if entry.value.isNull { return context }
        guard let entries = reader.mapping(entry.value, "mapping '\(entry.name)'") else { return nil }
        reader.checkKeys(entries, known: yamlContextKeys, in: "mapping '\(entry.name)'", severity: .error)
        let node = entry.value
        if let source = node["object"], let text = reader.name(source, "'object' of '\(entry.name)'") {
            context.source = Located(text, at: source.location)
        }
        if let inherits = node["inherits"] { context.inherits = readNames(inherits, "'inherits'", &reader) }
        if let template = node["template"], reader.bool(template, "'template'") == true { context.swiftType = nil }
        if let aliases = node["aliases"] {
            for alias in reader.mapping(aliases, "'aliases'") ?? [] {
                if let swiftName = reader.name(alias.value, "the alias of '\(alias.name)'") {
                    context.aliases.append(
                        .init(
                            jsonName: Located(alias.name, at: alias.key.location),
                            swiftName: Located(swiftName, at: alias.value.location)
                        )
                    )
                }
            }
        }
        if let formatters = node["formatters"] {
            for assignment in reader.mapping(formatters, "'formatters'") ?? [] {
                if let formatter = reader.name(assignment.value, "the formatter of '\(assignment.name)'") {
                    context.formatters.append(
                        .init(
                            jsonName: Located(assignment.name, at: assignment.key.location),
                            formatter: Located(formatter, at: assignment.value.location)
                        )
                    )
                }
            }
        }
        if let properties = node["properties"] {
            for property in reader.mapping(properties, "'properties' of '\(entry.name)'") ?? [] {
                if let mapped = readYAMLProperty(property, file: file, &reader) { context.properties.append(mapped) }
            }
        }
        return context
    }

    private static func readYAMLProperty(
        _ entry: SyntaxNode.Entry,
        file: String,
        _ reader: inout NodeReader
    )
        -> MappedPropertyDefinition?
    {
        let start = beginProperty(entry, &reader)
        guard case .attributes(var property, let entries) = start else { return start.shorthand }
        let node = entry.value
        reader.checkKeys(entries, known: yamlPropertyKeys, in: "property '\(entry.name)'", severity: .error)
        property.keyPath = located(node["keyPath"], "'keyPath' of '\(entry.name)'", &reader)
        property.type = located(node["type"], "'type' of '\(entry.name)'", &reader)
        if let optional = node["optional"] {
            property.isOptional = reader.bool(optional, "'optional' of '\(entry.name)'")
        }
        if let value = node["default"] { property.defaultValue = value }
        if let value = node["nullAsMissing"] {
            property.nullAsMissing = reader.bool(value, "'nullAsMissing' of '\(entry.name)'") ?? false
        }
        if let value = node["singleAsArray"], let flag = reader.bool(value, "'singleAsArray' of '\(entry.name)'") {
            property.singleAsArray = Located(flag, at: value.location)
        }
        property.formatter = located(node["formatter"], "'formatter' of '\(entry.name)'", &reader)
        property.userData = node["userData"]
        if let object = node["object"] {
            property.object = readYAMLObject(object, owner: entry.name, file: file, &reader)
            // YAML spells a list `collection:`, so `object:` is one.
            property.isCollection = false
        }
        if let collection = node["collection"] {
            property.object = readYAMLObject(collection, owner: entry.name, file: file, &reader)
            property.isCollection = true
        }
        return property
    }

    private static func readYAMLObject(
        _ node: SyntaxNode,
        owner: String,
        file: String,
        _ reader: inout NodeReader
    )
        -> ObjectMapping?
    {
        if let name = node.scalarText, !node.isNull {
            return .named(Located(name, at: node.location), swiftType: nil)
        }
        guard reader.mapping(node, "the object of '\(owner)'") != nil else { return nil }
        guard let typeNode = node["type"], let type = reader.name(typeNode, "the 'type' of the object of '\(owner)'")
        else {
            reader.diagnostics.error(
                "the inline object of '\(owner)' needs a 'type' (its Swift type)",
                at: node.location
            )
            return nil
        }
        let entry = SyntaxNode.Entry(
            key: SyntaxNode(.scalar(type, .string), at: typeNode.location),
            value: node.removing(key: "type")
        )
        return readYAMLContext(entry, file: file, &reader).map(ObjectMapping.inline)
    }

    // MARK: AppCoreKit .mappings

    static let appCoreKitContextKeys = ["@class", "@source", "@inherits"]
    static let appCoreKitPropertyKeys = [
        "@keyPath", "@optional", "@defaultValue", "@transformClass", "@transformSelector", "@transformUserData",
        "@object", "@type", "@collection", "@nullAsMissing", "@singleAsArray", "@clearContent", "@insertContentAtBegin",
    ]

    private static func readAppCoreKit(_ root: SyntaxNode, file: String, _ reader: inout NodeReader) -> LoadedFile {
        var loaded = LoadedFile()
        guard let entries = reader.mapping(root, "a .mappings file") else { return loaded }
        for entry in entries {
            if entry.name == "@import" {
                loaded.imports += readNames(entry.value, "'@import'", &reader)
            } else if entry.name.hasPrefix("@") {
                unsupportedKeyword(entry, in: "a .mappings file", &reader)
            } else if let context = readAppCoreKitContext(
                entry.value,
                name: Located(entry.name, at: entry.key.location),
                file: file,
                &reader
            ) {
                loaded.contexts.append(context)
            }
        }
        return loaded
    }

    private static func readAppCoreKitContext(
        _ node: SyntaxNode,
        name: Located<String>,
        file: String,
        _ reader: inout NodeReader
    ) -> MappingContextDefinition? {
        var context = MappingContextDefinition(name: name, file: file)
        guard let entries = reader.mapping(node, "context '\(name.value)'") else { return nil }
        // A context of attributes only (a transform that properties inherit) is read as a property's attributes.
        if entries.allSatisfy({ appCoreKitPropertyKeys.contains($0.name) || $0.name == "@inherits" }),
            entries.contains(where: { appCoreKitPropertyKeys.contains($0.name) })
        {
            let key = SyntaxNode(.scalar(name.value, .string), at: name.location)
            context.attributes = readAppCoreKitProperty(.init(key: key, value: node), file: file, &reader)
            return context
        }
        for entry in entries {
            switch entry.name {
            case "@class":
                context.swiftType = reader.name(entry.value, "'@class' of '\(name.value)'").map {
                    Located($0, at: entry.value.location)
                }
            case "@source":
                context.source = reader.name(entry.value, "'@source' of '\(name.value)'").map {
                    Located($0, at: entry.value.location)
                }
            case "@inherits":
                context.inherits = readNames(entry.value, "'@inherits'", &reader)
            case let key where key.hasPrefix("@"):
                unsupportedKeyword(entry, in: "context '\(name.value)'", known: appCoreKitContextKeys, &reader)
            default:
                if let property = readAppCoreKitProperty(entry, file: file, &reader) {
                    context.properties.append(property)
                }
            }
        }
        return context
    }

    private static func readAppCoreKitProperty(
        _ entry: SyntaxNode.Entry,
        file: String,
        _ reader: inout NodeReader
    )
        -> MappedPropertyDefinition?
    {
        let start = beginProperty(entry, &reader)
        guard case .attributes(var property, let entries) = start else { return start.shorthand }
        for attribute in entries {
            let what = "'\(attribute.name)' of '\(entry.name)'"
            switch attribute.name {
            case "@keyPath": property.keyPath = located(attribute.value, what, &reader)
            case "@type": property.type = located(attribute.value, what, &reader)
            case "@optional": property.isOptional = flag(attribute.value, what, &reader)
            case "@defaultValue": property.defaultValue = attribute.value
            case "@nullAsMissing": property.nullAsMissing = flag(attribute.value, what, &reader) ?? false
            case "@singleAsArray":
                property.singleAsArray = flag(attribute.value, what, &reader).map {
                    Located($0, at: attribute.value.location)
                }
            case "@transformClass": property.transformClass = located(attribute.value, what, &reader)
            case "@transformSelector":
                if let selector = reader.string(attribute.value, what) {
                    property.formatter = Located(formatterName(forSelector: selector), at: attribute.value.location)
                }
            case "@inherits": property.inherits = readNames(attribute.value, what, &reader)
            case "@transformUserData": property.userData = attribute.value
            case "@collection": property.isCollection = flag(attribute.value, what, &reader)
            case "@object":
                property.object = readAppCoreKitObject(attribute.value, owner: entry.name, file: file, &reader)
            case "@clearContent", "@insertContentAtBegin":
                reader.diagnostics.warning(
                    "'\(attribute.name)' has no effect: generated models are values, decoded anew rather than merged into an existing collection",
                    at: attribute.key.location
                )
            default:
                unsupportedKeyword(attribute, in: "property '\(entry.name)'", known: appCoreKitPropertyKeys, &reader)
            }
        }
        if property.formatter == nil { property.formatter = property.transformClass }
        return property
    }

    /// `trimmedString:` → `TrimmedString`, `coordinate2DFromDictionary:userData:error:` → `Coordinate2DFromDictionary`:
    /// the Swift `ValueFormatter` the app supplies in place of the Objective-C method.
    static func formatterName(forSelector selector: String) -> String {
        let base = selector.prefix { $0 != ":" }
        guard let first = base.first else { return selector }
        return first.uppercased() + base.dropFirst()
    }

    private static func readAppCoreKitObject(
        _ node: SyntaxNode,
        owner: String,
        file: String,
        _ reader: inout NodeReader
    )
        -> ObjectMapping?
    {
        guard let entries = reader.mapping(node, "'@object' of '\(owner)'") else { return nil }
        reader.checkKeys(entries, known: ["@class", "@mappings"], in: "'@object' of '\(owner)'", severity: .error)
        let swiftType = node["@class"].flatMap { value in
            reader.name(value, "'@class' of '\(owner)'").map { Located($0, at: value.location) }
        }
        guard let mappings = node["@mappings"] else {
            guard let swiftType else {
                reader.diagnostics.error("'@object' of '\(owner)' needs '@mappings' or '@class'", at: node.location)
                return nil
            }
            return .named(swiftType, swiftType: swiftType)
        }
        if let name = mappings.scalarText, !mappings.isNull {
            return .named(Located(name, at: mappings.location), swiftType: swiftType)
        }
        guard
            var context = readAppCoreKitContext(
                mappings,
                name: Located("\(owner).@object", at: mappings.location),
                file: file,
                &reader
            )
        else { return nil }
        if context.swiftType == nil { context.swiftType = swiftType }
        if context.swiftType == nil {
            reader.diagnostics.error(
                "the inline '@mappings' of '\(owner)' need a '@class': the Swift type to create",
                at: mappings.location
            )
            return nil
        }
        return .inline(context)
    }

    private static func unsupportedKeyword(
        _ entry: SyntaxNode.Entry,
        in what: String,
        known: [String] = [],
        _ reader: inout NodeReader
    ) {
        reader.diagnostics.error(
            "unknown keyword '\(entry.name)' in \(what)",
            at: entry.key.location,
            hint: Suggestion.hint(for: entry.name, in: known)
        )
    }

    // MARK: Shared

    /// How a property's value is written: the shorthand `name: key.path`, or a mapping of attributes.
    private enum PropertyStart {
        case shorthand(MappedPropertyDefinition)
        case attributes(MappedPropertyDefinition, [SyntaxNode.Entry])
        /// Neither; already reported.
        case invalid

        var shorthand: MappedPropertyDefinition? {
            if case .shorthand(let property) = self { return property }
            return nil
        }
    }

    private static func beginProperty(_ entry: SyntaxNode.Entry, _ reader: inout NodeReader) -> PropertyStart {
        var property = MappedPropertyDefinition(
            name: Located(entry.name, at: entry.key.location),
            location: entry.key.location
        )
        let node = entry.value
        if node.scalarText != nil, !node.isNull {
            property.keyPath = reader.name(node, "the key path of '\(entry.name)'").map {
                Located($0, at: node.location)
            }
            return .shorthand(property)
        }
        guard let entries = reader.mapping(node, "property '\(entry.name)'") else { return .invalid }
        return .attributes(property, entries)
    }

    private static func located(_ node: SyntaxNode?, _ what: String, _ reader: inout NodeReader) -> Located<String>? {
        guard let node, !node.isNull else { return nil }
        return reader.name(node, what).map { Located($0, at: node.location) }
    }

    /// AppCoreKit writes booleans as 1 and 0.
    private static func flag(_ node: SyntaxNode, _ what: String, _ reader: inout NodeReader) -> Bool? {
        if case .scalar(let text, .int) = node.value, let number = Int(text) { return number != 0 }
        return reader.bool(node, what)
    }

    /// One name or a list of names.
    private static func readNames(_ node: SyntaxNode, _ what: String, _ reader: inout NodeReader) -> [Located<String>] {
        if node.scalarText != nil, !node.isNull {
            return reader.name(node, what).map { [Located($0, at: node.location)] } ?? []
        }
        return reader.stringList(node, what) ?? []
    }
}

/// AppCoreKit's `.mappings` syntax is JSON with `//` and `/* */` comments.
enum MappingsSyntax {
    /// The text with every comment replaced by spaces (newlines kept), so every line and column stays where it was.
    static func withoutComments(_ text: String) -> String {
        var bytes = Array(text.utf8)
        var index = 0
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
                    bytes[index] = UInt8(ascii: " ")
                    index += 1
                }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "*"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/")
                    {
                        bytes[index] = UInt8(ascii: " ")
                        bytes[index + 1] = UInt8(ascii: " ")
                        index += 2
                        break
                    }
                    if bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// CKCascadingTree's device, OS and build selectors (`@ipad`, `@iPhone`, `@iphone5`, `@device[…]`, `@ios >= 7`,
/// `@debug`, `@release`, alone or joined by commas) choose between definitions at run time on iOS. Generated models
/// are the same on every device and in every build, so one branch is chosen here, and a note says which: the iPhone's,
/// the OS branches that hold on iOS 16 (the oldest iOS ModelRuntime supports), and the release build's.
/// A kept branch's entries replace the same-named entries around it, as the cascading tree's more specific node did.
enum CascadingSelectors {
    static let oldestIOS = [16]

    static func choosingBranches(_ node: SyntaxNode, _ reader: inout NodeReader) -> SyntaxNode {
        var copy = node
        switch node.value {
        case .scalar:
            break
        case .sequence(let elements):
            copy.value = .sequence(elements.map { choosingBranches($0, &reader) })
        case .mapping(let entries):
            var kept: [SyntaxNode.Entry] = []
            var branches: [SyntaxNode.Entry] = []
            for entry in entries {
                guard let keep = keeps(entry, &reader) else {
                    kept.append(.init(key: entry.key, value: choosingBranches(entry.value, &reader)))
                    continue
                }
                guard keep else { continue }
                guard let inner = choosingBranches(entry.value, &reader).entries else {
                    reader.diagnostics.error(
                        "'\(entry.name)' must hold a mapping of the definitions it selects",
                        at: entry.value.location
                    )
                    continue
                }
                branches += inner
            }
            for entry in branches {
                if let index = kept.firstIndex(where: { $0.name == entry.name }) {
                    kept[index] = entry
                } else {
                    kept.append(entry)
                }
            }
            copy.value = .mapping(kept)
        }
        return copy
    }

    /// CKCascadingTree's device aliases, as it registers them (in both spellings): the phone's is kept, the
    /// specific screens' and the iPad's are dropped.
    static let phoneAliases: Set<String> = ["@iphone", "@iPhone"]
    static let otherDeviceAliases: Set<String> = [
        "@ipad", "@iPad", "@iphone4", "@iPhone4", "@iphone5", "@iPhone5", "@iphone6", "@iPhone6", "@iphone6+",
        "@iPhone6+",
    ]

    /// Whether a selector's branch is kept, with a note saying so; nil when the key is no selector. A key may list
    /// several selectors (`@iPhone, @iPad`), and its branch is kept when one of them holds, as in the cascading tree.
    private static func keeps(_ entry: SyntaxNode.Entry, _ reader: inout NodeReader) -> Bool? {
        let selectors = entry.name.split(separator: ",").map(\.trimmingSpaces)
        guard let first = selectors.first, isSelector(first) else { return nil }
        var verdicts: [(keep: Bool, reason: String)] = []
        for selector in selectors {
            guard let verdict = evaluate(selector: selector) else {
                reader.diagnostics.error(
                    selector.hasPrefix("@ios")
                        ? "'\(selector)' is not an OS selector; write it as '@ios >= 7'"
                        : "'\(selector)' is not a selector the generator knows; it reads @iphone, @ipad, @iphone4 to @iphone6+ (or @iPhone…), @device[userInterfaceIdiom='…'], @ios >= N, @debug and @release",
                    at: entry.key.location
                )
                return false
            }
            verdicts.append(verdict)
        }
        let verdict = verdicts.first { $0.keep } ?? verdicts[0]
        reader.diagnostics.append(
            Diagnostic(
                .note,
                "the '\(entry.name)' branch is \(verdict.keep ? "kept" : "dropped"): \(verdict.reason)",
                at: entry.key.location
            )
        )
        return verdict.keep
    }

    private static func isSelector(_ selector: String) -> Bool {
        phoneAliases.contains(selector) || otherDeviceAliases.contains(selector)
            || ["@ios", "@device", "@debug", "@release"].contains { selector.hasPrefix($0) }
    }

    /// One selector's verdict and the reason the note gives; nil when it is malformed.
    private static func evaluate(selector: String) -> (keep: Bool, reason: String)? {
        let device = "generated models are the same on every device, and take the iPhone's definitions"
        if phoneAliases.contains(selector) { return (true, device) }
        if otherDeviceAliases.contains(selector) { return (false, device) }
        if selector.hasPrefix("@device[") && selector.hasSuffix("]") {
            let format = selector.dropFirst("@device[".count).dropLast().filter { $0 != " " }
            return (format == "userInterfaceIdiom='UIUserInterfaceIdiomPhone'", device)
        }
        let build = "generated models are the same in every build, and take the release build's definitions"
        if selector == "@debug" { return (false, build) }
        if selector == "@release" { return (true, build) }
        let words = selector.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.first == "@ios", let holds = evaluate(Array(words.dropFirst())) else { return nil }
        return (
            holds,
            "it \(holds ? "holds" : "does not hold") on iOS 16, the oldest iOS ModelRuntime supports"
        )
    }

    /// `>= 7`, `<7.0`, `== 16`: compared with ``oldestIOS``.
    private static func evaluate(_ words: [String]) -> Bool? {
        let text = words.joined()
        let operators = [">=", "<=", "==", "!=", ">", "<", "="]
        guard let op = operators.first(where: { text.hasPrefix($0) }) else { return nil }
        let parts = text.dropFirst(op.count).split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        var version = parts.compactMap { $0 }
        var current = oldestIOS
        while version.count < current.count { version.append(0) }
        while current.count < version.count { current.append(0) }
        // Negative, zero or positive, as the versions compare part by part.
        let order = zip(current, version).first { $0 != $1 }.map { $0 < $1 ? -1 : 1 } ?? 0
        switch op {
        case ">=": return order >= 0
        case "<=": return order <= 0
        case ">": return order > 0
        case "<": return order < 0
        case "!=": return order != 0
        default: return order == 0
        }
    }

}
