/// An Objective-C type as a declaration spells it: `NSString *`, `NSArray<RKTUser *> *`, `CGFloat`, `id`.
public struct ObjCType: Hashable, Sendable, CustomStringConvertible {
    /// The type's name without qualifiers: `NSString`, `unsigned int`, `id`.
    public var name: String
    /// The lightweight generic arguments (`NSArray<RKTUser *>`), or the protocols of `id<…>`.
    public var arguments: [ObjCType] = []
    public var isPointer = false
    /// A block or function pointer, which no JSON value can be.
    public var isBlock = false

    public var description: String {
        if isBlock { return "a block" }
        var text = name
        if !arguments.isEmpty { text += "<" + arguments.map(\.description).joined(separator: ", ") + ">" }
        return isPointer ? text + " *" : text
    }
}

/// What a declaration says about `nil`.
public enum ObjCNullability: Hashable, Sendable {
    case nullable
    case nonnull
}

public struct ObjCProperty: Hashable, Sendable {
    public var name: String
    public var type: ObjCType
    /// From the property's attributes or type qualifiers, or `NS_ASSUME_NONNULL_BEGIN`; nil when nothing says.
    public var nullability: ObjCNullability?
    public var location: SourceLocation
}

/// One `@interface` (or a category's properties, merged into its class by ``ObjCHeaders``), or one `@protocol`.
public struct ObjCInterface: Hashable, Sendable {
    public var name: String
    public var superclass: String?
    /// The category's name, for `@interface Name (Category)`; empty for a class extension.
    public var category: String?
    /// The protocols it adopts (`@interface Name : Super <Protocols>`), or for a protocol those it inherits.
    public var protocols: [String] = []
    /// A `@protocol`, whose properties are its adopters'.
    public var isProtocol = false
    public var properties: [ObjCProperty] = []
    public var location: SourceLocation
}

/// Reads `@interface … @end` blocks and their `@property` lines out of a header; everything else is skipped.
public enum ObjCHeaderReader {
    /// Macros and keywords that qualify a type or declaration without changing it.
    static let ignoredQualifiers: Set<String> = [
        "const", "volatile", "__strong", "__weak", "__unsafe_unretained", "__autoreleasing", "__kindof", "__block",
        "IBOutlet", "IBInspectable", "IBOutletCollection", "struct", "enum", "in", "out", "inout", "bycopy", "byref",
        "oneway", "__covariant", "__contravariant",
    ]
    static let nullableQualifiers: Set<String> = ["_Nullable", "__nullable", "nullable", "null_resettable"]
    static let nonnullQualifiers: Set<String> = ["_Nonnull", "__nonnull", "nonnull"]
    static let unspecifiedQualifiers: Set<String> = ["_Null_unspecified", "__null_unspecified", "null_unspecified"]
    /// The most tokens a `typedef` this reads spans (`typedef unsigned long long Count;` is six): a longer one is
    /// skipped rather than searched, so a file of `typedef`s costs one pass.
    static let maximumTypedefLength = 64
    /// How deeply the generic arguments of a declared type are read (`NSArray<NSArray<NSString *> *>` is two);
    /// deeper lists are skipped.
    static let maximumGenericNesting = 16

    public static func read(_ text: String, file: String) -> [ObjCInterface] {
        read(ObjCTokenizer(text, file: file))
    }

    static func read(_ tokenizer: ObjCTokenizer) -> [ObjCInterface] {
        let tokens = tokenizer.tokens
        var interfaces: [ObjCInterface] = []
        var index = 0
        var assumesNonnull = false
        var current: ObjCInterface?
        while index < tokens.count {
            let token = tokens[index]
            if token.isIdentifier("NS_ASSUME_NONNULL_BEGIN") {
                assumesNonnull = true
            } else if token.isIdentifier("NS_ASSUME_NONNULL_END") {
                assumesNonnull = false
            } else if token.kind == .directive, token.text == "@interface" {
                if let open = current { interfaces.append(open) }
                current = interfaceHeader(tokens, &index)
                continue
            } else if token.kind == .directive, token.text == "@protocol", current == nil,
                index + 1 < tokens.count, tokens[index + 1].kind == .identifier,
                index + 2 >= tokens.count || !(tokens[index + 2].isSymbol(";") || tokens[index + 2].isSymbol(","))
            {
                // A protocol's definition (not `@protocol Name;`, nor `@protocol(Name)` in code): its properties
                // are declared for every class that adopts it.
                var definition = ObjCInterface(name: tokens[index + 1].text, location: token.location)
                definition.isProtocol = true
                index += 2
                if index < tokens.count, tokens[index].isSymbol("<") {
                    definition.protocols = protocolNames(tokens, &index)
                }
                current = definition
                continue
            } else if token.kind == .directive, token.text == "@end" {
                if let open = current { interfaces.append(open) }
                current = nil
            } else if token.kind == .directive, token.text == "@property", current != nil {
                current?.properties += property(tokens, &index, assumesNonnull: assumesNonnull)
                continue
            } else if current != nil, token.isSymbol("{") {
                // Instance variables.
                index = tokenizer.brackets.closing(index) + 1
                continue
            }
            index += 1
        }
        if let open = current { interfaces.append(open) }
        return interfaces
    }

