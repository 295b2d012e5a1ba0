/// A method as a message names it: `+[MappingProvider userMapping]`, `-[AppDelegate authorMapping]`.
struct ObjCMethodName: Hashable, Sendable, CustomStringConvertible {
    var className: String
    var selector: String
    var isClassMethod: Bool

    var description: String { "\(isClassMethod ? "+" : "-")[\(className) \(selector)]" }
}

/// A method that an `@implementation` of the imported files defines, categories' included.
struct ObjCMethodDefinition {
    var name: ObjCMethodName
    /// The index of the `}` that closes its body.
    var bodyEnd: Int

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
        var position = brackets.closing(start + 1) + 1
        var selector = ""
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
            if position < tokens.count, tokens[position].kind == .identifier { position += 1 }
        }
        // Variadic parameters and attributes may stand before the body.
        while position < tokens.count, !tokens[position].isSymbol("{"), !tokens[position].isSymbol(";") {
            position += 1
        }
        guard !selector.isEmpty, position < tokens.count, tokens[position].isSymbol("{") else { return nil }
        name = ObjCMethodName(className: className, selector: selector, isClassMethod: tokens[start].isSymbol("+"))
        bodyEnd = brackets.closing(position)
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
    /// it. Real mapping code passes through one or two.
    static let depthLimit = 16

    private var defined: Set<ObjCMethodName> = []
    /// The defined methods in the order the files define them, which is the order they are resolved in: a loop or a
    /// chain too long is reported from the same method each time.
    private var definitionOrder: [ObjCMethodName] = []
    private var returns: [ObjCMethodName: [(value: ObjCValue, location: SourceLocation)]] = [:]

    init() {}

    init(definedIn files: [ObjCTokenizer]) {
        for file in files {
            for definition in ObjCMethodDefinition.all(in: file) where defined.insert(definition.name).inserted {
                definitionOrder.append(definition.name)
            }
        }
    }

    func defines(_ method: ObjCMethodName) -> Bool { defined.contains(method) }

    mutating func record(_ value: ObjCValue, returnedBy method: ObjCMethodName, at location: SourceLocation) {
        returns[method, default: []].append((value, location))
    }

    /// What each defined method returns, following the methods it returns the value of.
    func resolved() -> [ObjCMethodName: MethodResolution] {
        var resolver = Resolver(returns: returns)
        for method in definitionOrder { _ = resolver.resolve(method) }
        return resolver.resolutions
    }

    /// Resolves each method once, remembering the result, so that the walk is linear in the methods and their
    /// returns; a method met again on the path being resolved is a loop, which ends the walk there.
    private struct Resolver {
        let returns: [ObjCMethodName: [(value: ObjCValue, location: SourceLocation)]]
        var resolutions: [ObjCMethodName: MethodResolution] = [:]
        /// The methods being resolved, outermost first.
        var path: [ObjCMethodName] = []

        mutating func resolve(_ method: ObjCMethodName) -> MethodResolution {
            if let known = resolutions[method] { return known }
            if let loopStart = path.firstIndex(of: method) {
                let loop = (path[loopStart...] + [method]).map(\.description).joined(separator: " → ")
                return .unresolved(method: method, why: "calls back into itself (\(loop))")
            }
            guard path.count < ObjCMethodReturns.depthLimit else {
                return .unresolved(
                    method: method,
                    why: "is more than \(ObjCMethodReturns.depthLimit) methods deep, further than the importer follows"
                )
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

        /// One value for all of a method's returns: the mapping of one class, or a method's only value.
        private func combine(
            _ returned: Result<[(value: ObjCValue, location: SourceLocation)], Unresolved>,
            of method: ObjCMethodName
        ) -> MethodResolution {
            let values: [(value: ObjCValue, location: SourceLocation)]
            switch returned {
            case .success(let found): values = found
            case .failure(let unresolved): return .unresolved(method: unresolved.method, why: unresolved.why)
            }
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
            let places = values.map { "\($0.location)" }.joined(separator: ", ")
            return .unresolved(method: method, why: "returns different values (\(places))")
        }
    }
}
