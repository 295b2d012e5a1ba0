/// A method as a message names it: `+[MappingProvider userMapping]`, `-[AppDelegate authorMapping]`.
struct ObjCMethodName: Hashable, Sendable, CustomStringConvertible {
    var className: String
    var selector: String
    var isClassMethod: Bool
    /// For a method the importer follows into at a message (one a subclass inherits, `[super …]`, one given a
    /// mapping): the class `self` is there and the arguments it was given. Nil for the method as its class defines it.
    var binding: ObjCCallBinding?

    init(className: String, selector: String, isClassMethod: Bool, binding: ObjCCallBinding? = nil) {
        self.className = className
        self.selector = selector
        self.isClassMethod = isClassMethod
        self.binding = binding
    }

    var description: String {
        let method = "\(isClassMethod ? "+" : "-")[\(className) \(selector)]"
        guard let binding, binding.selfClass != className else { return method }
        return "\(method) for \(binding.selfClass)"
    }
}

/// What a followed method runs with: `self`'s class, and what the importer read of each argument.
struct ObjCCallBinding: Hashable, Sendable {
    var selfClass: String
    var arguments: [String]
}

/// A method that an `@implementation` of the imported files defines, categories' included.
struct ObjCMethodDefinition {
    var name: ObjCMethodName
    /// The index of the `{` that opens its body.
    var bodyStart: Int
    /// The index of the `}` that closes its body.
    var bodyEnd: Int
    /// The names of its parameters, in the order of the selector's parts.
    var parameters: [String]
    /// Whether its declared return type is one of RestKit's mappings (`RKObjectMapping *`, `RKEntityMapping *`…).
    var returnsMapping: Bool

    /// Whether a method's definition starts at `index`: a `+` or `-` that opens a line, before its return type.
    static func starts(in tokens: [ObjCToken], at index: Int) -> Bool {
        let token = tokens[index]
        return (token.isSymbol("-") || token.isSymbol("+")) && token.location.column == 1
            && index + 1 < tokens.count && tokens[index + 1].isSymbol("(")
    }

    /// The method whose `+` or `-` is at `start`, in `className`'s `@implementation`; nil for a declaration
    /// without a body.
    init?(_ tokens: [ObjCToken], _ brackets: ObjCBrackets, at start: Int, in className: String) {
        // After the return type: `userMapping {`, or `mappingInStore:(RKManagedObjectStore *)store {`.
        let returnTypeEnd = brackets.closing(start + 1)
        var position = returnTypeEnd + 1
        var selector = ""
        var parameters: [String] = []
        while position < tokens.count, tokens[position].kind == .identifier {
            let isKeyword = position + 1 < tokens.count && tokens[position + 1].isSymbol(":")
            guard isKeyword else {
                if selector.isEmpty { selector = tokens[position].text }
                break
            }
            selector += tokens[position].text + ":"
            position += 2
            // The parameter's type and name.
            if position < tokens.count, tokens[position].isSymbol("(") { position = brackets.closing(position) + 1 }
            if position < tokens.count, tokens[position].kind == .identifier {
                parameters.append(tokens[position].text)
                position += 1
            }
        }
        // Variadic parameters and attributes may stand before the body.
        while position < tokens.count, !tokens[position].isSymbol("{"), !tokens[position].isSymbol(";") {
            position += 1
        }
        guard !selector.isEmpty, position < tokens.count, tokens[position].isSymbol("{") else { return nil }
        name = ObjCMethodName(className: className, selector: selector, isClassMethod: tokens[start].isSymbol("+"))
        bodyStart = position
        bodyEnd = brackets.closing(position)
        self.parameters = parameters
        returnsMapping = tokens[(start + 2)..<max(start + 2, returnTypeEnd)].contains {
            $0.kind == .identifier && $0.text.hasPrefix("RK") && $0.text.hasSuffix("Mapping")
        }
    }

