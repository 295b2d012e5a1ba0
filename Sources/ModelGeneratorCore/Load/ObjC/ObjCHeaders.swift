/// The classes of a set of Objective-C headers, with each class's categories merged in and its superclasses
/// followed: what `headers:` in the config, or `import --headers`, gives the generator.
public struct ObjCHeaders: Hashable, Sendable {
    /// Each class's `@interface` (categories' properties and protocols appended), by class name.
    public private(set) var classes: [String: ObjCInterface] = [:]
    /// Each `@protocol`, by name: the first definition read.
    public private(set) var protocols: [String: ObjCInterface] = [:]
    /// The headers' `typedef`s (`NS_ENUM` names among them): the type each name stands for.
    public private(set) var typedefs: [String: ObjCType] = [:]
    /// For each class, where in its properties the last declaration of each name stands: a property is looked up
    /// once per mapped key, so a class of thousands must not be searched each time.
    private var propertyIndexes: [String: [String: Int]] = [:]
    /// The same for each protocol.
    private var protocolPropertyIndexes: [String: [String: Int]] = [:]

    public init() {}

    public init(_ interfaces: [ObjCInterface], typedefs: [String: ObjCType] = [:]) {
        self.typedefs = typedefs
        for interface in interfaces { add(interface) }
    }

    /// The classes and typedefs of Objective-C source, each file tokenized once.
    public init(reading tokenizers: [ObjCTokenizer]) {
        var typedefs: [String: ObjCType] = [:]
        for tokenizer in tokenizers {
            typedefs.merge(ObjCHeaderReader.typedefs(tokenizer)) { first, _ in first }
        }
        self.init(tokenizers.flatMap { ObjCHeaderReader.read($0) }, typedefs: typedefs)
    }

    /// The type a declaration's type name stands for, through typedefs (`Kind` → `NSInteger`).
    func resolved(_ type: ObjCType) -> ObjCType {
        var current = type
        var seen: Set<String> = []
        while current.arguments.isEmpty, let alias = typedefs[current.name], seen.insert(current.name).inserted {
            let isPointer = current.isPointer || alias.isPointer
            current = alias
            current.isPointer = isPointer
        }
        return current
    }

    public var isEmpty: Bool { classes.isEmpty }

    public mutating func add(_ interface: ObjCInterface) {
        if interface.isProtocol {
            guard protocols[interface.name] == nil else { return }
            protocols[interface.name] = interface
            var indexes: [String: Int] = [:]
            for (index, property) in interface.properties.enumerated() { indexes[property.name] = index }
            protocolPropertyIndexes[interface.name] = indexes
            return
        }
        defer {
            var indexes: [String: Int] = [:]
            for (index, property) in (classes[interface.name]?.properties ?? []).enumerated() {
                indexes[property.name] = index
            }
            propertyIndexes[interface.name] = indexes
        }
        if interface.category != nil {
            // A category may be read before its class.
            var merged = classes[interface.name] ?? ObjCInterface(name: interface.name, location: interface.location)
            var names = Set(merged.properties.map(\.name))
            for property in interface.properties where names.insert(property.name).inserted {
                merged.properties.append(property)
            }
            var adopted = Set(merged.protocols)
            merged.protocols += interface.protocols.filter { adopted.insert($0).inserted }
            classes[interface.name] = merged
        } else if var existing = classes[interface.name] {
            // The class after one of its categories: its own properties first.
            existing.superclass = interface.superclass
            existing.location = interface.location
            let ownNames = Set(interface.properties.map(\.name))
            existing.properties = interface.properties + existing.properties.filter { !ownNames.contains($0.name) }
            let ownProtocols = Set(interface.protocols)
            existing.protocols = interface.protocols + existing.protocols.filter { !ownProtocols.contains($0) }
            classes[interface.name] = existing
        } else {
            classes[interface.name] = interface
        }
    }

    /// The properties the class declares itself (in its `@interface`, its extensions and categories, and the
    /// protocols they adopt), without its superclasses'.
    public func ownProperties(of className: String) -> [ObjCProperty] {
        classes[className].map { onePerName(declared(by: $0)) } ?? []
    }

    /// The class's properties with its superclasses' first, as far as the headers know them; a property
    /// redeclared in a subclass keeps the subclass's declaration.
    public func properties(of className: String) -> [ObjCProperty] {
        var chain: [ObjCInterface] = []
        var seen: Set<String> = []
        var name: String? = className
        while let current = name, let interface = classes[current], seen.insert(current).inserted {
            chain.append(interface)
            name = interface.superclass
        }
        return onePerName(chain.reversed().flatMap(declared(by:)))
    }

    /// What one class's metadata lists, as clang emits it: its own properties, then those of the protocols it
    /// adopts (``adoptedProtocols(of:)``) that it doesn't declare itself, each name once, where a later protocol's
    /// declaration (one that inherits the earlier) replaces an earlier one in its place, as ``property(_:of:)`` finds it.
    private func declared(by interface: ObjCInterface) -> [ObjCProperty] {
        let own = Set(interface.properties.map(\.name))
        let adopted = adoptedProtocols(of: interface).flatMap(\.properties).lastOfEachName(\.name)
        return interface.properties + adopted.filter { !own.contains($0.name) }
    }

    /// How many protocols a class's properties are looked for in, those it adopts and those they inherit: real
    /// classes adopt a few, and a header of thousands of chained protocols must not cost a walk of them all (nor as
    /// many nested calls) for each class and each mapped key. Protocols past it are not read.
    static let adoptedProtocolLimit = 64