    /// The type names a header's `typedef`s introduce: `typedef NS_ENUM(NSInteger, Kind) {…};` (and `NS_OPTIONS`,
    /// `NS_CLOSED_ENUM`, `CF_ENUM`, `CF_OPTIONS`) name their base type, and `typedef double Meters;` its type. A
    /// property declared with such a name then has the type it stands for.
    static func typedefs(_ tokenizer: ObjCTokenizer) -> [String: ObjCType] {
        let enumMacros: Set<String> = ["NS_ENUM", "NS_OPTIONS", "NS_CLOSED_ENUM", "CF_ENUM", "CF_OPTIONS"]
        let tokens = tokenizer.tokens
        // Where the next `;`, and the next `{` or `;`, stands from each token on: found once, so that a file of
        // `typedef`s without them costs one pass rather than one per `typedef`.
        var nextSemicolon = Array(repeating: tokens.count, count: tokens.count + 1)
        var nextBraceOrSemicolon = nextSemicolon
        for index in tokens.indices.reversed() {
            let isSemicolon = tokens[index].isSymbol(";")
            nextSemicolon[index] = isSemicolon ? index : nextSemicolon[index + 1]
            nextBraceOrSemicolon[index] =
                isSemicolon || tokens[index].isSymbol("{") ? index : nextBraceOrSemicolon[index + 1]
        }
        var found: [String: ObjCType] = [:]
        for index in tokens.indices where tokens[index].isIdentifier("typedef") {
            // `typedef NS_ENUM(NSInteger, Kind)`: the base type's words, then the name.
            if index + 2 < tokens.count, enumMacros.contains(tokens[index + 1].text), tokens[index + 2].isSymbol("(") {
                let close = tokenizer.brackets.closing(index + 2)
                // A base type and a name are a few words; anything longer is no enum this reads. A `(` that is the
                // file's last token closes at itself.
                guard close > index + 2, close - index <= maximumTypedefLength else { continue }
                let inside = tokens[(index + 3)..<close]
                guard let comma = inside.lastIndex(where: { $0.isSymbol(",") }), let name = inside.last,
                    name.kind == .identifier, comma < inside.endIndex - 1
                else { continue }
                let base = inside[..<comma].filter { $0.kind == .identifier }.map(\.text)
                if !base.isEmpty { found[name.text] = ObjCType(name: base.joined(separator: " ")) }
                continue
            }
            // `typedef enum [Tag] { … } Kind;`: an `int`.
            if index + 1 < tokens.count, tokens[index + 1].isIdentifier("enum"),
                case let open = nextBraceOrSemicolon[index], open < tokens.count, tokens[open].isSymbol("{")
            {
                let close = tokenizer.brackets.closing(open)
                if close + 2 < tokens.count, tokens[close + 1].kind == .identifier, tokens[close + 2].isSymbol(";") {
                    found[tokens[close + 1].text] = ObjCType(name: "int")
                }
                continue
            }
            // `typedef double Meters;`: a plain alias, without braces, brackets or a function's parentheses. Its
            // Swift macros go first: `typedef NSString *PostKind NS_TYPED_ENUM;` is a string.
            let semicolon = nextSemicolon[index]
            guard semicolon < tokens.count, semicolon - index <= maximumTypedefLength else { continue }
            let alias = withoutSwiftMacros(tokens[(index + 1)..<semicolon])
            guard alias.count >= 2, alias.allSatisfy({ $0.kind == .identifier || $0.isSymbol("*") }),
                let name = alias.last, name.kind == .identifier
            else { continue }
            var position = 0
            var ignored: ObjCNullability?
            let typeTokens = Array(alias.dropLast())
            if let type = parseType(typeTokens, &position, nullability: &ignored), position == typeTokens.count {
                found[name.text] = type
            }
        }
        return found
    }

