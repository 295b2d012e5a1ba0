/// Reads Objective-C mapping code (RestKit 0.10 and 0.20, MMDataObject) and writes the same mappings as our mapping
/// YAML, typed from the app's headers. Pure: the command line reads the files and writes the result.
public enum ObjCMappingImporter {
    /// One Objective-C file, as the user named it.
    public struct SourceFile: Sendable {
        public var path: String
        public var text: String

        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// The mapping YAML for the mappings `files` build, and everything the import could not carry over.
    ///
    /// - Parameters:
    ///   - files: the implementation files with the mapping code.
    ///   - headers: the headers that declare the mapped classes (and may define the keys' constants).
    ///   - models: the `contents` files of the app's Core Data models (RestKit only), which name each entity's class
    ///     and type its properties, over what the headers declare (see `CoreDataClasses`).
    ///   - samples: payloads by class name, which tell what kind of number each `NSNumber` holds.
    ///   - implementations: the app's other implementation files (the `.m` files of the header folders), among which
    ///     an MMDataObject import looks for the app's own copy of MMDataObject when `files` and `headers` hold none:
    ///     its date patterns are the ones the app read and wrote.
    public static func importMappings(
        from system: ObjCMappingSystem,
        files: [SourceFile],
        headers: [SourceFile],
        models: [SourceFile] = [],
        samples: [String: SyntaxNode] = [:],
        implementations: [SourceFile] = []
    ) -> (yaml: String, diagnostics: Diagnostics) {
        var reader = MappingCodeReader(system: system)
        let headerTokens = headers.map { ObjCTokenizer($0.text, file: $0.path) }
        let fileTokens = files.map { ObjCTokenizer($0.text, file: $0.path) }
        for tokenizer in headerTokens + fileTokens {
            if let problem = tokenizer.unterminatedCommentDiagnostic { reader.diagnostics.append(problem) }
            reader.collectConstants(tokenizer)
        }
        reader.headers = ObjCHeaders(reading: headerTokens + fileTokens)
        var coreData = CoreDataClasses()
        if system == .restkit, !models.isEmpty {
            var parsed: [CoreDataModel] = []
            for model in models {
                switch CoreDataModel.parse(model.text, file: model.path) {
                case .success(let read): parsed.append(read)
                case .failure(let problem): reader.diagnostics.append(problem)
                }
            }
            coreData = CoreDataClasses(parsed, headers: reader.headers)
            reader.diagnostics.append(contentsOf: coreData.diagnostics)
            for interface in coreData.interfaces { reader.headers.add(interface) }
            reader.entityClasses = coreData.classNames
        }
        if system == .restkit { reader.resolveMethods(of: fileTokens) }
        for tokenizer in fileTokens { reader.read(tokenizer) }
        if system == .restkit { reader.addIncludedProperties() }
        if system == .mmdataobject, let vendored = vendoredMMDataObject(in: fileTokens + headerTokens, implementations)
        {
            if vendored.isOther {
                if let problem = vendored.tokenizer.unterminatedCommentDiagnostic { reader.diagnostics.append(problem) }
                reader.collectConstants(vendored.tokenizer)
            }
            reader.readMMDataObjectImplementation(vendored.tokenizer)
        }
        reader.addMMDataObjectSubclasses()
        if reader.order.isEmpty, let first = files.first {
            reader.diagnostics.append(nothingMapped(by: system, files: files.count, first: first.path, reader: reader))
        }
        var writer = MappingYAMLWriter(
            system: system,
            defaultDatePattern: reader.defaultDatePattern,
            mmDataObjectImplementation: reader.mmDataObjectImplementation,
            mappings: reader.order.compactMap { reader.mappings[$0] },
            headers: reader.headers,
            samples: samples,
            sourceFiles: files.map(\.path)
        )
        writer.numberKinds = coreData.numberKinds
        writer.typesModels = !coreData.isEmpty
        let yaml = writer.write()
        var diagnostics = reader.diagnostics.withoutRepeats()
        diagnostics.append(contentsOf: writer.diagnostics)
        return (yaml, diagnostics)
    }

    /// Whether `text` may define the app's own MMDataObject (`@implementation MMDataObject`): a file of the
    /// `implementations` is tokenized only when it may.
    private static func mayImplementMMDataObject(_ text: String) -> Bool {
        text.contains("@implementation MMDataObject")
    }

    /// The first of the files, the headers and then the other implementation files that defines MMDataObject; an
    /// other implementation file is tokenized only when its text may (`isOther`).
    private static func vendoredMMDataObject(
        in read: [ObjCTokenizer],
        _ implementations: [SourceFile]
    ) -> (tokenizer: ObjCTokenizer, isOther: Bool)? {
        if let file = read.first(where: { MappingCodeReader.implementsMMDataObject($0.tokens) }) {
            return (file, false)
        }
        for file in implementations where mayImplementMMDataObject(file.text) {
            let tokenizer = ObjCTokenizer(file.text, file: file.path)
            if MappingCodeReader.implementsMMDataObject(tokenizer.tokens) { return (tokenizer, true) }
        }
        return nil
    }

    /// The warning for files that map nothing: none of their code builds a mapping, or none of the mappings it
    /// builds could be read (each has its own warning then).
    private static func nothingMapped(
        by system: ObjCMappingSystem,
        files count: Int,
        first path: String,
        reader: MappingCodeReader
    ) -> Diagnostic {
        let files = count == 1 ? "this file" : "these files"
        if reader.unreadMappings > 0 {
            return Diagnostic(
                .warning,
                "no \(system.displayName) mapping \(count == 1 ? "this file builds" : "these files build") could be read; the YAML maps nothing",
                at: .start(of: path),
                hint: "the warning on each mapping's line says what could not be read"
            )
        }
        return Diagnostic(
            .warning,
            "no \(system.displayName) mapping was found in \(files); the YAML maps nothing",
            at: .start(of: path),
            hint: system == .restkit
                ? "name the files that call 'mappingForClass:' or 'mappingForEntityForName:'"
                : "name the files of the MMDataObject subclasses with their headers"
        )
    }

    /// How every file the import writes starts: `import --output` replaces a file only when it starts so (one an
    /// earlier import wrote), and leaves any other alone.
    public static let writtenFilePrefix = "# Imported by `model-generator import --from "
}

/// Walks the tokens of mapping code and collects the mappings it builds.
struct MappingCodeReader {
    let system: ObjCMappingSystem
    var headers = ObjCHeaders()
    var diagnostics = Diagnostics()
    var mappings: [String: ImportedMapping] = [:]
    var order: [String] = []
    /// `#define` and `static NSString * const` strings, by name.
    private var constants: [String: String] = [:]
    /// Where a header declares an `extern NSString * const` whose value the files may not define, by name.
    private var externConstants: [String: SourceLocation] = [:]
    /// The class of each entity of the app's Core Data models, by entity name; empty without a model.
    var entityClasses: [String: String] = [:]
    /// Names bound to mappings and property mappings in the method being read.
    private var variables: [String: ObjCValue] = [:]
    private var enclosingClass: String?
    private var inClassMethod = false
    /// The method being read, whose `return` statements are recorded.
    private var currentMethod: ObjCMethodDefinition?
    /// The methods the files define and what each returns (RestKit only).
    private var methods = ObjCMethodReturns()
    /// What each method returns, resolved after a first reading of the files; empty during it.
    private var resolvedMethods: [ObjCMethodName: MethodResolution] = [:]
    /// Where the first reading saw each class's mapping built, for a mapping first met through a method.
    private var mappingLocations: [String: SourceLocation] = [:]
    /// The files, as `resolveMethods` was given them: a method the reader follows may be defined in any of them.
    private var files: [ObjCTokenizer] = []
    /// The class whose `@implementation` holds the code being read, where `[super …]` starts looking: the
    /// enclosing class, except in a method followed for a subclass, whose `self` is the subclass.
    private var definingClass: String?
    /// The methods being followed, outermost first.
    private var following: [ObjCMethodName] = []
    /// What the `return` statements of the method being followed give; nil when none is being followed.
    private var followedReturns: [(value: ObjCValue, location: SourceLocation)]?
    /// What each followed method gave, so that a method is read once for each `self` and arguments it is given.
    private var followedValues: [ObjCMethodName: ObjCValue] = [:]
    /// Why a followed method's value can't be told, for the warnings where the value is used.
    private var followedResolutions: [ObjCMethodName: MethodResolution] = [:]
    /// The followed methods met again while being followed, and the loop that says so.
    private var loops: [ObjCMethodName: String] = [:]
    /// The calls already reported for running a method too deep or in a loop, each once.
    private var reportedCalls: Set<SourceLocation> = []
    /// For each local that holds a mapping another method built (`m = [Channel mapping]`), that mapping's class and
    /// how many properties it had then: what the method adds through the local before giving the mapping to another
    /// class (`m.objectClass = [UserChannel class]`) is the other class's, as RestKit returns a new mapping each call.
    private var handedMappings: [String: (className: String, start: Int)] = [:]
    /// How many expressions are being evaluated, one inside another, across the methods being followed: each file's
    /// brackets nest at most `ObjCBrackets.nestingLimit` deep, but a method followed from deep inside an expression
    /// starts its own nesting there.
    private var evaluationDepth = 0
    /// The most expressions evaluated one inside another, a file's nesting limit with room for the methods followed
    /// from it; past it the expression is not read, so that the reader's recursion stays within its stack.
    static let evaluationDepthLimit = ObjCBrackets.nestingLimit + 64
    /// The longest spelling of a followed call's arguments, which tells one call from another; an argument built
    /// from itself at each call (`[self wrap:@[x, x]]`) doubles at each, and such a call is not followed.
    static let argumentSignatureLimit = 4_096
    /// Where the outermost of the methods being followed was called.
    private var followedFrom: SourceLocation?
    /// How many `mappingForClass:` and `mappingForEntityForName:` calls named a class or entity computed at run time.
    private(set) var unreadMappings = 0
    /// Where those calls are.
    private var unreadMappingLocations: Set<SourceLocation> = []
    /// The variables each file declares outside its methods, by the file's path.
    private var fileScopeNames: [String: Set<String>] = [:]
    /// The mapping each static or instance variable is set to, by file and name (`storeKey`): what a method that
    /// uses one without setting it (`+initialize` set it; `if (mapping) return mapping;`) reads.
    private var stores: [String: ObjCValue] = [:]
    /// The pattern each local `NSDateFormatter` of the method being read was given (`formatter.dateFormat = @"…"`),
    /// by the local's name.
    private var dateFormatters: [String: DatePattern] = [:]
    /// The `stores` a first reading found.
    private var seededStores: [String: ObjCValue] = [:]
    /// RestKit's default date formatter applies to every `NSDate` property of every mapping, wherever it is set.
    private(set) var defaultDatePattern: DatePattern?
    /// The date patterns of the app's own MMDataObject, when the files hold its implementation.
    private(set) var mmDataObjectImplementation = MMDataObjectImplementation()
    /// The file being read.
    private var tokens: [ObjCToken] = []
    private var brackets = ObjCBrackets([])

    init(system: ObjCMappingSystem) {
        self.system = system
    }

    static let mappingClasses: Set<String> = [
        "RKObjectMapping", "RKEntityMapping", "RKManagedObjectMapping",
    ]
    /// RestKit 0.20's and 0.10's mappings that choose an object's mapping at run time.
    static let dynamicMappingClasses: Set<String> = ["RKDynamicMapping", "RKDynamicObjectMapping"]
    /// The messages that add attributes and relationships to a mapping.
    static let addingSelectors: Set<String> = [
        "mapKeyPath:toAttribute:", "mapKeyPathsToAttributes:", "mapAttributes:", "addAttributeMappingsFromArray:",
        "addAttributeMappingsFromDictionary:", "mapRelationship:withMapping:",
        "addRelationshipMappingWithSourceKeyPath:mapping:", "hasOne:withMapping:", "hasMany:withMapping:",
        "mapKeyPath:toRelationship:withMapping:", "addPropertyMapping:", "addAttributeMapping:",
        "addRelationshipMapping:", "addPropertyMappingsFromArray:", "mapAttributesFromArray:", "mapAttributesFromSet:",
        "mapKeyPath:toRelationship:withMapping:serialize:",
    ]