    /// Every method the `@implementation`s of a file define.
    static func all(in file: ObjCTokenizer) -> [ObjCMethodDefinition] {
        let tokens = file.tokens
        var definitions: [ObjCMethodDefinition] = []
        var enclosingClass: String?
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .directive, token.text == "@implementation", index + 1 < tokens.count {
                enclosingClass = tokens[index + 1].text
            } else if token.kind == .directive, token.text == "@end" {
                enclosingClass = nil
            } else if let enclosingClass, starts(in: tokens, at: index),
                let definition = ObjCMethodDefinition(tokens, file.brackets, at: index, in: enclosingClass)
            {
                definitions.append(definition)
            }
        }
        return definitions
    }

    /// The property an instance method sets at the `=` at `index`, `self.userMapping = …` or `_userMapping = …`:
    /// what the property's getter then returns, to a shared instance's `[[Provider sharedInstance] userMapping]`.
    /// Nil for any other assignment (a local variable's declaration, `static RKObjectMapping *_mapping = …`).
    static func assignedProperty(in tokens: [ObjCToken], at index: Int) -> String? {
        guard tokens[index].isSymbol("="), index >= 2, index + 1 < tokens.count, !tokens[index + 1].isSymbol("="),
            tokens[index - 1].kind == .identifier
        else { return nil }
        let name = tokens[index - 1].text
        if tokens[index - 2].isSymbol("."), index >= 3, tokens[index - 3].isIdentifier("self"),
            index < 4 || !tokens[index - 4].isSymbol(".")
        {
            return name
        }
        // `_userMapping = …` as a statement of its own; a declaration has its type before the name.
        guard name.count > 1, name.hasPrefix("_"), !name.dropFirst().hasPrefix("_"),
            ["{", "}", ";", ")"].contains(where: { tokens[index - 2].isSymbol($0) })
        else { return nil }
        return String(name.dropFirst())
    }
}

/// What a message to a method of the imported files evaluates to, once every file has been read.
enum MethodResolution {
    /// What every `return` of the method gives, `nil` aside.
    case value(ObjCValue)
    /// Why the importer can't tell: `method` is the one the message calls or one it returns the value of.
    case unresolved(method: ObjCMethodName, why: String)
}

/// The methods the imported files define and what their `return` statements evaluate to, so that
/// `withMapping:[MappingProvider userMapping]` is the mapping `+userMapping` builds, wherever it is defined.
struct ObjCMethodReturns {
    /// How many methods a value may pass through (`return [self baseMapping];`) before the importer stops following
    /// it, and how many calls deep it follows a message into the methods it runs. Real mapping code passes through
    /// one or two.
    static let depthLimit = 16

    private var defined: Set<ObjCMethodName> = []
    /// The defined methods in the order the files define them, which is the order they are resolved in: a loop or a
    /// chain too long is reported from the same method each time.
    private var definitionOrder: [ObjCMethodName] = []
    /// Each defined method's definition, and the index of the file that holds it.
    private var definitions: [ObjCMethodName: (file: Int, definition: ObjCMethodDefinition)] = [:]
    /// The getters of the properties instance methods set (`self.userMapping = …`) that no method defines.
    private var propertyGetters: Set<ObjCMethodName> = []
    private var returns: [ObjCMethodName: [(value: ObjCValue, location: SourceLocation)]] = [:]
    /// The followed methods whose returns are recorded, in the order they first were: resolved after the defined
    /// ones.
    private var followedOrder: [ObjCMethodName] = []

    init() {}

    init(definedIn files: [ObjCTokenizer]) {
        var assignments: [ObjCMethodName] = []
        for (index, file) in files.enumerated() {
            for definition in ObjCMethodDefinition.all(in: file) {
                if defined.insert(definition.name).inserted {
                    definitionOrder.append(definition.name)
                    definitions[definition.name] = (index, definition)
                }
                guard !definition.name.isClassMethod else { continue }
                for position in definition.bodyStart..<definition.bodyEnd {
                    guard let property = ObjCMethodDefinition.assignedProperty(in: file.tokens, at: position) else {
                        continue
                    }
                    let getter = ObjCMethodName(
                        className: definition.name.className,
                        selector: property,
                        isClassMethod: false
                    )
                    assignments.append(getter)
                }
            }
        }
        // A property's getter is a method of its own, unless the class defines one (a lazy getter, whose returns
        // say what it gives).
        for getter in assignments where defined.insert(getter).inserted {
            definitionOrder.append(getter)
            propertyGetters.insert(getter)
        }
    }

    func defines(_ method: ObjCMethodName) -> Bool { defined.contains(method) }

    /// The definition of a method of the files, and the index of the file that holds it; nil for a property's getter.
    func definition(of method: ObjCMethodName) -> (file: Int, definition: ObjCMethodDefinition)? {
        definitions[method]
    }

    /// Whether the method is the getter of a property the files' instance methods set, which no method defines.
    func isPropertyGetter(_ method: ObjCMethodName) -> Bool { propertyGetters.contains(method) }

    mutating func record(_ value: ObjCValue, returnedBy method: ObjCMethodName, at location: SourceLocation) {
        if method.binding != nil, returns[method] == nil { followedOrder.append(method) }
        returns[method, default: []].append((value, location))
    }