    /// The C keywords a type may end with, after which a typedef's next word is its name.
    private static let cTypeWords: Set<String> = [
        "int", "long", "short", "char", "signed", "unsigned", "float", "double", "void", "_Bool", "bool",
    ]

    /// A `typedef`'s tokens without the macros after its name that tell Swift how to import it:
    /// `NS_TYPED_ENUM`, `NS_STRING_ENUM`, `NS_SWIFT_NAME(Post.Kind)`, `API_AVAILABLE(ios(10.0))`,
    /// `__attribute__((…))`. Only these prefixes: an all-capitals name such as `ULONG` is the typedef's own, and so
    /// is one in another case (`API_Key`) or a `__` name right after a C scalar or a `*`, where the name must be
    /// (`typedef unsigned long __darwin_size_t;`).
    private static func withoutSwiftMacros(_ tokens: ArraySlice<ObjCToken>) -> ArraySlice<ObjCToken> {
        func isSwiftMacro(_ token: ObjCToken) -> Bool {
            token.kind == .identifier
                && (token.text.hasPrefix("__")
                    || (["NS_", "CF_", "API_"].contains { token.text.hasPrefix($0) } && isMacroName(token.text)))
        }
        /// Whether a bare word after `previous` is a macro, not the typedef's name.
        func isBareSwiftMacro(_ token: ObjCToken, after previous: ObjCToken?) -> Bool {
            guard isSwiftMacro(token), let previous else { return false }
            guard token.text.hasPrefix("__") else { return true }
            return previous.kind == .identifier && !cTypeWords.contains(previous.text)
        }
        var tokens = tokens
        while let last = tokens.last {
            let previous = tokens.count > 1 ? tokens[tokens.endIndex - 2] : nil
            if isBareSwiftMacro(last, after: previous) {
                tokens.removeLast()
            } else if last.isSymbol(")"), let open = openingParenthesis(Array(tokens)).map({ tokens.startIndex + $0 }),
                open > tokens.startIndex, isSwiftMacro(tokens[open - 1])
            {
                tokens.removeSubrange((open - 1)...)
            } else {
                break
            }
        }
        return tokens
    }

    /// `@interface Name : Super <Protocols>` or `@interface Name (Category)`; leaves `index` after it.
    private static func interfaceHeader(_ tokens: [ObjCToken], _ index: inout Int) -> ObjCInterface? {
        let start = tokens[index]
        index += 1
        guard index < tokens.count, tokens[index].kind == .identifier else { return nil }
        var interface = ObjCInterface(name: tokens[index].text, location: start.location)
        index += 1
        // Generic parameters of the class itself: `@interface Box<ObjectType> : NSObject`.
        if index < tokens.count, tokens[index].isSymbol("<") { index = closingAngle(tokens, from: index) + 1 }
        if index < tokens.count, tokens[index].isSymbol(":"), index + 1 < tokens.count,
            tokens[index + 1].kind == .identifier
        {
            interface.superclass = tokens[index + 1].text
            index += 2
        } else if index < tokens.count, tokens[index].isSymbol("(") {
            var name = ""
            index += 1
            while index < tokens.count, !tokens[index].isSymbol(")") {
                name += tokens[index].text
                index += 1
            }
            interface.category = name
            index += 1
        }
        // The superclass's generic arguments (`: Box<Post *>`, pointers) and the adopted protocols (names only).
        while index < tokens.count, tokens[index].isSymbol("<") {
            let close = closingAngle(tokens, from: index)
            if tokens[index...min(close, tokens.count - 1)].contains(where: { $0.isSymbol("*") }) {
                index = close + 1
            } else {
                interface.protocols += protocolNames(tokens, &index)
            }
        }
        return interface
    }