    // MARK: Constants

    mutating func collectConstants(_ tokenizer: ObjCTokenizer) {
        for macro in tokenizer.macros {
            let strings = macro.tokens.filter { !$0.isSymbol("(") && !$0.isSymbol(")") }
            if !strings.isEmpty, strings.allSatisfy({ $0.kind == .string }) {
                constants[macro.name] = strings.map(\.text).joined()
            } else if strings.count == 1, strings[0].kind == .identifier {
                // An alias of another constant, resolved when used.
                constants[macro.name] = "\u{0}" + strings[0].text
            }
        }
        // `NSString * const kKey = @"key";`, with or without `static`, and `static NSString *kKey = @"key";`.
        let tokens = tokenizer.tokens
        for index in tokens.indices.dropLast(3)
        where
            (tokens[index].isIdentifier("const")
            || (tokens[index].isSymbol("*") && index >= 2 && tokens[index - 2].isIdentifier("static")))
            && tokens[index + 1].kind == .identifier && !tokens[index + 1].isIdentifier("const")
            && tokens[index + 2].isSymbol("=") && tokens[index + 3].kind == .string
        {
            var value = ""
            var position = index + 3
            while position < tokens.count, tokens[position].kind == .string {
                value += tokens[position].text
                position += 1
            }
            constants[tokens[index + 1].text] = value
        }
        // `extern NSString * const SiteInfoEntityName;`: a constant whose value an implementation file sets.
        for index in tokens.indices where Self.externKeywords.contains(tokens[index].text) {
            guard tokens[index].kind == .identifier,
                let end = tokens[index...].prefix(Self.externDeclarationLength).firstIndex(where: { $0.isSymbol(";") }),
                end > index + 1, tokens[end - 1].kind == .identifier,
                tokens[(index + 1)..<end].contains(where: { $0.isIdentifier("NSString") }),
                !tokens[(index + 1)..<end].contains(where: { $0.isSymbol("(") })
            else { continue }
            externConstants[tokens[end - 1].text] = externConstants[tokens[end - 1].text] ?? tokens[end - 1].location
        }
    }

    /// What declares a constant defined elsewhere: C's keyword and Apple's macros for it.
    private static let externKeywords: Set<String> = [
        "extern", "FOUNDATION_EXPORT", "FOUNDATION_EXTERN", "UIKIT_EXTERN", "OBJC_EXTERN",
    ]
    /// The most tokens an `extern` declaration this reads spans, `;` included
    /// (`extern NSString * const _Nonnull Name;` is seven).
    private static let externDeclarationLength = 12

    private func constant(_ name: String) -> String? {
        var current = name
        for _ in 0..<8 {
            guard let value = constants[current] else { return nil }
            guard value.hasPrefix("\u{0}") else { return value }
            current = String(value.dropFirst())
        }
        return nil
    }

    // MARK: Walking

    /// Reads the files once to learn what each of their methods returns, so that a message to a method defined
    /// further down or in another file evaluates to the mapping it builds.
    /// A mapping kept in a static or an instance variable (`stores`) is read where another method uses it, even
    /// one further up the file: a first reading that finds any is read again knowing them.
    mutating func resolveMethods(of files: [ObjCTokenizer]) {
        self.files = files
        for file in files where !file.tokens.isEmpty {
            fileScopeNames[file.tokens[0].location.file] = Self.fileScopeNames(in: file.tokens)
        }
        var firstReading = self
        for _ in 0..<2 {
            firstReading = self
            firstReading.methods = ObjCMethodReturns(definedIn: files)
            for file in files { firstReading.read(file) }
            seededStores = firstReading.stores
            if seededStores.isEmpty { break }
        }
        methods = firstReading.methods
        resolvedMethods = firstReading.methods.resolved(knowing: firstReading.followedResolutions)
        mappingLocations = firstReading.mappings.mapValues(\.location)
    }

    /// Whether the tokens hold `@implementation MMDataObject` (or one of its categories).
    static func implementsMMDataObject(_ tokens: [ObjCToken]) -> Bool {
        tokens.indices.dropLast().contains {
            tokens[$0].kind == .directive && tokens[$0].text == "@implementation"
                && tokens[$0 + 1].isIdentifier("MMDataObject")
        }
    }

    /// The date patterns of the app's own MMDataObject: the string arguments of `stringToDateWithFormat:` and
    /// `dateToStringWithFormat:` messages in its implementation, in whatever expression they stand
    /// (`[MMDataObject stringToDateWithFormat:@"…"](value)` too).
    mutating func readMMDataObjectImplementation(_ tokenizer: ObjCTokenizer) {
        let tokens = tokenizer.tokens
        var inImplementation = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.kind == .directive {
                if token.text == "@implementation" {
                    inImplementation = index + 1 < tokens.count && tokens[index + 1].isIdentifier("MMDataObject")
                    if inImplementation, mmDataObjectImplementation.implementation == nil {
                        mmDataObjectImplementation.implementation = token.location
                    }
                } else if token.text == "@end" {
                    inImplementation = false
                }
                continue
            }
            if inImplementation, token.isIdentifier("class_getSuperclass") || token.isIdentifier("superclass") {
                mmDataObjectImplementation.mapsInheritedProperties = true
            }
            guard inImplementation,
                token.isIdentifier("stringToDateWithFormat") || token.isIdentifier("dateToStringWithFormat"),
                index + 2 < tokens.count, tokens[index + 1].isSymbol(":")
            else { continue }
            // The method's own definition, `+ (FormatBlock)stringToDateWithFormat:(NSString *)format`, and a
            // `@selector(…)` name no pattern.
            let argument = tokens[index + 2]
            var format: String?
            switch argument.kind {
            case .string:
                format = tokens[(index + 2)...].prefix { $0.kind == .string }.map(\.text).joined()
            // A constant; a name computed at run time leaves the properties' warnings to say that no pattern was read.
            case .identifier: format = constant(argument.text)
            default:
                continue
            }
            guard let format else { continue }
            let pattern = DatePattern(format: format, timeZone: nil, location: token.location)
            if token.text.hasPrefix("string") {
                mmDataObjectImplementation.reading.append(pattern)
            } else {
                mmDataObjectImplementation.writing.append(pattern)
            }
        }
    }