    /// What each defined method, and each followed one, returns, following the methods it returns the value of;
    /// `known` are resolutions found elsewhere (a followed method that loops).
    func resolved(knowing known: [ObjCMethodName: MethodResolution] = [:]) -> [ObjCMethodName: MethodResolution] {
        var resolver = Resolver(returns: returns, resolutions: known)
        for method in definitionOrder + followedOrder { _ = resolver.resolve(method) }
        return resolver.resolutions
    }

    /// Resolves each method once, remembering the result, so that the walk is linear in the methods and their
    /// returns; a method met again on the path being resolved is a loop, which ends the walk there.
    private struct Resolver {
        let returns: [ObjCMethodName: [(value: ObjCValue, location: SourceLocation)]]
        var resolutions: [ObjCMethodName: MethodResolution]
        /// The methods being resolved, outermost first.
        var path: [ObjCMethodName] = []

        init(
            returns: [ObjCMethodName: [(value: ObjCValue, location: SourceLocation)]],
            resolutions: [ObjCMethodName: MethodResolution]
        ) {
            self.returns = returns
            self.resolutions = resolutions
        }

        mutating func resolve(_ method: ObjCMethodName) -> MethodResolution {
            if let known = resolutions[method] { return known }
            if let loopStart = path.firstIndex(of: method) {
                return .unresolved(method: method, why: ObjCMethodReturns.loop(path[loopStart...] + [method]))
            }
            guard path.count < ObjCMethodReturns.depthLimit else {
                return .unresolved(method: method, why: ObjCMethodReturns.tooDeep)
            }
            path.append(method)
            let resolution = combine(returnedValues(of: method), of: method)
            path.removeLast()
            resolutions[method] = resolution
            return resolution
        }

        /// The values of the method's `return` statements, through the methods they call; the first that can't be
        /// resolved instead.
        private mutating func returnedValues(
            of method: ObjCMethodName
        ) -> Result<[(value: ObjCValue, location: SourceLocation)], Unresolved> {
            var values: [(value: ObjCValue, location: SourceLocation)] = []
            for returned in returns[method] ?? [] {
                switch returned.value {
                // `return nil;` when there is nothing to map.
                case .null: continue
                case .methodResult(let callee, _):
                    switch resolve(callee) {
                    case .value(let value): values.append((value, returned.location))
                    case .unresolved(let culprit, let why): return .failure(Unresolved(method: culprit, why: why))
                    }
                default: values.append(returned)
                }
            }
            return .success(values)
        }

        private struct Unresolved: Error {
            var method: ObjCMethodName
            var why: String
        }

        private func combine(
            _ returned: Result<[(value: ObjCValue, location: SourceLocation)], Unresolved>,
            of method: ObjCMethodName
        ) -> MethodResolution {
            switch returned {
            case .success(let values): ObjCMethodReturns.combine(values, of: method)
            case .failure(let unresolved): .unresolved(method: unresolved.method, why: unresolved.why)
            }
        }
    }

    /// Why a method that calls back into itself can't be resolved, naming the methods of the loop in order.
    static func loop(_ methods: some Sequence<ObjCMethodName>) -> String {
        "calls back into itself (\(methods.map(\.description).joined(separator: " → ")))"
    }

    static let tooDeep = "is more than \(depthLimit) methods deep, further than the importer follows"

    /// One value for all of a method's returns (`nil` and the methods they call already left out): the mapping of
    /// one class, or a method's only value.
    static func combine(
        _ values: [(value: ObjCValue, location: SourceLocation)],
        of method: ObjCMethodName
    ) -> MethodResolution {
        guard let first = values.first else { return .unresolved(method: method, why: "returns no value") }
        for case (.unknown(let spelling, let location), _) in values {
            return .unresolved(
                method: method,
                why: "returns '\(spelling)' (\(location)), which is computed at run time"
            )
        }
        if values.count == 1 { return .value(first.value) }
        let classes = values.compactMap { returned -> (name: String, location: SourceLocation)? in
            if case .mapping(let className) = returned.value { return (className, returned.location) }
            return nil
        }
        if classes.count == values.count {
            if Set(classes.map(\.name)).count == 1 { return .value(first.value) }
            let listed = classes.map { "'\($0.name)' (\($0.location))" }.joined(separator: ", ")
            return .unresolved(method: method, why: "returns the mappings of different classes: \(listed)")
        }
        if values.allSatisfy({ if case .dynamicMapping = $0.value { true } else { false } }) {
            return .value(.dynamicMapping)
        }
        // A shared instance set up in more than one place.
        let objects = values.compactMap { returned -> String? in
            if case .object(let className) = returned.value { return className }
            return nil
        }
        if objects.count == values.count, Set(objects).count == 1 { return .value(first.value) }
        let places = values.map { "\($0.location)" }.joined(separator: ", ")
        return .unresolved(method: method, why: "returns different values (\(places))")
    }
}