    /// The names in `<P1, P2>` at `index`; leaves `index` after the `>`.
    private static func protocolNames(_ tokens: [ObjCToken], _ index: inout Int) -> [String] {
        let close = closingAngle(tokens, from: index)
        let names = tokens[(index + 1)..<max(close, index + 1)].filter { $0.kind == .identifier }.map(\.text)
        index = close + 1
        return names
    }

    /// One `@property (…) type name[, name…];`, from `@property` to after its `;`.
    private static func property(_ tokens: [ObjCToken], _ index: inout Int, assumesNonnull: Bool) -> [ObjCProperty] {
        index += 1
        var attributeNullability: ObjCNullability?
        var unspecified = false
        var isClassProperty = false
        if index < tokens.count, tokens[index].isSymbol("(") {
            // An unclosed attribute list must not swallow the rest of the file.
            guard
                let end = tokens[index...].firstIndex(where: {
                    $0.isSymbol(")") || $0.kind == .directive || $0.isSymbol(";")
                }),
                tokens[end].isSymbol(")")
            else {
                index = tokens[index...].firstIndex { $0.kind == .directive } ?? tokens.count
                return []
            }
            for attribute in tokens[(index + 1)..<end] where attribute.kind == .identifier {
                if nullableQualifiers.contains(attribute.text) { attributeNullability = .nullable }
                if nonnullQualifiers.contains(attribute.text) { attributeNullability = .nonnull }
                if unspecifiedQualifiers.contains(attribute.text) { unspecified = true }
                if attribute.text == "class" { isClassProperty = true }
            }
            index = end + 1
        }
        var declaration: [ObjCToken] = []
        while index < tokens.count, !tokens[index].isSymbol(";") {
            // A property never spans an `@end`; a missing `;` must not swallow the rest of the file.
            if tokens[index].kind == .directive { return [] }
            declaration.append(tokens[index])
            index += 1
        }
        index += 1
        // `@property (class)` belongs to the class object: no instance holds it, so no JSON maps onto it, and
        // MMDataObject's `class_copyPropertyList([self class])` never lists it.
        if isClassProperty { return [] }
        let trimmed = withoutTrailingMacros(declaration)
        var properties: [ObjCProperty] = []
        for declarator in split(trimmed) {
            guard var property = declare(declarator) else { continue }
            if let attributeNullability {
                property.nullability = attributeNullability
            } else if property.nullability == nil, assumesNonnull, !unspecified,
                property.type.isPointer
                    || property.type.name == "id"
            {
                property.nullability = .nonnull
            }
            properties.append(property)
        }
        return properties
    }

    /// `NSString *a, *b` → the type tokens with each name: `[NSString * a]`, `[NSString * b]`.
    private static func split(_ tokens: [ObjCToken]) -> [[ObjCToken]] {
        var parts: [[ObjCToken]] = [[]]
        var depth = 0
        for token in tokens {
            if token.isSymbol("<") || token.isSymbol("(") { depth += 1 }
            if token.isSymbol(">") || token.isSymbol(")") { depth -= 1 }
            if depth == 0, token.isSymbol(",") {
                parts.append([])
            } else {
                parts[parts.count - 1].append(token)
            }
        }
        guard parts.count > 1, let first = parts.first else { return parts }
        // Later declarators share the first one's base type (up to its first `*` or the name). A base type longer
        // than any `typedef` reads is none, and is not copied into every declarator.
        let base = Array(first.prefix { !$0.isSymbol("*") }.dropLast(first.contains { $0.isSymbol("*") } ? 0 : 1))
        guard base.count <= maximumTypedefLength else { return [first] }
        return [first] + parts.dropFirst().map { base + $0 }
    }

    /// Drops availability and attribute macros after the name: `NS_AVAILABLE_IOS(7_0)`, `__attribute__((…))`,
    /// `NS_REFINED_FOR_SWIFT`, `API_DEPRECATED(…)`.
    private static func withoutTrailingMacros(_ tokens: [ObjCToken]) -> [ObjCToken] {
        var tokens = tokens
        while let last = tokens.last {
            if last.isSymbol(")"), let open = openingParenthesis(tokens), open > 0,
                tokens[open - 1].kind == .identifier, isMacroName(tokens[open - 1].text)
            {
                tokens.removeSubrange((open - 1)...)
            } else if last.kind == .identifier, isMacroName(last.text), tokens.count > 1,
                !tokens[tokens.count - 2].isSymbol("*")
            {
                tokens.removeLast()
            } else {
                break
            }
        }
        return tokens
    }