    mutating func read(_ tokenizer: ObjCTokenizer) {
        // Evaluating an expression recurses once per bracket it is inside, so a file that nests deeper is not read.
        if let tooDeep = tokenizer.brackets.firstTooDeep {
            diagnostics.error(
                "brackets nest more than \(ObjCBrackets.nestingLimit) levels deep here; the file's mappings are not imported",
                at: tokenizer.tokens[tooDeep].location,
                hint: "mapping code never nests this deep; check that this is the file meant"
            )
            return
        }
        tokens = tokenizer.tokens
        brackets = tokenizer.brackets
        enclosingClass = nil
        definingClass = nil
        currentMethod = nil
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .directive, token.text == "@implementation", index + 1 < tokens.count {
                enclosingClass = tokens[index + 1].text
                definingClass = enclosingClass
                variables = [:]
                handedMappings = [:]
                dateFormatters = [:]
                index += 2
                continue
            }
            if token.kind == .directive, token.text == "@end" {
                enclosingClass = nil
                definingClass = nil
                currentMethod = nil
            } else if let enclosingClass, ObjCMethodDefinition.starts(in: tokens, at: index) {
                // A method starts: its local names start over.
                inClassMethod = token.isSymbol("+")
                variables = [:]
                handedMappings = [:]
                dateFormatters = [:]
                currentMethod = ObjCMethodDefinition(tokens, brackets, at: index, in: enclosingClass)
                if let method = currentMethod { noteRKObjectMappable(method, at: token.location) }
            } else {
                index = readStatement(at: index)
                continue
            }
            index += 1
        }
    }

    /// RestKit before 0.9's object mapping (its `RKObjectMappable` protocol, read by `RKModelMapper`) mapped a
    /// class by what the class's own `+elementToPropertyMappings` and `+elementToRelationshipMappings` returned: no
    /// mapping object, so nothing the import reads. Each such method is a warning at its line, which says why the
    /// class is missing from the YAML.
    private mutating func noteRKObjectMappable(_ method: ObjCMethodDefinition, at location: SourceLocation) {
        guard system == .restkit, method.name.isClassMethod,
            ["elementToPropertyMappings", "elementToRelationshipMappings"].contains(method.name.selector)
        else { return }
        diagnostics.warning(
            "'+\(method.name.selector)' is the object mapping of RestKit before 0.9 (RKObjectMappable), which the import doesn't read; what it maps for '\(method.name.className)' is not imported",
            at: location,
            hint:
                "write '\(method.name.className)' in the mapping YAML by hand: each key of the dictionary it returns is a keyPath, each value a property"
        )
    }

    /// Reads what starts at `index`, a `return`, an assignment or a message, and gives the index to go on from.
    private mutating func readStatement(at index: Int) -> Int {
        let token = tokens[index]
        if token.isIdentifier("return"), let method = currentMethod, index < method.bodyEnd {
            let end = statementEnd(from: index + 1)
            let expression = tokens[(index + 1)..<end]
            guard !expression.isEmpty else { return end }
            // The messages in an expression that `evaluate` does not take whole (`flag ? [A m] : [B m]`) are
            // still read, as in any statement.
            guard isEvaluatedWhole(expression) else {
                let value = ObjCValue.unknown(expression.spelled, expression[expression.startIndex].location)
                recordReturn(value, of: method.name, at: token.location)
                return index + 1
            }
            recordReturn(evaluate(expression), of: method.name, at: token.location)
            return end
        }
        if token.isSymbol("="), index > 0, tokens[index - 1].kind == .identifier, index + 1 < tokens.count,
            !tokens[index + 1].isSymbol("=")
        {
            let end = statementEnd(from: index + 1)
            assign(evaluate(tokens[(index + 1)..<end]), at: index)
            return end
        }
        if token.isSymbol("[") {
            let close = brackets.closing(index)
            _ = evaluateMessage(open: index, close: close)
            return close + 1
        }
        return index + 1
    }

    /// A `return` of the method being read, or of the one being followed.
    private mutating func recordReturn(_ value: ObjCValue, of method: ObjCMethodName, at location: SourceLocation) {
        if followedReturns != nil {
            followedReturns?.append((value, location))
        } else {
            methods.record(value, returnedBy: method, at: location)
        }
    }

    /// The assignment whose `=` is at `index`: the name on its left holds the value from here on.
    private mutating func assign(_ value: ObjCValue, at index: Int) {
        let name = tokens[index - 1].text
        let location = tokens[index - 1].location
        // `holder.name = …`: the name whose property the statement sets, and what it sets it to.
        let holder =
            index >= 3 && tokens[index - 2].isSymbol(".") && tokens[index - 3].kind == .identifier
            ? tokens[index - 3].text : nil
        if let holder {
            let spelled = tokens[(index + 1)..<statementEnd(from: index + 1)]
            // `mapping.rootKeyPath = @"users";` (RestKit 0.10): the envelope key of what the mapping reads and sends.
            if name == "rootKeyPath", case .mapping(let className)? = variables[holder],
                case .string(let keyPath, _) = value
            {
                noteEnvelope(keyPath, of: className, at: location)
            }
            // `formatter.dateFormat = @"…"`, `formatter.timeZone = …`, `attributeMapping.valueTransformer = formatter`.
            setProperty(name, of: holder, to: value, spelled: spelled, at: location)
            // `mapping.forceCollectionMapping = YES`: the JSON object's keys are data, one object each (RestKit
            // 0.10's and 0.20's `RKObjectMapping.h`), which no key path of the YAML says.
            if name == "forceCollectionMapping", case .mapping(let className)? = variables[holder],
                !spelled.contains(where: { $0.isIdentifier("NO") })
            {
                diagnostics.warning(
                    "the mapping of '\(className)' reads each key of the JSON object as data (forceCollectionMapping), which is not imported",
                    at: location,
                    hint: "map the object's values with JSONValue, or a dictionary, in the YAML by hand"
                )
            }
            // `mapping.objectClass = [PlaceChannel class];`
            if name == "objectClass", let mapping = variables[holder],
                let retargeted = retarget(mapping, held: holder, to: value, at: location)
            {
                variables[holder] = retargeted
            }
        }
        variables[name] = value
        store(value, in: name, at: location)
        // `self.projectMapping = …` sets the property's instance variable, which the method may read as itself
        // (`[self addTimestampsTo:_projectMapping]`).
        if holder == "self" {
            variables["_" + name] = value
            store(value, in: "_" + name, at: location)
        }
        if case .mapping(let className) = value, !buildsNewMapping(from: index + 1) {
            handedMappings[name] = (className, mappings[className]?.properties.count ?? 0)
        } else {
            handedMappings[name] = nil
        }
        // `self.userMapping = …` in an instance method: what the property's getter gives a shared instance.
        guard followedReturns == nil, currentMethod != nil, !inClassMethod, let enclosingClass,
            let property = ObjCMethodDefinition.assignedProperty(in: tokens, at: index)
        else { return }
        let getter = ObjCMethodName(className: enclosingClass, selector: property, isClassMethod: false)
        if methods.isPropertyGetter(getter) { methods.record(value, returnedBy: getter, at: tokens[index].location) }
    }

    /// Whether the expression from `start` builds a new mapping (`[RKObjectMapping mappingForClass:…]`,
    /// `[[RKObjectMapping alloc] initWithClass:…]`), rather than taking one a method built.
    private func buildsNewMapping(from start: Int) -> Bool {
        var position = start
        while position < tokens.count, tokens[position].isSymbol("[") { position += 1 }
        return position < tokens.count && Self.mappingClasses.contains(tokens[position].text)
    }

    /// `mapping.objectClass = [PlaceChannel class]`, `[mapping setObjectClass:…]`: a mapping built for another
    /// class (`[Channel mapping]`) maps this one from here on, with the other's properties before its own. Nil when
    /// `mapping` is no mapping the import knows.
    private mutating func retarget(
        _ mapping: ObjCValue,
        held holder: String?,
        to newClass: ObjCValue,
        at location: SourceLocation
    ) -> ObjCValue? {
        guard case .mapping(let previous) = mapping else { return nil }
        guard case .classReference(let className, _) = newClass else {
            unreadable(newClass, what: "the class the mapping of '\(previous)' is given", at: location)
            return nil
        }
        if className != previous {
            beginMapping(className, at: location)
            // What this method added to the mapping it was handed is the new class's, not the other's.
            if let holder, let handed = handedMappings[holder], handed.className == previous {
                for property in mappings[previous]?.removeProperties(from: handed.start) ?? [] {
                    mappings[className]?.add(property)
                }
                handedMappings[holder] = nil
            }
            mappings[className]?.include(previous, at: location)
        }
        return .mapping(className)
    }

    /// Whether `evaluate` reads the whole expression, with every message in it: one message or one `@[…]` or `@{…}`
    /// literal (after a cast), or an expression with no message.
    private func isEvaluatedWhole(_ expression: ArraySlice<ObjCToken>) -> Bool {
        var start = expression.startIndex
        if expression[start].isSymbol("(") { start = brackets.closing(start) + 1 }
        if start + 1 < expression.endIndex, expression[start].isSymbol("@"),
            expression[start + 1].isSymbol("[") || expression[start + 1].isSymbol("{")
        {
            return closes(start + 1, at: expression.endIndex - 1)
        }
        guard start < expression.endIndex, expression[start].isSymbol("[") else {
            return !expression.contains { $0.isSymbol("[") }
        }
        return closes(start, at: expression.endIndex - 1)
    }

    /// Whether the bracket at `open` is closed, at `last`: a bracket the file never closes (a truncated file) is its
    /// own partner, which would otherwise pass for one closed where it opens.
    private func closes(_ open: Int, at last: Int) -> Bool {
        let close = brackets.closing(open)
        return close > open && close == last
    }

    private func statementEnd(from start: Int) -> Int {
        var depth = 0
        var position = start
        while position < tokens.count {
            let token = tokens[position]
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") {
                if depth == 0 { return position }
                depth -= 1
            }
            if depth == 0, token.isSymbol(";") { return position }
            position += 1
        }
        return position
    }

    // MARK: Expressions

    private mutating func evaluate(_ slice: ArraySlice<ObjCToken>) -> ObjCValue {
        guard evaluationDepth < Self.evaluationDepthLimit else { return tooDeep(slice) }
        evaluationDepth += 1
        defer { evaluationDepth -= 1 }
        return evaluateWithinDepth(slice)
    }

    /// An expression past `evaluationDepthLimit`, not read, with a warning at its first token (once).
    private mutating func tooDeep(_ slice: ArraySlice<ObjCToken>) -> ObjCValue {
        guard let first = slice.first else { return .unknown("", SourceLocation.start(of: "")) }
        if reportedCalls.insert(first.location).inserted {
            diagnostics.warning(
                "this expression is nested more than \(Self.evaluationDepthLimit) levels deep, counting the methods the importer follows to reach it; it is not read",
                at: first.location,
                hint: "write what it maps in the YAML by hand"
            )
        }
        return .unknown(slice.spelled, first.location)
    }

    private mutating func evaluateWithinDepth(_ slice: ArraySlice<ObjCToken>) -> ObjCValue {
        var slice = slice
        // A cast: `(NSString *)key`.
        if slice.count > 2, slice.first?.isSymbol("(") == true, brackets.closing(slice.startIndex) > slice.startIndex {
            let close = brackets.closing(slice.startIndex)
            let inner = tokens[(slice.startIndex + 1)..<close]
            if close + 1 < slice.endIndex, inner.allSatisfy({ $0.kind == .identifier || $0.isSymbol("*") }) {
                slice = slice[(close + 1)...]
            } else if close + 1 == slice.endIndex {
                return evaluate(inner)
            }
        }
        guard let first = slice.first else { return .unknown("", SourceLocation.start(of: "")) }
        let location = first.location
        if slice.allSatisfy({ $0.kind == .string }) {
            return .string(slice.map(\.text).joined(), location)
        }
        if slice.count == 1, first.kind == .identifier {
            switch first.text {
            case "nil", "NULL", "Nil": return .null
            case "self": return inClassMethod ? .classReference(enclosingClass ?? "self", location) : .instance
            default: break
            }
            if let bound = variables[first.text] { return bound }
            if isStoredName(first.text, in: location.file),
                let stored = seededStores[Self.storeKey(first.text, in: location.file)], case .mapping = stored
            {
                return stored
            }
            if let value = constant(first.text) { return .string(value, location) }
            return .unknown(first.text, location)
        }
        if first.isSymbol("["), closes(slice.startIndex, at: slice.endIndex - 1) {
            return evaluateMessage(open: slice.startIndex, close: slice.endIndex - 1)
        }
        // `self.class`, `[self class]`'s dotted form.
        if slice.count == 3, first.isIdentifier("self"), slice[slice.startIndex + 1].isSymbol("."),
            slice[slice.startIndex + 2].isIdentifier("class"), let enclosingClass
        {
            return .classReference(enclosingClass, location)
        }
        if let value = propertyRead(slice) { return value }
        if let name = nameOfClass(slice) { return .string(name, location) }
        // `NSStringFromSelector(@selector(name))`.
        if first.isIdentifier("NSStringFromSelector"),
            let name = slice.first(where: { $0.kind == .identifier && $0.text != "NSStringFromSelector" })
        {
            return .string(name.text, location)
        }
        // `@[…]` and `@{…}`; a boxed number (`@1`, `@(x)`) is no key.
        if first.isSymbol("@"), slice.count >= 2,
            slice[slice.startIndex + 1].isSymbol("[") || slice[slice.startIndex + 1].isSymbol("{")
        {
            let open = slice.startIndex + 1
            let close = slice.endIndex - 1
            if closes(open, at: close) {
                let inner = tokens[(open + 1)..<close]
                if tokens[open].isSymbol("[") { return .array(inner.splitAtTopLevelCommas().map { evaluate($0) }) }
                if tokens[open].isSymbol("{") {
                    var pairs: [(key: ObjCValue, value: ObjCValue)] = []
                    for element in inner.splitAtTopLevelCommas() {
                        guard let colon = topLevelColon(in: element) else {
                            pairs.append((.unknown(element.spelled, element.first!.location), .null))
                            continue
                        }
                        pairs.append(
                            (evaluate(element[element.startIndex..<colon]), evaluate(element[(colon + 1)...]))
                        )
                    }
                    return .dictionary(pairs)
                }
            }
        }
        return .unknown(slice.spelled, location)
    }

    /// `NSStringFromClass([self class])`, `NSStringFromClass([User class])`: the name of a class the code names, which
    /// Core Data apps pass as the entity's name.
    private mutating func nameOfClass(_ slice: ArraySlice<ObjCToken>) -> String? {
        let open = slice.startIndex + 1
        guard slice.count > 3, slice[slice.startIndex].isIdentifier("NSStringFromClass"), slice[open].isSymbol("("),
            brackets.closing(open) == slice.endIndex - 1,
            case .classReference(let name, _) = evaluate(slice[(open + 1)..<(slice.endIndex - 1)]),
            // `self` outside any `@implementation`.
            name != "self"
        else { return nil }
        return name
    }

    private func topLevelColon(in slice: ArraySlice<ObjCToken>) -> Int? {
        var depth = 0
        for index in slice.indices {
            let token = slice[index]
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("{") { depth += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol("}") { depth -= 1 }
            if depth == 0, token.isSymbol(":") { return index }
        }
        return nil
    }

    private mutating func evaluateMessage(open: Int, close: Int) -> ObjCValue {
        guard let message = ObjCMessage.parse(tokens, brackets, open: open, close: close) else {
            return .unknown(tokens[open...close].spelled, tokens[open].location)
        }
        return send(message, spelled: tokens[open...close])
    }

    /// `Location.mapping`, `self.userMapping`, `[Provider sharedInstance].userMapping`: a property read, which sends
    /// the getter's message; nil for any other expression.
    private mutating func propertyRead(_ slice: ArraySlice<ObjCToken>) -> ObjCValue? {
        guard slice.count >= 3, let last = slice.last, last.kind == .identifier,
            slice[slice.endIndex - 2].isSymbol(".")
        else { return nil }
        let receiver = slice[slice.startIndex..<(slice.endIndex - 2)]
        // A mapping's own properties (`mapping.objectClass`) are no message the import reads.
        if receiver.count == 1, let name = receiver.first?.text, case .mapping? = variables[name] {
            return .unknown(slice.spelled, slice[slice.startIndex].location)
        }
        // The receiver: a name or a message, then any further property reads.
        var position = receiver.startIndex
        if receiver[position].isSymbol("[") {
            position = brackets.closing(position) + 1
        } else if receiver[position].kind == .identifier {
            position += 1
        } else {
            return nil
        }
        while position < receiver.endIndex {
            guard position + 1 < receiver.endIndex, receiver[position].isSymbol("."),
                receiver[position + 1].kind == .identifier
            else { return nil }
            position += 2
        }
        let message = ObjCMessage(
            receiver: receiver,
            parts: [(last.text, slice[slice.endIndex..<slice.endIndex])],
            location: slice[slice.startIndex].location,
            isKeyword: false
        )
        return send(message, spelled: slice)
    }

    /// What a message evaluates to; `spelled` is its source, for the messages that quote it.
    private mutating func send(_ message: ObjCMessage, spelled: ArraySlice<ObjCToken>) -> ObjCValue {
        let value = answer(to: message, spelled: spelled)
        // A block handed to a message the import reads no further (RestKit 0.10's
        // `loadObjectsAtResourcePath:usingBlock:`, whose block sets `loader.objectMapping`; `performBlockAndWait:`)
        // ran in the app, so its lines are read too, its parameters unknown: a mapping built there is imported.
        if !Self.blockRunningSelectors.contains(message.selector) {
            for part in message.parts where part.argument.first?.isSymbol("^") == true {
                _ = run(part.argument, giving: nil)
            }
        }
        return value
    }

    /// The messages whose block the import reads itself, with the mapping it is given.
    static let blockRunningSelectors: Set<String> = [
        "mappingForClass:usingBlock:", "mappingForClass:withBlock:", "mappingForClass:block:",
        "serializationMappingUsingBlock:", "serializationMappingWithBlock:",
    ]

    /// What `send(_:spelled:)` answers, before it reads the blocks the message is handed.
    private mutating func answer(to message: ObjCMessage, spelled: ArraySlice<ObjCToken>) -> ObjCValue {
        let receiver = evaluate(message.receiver)
        let receiverName = message.receiver.count == 1 ? message.receiver.first?.text : nil
        let arguments = message.parts.map { part in
            part.argument.splitAtTopLevelCommas().map { evaluate($0) }
        }
        let selector = message.selector
        let location = message.location

        if selector == "class" {
            if case .instance = receiver, let enclosingClass { return .classReference(enclosingClass, location) }
            if case .object(let className) = receiver { return .classReference(className, location) }
            if case .classReference = receiver { return receiver }
            if let receiverName, receiverName.first?.isUppercase == true {
                return .classReference(receiverName, location)
            }
        }
        // Manual reference counting, which RestKit 0.10's apps used: `retain` and `autorelease` answer their
        // receiver, and `release` changes nothing the import reads.
        if !message.isKeyword, selector == "retain" || selector == "autorelease" { return receiver }
        if !message.isKeyword, selector == "release" { return .null }
        // RestKit 0.20's mappings copy with what they map (`[[User mapping] copy]`), as Foundation's collections do.
        if !message.isKeyword, selector == "copy" || selector == "mutableCopy" {
            switch receiver {
            case .mapping, .requestMapping, .dynamicMapping, .array, .dictionary, .string: return receiver
            default: break
            }
        }
        if let receiverName, let collection = Self.collection(selector, of: receiverName, arguments: arguments) {
            return collection
        }
        // `[[NSDictionary alloc] initWithObjectsAndKeys:…]`: what `dictionaryWithObjectsAndKeys:` makes.
        if case .object(let className) = receiver, selector.hasPrefix("initWith"),
            let kind = Self.collectionKinds[className],
            let collection = Self.collection(
                kind + "With" + selector.dropFirst("initWith".count),
                of: className,
                arguments: arguments
            )
        {
            return collection
        }
        if system == .restkit, let receiverName, message.isKeyword, message.parts.count == 1, selector.hasPrefix("set"),
            case let property = Self.propertyName(set: selector), Self.propertiesSetProperty.contains(property)
        {
            setProperty(
                property,
                of: receiverName,
                to: Self.argument(0, of: arguments),
                spelled: message.parts[0].argument,
                at: location
            )
        }
        switch system {
        case .restkit:
            if let value = restKit(message, receiver: receiver, receiverName: receiverName, arguments: arguments) {
                return value
            }
        case .mmdataobject:
            if let value = mmDataObject(message, receiver: receiver, arguments: arguments) { return value }
        }
        if let instance = instance(madeBy: selector, receiver: receiver, receiverName: receiverName) {
            return instance
        }
        if receiverName == "super" {
            return superMessage(message, arguments: arguments, spelled: spelled)
        }
        if let call = calledMethod(selector, receiver: receiver, receiverName: receiverName) {
            // A method a subclass inherits runs with `self` the subclass; one given a mapping adds to that mapping.
            let passesMapping = arguments.contains { $0.contains { if case .mapping = $0 { true } else { false } } }
            if call.method.className != call.selfClass || passesMapping {
                return follow(
                    call.method,
                    selfClass: call.selfClass,
                    arguments: arguments,
                    at: location,
                    spelled: spelled
                )
            }
            return valueReturned(by: call.method, at: location)
        }
        if let receiverName, receiverName.first?.isUppercase == true, variables[receiverName] == nil {
            return .classMessage(
                className: receiverName,
                selector: selector,
                arguments: arguments.flatMap { $0 },
                location
            )
        }
        return .unknown(spelled.spelled, location)
    }

    /// `[[MappingProvider alloc] init]`, `[MappingProvider new]`: an instance of the class; nil for other messages.
    private func instance(madeBy selector: String, receiver: ObjCValue, receiverName: String?) -> ObjCValue? {
        switch receiver {
        case .object(let className) where selector.hasPrefix("init"): return .object(className)
        case .classReference(let className, _) where selector == "alloc" || selector == "new":
            return .object(className)
        default: break
        }
        guard selector == "alloc" || selector == "new", let receiverName, receiverName.first?.isUppercase == true,
            variables[receiverName] == nil
        else { return nil }
        return .object(receiverName)
    }

    /// `[super mapping]`: the superclass's method, run with `self` what it is here. When the files don't define it,
    /// a class method that extends what the superclass's same method returns (`[super mapping]` in `+mapping`, of a
    /// RestKit mapping type) is taken to build the mapping of `self`'s class, as such methods do, with a warning
    /// that the superclass's part of it is not imported.
    private mutating func superMessage(
        _ message: ObjCMessage,
        arguments: [[ObjCValue]],
        spelled: ArraySlice<ObjCToken>
    ) -> ObjCValue {
        let selector = message.selector
        let location = message.location
        let superclass = definingClass.flatMap { headers.classes[$0]?.superclass }
        if let superclass, let selfClass = enclosingClass,
            let method = implementation(of: selector, isClassMethod: inClassMethod, from: superclass)
        {
            return follow(method, selfClass: selfClass, arguments: arguments, at: location, spelled: spelled)
        }
        guard inClassMethod, let enclosingClass else {
            // An instance method's mapping (a provider's `-userMapping`) is of a class only its superclass's knows.
            if system == .restkit, let method = currentMethod, method.name.selector == selector, method.returnsMapping {
                diagnostics.warning(
                    "'\(spelled.spelled)' runs the -\(selector) that \(method.name.className) inherits from \(superclass ?? "its superclass"), which is not among the files imported; the mapping it builds, and what is added to it here, are not imported",
                    at: location,
                    hint: superclass.map {
                        "pass the file that implements -[\($0) \(selector)] among the files, and import again"
                    }
                        ?? "pass the header that declares '\(method.name.className)' and its superclass's file, and import again"
                )
            }
            return .unknown(spelled.spelled, location)
        }
        guard system == .restkit, let method = currentMethod, method.name.selector == selector, method.returnsMapping
        else {
            return .classMessage(
                className: enclosingClass,
                selector: selector,
                arguments: arguments.flatMap { $0 },
                location
            )
        }
        let inherited = "+\(selector) that \(method.name.className) inherits"
        diagnostics.warning(
            superclass.map {
                "'\(spelled.spelled)' runs the \(inherited) from \($0), which is not among the files imported; the mapping has only what is added to it here"
            }
                ?? "'\(spelled.spelled)' runs the \(inherited), but the headers don't say which class \(method.name.className)'s superclass is; the mapping has only what is added to it here",
            at: location,
            hint: superclass.map {
                "pass the file that implements +[\($0) \(selector)] among the files, and import again"
            } ?? "pass the header that declares '\(method.name.className)' among the headers, and import again"
        )
        return .mapping(beginMapping(enclosingClass, at: location))
    }

    // MARK: Methods of the files

    /// The method of the imported files a message runs, and the class `self` is in it: a class method of a class
    /// (`[MappingProvider userMapping]`; `[self userMapping]` in a class method; `[[self class] userMapping]`), an
    /// instance method of `self`'s class in an instance method, or of an instance (`[[MappingProvider
    /// sharedInstance] userMapping]`); the class's own, or one it inherits from a superclass.
    private func calledMethod(
        _ selector: String,
        receiver: ObjCValue,
        receiverName: String?
    ) -> (method: ObjCMethodName, selfClass: String)? {
        let selfClass: String
        let isClassMethod: Bool
        switch receiver {
        case .classReference(let className, _): (selfClass, isClassMethod) = (className, true)
        case .instance:
            guard let enclosingClass else { return nil }
            (selfClass, isClassMethod) = (enclosingClass, false)
        case .object(let className): (selfClass, isClassMethod) = (className, false)
        // What a class method the importer can't read returns (a shared instance's accessor from a macro, or one not
        // resolved yet): an instance of its class, when that class has the instance method.
        case .methodResult(let accessor, _) where accessor.isClassMethod:
            (selfClass, isClassMethod) = (accessor.binding?.selfClass ?? accessor.className, false)
        case .classMessage(let className, _, _, _): (selfClass, isClassMethod) = (className, false)
        default:
            guard let receiverName, receiverName.first?.isUppercase == true, variables[receiverName] == nil else {
                return nil
            }
            (selfClass, isClassMethod) = (receiverName, true)
        }
        return implementation(of: selector, isClassMethod: isClassMethod, from: selfClass).map { ($0, selfClass) }
    }

    /// The method `selector` runs for `className`: its own, or the nearest superclass's that the files define, as
    /// far as the headers tell each class's superclass.
    private func implementation(of selector: String, isClassMethod: Bool, from className: String) -> ObjCMethodName? {
        var current: String? = className
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            let method = ObjCMethodName(className: name, selector: selector, isClassMethod: isClassMethod)
            if methods.defines(method) { return method }
            current = headers.classes[name]?.superclass
        }
        return nil
    }

    /// What a message to a method of the files evaluates to: what the method returns, once the first reading has
    /// resolved it; the method itself until then, or when it can't be resolved.
    private mutating func valueReturned(by method: ObjCMethodName, at location: SourceLocation) -> ObjCValue {
        guard case .value(let value)? = resolvedMethods[method] else { return .methodResult(method, location) }
        if case .mapping(let className) = value { beginMapping(className, at: mappingLocations[className] ?? location) }
        return value
    }

    /// Follows a message into the method of the files it runs, reading the method's body with `self` the class (or
    /// an instance of the class) the message goes to and its parameters the message's arguments: a method a subclass
    /// inherits, `[super …]`, a method given a mapping to add to. A method is read once for each `self` and
    /// arguments; one met again while it is followed (a loop), or more than `ObjCMethodReturns.depthLimit` calls
    /// deep, is not followed, with a warning at the call.
    private mutating func follow(
        _ method: ObjCMethodName,
        selfClass: String,
        arguments: [[ObjCValue]],
        at location: SourceLocation,
        spelled: ArraySlice<ObjCToken>
    ) -> ObjCValue {
        // A property's getter has no body; a file that nests too deep is not read (and says so).
        guard let (fileIndex, definition) = methods.definition(of: method),
            files[fileIndex].brackets.firstTooDeep == nil
        else { return valueReturned(by: method, at: location) }
        let bound = definition.parameters.indices.map { Self.argument($0, of: arguments) }
        var budget = Self.argumentSignatureLimit
        let signatures = bound.map { Self.signature($0, within: &budget) }
        guard budget >= 0 else {
            if reportedCalls.insert(location).inserted {
                diagnostics.warning(
                    "the arguments of '\(spelled.spelled)' spell more than \(Self.argumentSignatureLimit) characters, each call building on the last; it is not followed",
                    at: location,
                    hint: "write what it maps in the YAML by hand"
                )
            }
            return .unknown(spelled.spelled, location)
        }
        var followed = method
        followed.binding = ObjCCallBinding(selfClass: selfClass, arguments: signatures)
        if let value = followedValues[followed] {
            // Where this call is, for the warnings where its value is used.
            if case .methodResult(let name, _) = value { return .methodResult(name, location) }
            return value
        }
        if let start = following.firstIndex(of: followed) {
            let why = ObjCMethodReturns.loop(following[start...] + [followed])
            loops[followed] = why
            if reportedCalls.insert(location).inserted {
                diagnostics.warning(
                    "'\(spelled.spelled)' runs '\(followed)', which \(why); the importer follows it once, not again from here",
                    at: location,
                    hint: "at run time these calls never end; check the methods"
                )
            }
            return .methodResult(followed, location)
        }
        guard following.count < ObjCMethodReturns.depthLimit else {
            if reportedCalls.insert(location).inserted {
                diagnostics.warning(
                    "'\(spelled.spelled)' is more than \(ObjCMethodReturns.depthLimit) calls deep into the methods the importer follows (\(following[0]) first); it is not followed",
                    at: location,
                    hint: "write what it maps in the YAML by hand"
                )
            }
            return .unknown(spelled.spelled, location)
        }
        let saved = (tokens, brackets, enclosingClass, definingClass, inClassMethod, currentMethod, variables)
        let outerHanded = handedMappings
        let outerReturns = followedReturns
        tokens = files[fileIndex].tokens
        brackets = files[fileIndex].brackets
        enclosingClass = selfClass
        definingClass = method.className
        inClassMethod = method.isClassMethod
        currentMethod = definition
        variables = [:]
        handedMappings = [:]
        for (parameter, value) in zip(definition.parameters, bound) { variables[parameter] = value }
        followedReturns = []
        following.append(followed)
        if following.count == 1 { followedFrom = location }
        var index = definition.bodyStart + 1
        while index < definition.bodyEnd { index = readStatement(at: index) }
        following.removeLast()
        if following.isEmpty { followedFrom = nil }
        let returned = followedReturns ?? []
        (tokens, brackets, enclosingClass, definingClass, inClassMethod, currentMethod, variables) = saved
        handedMappings = outerHanded
        followedReturns = outerReturns
        // The first reading leaves to the resolver what the method returns through methods not yet resolved.
        for value in returned { methods.record(value.value, returnedBy: followed, at: value.location) }
        let value = value(returnedBy: followed, returned, at: location)
        followedValues[followed] = value
        return value
    }

    /// What a followed method gives, from its `return` statements: the method itself when that can't be told
    /// (yet, in the first reading), with the reason kept for the warnings where it is used.
    private mutating func value(
        returnedBy followed: ObjCMethodName,
        _ returned: [(value: ObjCValue, location: SourceLocation)],
        at location: SourceLocation
    ) -> ObjCValue {
        if let known = resolvedMethods[followed] {
            guard case .value(let value) = known else { return .methodResult(followed, location) }
            return value
        }
        var values: [(value: ObjCValue, location: SourceLocation)] = []
        for returned in returned {
            switch returned.value {
            case .null: continue
            case .methodResult(let callee, _):
                if let why = loops[callee] {
                    followedResolutions[followed] = .unresolved(method: callee, why: why)
                    return .methodResult(followed, location)
                }
                switch resolvedMethods[callee] ?? followedResolutions[callee] {
                case .value(let value)?: values.append((value, returned.location))
                case .unresolved(let culprit, let why)?:
                    followedResolutions[followed] = .unresolved(method: culprit, why: why)
                    return .methodResult(followed, location)
                case nil: return .methodResult(followed, location)
                }
            default: values.append(returned)
            }
        }
        let resolution = ObjCMethodReturns.combine(values, of: followed)
        guard case .value(let value) = resolution else {
            followedResolutions[followed] = resolution
            return .methodResult(followed, location)
        }
        return value
    }

    /// What the import read of an argument, for telling one call of a followed method from another, spelled within
    /// `budget` characters, which it takes from; past it (`budget` below zero) the spelling stops short, and the
    /// caller doesn't follow the call.
    private static func signature(_ value: ObjCValue, within budget: inout Int) -> String {
        guard budget >= 0 else { return "" }
        func spelled(_ values: [ObjCValue], _ separator: String) -> String {
            var parts: [String] = []
            for value in values where budget >= 0 { parts.append(signature(value, within: &budget)) }
            return parts.joined(separator: separator)
        }
        let text: String =
            switch value {
            case .string(let text, _): "@\"\(text)\""
            case .null: "nil"
            case .classReference(let className, _): "[\(className) class]"
            case .mapping(let className): "mapping of \(className)"
            case .relationship(let property), .attribute(let property): "\(property.keyPath) → \(property.name)"
            case .dynamicMapping: "dynamic mapping"
            case .requestMapping: "request mapping"
            case .dictionary(let pairs): "@{\(spelled(pairs.flatMap { [$0.key, $0.value] }, ", "))}"
            case .array(let values): "@[\(spelled(values, ", "))]"
            case .classMessage(let className, let selector, let arguments, _):
                "[\(className) \(selector) \(spelled(arguments, " "))]"
            case .methodResult(let method, _): "\(method)"
            case .instance: "self"
            case .object(let className): "a \(className)"
            case .unknown(let text, _): text
            }
        budget -= text.utf8.count
        return text
    }

    // MARK: RestKit

    private mutating func restKit(
        _ message: ObjCMessage,
        receiver: ObjCValue,
        receiverName: String?,
        arguments: [[ObjCValue]]
    ) -> ObjCValue? {
        let selector = message.selector
        let location = message.location
        let isMappingClass = receiverName.map(Self.mappingClasses.contains) ?? false
        func argument(_ index: Int) -> ObjCValue { Self.argument(index, of: arguments) }

        if isMappingClass {
            switch selector {
            case "mappingForClass:", "mappingForClass:inManagedObjectStore:", "mappingForClass:inManagedObjectContext:":
                guard case .classReference(let name, _) = argument(0) else {
                    unreadable(argument(0), what: "the mapped class", at: location)
                    return unreadMapping(selector, at: location)
                }
                return .mapping(beginMapping(name, at: location))
            case "mappingForClass:usingBlock:", "mappingForClass:withBlock:", "mappingForClass:block:":
                // RestKit 0.10 ran the block at once, with the new mapping as its argument.
                guard case .classReference(let name, _) = argument(0) else {
                    unreadable(argument(0), what: "the mapped class", at: location)
                    return unreadMapping(selector, at: location)
                }
                let block = message.parts[1].argument
                let className = beginMapping(name, at: location)
                if !run(block, giving: .mapping(className)) {
                    unreadable(
                        .unknown(block.spelled, block.first?.location ?? location),
                        what: "the block that builds the mapping of '\(className)'",
                        at: location
                    )
                }
                return .mapping(className)
            case "mappingForClassWithName:":
                guard case .string(let name, _) = argument(0) else {
                    unreadable(argument(0), what: "the mapped class's name", at: location)
                    return unreadMapping(selector, at: location)
                }
                return .mapping(beginMapping(name, at: location))
            case "mappingForEntityForName:inManagedObjectStore:", "mappingForEntityWithName:inManagedObjectStore:",
                "mappingForEntityWithName:":
                guard case .string(let name, let nameLocation) = argument(0) else {
                    unreadable(argument(0), what: "the entity name", at: location)
                    return unreadMapping(selector, at: location)
                }
                return .mapping(beginMapping(entityClass(name, at: nameLocation), at: location))
            case "addDefaultDateFormatterForString:inTimeZone:", "addDefaultDateFormatterForString:":
                guard case .string(let format, _) = argument(0) else {
                    unreadable(argument(0), what: "the date format", at: location)
                    return .null
                }
                var timeZone: String?
                if case .classMessage(_, _, let zoneArguments, _) = argument(1),
                    case .string(let name, _)? = zoneArguments.first
                {
                    timeZone = name
                }
                defaultDatePattern = DatePattern(format: format, timeZone: timeZone, location: location)
                return .null
            case "addDefaultDateFormatter:", "setPreferredDateFormatter:", "setDefaultDateFormatters:":
                // A local formatter the method set up (`formatter.dateFormat = @"…"`); a list of them is not read.
                if selector != "setDefaultDateFormatters:", let pattern = dateFormatter(message.parts[0].argument) {
                    defaultDatePattern = pattern
                    return .null
                }
                diagnostics.warning(
                    "'\(selector)' takes a date formatter built at run time; its format is not imported",
                    at: location,
                    hint:
                        "give the Date properties 'formatter: DatePatternFormatter, userData: { format: \"…\" }' in the YAML"
                )
                return .null
            // What a create or an update sends, which the models' own keys already write.
            case "requestMapping", "serializationMapping":
                return .requestMapping
            case "serializationMappingUsingBlock:", "serializationMappingWithBlock:":
                _ = run(message.parts[0].argument, giving: .requestMapping)
                return .requestMapping
            // RestKit 0.10's `mappingForEntity:inManagedObjectStore:`, given the entity's description.
            case "mappingForEntity:inManagedObjectStore:", "mappingForEntity:":
                return entityMapping(argument(0), at: location)
            default:
                break
            }
        }
        // Where the response holds a mapping's objects: an envelope key, which the model does not include.
        if let keyPathPart = ["forKeyPath", "keyPath", "withRootKeyPath"].compactMap({ keyword in
            message.parts.firstIndex { $0.keyword == keyword }
        }).first,
            let className = arguments.lazy.compactMap({ part -> String? in
                if case .mapping(let className)? = part.first { return className }
                return nil
            }).first,
            case .string(let keyPath, _) = argument(keyPathPart)
        {
            noteEnvelope(keyPath, of: className, at: location)
            return .null
        }
        // RestKit 0.21's `[[RKValueTransformer defaultValueTransformer] insertValueTransformer:formatter atIndex:0]`:
        // a date formatter every mapping's dates are read with, before the default ones.
        if selector == "insertValueTransformer:atIndex:" || selector == "addValueTransformer:",
            case .classMessage("RKValueTransformer", "defaultValueTransformer", _, _) = receiver
        {
            if let pattern = dateFormatter(message.parts[0].argument) {
                defaultDatePattern = pattern
            } else {
                diagnostics.warning(
                    "'\(selector)' adds a value transformer built at run time to RestKit's default ones; what it converts is not imported",
                    at: location,
                    hint:
                        "if it reads dates, give the Date properties 'formatter: DatePatternFormatter, userData: { format: \"…\" }' in the YAML"
                )
            }
            return .null
        }
        // A dynamic mapping picks each object's mapping from the JSON at run time; whatever configures it
        // (`setObjectMapping:whenValueOfKeyPath:isEqualTo:`, `addMatcher:`) is part of it.
        if receiverName.map(Self.dynamicMappingClasses.contains) == true {
            return .dynamicMapping
        }
        if case .dynamicMapping = receiver { return .dynamicMapping }
        // What is added to a request mapping is what a create or update sends; `[requestMapping inverseMapping]` too.
        if case .requestMapping = receiver { return selector == "inverseMapping" ? .requestMapping : .null }
        // RestKit 0.20's property mappings, and 0.10's `RKObjectRelationshipMapping`/`RKObjectAttributeMapping`.
        if (receiverName == "RKRelationshipMapping"
            && selector == "relationshipMappingFromKeyPath:toKeyPath:withMapping:")
            || (receiverName == "RKObjectRelationshipMapping"
                && selector == "mappingFromKeyPath:toKeyPath:withMapping:")
        {
            return relationship(
                from: Self.sourceKeyPath(argument(0), at: location),
                to: argument(1),
                mapping: argument(2),
                at: location
            )
        }
        if (receiverName == "RKAttributeMapping"
            && (selector == "attributeMappingFromKeyPath:toKeyPath:"
                || selector == "attributeMappingFromKeyPath:toKeyPath:withValueClass:"))
            || (receiverName == "RKObjectAttributeMapping" && selector == "mappingFromKeyPath:toKeyPath:")
        {
            guard case .string(let keyPath, let keyLocation) = Self.sourceKeyPath(argument(0), at: location),
                case .string(let name, _) = argument(1)
            else {
                unreadable(argument(0), what: "an attribute's key path", at: location)
                return .null
            }
            guard isJSONKeyPath(keyPath, of: name, at: keyLocation) else { return .null }
            var attribute = ImportedProperty(name: name, keyPath: keyPath, location: keyLocation)
            attribute.singleAsArray = receiverName == "RKAttributeMapping"
            return .attribute(attribute)
        }
        // `[[RKObjectMapping alloc] initWithClass:[User class]]`.
        if case .object(let mappingClass) = receiver, Self.mappingClasses.contains(mappingClass),
            selector == "initWithClass:"
        {
            guard case .classReference(let name, _) = argument(0) else {
                unreadable(argument(0), what: "the mapped class", at: location)
                return unreadMapping(selector, at: location)
            }
            return .mapping(beginMapping(name, at: location))
        }
        // A generated class's entity, `[self entityInManagedObjectContext:…]` in a class method of it.
        if selector == "entityInManagedObjectContext:", case .classReference(let className, _) = receiver {
            return .classMessage(className: className, selector: selector, arguments: [], location)
        }
        // `[[RKEntityMapping alloc] initWithEntity:[NSEntityDescription entityForName:@"User" inManagedObjectContext:…]]`.
        if case .object(let mappingClass) = receiver, Self.mappingClasses.contains(mappingClass),
            selector == "initWithEntity:"
        {
            return entityMapping(argument(0), at: location)
        }
        guard case .mapping(let className) = receiver else {
            // A mapping the import can't tell (one a method of the files returns, one kept in an instance variable
            // another method set, one built by a message the import doesn't read): what is added to it is lost,
            // which the warning says. A method's parameter is the mapping its callers give it, read where they do.
            if Self.addingSelectors.contains(selector), !isUnboundLocal(message.receiver) {
                switch receiver {
                case .null, .dynamicMapping, .requestMapping: break
                // A mapping whose class could not be read, which its own warning names.
                case .unknown(_, let place) where unreadMappingLocations.contains(place): break
                default:
                    unreadable(receiver, what: "the mapping that '\(selector)' adds to", at: location)
                    return .null
                }
            }
            return nil
        }
        switch selector {
        case "setObjectClass:":
            if let retargeted = retarget(receiver, held: receiverName, to: argument(0), at: location),
                let receiverName, variables[receiverName] != nil
            {
                variables[receiverName] = retargeted
            }
        case "mapKeyPath:toAttribute:":
            addAttribute(argument(0), to: argument(1), in: className, at: location)
        case "mapKeyPathsToAttributes:":
            let values = arguments.first ?? []
            var index = 0
            while index < values.count {
                if case .null = values[index] { break }
                addAttribute(
                    values[index],
                    to: index + 1 < values.count ? values[index + 1] : .null,
                    in: className,
                    at: location
                )
                index += 2
            }
        case "mapAttributes:":
            for value in Self.nilTerminated(arguments.first ?? []) {
                addAttribute(value, to: value, in: className, at: location)
            }
        case "removeMappingForKeyPath:":
            guard case .string(let keyPath, _) = argument(0) else {
                unreadable(argument(0), what: "the key path whose mapping is taken away", at: location)
                return .null
            }
            mappings[className]?.removeProperties(keyPath: keyPath)
        case "removeAllMappings":
            _ = mappings[className]?.removeProperties(from: 0)
        // RestKit 0.10's lookups of one of a mapping's own attribute or relationship mappings, by the JSON's key path
        // or the property's name, which `removeMapping:` takes away.
        case "mappingForKeyPath:", "mappingForSourceKeyPath:", "mappingForDestinationKeyPath:", "mappingForAttribute:",
            "mappingForRelationship:":
            guard case .string(let key, _) = argument(0), let mapping = mappings[className] else { return .null }
            let bySource = selector == "mappingForKeyPath:" || selector == "mappingForSourceKeyPath:"
            let found =
                bySource ? mapping.properties.first { $0.keyPath == key } : mapping.property(named: key)
            guard let found else { return .null }
            return found.relationship == nil ? .attribute(found) : .relationship(found)
        case "removeMapping:":
            switch argument(0) {
            case .attribute(let property), .relationship(let property):
                mappings[className]?.removeProperty(named: property.name)
            case .null: break
            default: unreadable(argument(0), what: "the mapping taken away", at: location)
            }
        // RestKit 0.10's `mapAttributesFromArray:` and `mapAttributesFromSet:`, 0.20's `addAttributeMappingsFromArray:`.
        case "mapAttributesFromArray:", "mapAttributesFromSet:", "addAttributeMappingsFromArray:":
            guard case .array(let values) = argument(0) else {
                unreadable(argument(0), what: "the attribute list", at: location)
                return .null
            }
            let version: RestKitVersion = selector.hasPrefix("add") ? .v020 : .v010
            for value in values { addAttribute(value, to: value, in: className, at: location, version: version) }
        case "addAttributeMappingsFromDictionary:":
            guard case .dictionary(let pairs) = argument(0) else {
                unreadable(argument(0), what: "the attribute dictionary", at: location)
                return .null
            }
            for pair in pairs {
                addAttribute(pair.key, to: pair.value, in: className, at: location, version: .v020)
            }
        case "mapRelationship:withMapping:", "addRelationshipMappingWithSourceKeyPath:mapping:":
            let relationship = relationship(from: argument(0), to: argument(0), mapping: argument(1), at: location)
            addPropertyMapping(relationship, to: className, at: location)
        case "hasOne:withMapping:", "hasMany:withMapping:":
            let relationship = relationship(
                from: argument(0),
                to: argument(0),
                mapping: argument(1),
                isCollection: selector.hasPrefix("hasMany"),
                at: location
            )
            addPropertyMapping(relationship, to: className, at: location)
        case "mapKeyPath:toRelationship:withMapping:", "mapKeyPath:toRelationship:withMapping:serialize:":
            let relationship = relationship(from: argument(0), to: argument(1), mapping: argument(2), at: location)
            addPropertyMapping(relationship, to: className, at: location)
        case "addPropertyMapping:", "addAttributeMapping:", "addRelationshipMapping:":
            addPropertyMapping(argument(0), to: className, at: location)
        case "addPropertyMappingsFromArray:":
            if case .array(let values) = argument(0) {
                for value in values { addPropertyMapping(value, to: className, at: location) }
            } else {
                unreadable(argument(0), what: "the property mappings", at: location)
            }
        case "connectRelationship:withObjectForPrimaryKeyAttribute:",
            "connectRelationship:withMapping:fromKeyPath:toKeyPath:",
            "addConnectionForRelationship:connectedBy:":
            diagnostics.warning(
                "'\(selector)' connects Core Data objects by primary key at run time; the JSON holds only the key, which the model keeps as it is",
                at: location
            )
        case "inverseMapping":
            return .requestMapping
        case "setRootKeyPath:":
            if case .string(let keyPath, _) = argument(0) { noteEnvelope(keyPath, of: className, at: location) }
        // Settings that change how RestKit stores what it read, not which keys it reads: set as a property
        // (`mapping.identificationAttributes = …`), they were read quietly, and so are they here.
        case _
        where selector.hasPrefix("set") && Self.settingsOutsideTheJSON.contains(Self.propertyName(set: selector)):
            break
        default:
            diagnostics.warning(
                "'\(selector)' is not imported: the importer reads attribute and relationship mappings only",
                at: location
            )
        }
        return .null
    }

    /// Where the response holds a mapping's objects: an envelope key, which the model does not include.
    private mutating func noteEnvelope(_ keyPath: String, of className: String, at location: SourceLocation) {
        diagnostics.append(
            Diagnostic(
                .note,
                "the response holds \(className) under the key path '\(keyPath)'; the model maps what is inside it",
                at: location,
                hint:
                    "decode \(className) from there, or map a model for the envelope with '\(keyPath)' as a property's key path"
            )
        )
    }

    /// Sets what the import reads of a local's property: an `NSDateFormatter`'s `dateFormat` and `timeZone`, an
    /// attribute mapping's `valueTransformer` (a date formatter's pattern, or a warning that what it converts is not
    /// imported).
    private mutating func setProperty(
        _ property: String,
        of holder: String,
        to value: ObjCValue,
        spelled: ArraySlice<ObjCToken>,
        at location: SourceLocation
    ) {
        switch (property, variables[holder]) {
        case ("dateFormat", .object("NSDateFormatter")?):
            guard case .string(let format, _) = value else {
                dateFormatters[holder] = nil
                return
            }
            dateFormatters[holder] = DatePattern(
                format: format,
                timeZone: dateFormatters[holder]?.timeZone,
                location: location
            )
        case ("timeZone", .object("NSDateFormatter")?):
            guard var pattern = dateFormatters[holder] else { return }
            pattern.timeZone = Self.timeZoneName(value)
            dateFormatters[holder] = pattern
        case ("valueTransformer", .attribute(var attribute)?):
            let name = spelled.count == 1 ? spelled.first?.text : nil
            if let name, let pattern = dateFormatters[name] {
                attribute.datePattern = pattern
                variables[holder] = .attribute(attribute)
                // RestKit's attribute mapping is one object: one already added to a mapping reads dates so too.
                for className in order
                where mappings[className]?.property(named: attribute.name)?.location == attribute.location {
                    mappings[className]?.add(attribute)
                }
                return
            }
            diagnostics.warning(
                "the value transformer of '\(attribute.name)' is built at run time ('\(spelled.spelled)'); '\(attribute.name)' is imported as RestKit read it without one",
                at: location,
                hint: "write the formatter that reads '\(attribute.name)' in the YAML by hand"
            )
        default:
            break
        }
    }

    /// The properties of RestKit's mappings that change how it stores what it read (Core Data identification, what
    /// a missing key leaves, validation), not which JSON keys it reads.
    static let settingsOutsideTheJSON: Set<String> = [
        "identificationAttributes", "identificationPredicate", "assignsNilForMissingRelationships",
        "assignsDefaultValueForMissingAttributes", "setNilForMissingRelationships",
        "setDefaultValueForMissingAttributes",
        "performKeyValueValidation", "performsKeyValueValidation", "discardsInvalidObjectsOnInsert",
        "deletionPredicate",
        "modificationAttribute", "modificationAttributeForName", "shouldMapRelationshipsIfObjectIsUnmodified",
        "primaryKeyAttribute", "ignoreUnknownKeyPaths",
    ]

    /// The property a setter sets: `setIdentificationAttributes:` sets `identificationAttributes`.
    static func propertyName(set selector: String) -> String {
        let name = selector.dropFirst("set".count).prefix { $0 != ":" }
        return (name.first.map { String($0).lowercased() } ?? "") + name.dropFirst()
    }

    /// The properties `setProperty` reads, which their setters (`setDateFormat:`) set as well.
    static let propertiesSetProperty: Set<String> = ["dateFormat", "timeZone", "valueTransformer"]

    /// The pattern of the local date formatter an argument names, nil for any other argument.
    private func dateFormatter(_ argument: ArraySlice<ObjCToken>) -> DatePattern? {
        guard argument.count == 1, let name = argument.first?.text else { return nil }
        return dateFormatters[name]
    }

    /// `[NSTimeZone timeZoneWithName:@"America/New_York"]`, `timeZoneWithAbbreviation:@"UTC"`; nil (UTC) for
    /// `timeZoneForSecondsFromGMT:0` and anything else.
    private static func timeZoneName(_ value: ObjCValue) -> String? {
        guard case .classMessage("NSTimeZone", let selector, let arguments, _) = value,
            selector == "timeZoneWithName:" || selector == "timeZoneWithAbbreviation:",
            case .string(let name, _)? = arguments.first, name != "UTC", name != "GMT"
        else { return nil }
        return name
    }

    /// `[NSArray arrayWithObjects:@"name", @"email", nil]`, `[NSSet setWithArray:@[…]]`: the list a Foundation
    /// collection class makes, which RestKit 0.10's `mapAttributesFromArray:` and `mapAttributesFromSet:` take, and a
    /// dictionary class's dictionary (``dictionary(_:_:)``); nil for any other message.
    private static func collection(_ selector: String, of className: String, arguments: [[ObjCValue]]) -> ObjCValue? {
        guard let kind = collectionKinds[className] else { return nil }
        if kind == "dictionary" { return dictionary(selector, arguments) }
        switch selector {
        case "arrayWithObjects:", "setWithObjects:", "orderedSetWithObjects:":
            return .array(nilTerminated(arguments.first ?? []))
        case "arrayWithObject:", "setWithObject:", "orderedSetWithObject:":
            return .array([argument(0, of: arguments)])
        case "arrayWithArray:", "setWithArray:", "orderedSetWithArray:":
            let list = argument(0, of: arguments)
            if case .array = list { return list }
            return nil
        default:
            return nil
        }
    }

    /// The arguments of a variadic message that ends its list with `nil` (`mapAttributes:@"a", @"b", nil`), up to it.
    private static func nilTerminated(_ arguments: [ObjCValue]) -> [ObjCValue] {
        Array(arguments.prefix { if case .null = $0 { false } else { true } })
    }

    /// How each Foundation collection class's convenience constructors start (`arrayWith…`), for its `initWith…`.
    static let collectionKinds: [String: String] = [
        "NSArray": "array", "NSMutableArray": "array", "NSSet": "set", "NSMutableSet": "set",
        "NSOrderedSet": "orderedSet", "NSMutableOrderedSet": "orderedSet", "NSDictionary": "dictionary",
        "NSMutableDictionary": "dictionary",
    ]

    /// `[NSDictionary dictionaryWithObjectsAndKeys:@"name", @"user_name", nil]` (each value before its key),
    /// `dictionaryWithObjects:forKeys:`, `dictionaryWithObject:forKey:` and `dictionaryWithDictionary:`: the
    /// dictionary RestKit 0.20's `addAttributeMappingsFromDictionary:` takes, written as apps before literals did;
    /// nil for any other message.
    private static func dictionary(_ selector: String, _ arguments: [[ObjCValue]]) -> ObjCValue? {
        switch selector {
        case "dictionaryWithObjectsAndKeys:":
            let list = nilTerminated(arguments.first ?? [])
            // A value without its key is no dictionary the import can read.
            guard list.count % 2 == 0 else { return nil }
            return .dictionary(stride(from: 0, to: list.count, by: 2).map { (key: list[$0 + 1], value: list[$0]) })
        case "dictionaryWithObjects:forKeys:":
            guard case .array(let values) = argument(0, of: arguments),
                case .array(let keys) = argument(1, of: arguments),
                values.count == keys.count
            else { return nil }
            return .dictionary(zip(keys, values).map { (key: $0, value: $1) })
        case "dictionaryWithObject:forKey:":
            return .dictionary([(key: argument(1, of: arguments), value: argument(0, of: arguments))])
        case "dictionaryWithDictionary:":
            let dictionary = argument(0, of: arguments)
            if case .dictionary = dictionary { return dictionary }
            return nil
        default:
            return nil
        }
    }

    /// Reads the statements of a block literal that is handed a mapping (`usingBlock:^(RKObjectMapping *mapping) {
    /// … }`), with its one parameter holding `value`. False, reading nothing, when `block` is no such literal.
    private mutating func run(_ block: ArraySlice<ObjCToken>, giving value: ObjCValue?) -> Bool {
        // `^(RKObjectMapping *mapping) { … }`, with an optional return type after the `^`; `^{ … }` with no
        // parameters.
        guard let caret = block.first, caret.isSymbol("^") else { return false }
        var position = block.startIndex + 1
        var parameters: Range<Int>?
        while position < block.endIndex, !tokens[position].isSymbol("{") {
            if tokens[position].isSymbol("(") {
                let close = brackets.closing(position)
                guard close > position else { return false }
                parameters = (position + 1)..<close
                position = close
            }
            position += 1
        }
        let body = position
        guard body < block.endIndex, closes(body, at: block.endIndex - 1) else { return false }
        let parameter = parameters.flatMap { tokens[$0].last(where: { $0.kind == .identifier }) }
        // A block that is given a mapping has a parameter to hold it.
        if value != nil, parameter == nil { return false }
        // The parameter, and the names the block assigns as they are (`RKObjectMapping *mapping = …`), are the
        // block's own and end with it: a block can't assign the method's locals (but `__block` ones). What it sets
        // through `self.` or a mapping's `objectClass` changes the method's too.
        var locals: Set<String> = parameter.map { [$0.text] } ?? []
        for position in (body + 1)..<(block.endIndex - 1)
        where tokens[position].isSymbol("=") && tokens[position - 1].kind == .identifier
            && !tokens[position - 2].isSymbol(".") && !tokens[position + 1].isSymbol("=")
        {
            locals.insert(tokens[position - 1].text)
        }
        let outerLocals = locals.map { ($0, variables[$0], handedMappings[$0]) }
        if let parameter { variables[parameter.text] = value }
        defer {
            for (name, variable, handed) in outerLocals {
                variables[name] = variable
                handedMappings[name] = handed
            }
        }
        var index = body + 1
        while index < block.endIndex - 1 {
            // The block's own `return` returns nothing of the method's.
            if tokens[index].isIdentifier("return") {
                index = statementEnd(from: index + 1) + 1
                continue
            }
            index = readStatement(at: index)
        }
        return true
    }

    /// The mapping of the entity an `NSEntityDescription` describes: `[NSEntityDescription entityForName:@"User"
    /// inManagedObjectContext:…]`, or a generated class's `[User entityInManagedObjectContext:…]` (mogenerator's).
    private mutating func entityMapping(_ entity: ObjCValue, at location: SourceLocation) -> ObjCValue {
        switch entity {
        case .classMessage("NSEntityDescription", let selector, let arguments, _)
        where selector.hasPrefix("entityForName:"):
            guard case .string(let name, let nameLocation)? = arguments.first else {
                unreadable(arguments.first ?? .null, what: "the entity name", at: location)
                return unreadMapping(selector, at: location)
            }
            return .mapping(beginMapping(entityClass(name, at: nameLocation), at: location))
        case .classMessage(let className, "entityInManagedObjectContext:", _, _):
            return .mapping(beginMapping(className, at: location))
        default:
            unreadable(entity, what: "the mapped entity", at: location)
            return unreadMapping("initWithEntity:", at: location)
        }
    }

    /// A mapping whose class or entity could not be read, which the warning at `location` already names: what is
    /// added to it is no warning of its own.
    private mutating func unreadMapping(_ selector: String, at location: SourceLocation) -> ObjCValue {
        unreadMappings += 1
        unreadMappingLocations.insert(location)
        return .unknown(selector, location)
    }

    /// Whether `receiver` is a name the code being read has not set: a parameter of the method being read on its
    /// own, which its callers bind when they give it a mapping (and the importer follows the call), or of a block;
    /// not an instance variable (`_userMapping`), which another method sets.
    private func isUnboundLocal(_ receiver: ArraySlice<ObjCToken>) -> Bool {
        guard receiver.count == 1, let name = receiver.first?.text, receiver.first?.kind == .identifier,
            variables[name] == nil
        else { return false }
        if followedReturns == nil, currentMethod?.parameters.contains(name) == true { return true }
        return !isStoredName(name, in: receiver.first?.location.file ?? "")
    }

    /// Whether `name` names what outlives a call: an instance variable (`_userMapping`) or a variable the file
    /// declares outside its methods (`static RKObjectMapping *userMapping;`).
    private func isStoredName(_ name: String, in file: String) -> Bool {
        name.hasPrefix("_") || fileScopeNames[file]?.contains(name) == true
    }

    /// The variables `tokens` declare outside any method or function (`static RKObjectMapping *userMapping = nil;`),
    /// properties left out.
    static func fileScopeNames(in tokens: [ObjCToken]) -> Set<String> {
        var names: Set<String> = []
        var depth = 0
        var inProperty = false
        for index in tokens.indices {
            let token = tokens[index]
            if token.isSymbol("{") { depth += 1 } else if token.isSymbol("}") { depth = max(0, depth - 1) }
            if token.kind == .directive, token.text == "@property" { inProperty = true }
            if token.isSymbol(";") { inProperty = false }
            guard depth == 0, !inProperty, token.isSymbol("*"), index + 2 < tokens.count,
                tokens[index + 1].kind == .identifier,
                tokens[index + 2].isSymbol(";") || tokens[index + 2].isSymbol("=") || tokens[index + 2].isSymbol(",")
            else { continue }
            names.insert(tokens[index + 1].text)
        }
        return names
    }

    /// Keeps the mapping a static or an instance variable is set to, for the methods that use it; one set to the
    /// mappings of different classes keeps none.
    private mutating func store(_ value: ObjCValue, in name: String, at location: SourceLocation) {
        guard isStoredName(name, in: location.file), case .mapping(let className) = value else { return }
        let key = Self.storeKey(name, in: location.file)
        switch stores[key] {
        case nil: stores[key] = value
        case .mapping(let kept)? where kept == className: break
        default: stores[key] = .unknown(name, location)
        }
    }

    private static func storeKey(_ name: String, in file: String) -> String { file + "\u{0}" + name }

    /// The class that represents an entity, as the Core Data model says; the entity's name without a model, or
    /// when the model has no such entity (a warning then: RestKit would have found none at run time).
    private mutating func entityClass(_ entity: String, at location: SourceLocation) -> String {
        guard !entityClasses.isEmpty else { return entity }
        if let className = entityClasses[entity] { return className }
        diagnostics.warning(
            "the Core Data model declares no entity '\(entity)'; the mapping is imported under that name, typed from the headers",
            at: location,
            hint: "check the entity's name, or pass the model version the app uses"
        )
        return entity
    }

    @discardableResult
    private mutating func beginMapping(_ className: String, at location: SourceLocation) -> String {
        if mappings[className] == nil {
            // A mapping first built in a followed method is the caller's: where `[super mapping]` is, not where the
            // superclass builds the mapping of `self`.
            mappings[className] = ImportedMapping(className: className, location: followedFrom ?? location)
            order.append(className)
        }
        return className
    }

    /// Gives each mapping that took over another class's (`mapping.objectClass = …` on what `[Channel mapping]`
    /// built) that mapping's properties before its own: once every file is read, so that the other is whole. In a
    /// loop of such mappings, reported where it closes, each is given what the next maps itself, once.
    mutating func addIncludedProperties() {
        var done: Set<String> = []
        for name in order { addIncluded(to: name, through: [], done: &done) }
    }

    private mutating func addIncluded(to name: String, through path: [String], done: inout Set<String>) {
        guard !done.contains(name), let mapping = mappings[name] else { return }
        var inherited: [ImportedProperty] = []
        for (included, location) in mapping.included {
            if included == name || path.contains(included) {
                let loop = (path.drop { $0 != included } + [name, included]).joined(separator: " → ")
                diagnostics.warning(
                    "the mapping of '\(name)' is given the properties of '\(included)', whose mapping is given those of '\(name)' in turn (\(loop)); '\(name)' is given what '\(included)' maps itself, and they go no further round",
                    at: location,
                    hint: "check which class each of these mappings is for"
                )
                inherited += mappings[included]?.properties ?? []
                continue
            }
            guard path.count < ObjCMethodReturns.depthLimit else {
                diagnostics.warning(
                    "the mapping of '\(name)' is given the properties of '\(included)' through more than \(ObjCMethodReturns.depthLimit) mappings; they are not added",
                    at: location,
                    hint: "write the properties of '\(name)' in the YAML by hand"
                )
                continue
            }
            addIncluded(to: included, through: path + [name], done: &done)
            inherited += mappings[included]?.properties ?? []
        }
        mappings[name]?.prepend(inherited)
        done.insert(name)
    }

    /// The RestKit generation whose call maps an attribute: 0.20 read a single value into an `NSArray` attribute as a
    /// list of one (`RKTransformedValueWithClass` in `RKMappingOperation.m`, then RKValueTransformers'
    /// `objectToCollectionValueTransformer`); 0.10 found no transformation and set the property to nil
    /// (`transformValue:atKeyPath:toType:` in `RKObjectMappingOperation.m`), which the model reads strictly.
    enum RestKitVersion {
        case v010, v020
    }

    private mutating func addAttribute(
        _ keyPath: ObjCValue,
        to name: ObjCValue,
        in className: String,
        at location: SourceLocation,
        version: RestKitVersion = .v010
    ) {
        guard case .string(let key, let keyLocation) = keyPath else {
            unreadable(keyPath, what: "a key path", at: location)
            return
        }
        guard case .string(let property, _) = name else {
            unreadable(name, what: "the property for '\(key)'", at: location)
            return
        }
        guard isJSONKeyPath(key, of: property, at: keyLocation) else { return }
        var attribute = ImportedProperty(name: property, keyPath: key, location: keyLocation)
        attribute.singleAsArray = version == .v020
        mappings[className]?.add(attribute)
    }

    /// A property mapping from a nil key path maps the value itself (the error string at a response's `errors`):
    /// `@self` in the YAML.
    private static func sourceKeyPath(_ value: ObjCValue, at location: SourceLocation) -> ObjCValue {
        if case .null = value { return .string("@self", location) }
        return value
    }

    /// RestKit read key paths with key-value coding, where a segment starting with `@` is an operator
    /// (`transactions.@count`, `@avg.amount`) that computes a value from the JSON rather than a key in it.
    private mutating func isJSONKeyPath(_ keyPath: String, of property: String, at location: SourceLocation) -> Bool {
        // `@self` is the value itself, in RestKit's key-value coding as in the YAML.
        // `(name).email`: under the key that `addAttributeMappingFromKeyOfRepresentationToAttribute:` made data.
        if keyPath.contains("(") {
            diagnostics.warning(
                "'\(keyPath)' reads under a key of the JSON that RestKit took as data at run time; '\(property)' is not imported",
                at: location,
                hint: "map the object's values with JSONValue, or a dictionary, in the YAML by hand"
            )
            return false
        }
        let segments = keyPath.split(separator: ".", omittingEmptySubsequences: false)
        guard keyPath != "@self", let index = segments.firstIndex(where: { $0.hasPrefix("@") }) else { return true }
        let source = segments[..<index].joined(separator: ".")
        diagnostics.warning(
            "'\(keyPath)' applies the key-value coding operator '\(segments[index])', which RestKit computed at run time; '\(property)' is not imported",
            at: location,
            hint: source.isEmpty
                ? "compute '\(property)' in Swift from the decoded model"
                : "map '\(source)' and compute '\(property)' from it in Swift"
        )
        return false
    }

    private mutating func addPropertyMapping(_ value: ObjCValue, to className: String, at location: SourceLocation) {
        switch value {
        case .relationship(let property), .attribute(let property): mappings[className]?.add(property)
        // A relationship that could not be read, already reported.
        case .null: break
        default: unreadable(value, what: "the property mapping", at: location)
        }
    }

    private mutating func relationship(
        from keyPath: ObjCValue,
        to name: ObjCValue,
        mapping: ObjCValue,
        isCollection: Bool? = nil,
        at location: SourceLocation
    ) -> ObjCValue {
        guard case .string(let key, let keyLocation) = keyPath, case .string(let property, _) = name else {
            unreadable(keyPath, what: "a relationship's key path", at: location)
            return .null
        }
        guard isJSONKeyPath(key, of: property, at: keyLocation) else { return .null }
        let target: String
        switch mapping {
        case .mapping(let className): target = className
        // `withMapping:[RKTUser objectMapping]`: the mapping a class builds for itself.
        case .classMessage(let className, _, _, _): target = className
        // A relationship of what a request sends.
        case .requestMapping: return .null
        case .dynamicMapping:
            diagnostics.warning(
                "the relationship '\(property)' uses a dynamic mapping, which chose each object's class from the JSON at run time; this line is not imported",
                at: keyLocation,
                hint:
                    "write '\(property)' in the YAML by hand: one model with the properties of every class it chose, or JSONValue"
            )
            return .null
        default:
            unreadable(mapping, what: "the mapping of relationship '\(property)'", at: location)
            return .null
        }
        // Both generations put a single object into a to-many relationship as a list of one
        // (`applyRelationshipMappings` in 0.10's `RKObjectMappingOperation.m`, 0.20's `RKMappingOperation.m`).
        return .relationship(
            ImportedProperty(
                name: property,
                keyPath: key,
                relationship: target,
                isCollection: isCollection,
                singleAsArray: true,
                location: keyLocation
            )
        )
    }

    // MARK: MMDataObject

    private mutating func mmDataObject(
        _ message: ObjCMessage,
        receiver: ObjCValue,
        arguments: [[ObjCValue]]
    ) -> ObjCValue? {
        let selector = message.selector
        let location = message.location
        func argument(_ index: Int) -> ObjCValue { Self.argument(index, of: arguments) }
        if selector == "stringToDateWithFormat:" {
            guard case .string(let format, _) = argument(0) else {
                unreadable(argument(0), what: "the date format", at: location)
                return .null
            }
            return .classMessage(
                className: "MMDataObject",
                selector: "dateFormat",
                arguments: [.string(format, location)],
                location
            )
        }
        if selector == "dateToStringWithFormat:", case .string(let format, _) = argument(0) {
            return .classMessage(
                className: "MMDataObject",
                selector: "writtenDateFormat",
                arguments: [.string(format, location)],
                location
            )
        }
        guard case .instance = receiver, let className = enclosingClass else { return nil }
        switch selector {
        case "setAlias:forPropertyName:":
            guard case .string(let alias, _) = argument(0), case .string(let name, _) = argument(1) else {
                unreadable(argument(0), what: "an alias", at: location)
                return .null
            }
            mappings[className]?.aliases[name] = alias
            var property = mmDataObjectProperty(name, of: className, at: location)
            property.keyPath = alias
            mappings[className]?.add(property)
        case "addFormatterForPropertyName:input:output:":
            guard case .string(let name, _) = argument(0) else {
                unreadable(argument(0), what: "the formatted property", at: location)
                return .null
            }
            var property = mmDataObjectProperty(name, of: className, at: location)
            switch argument(1) {
            case .classMessage(_, "dateFormat", let formatArguments, _):
                if case .string(let format, _)? = formatArguments.first {
                    property.datePattern = DatePattern(format: format, timeZone: nil, location: location)
                }
            case .classMessage(_, let blockSelector, _, _):
                property.formatter = MappingLoader.formatterName(forSelector: blockSelector)
            case .null:
                // MMDataObject keeps its own conversion for a nil input, so an output alone is a formatter too.
                guard case .null = argument(2) else { break }
                unreadable(argument(1), what: "the input formatter of '\(name)'", at: location)
                return .null
            default:
                // A block written inline (`^id(id value) { … }`) or held in a variable: what it made of the JSON
                // value is unknown, and so is the type the JSON sends.
                var place = location
                if case .unknown(_, let at) = argument(1), !at.file.isEmpty { place = at }
                diagnostics.warning(
                    "the input formatter of '\(name)' is a block computed at run time; the model keeps '\(name)' as the JSON value it is sent (JSONValue)",
                    at: place,
                    hint:
                        "compute what the block made of it in Swift from the JSONValue, or give '\(name)' a ValueFormatter of the app's in the YAML"
                )
                property.readsThroughUnknownBlock = true
            }
            // As with the input, a nil output leaves the one an earlier call set.
            if let output = Self.mmDataObjectOutput(argument(2), at: location) { property.output = output }
            mappings[className]?.add(property)
        case "registerClass:forCollectionName:":
            guard case .classReference(let element, _) = argument(0), case .string(let name, _) = argument(1) else {
                unreadable(argument(0), what: "the collection's class", at: location)
                return .null
            }
            var property = mmDataObjectProperty(name, of: className, at: location)
            property.relationship = element
            property.isCollection = true
            mappings[className]?.add(property)
        default:
            return nil
        }
        return .null
    }

    /// What an output formatter wrote with: a date pattern (`[MMDataObject dateToStringWithFormat:@"…"]`), another
    /// block, or, for `nil`, MMDataObject's own conversion.
    private static func mmDataObjectOutput(_ value: ObjCValue, at location: SourceLocation) -> MMDataObjectOutput? {
        switch value {
        case .null: return nil
        case .classMessage(_, "writtenDateFormat", let arguments, let place):
            guard case .string(let format, _)? = arguments.first else { return .other(place) }
            return .datePattern(DatePattern(format: format, timeZone: nil, location: place))
        case .classMessage(_, _, _, let place), .unknown(_, let place), .methodResult(_, let place):
            return .other(place.file.isEmpty ? location : place)
        default: return .other(location)
        }
    }

    private mutating func beginMMDataObject(_ className: String, at location: SourceLocation) {
        beginMapping(className, at: location)
        mappings[className]?.mapsEveryProperty = true
    }

    /// The property as the class's `init` has set it up so far: an alias, a formatter and a collection may come in
    /// any order.
    private mutating func mmDataObjectProperty(
        _ name: String,
        of className: String,
        at location: SourceLocation
    ) -> ImportedProperty {
        beginMMDataObject(className, at: location)
        return mappings[className]?.property(named: name)
            ?? ImportedProperty(name: name, keyPath: mappings[className]?.aliases[name] ?? name, location: location)
    }

    /// Every class the files declare as an MMDataObject subclass is a mapping, even one that customises nothing.
    mutating func addMMDataObjectSubclasses() {
        guard system == .mmdataobject else { return }
        let declared = headers.classes.values
            .filter { $0.name != "MMDataObject" && headers.inherits($0.name, from: "MMDataObject") }
            .sorted { $0.location < $1.location }
        for interface in declared where mappings[interface.name] == nil {
            beginMMDataObject(interface.name, at: interface.location)
        }
        for name in order { mappings[name]?.mapsEveryProperty = true }
    }

    /// The first value of a message's `index`th part, or `nil`'s value when the message has no such part.
    private static func argument(_ index: Int, of arguments: [[ObjCValue]]) -> ObjCValue {
        arguments.indices.contains(index) ? arguments[index].first ?? .null : .null
    }

    // MARK: Diagnostics

    private mutating func unreadable(_ value: ObjCValue, what: String, at location: SourceLocation) {
        if case .methodResult(let method, let place) = value {
            unresolved(method, what: what, calledAt: place, usedAt: location)
            return
        }
        if case .unknown(let name, let place) = value, let declaration = externConstants[name] {
            externConstant(name, declaredAt: declaration, what: what, usedAt: place.file.isEmpty ? location : place)
            return
        }
        let (spelling, place): (String, SourceLocation) =
            switch value {
            case .unknown(let text, let place): (text, place.file.isEmpty ? location : place)
            case .string(let text, let place): ("@\"\(text)\"", place)
            case .classMessage(let className, let selector, let arguments, let place):
                ("[\(className) \(selector)\(arguments.isEmpty ? "" : "…")]", place)
            case .object(let className): ("an instance of \(className)", location)
            case .null: ("nil", location)
            default: ("this expression", location)
            }
        // A value bound to a name earlier (`commentMapping = [… objectMappingForClass:…]`) is reported where it is
        // used, once per use, naming the line that set it.
        let isElsewhere = place.file != location.file || place.line != location.line
        diagnostics.warning(
            "\(what) is computed at run time ('\(spelling)'\(isElsewhere ? ", set on line \(place.line)" : "")); this line is not imported",
            at: isElsewhere ? location : place,
            hint: "write the mapping for it in the YAML by hand"
        )
    }

    /// The warning for a constant a header declares `extern` and no given file defines: the file that sets it is
    /// what the import needs, most often the implementation beside the header.
    private mutating func externConstant(
        _ name: String,
        declaredAt declaration: SourceLocation,
        what: String,
        usedAt use: SourceLocation
    ) {
        let header = declaration.file
        let beside = header.hasSuffix(".h") ? " (\(header.dropLast(2)).m, if that is where it is)" : ""
        diagnostics.warning(
            "\(what) is the constant '\(name)', declared in \(header) (line \(declaration.line)) but set in a file that is not among the files imported; this line is not imported",
            at: use,
            hint: "pass the file that sets '\(name)' among the files too\(beside), and import again"
        )
    }

    /// The warning for a value a method of the files returns, when the importer can't tell what that is; at the
    /// message, or where the value is used when a name holds it, as `unreadable` reports.
    private mutating func unresolved(
        _ method: ObjCMethodName,
        what: String,
        calledAt call: SourceLocation,
        usedAt use: SourceLocation
    ) {
        // The first reading resolves nothing yet, and its warnings are not kept.
        guard case .unresolved(let culprit, let why)? = resolvedMethods[method] ?? followedResolutions[method] else {
            return
        }
        let through = culprit == method ? "" : " through '\(culprit)'"
        let isElsewhere = call.file != use.file || call.line != use.line
        diagnostics.warning(
            "\(what) comes from '\(method)'\(isElsewhere ? " (called on line \(call.line))" : "")\(through), which \(why); this line is not imported",
            at: isElsewhere ? use : call,
            hint: "write the mapping for it in the YAML by hand"
        )
    }
}
