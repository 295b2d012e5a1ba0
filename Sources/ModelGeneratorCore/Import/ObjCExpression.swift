/// What an Objective-C expression in mapping code evaluates to, as far as the importer follows it.
indirect enum ObjCValue: Sendable {
    case string(String, SourceLocation)
    case null
    /// `[X class]`, `self.class`, `[self class]`, or a bare class name where a class is expected.
    case classReference(String, SourceLocation)
    /// A mapping the code built, by the class it maps.
    case mapping(String)
    /// `[RKRelationshipMapping relationshipMappingFromKeyPath:toKeyPath:withMapping:]` and RestKit 0.10's forms.
    case relationship(ImportedProperty)
    /// `[RKAttributeMapping attributeMappingFromKeyPath:toKeyPath:]`.
    case attribute(ImportedProperty)
    /// `[RKDynamicMapping new]`, `[RKDynamicObjectMapping dynamicMapping]`: a mapping chosen by the JSON at run time.
    case dynamicMapping
    /// What a create or an update sends, which the models' own keys already write: `[RKObjectMapping requestMapping]`,
    /// `[mapping inverseMapping]`, RestKit 0.10's `serializationMapping`. What is added to it is not imported, and needs
    /// no warning.
    case requestMapping
    case dictionary([(key: ObjCValue, value: ObjCValue)])
    case array([ObjCValue])
    /// A message to a class the importer does not know the meaning of: `[TestThing lolify]`, `[RKTUser mapping]`.
    case classMessage(className: String, selector: String, arguments: [ObjCValue], SourceLocation)
    /// A message to a method of the imported files whose value the importer has not resolved: during the first
    /// reading, which learns what each method returns, and when it can't tell.
    case methodResult(ObjCMethodName, SourceLocation)
    /// `self` in an instance method.
    case instance
    /// An instance of a class: `[[MappingProvider alloc] init]`, `[MappingProvider new]`, and the shared instance a
    /// method of the files keeps (`[MappingProvider sharedInstance]`).
    case object(String)
    /// Anything else: a value computed at run time, spelled as the source spells it.
    case unknown(String, SourceLocation)
}

/// A message expression: `[receiver part:argument part:argument]`, or a unary `[receiver selector]`.
struct ObjCMessage {
    var receiver: ArraySlice<ObjCToken>
    /// The selector's parts with their argument tokens; a unary message has one part and no argument.
    var parts: [(keyword: String, argument: ArraySlice<ObjCToken>)]
    var location: SourceLocation
    /// False for a unary message, `[RKTUser class]`.
    var isKeyword = true

    /// `mapKeyPath:toAttribute:`, or the unary selector's name.
    var selector: String {
        isKeyword ? parts.map { $0.keyword + ":" }.joined() : parts.first?.keyword ?? ""
    }

    /// Parses the message whose `[` is at `open` and whose `]` is at `close`.
    static func parse(_ tokens: [ObjCToken], _ brackets: ObjCBrackets, open: Int, close: Int) -> ObjCMessage? {
        var position = open + 1
        let receiverStart = position
        guard position < close else { return nil }
        if tokens[position].isSymbol("[") {
            position = brackets.closing(position) + 1
        } else if tokens[position].kind == .identifier {
            position += 1
        } else {
            return nil
        }
        // Property reads on it: `self.mapping`, `[RKObjectManager sharedManager].mappingProvider`.
        while position + 1 < close, tokens[position].isSymbol("."), tokens[position + 1].kind == .identifier {
            position += 2
        }
        var message = ObjCMessage(
            receiver: tokens[receiverStart..<position],
            parts: [],
            location: tokens[open].location
        )
        guard position < close, tokens[position].kind == .identifier else { return nil }
        if position + 1 == close {
            message.parts = [(tokens[position].text, [])]
            message.isKeyword = false
            return message
        }
        // Keyword parts: `name:` then the argument up to the next `name:` at this depth.
        var keyword: String?
        var argumentStart = position
        var depth = 0
        while position < close {
            let token = tokens[position]
            if depth == 0, token.kind == .identifier, position + 1 < close, tokens[position + 1].isSymbol(":"),
                keyword == nil || position > argumentStart
            {
                if let keyword { message.parts.append((keyword, tokens[argumentStart..<position])) }
                keyword = token.text
                position += 2
                argumentStart = position
                continue
            }
            // A part without a name (`mapAttributes:@"a", @"b", nil` is one part; `:` alone is C varargs).
            if depth == 0, token.isSymbol(":"), keyword != nil, position == argumentStart {
                position += 1
                argumentStart = position
                continue
            }
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            position += 1
        }
        guard let keyword else { return nil }
        message.parts.append((keyword, tokens[argumentStart..<close]))
        return message
    }
}

extension ArraySlice where Element == ObjCToken {
    /// The tokens split at commas outside brackets: the elements of a list or the arguments of a variadic call.
    func splitAtTopLevelCommas() -> [ArraySlice<ObjCToken>] {
        var parts: [ArraySlice<ObjCToken>] = []
        var start = startIndex
        var depth = 0
        for index in indices {
            let token = self[index]
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            if depth == 0, token.isSymbol(",") {
                parts.append(self[start..<index])
                start = index + 1
            }
        }
        if start < endIndex { parts.append(self[start..<endIndex]) }
        return parts.filter { !$0.isEmpty }
    }

    /// The source text, roughly as written: for messages that quote an expression.
    var spelled: String {
        var text = ""
        var previous: ObjCToken?
        for token in self {
            let word = token.kind == .string ? "@\"\(token.text)\"" : token.text
            if let previous, previous.kind != .symbol || previous.text == "," || previous.text == "]",
                token.kind != .symbol || token.text == "["
            {
                text += " "
            }
            text += word
            previous = token
        }
        return text
    }
}