    private static func isMacroName(_ text: String) -> Bool {
        text.hasPrefix("__") || (text.count > 2 && text.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" })
    }

    private static func openingParenthesis(_ tokens: [ObjCToken]) -> Int? {
        var depth = 0
        for index in tokens.indices.reversed() {
            if tokens[index].isSymbol(")") { depth += 1 }
            if tokens[index].isSymbol("(") {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The type and name of one declarator: `NSArray<NSString *> * _Nullable names`.
    private static func declare(_ tokens: [ObjCToken]) -> ObjCProperty? {
        // A block: `void (^handler)(NSString *)`.
        if let caret = tokens.firstIndex(where: { $0.isSymbol("^") }), caret + 1 < tokens.count,
            tokens[caret + 1].kind == .identifier
        {
            let name = tokens[caret + 1]
            return ObjCProperty(
                name: name.text,
                type: ObjCType(name: "block", isBlock: true),
                nullability: nil,
                location: name.location
            )
        }
        guard let nameIndex = tokens.lastIndex(where: { $0.kind == .identifier && !isQualifier($0.text) }),
            nameIndex > 0
        else { return nil }
        let name = tokens[nameIndex]
        var position = 0
        var nullability: ObjCNullability?
        let typeTokens = Array(tokens[..<nameIndex]) + tokens[(nameIndex + 1)...]
        guard let type = parseType(typeTokens, &position, nullability: &nullability) else { return nil }
        return ObjCProperty(name: name.text, type: type, nullability: nullability, location: name.location)
    }

    private static func isQualifier(_ text: String) -> Bool {
        ignoredQualifiers.contains(text) || nullableQualifiers.contains(text) || nonnullQualifiers.contains(text)
            || unspecifiedQualifiers.contains(text)
    }

    /// A type from `position`: qualifiers, the name (several words for `unsigned long long`), generic arguments,
    /// then pointers and their nullability. `depth` counts the generic argument lists it is inside.
    static func parseType(
        _ tokens: [ObjCToken],
        _ position: inout Int,
        nullability: inout ObjCNullability?,
        depth: Int = 0
    ) -> ObjCType? {
        var words: [String] = []
        var type = ObjCType(name: "")
        func qualify(_ text: String) -> Bool {
            if nullableQualifiers.contains(text) {
                nullability = .nullable
            } else if nonnullQualifiers.contains(text) {
                nullability = .nonnull
            } else if !isQualifier(text) {
                return false
            }
            return true
        }
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .identifier {
                if qualify(token.text) {
                    position += 1
                    continue
                }
                // After the pointer stars only qualifiers may follow.
                if type.isPointer { break }
                words.append(token.text)
                position += 1
            } else if token.isSymbol("<"), !words.isEmpty {
                guard depth < maximumGenericNesting else {
                    // Deeper than any real declaration: the list is skipped whole, and left out of the type.
                    position = closingAngle(tokens, from: position) + 1
                    return nil
                }
                position += 1
                while position < tokens.count, !tokens[position].isSymbol(">") {
                    var ignored: ObjCNullability?
                    if let argument = parseType(tokens, &position, nullability: &ignored, depth: depth + 1) {
                        type.arguments.append(argument)
                    }
                    if position < tokens.count, tokens[position].isSymbol(",") { position += 1 }
                    if position < tokens.count, !tokens[position].isSymbol(">"),
                        tokens[position].kind != .identifier
                    {
                        position += 1
                    }
                }
                position += 1
            } else if token.isSymbol("*") {
                type.isPointer = true
                position += 1
            } else {
                break
            }
        }
        guard !words.isEmpty else { return nil }
        type.name = words.joined(separator: " ")
        return type
    }

    /// The index of the `>` that closes the `<` at `index`. A `<` is also less-than, so the search stops before a
    /// `;`, a brace or a directive, which no generic parameter list holds: an unclosed `<` can't swallow the file.
    static func closingAngle(_ tokens: [ObjCToken], from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .directive || token.isSymbol(";") || token.isSymbol("{") || token.isSymbol("}") {
                return position - 1
            }
            if token.isSymbol("<") { depth += 1 }
            if token.isSymbol(">") {
                depth -= 1
                if depth == 0 { return position }
            }
            position += 1
        }
        return tokens.count - 1
    }
}