    /// The protocols `interface` adopts, with those they inherit, in the order clang lists their properties: each
    /// protocol after the ones it inherits, each once; the first ``adoptedProtocolLimit`` of them the walk reaches.
    private func adoptedProtocols(of interface: ObjCInterface) -> [ObjCInterface] {
        let limit = Self.adoptedProtocolLimit
        var ordered: [ObjCInterface] = []
        var visited: Set<String> = []
        // Each protocol is pushed to be walked, then again to be listed once those it inherits are.
        var pending: [(name: String, isWalked: Bool)] = interface.protocols.prefix(limit).reversed().map { ($0, false) }
        while let (name, isWalked) = pending.popLast() {
            guard let definition = protocols[name] else { continue }
            if isWalked {
                ordered.append(definition)
                continue
            }
            guard visited.count < limit, visited.insert(name).inserted else { continue }
            pending.append((name, true))
            pending += definition.protocols.prefix(limit).reversed().map { ($0, false) }
        }
        return ordered
    }

    /// `properties` with their types resolved, one per name: a later declaration replaces an earlier one in its place
    /// (a subclass's redeclaration, or a header that declares a property twice).
    private func onePerName(_ properties: [ObjCProperty]) -> [ObjCProperty] {
        properties.lastOfEachName(\.name).map { property in
            var property = property
            property.type = resolved(property.type)
            return property
        }
    }

    /// The declaration of `name` nearest to the class: its own, else its superclasses' (through typedefs).
    public func property(_ name: String, of className: String) -> ObjCProperty? {
        var seen: Set<String> = []
        var current: String? = className
        while let currentName = current, let interface = classes[currentName], seen.insert(currentName).inserted {
            if let index = propertyIndexes[currentName]?[name] {
                var property = interface.properties[index]
                property.type = resolved(property.type)
                return property
            }
            if let declaration = protocolProperty(name, adoptedBy: interface) {
                var property = declaration
                property.type = resolved(property.type)
                return property
            }
            current = interface.superclass
        }
        return nil
    }

    /// The declaration of `name` in the protocols `interface` adopts, as ``declared(by:)`` keeps it: the one in the
    /// last of ``adoptedProtocols(of:)`` that declares it.
    private func protocolProperty(_ name: String, adoptedBy interface: ObjCInterface) -> ObjCProperty? {
        for definition in adoptedProtocols(of: interface).reversed() {
            if let index = protocolPropertyIndexes[definition.name]?[name] { return definition.properties[index] }
        }
        return nil
    }

    /// Whether `className` is `ancestor` or inherits from it, as far as the headers tell.
    public func inherits(_ className: String, from ancestor: String) -> Bool {
        var name: String? = className
        var seen: Set<String> = []
        while let current = name, seen.insert(current).inserted {
            if current == ancestor { return true }
            name = classes[current]?.superclass
        }
        return false
    }
}

/// What an Objective-C property type becomes in Swift.
public indirect enum ObjCSwiftType: Hashable, Sendable {
    case string
    case url
    case date
    /// `NSNumber`: an integer, a fraction or a boolean; how it is used must decide.
    case number
    case bool
    case int
    case double
    /// `NSDictionary`, `id`: free-form JSON.
    case json
    /// `NSArray`/`NSSet`, with the element type when the declaration says it (`NSArray<RKTUser *> *`).
    case array(ObjCSwiftType?)
    /// A pointer to another class: a model when that class is mapped.
    case object(String)
    /// Anything else (a struct, a block, a class the generator cannot know), by its spelling.
    case unknown(String)

    public init(_ type: ObjCType) {
        if type.isBlock {
            self = .unknown(type.description)
            return
        }
        switch Self.withoutRedundantWords(type.name) {
        case "NSString", "NSMutableString": self = .string
        case "NSURL": self = .url
        case "NSDate": self = .date
        case "NSNumber", "NSDecimalNumber": self = .number
        case "BOOL", "bool", "Boolean", "_Bool": self = .bool
        case "NSInteger", "NSUInteger", "int", "long", "long long", "short", "unsigned", "unsigned int",
            "unsigned long", "unsigned long long", "unsigned short", "char", "unsigned char", "int8_t", "int16_t",
            "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "SInt8", "SInt16", "SInt32",
            "SInt64", "UInt8", "UInt16", "UInt32", "UInt64", "UInt":
            self = .int
        case "CGFloat", "double", "float", "long double", "Float32", "Float64", "NSTimeInterval", "CFTimeInterval",
            "CLLocationDegrees", "CLLocationDistance", "CLLocationSpeed", "CLLocationAccuracy", "CLLocationDirection":
            self = .double
        case "NSDictionary", "NSMutableDictionary", "id", "NSObject":
            self = .json
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet", "NSOrderedSet", "NSMutableOrderedSet":
            self = .array(type.arguments.first.map(ObjCSwiftType.init))
        default:
            if type.isPointer, type.name.first?.isUppercase == true {
                self = .object(type.name)
            } else {
                self = .unknown(type.description)
            }
        }
    }

    /// One spelling for each C integer type: `long int` is `long`, `signed char` is `char`, `signed` is `int`.
    private static func withoutRedundantWords(_ name: String) -> String {
        guard name.contains(" ") || name == "signed" else { return name }
        var words = name.split(separator: " ").map(String.init)
        if words.first == "signed" {
            words.removeFirst()
            if words.isEmpty { words = ["int"] }
        }
        if words.count > 1, words.last == "int" { words.removeLast() }
        return words.joined(separator: " ")
    }

    /// A pointer holds `nil` unless declared otherwise; a scalar always has a value.
    public var isScalar: Bool {
        switch self {
        case .bool, .int, .double: true
        default: false
        }
    }
}
