import enum ModelRuntime.QueryJSON

/// Writes the `init(from:)` and `encode(to:)` of a model: plain keys, key paths, `@self`, defaults and formatters.
///
/// Keys are spelled `JSONKey("name")`: a string literal in their place makes the type checker try the literal
/// against every overload of `decode` and `encode`, which costs a tenth of the models' compile time.
struct CustomCoding {
    var access: String
    var lineLength: Int
    /// Indentation of the lines inside the two functions.
    var bodyIndent: Int
    /// The backend's types: how its dates look on the wire.
    var wireTypes: WireTypes

    /// The stored property that remembers which optional keys were `null`, so that they encode back as `null`.
    static let nullKeysName = "_nullKeys"
    /// The property that keeps the members the schema doesn't define (`keepUnknownMembers`).
    static let unknownMembersName = "unknownMembers"
    /// The static set of the keys the model reads, which `unknownMembers` leaves to the model's properties
    /// (`KeepsUnknownMembers`).
    static let modeledKeysName = "modeledKeys"
    /// The local that reads a `MemberKey` model's key paths, defaults and formatters: its container keyed by `JSONKey`.
    static let keyPathsName = "keyPaths"

    struct Output {
        var decodeLines: [String] = []
        var encodeLines: [String] = []
        /// `private static let` declarations: formatter user data and defaults that need converting.
        var staticLines: [String] = []
        /// What the memberwise initializer assigns to the stored state these lines add.
        var initLines: [String] = []
    }

    /// The coding of `properties`; with `modeledKeys` (the top-level keys the model reads), the members outside it
    /// are kept in `unknownMembers` and written back. `systemKeys` are the keys its system properties' bundle reads
    /// (`SystemBundle`), when it has one.
    func make(
        _ properties: [ResolvedProperty],
        keepingMembersOutside modeledKeys: [String]? = nil,
        systemKeys: Set<String> = []
    ) -> Output {
        var output = Output()
        let usesContainer = modeledKeys != nil || properties.contains { !$0.keyPath.isEmpty }
        // A model that keeps unknown members decodes through `MemberKey`, whose list of keys leaves out the model's
        // own: listing every key costs through JSONDecoder about as much as decoding a few properties. Key paths,
        // defaults and formatters are read through `JSONKey`'s helpers, from the same container keyed by `JSONKey`
        // (`keyPaths`): a second container would make JSONDecoder read every member of the object again.
        let keepsUnknownMembers = modeledKeys != nil
        let readsPlainKeys =
            keepsUnknownMembers && properties.allSatisfy { $0.keyPath.isEmpty || Self.readsPlainKey($0) }
        let decodingKey = keepsUnknownMembers ? "MemberKey<Self>" : "JSONKey"
        let pathReader = keepsUnknownMembers && !readsPlainKeys ? Self.keyPathsName : "container"
        if usesContainer {
            output.decodeLines.append("let container = try decoder.container(keyedBy: \(decodingKey).self)")
            output.encodeLines.append("var container = encoder.container(keyedBy: JSONKey.self)")
        }
        if pathReader != "container" {
            output.decodeLines.append("let \(pathReader) = container.keyed(by: JSONKey.self)")
        }
        let keyPaths = KeyPathTree(properties.filter { !$0.keyPath.isEmpty })
        let objects = OpenedObjects(keyPaths, keepsUnknownMembers: keepsUnknownMembers, root: pathReader)
        output.decodeLines += objects.declarations
        // A property read from inside a key another property writes whole is not written back (`KeyPathTree`): a
        // `null` it recorded would only open its object again, empty, once the app cleared that other property.
        let writtenBack = Set(keyPaths.allProperties.map(\.swiftName))
        let recordsNull = { (property: ResolvedProperty) in
            Self.tracksNull(property) && writtenBack.contains(property.swiftName)
        }
        let tracksNulls = properties.contains(where: recordsNull)
        let counting = readsPlainKeys ? PresentKeyCounting(properties, modeledKeys ?? [], systemKeys) : nil
        if tracksNulls {
            output.staticLines.append("private var \(Self.nullKeysName): NullKeys")
            output.initLines.append("self.\(Self.nullKeysName) = NullKeys()")
        }
        if tracksNulls || counting != nil {
            let requiredKeys = counting?.requiredKeys ?? 0
            // Only required keys: counted from the start, and nothing changes the record afterwards.
            let binding = tracksNulls || counting?.countsAfterStart == true ? "var" : "let"
            let arguments = requiredKeys > 0 ? "requiredKeys: \(requiredKeys)" : ""
            output.decodeLines.append("\(binding) nulls = NullKeys(\(arguments))")
        }
        var formatters: [String: [String]] = [:]
        for property in properties {
            let name = SwiftNaming.escaped(property.swiftName)
            let formatterArguments = formatterArguments(property, into: &output)
            formatters[property.swiftName] = formatterArguments
            output.decodeLines += decodeLines(
                property,
                name: name,
                reader: objects.reader(of: property),
                pathReader: pathReader,
                formatter: formatterArguments,
                keyType: decodingKey,
                hasContainer: usesContainer,
                countsPresentKeys: counting != nil,
                recordsNull: recordsNull(property),
                statics: &output.staticLines
            )
        }
        if tracksNulls { output.decodeLines.append("self.\(Self.nullKeysName) = nulls") }
        if let modeledKeys {
            output.staticLines += modeledKeysDeclaration(modeledKeys)
            output.decodeLines += call(
                "self.\(Self.unknownMembersName) = try container.unknownMembers",
                ["Self.\(Self.modeledKeysName)", "of: decoder"] + (counting == nil ? [] : ["counted: nulls"])
            )
            // Each object the key paths pass through keeps the members they don't reach, for `encode(to:)` to write
            // back beside the model's own.
            for object in objects.opened {
                output.decodeLines += call(
                    "try \(object.name).keepUnknownMembers",
                    ["besides: \(Self.stringArray(object.keys))", "in: &self.\(Self.unknownMembersName)"]
                )
            }
        }
        var usedNames = LocalNames(taken: ["container", "nulls"])
        output.encodeLines += encodeLines(
            keyPaths,
            container: "container",
            keepsUnknownMembers: modeledKeys != nil,
            formatters: formatters,
            usedNames: &usedNames
        )
        for property in properties where property.keyPath.isEmpty {
            output.encodeLines += selfEncodeLines(
                property,
                name: "self." + SwiftNaming.escaped(property.swiftName),
                formatter: formatters[property.swiftName] ?? nil
            )
        }
        if modeledKeys != nil {
            output.encodeLines += call(
                "try container.encodeUnknown",
                ["self.\(Self.unknownMembersName)", "Self.\(Self.modeledKeysName)"]
            )
        }
        return output
    }

    /// `static let modeledKeys: Set<String> = [...]`, one key per line when they don't fit on one. The
    /// declaration sits one level inside the struct, which is one level shallower than the coding's lines.
    private func modeledKeysDeclaration(_ keys: [String]) -> [String] {
        let documentation = "/// The keys this model's properties read; `unknownMembers` keeps the others."
        let head = "\(access)static let \(Self.modeledKeysName): Set<String> = "
        let layout = CodeLayout(lineLength: lineLength, indent: bodyIndent - 4)
        return [documentation] + layout.literal(head, keys.map(SwiftText.stringLiteral))
    }

    /// Properties grouped by the JSON objects their key paths pass through, so that each object is opened once. A key
    /// one property writes whole (a mapped object, a Document) is not opened again for the properties whose key paths
    /// go into it: they are read from it and not written back (`MappingResolver.checkKeyPaths` warns of them), since
    /// `JSONEncoder` merges the two and the member written last wins, so a value decoded earlier overwrote the app's
    /// edit of the object.
    struct KeyPathTree {
        var key: String
        /// Properties whose value sits directly in this object, with their key in it.
        var values: [(property: ResolvedProperty, key: String)] = []
        var children: [KeyPathTree] = []

        init(_ properties: [ResolvedProperty], key: String = "", depth: Int = 0) {
            self.key = key
            let valueKeys = Set(properties.lazy.filter { $0.keyPath.count == depth + 1 }.map { $0.keyPath[depth] })
            // Each child's properties, grouped in one pass in the order their keys first come.
            var childKeys: [String] = []
            var childProperties: [String: [ResolvedProperty]] = [:]
            for property in properties {
                let childKey = property.keyPath[depth]
                if property.keyPath.count == depth + 1 {
                    values.append((property, childKey))
                } else if !valueKeys.contains(childKey) {
                    if childProperties[childKey] == nil { childKeys.append(childKey) }
                    childProperties[childKey, default: []].append(property)
                }
            }
            children = childKeys.map { childKey in
                KeyPathTree(childProperties[childKey] ?? [], key: childKey, depth: depth + 1)
            }
        }

        var allProperties: [ResolvedProperty] { values.map(\.property) + children.flatMap(\.allProperties) }

        /// The keys the tree's properties reach in its object: its values' and its children's.
        var keys: [String] { values.map(\.key) + children.map(\.key) }

        /// Every object below this one, depth first, by its path from here, with the keys reached in it.
        func objects(below path: [String] = []) -> [(path: [String], keys: [String])] {
            children.flatMap { child in
                let childPath = path + [child.key]
                return [(childPath, child.keys)] + child.objects(below: childPath)
            }
        }
    }

    /// The objects that more than one read of `init(from:)` passes through, each opened once as a local
    /// `KeyPathObject` (`let userObject = container.object(at: ["user"])`): through `JSONDecoder`, every container
    /// opened on an object reads all its members again. A read is a property whose key path goes through the object,
    /// or the object's own kept members. Properties whose key paths go into a key another property reads whole are
    /// not in the tree and count for no object; they read from the deepest opened object above that key, if any.
    struct OpenedObjects {
        struct Object {
            /// The local's name.
            var name: String
            /// The keys the model's key paths reach in it, which its kept members leave out.
            var keys: [String]
        }

        /// Parents before their children.
        var opened: [Object] = []
        /// `let userObject = container.object(at: ["user"])`, one for each object in `opened`.
        var declarations: [String] = []

        /// `root` is the local the model's key paths start from.
        init(_ tree: KeyPathTree, keepsUnknownMembers: Bool, root: String) {
            // How many properties read through each object: every object a key path passes through counts it.
            var reads: [[String]: Int] = [:]
            for property in tree.allProperties {
                for length in 1..<property.keyPath.count { reads[Array(property.keyPath[..<length]), default: 0] += 1 }
            }
            var names = LocalNames(taken: ["container", "nulls", "decoder", CustomCoding.keyPathsName])
            for (path, keys) in tree.objects()
            where (reads[path] ?? 0) + (keepsUnknownMembers ? 1 : 0) > 1 {
                let name = names.name(for: path, suffix: "Object")
                // A parent has at least its child's reads, so it is opened whenever the child is.
                let parent = path.count > 1 ? index[Array(path.dropLast())].map { opened[$0] } : nil
                let source = parent?.name ?? root
                let rest = parent == nil ? path : [path[path.count - 1]]
                declarations.append("let \(name) = \(source).object(at: \(CustomCoding.stringArray(rest)))")
                index[path] = opened.count
                opened.append(Object(name: name, keys: keys))
            }
        }

        /// Each opened object's place in `opened`, by its path.
        private var index: [[String]: Int] = [:]

        /// The local a property's key path is read from and the rest of its path below it, when it passes through an
        /// opened object: the deepest one.
        func reader(of property: ResolvedProperty) -> (object: String, rest: [String])? {
            for length in stride(from: property.keyPath.count - 1, through: 1, by: -1) {
                if let position = index[Array(property.keyPath[..<length])] {
                    return (opened[position].name, Array(property.keyPath[length...]))
                }
            }
            return nil
        }
    }

    /// The names of the locals a coding function declares for the objects of its key paths: the path's words and a
    /// suffix (`userLinksObject` for `user.links`), with a number where two paths spell the same
    /// (`userObject2` for `User` beside `user`), never one the function already uses.
    struct LocalNames {
        var taken: Set<String>
        /// The next number to try for each name that was taken.
        private var next: [String: Int] = [:]

        init(taken: Set<String>) {
            self.taken = taken
        }

        mutating func name(for path: [String], suffix: String) -> String {
            let base = SwiftNaming().propertyName(path.joined(separator: ".")) + suffix
            var name = base
            while taken.contains(name) {
                let number = next[base, default: 2]
                next[base] = number + 1
                name = base + String(number)
            }
            taken.insert(name)
            return name
        }
    }

    /// `["a", "b"]`, each element a Swift string literal.
    private static func stringArray(_ elements: [String]) -> String {
        "[" + elements.map(SwiftText.stringLiteral).joined(separator: ", ") + "]"
    }

    /// An object whose properties are all optional is only written when one of them has a value, or it kept members
    /// of its own, so that a model decoded without it encodes back without an empty object. `depth` is how many such
    /// conditions the lines are inside, each one level in.
    private func encodeLines(
        _ tree: KeyPathTree,
        path: [String] = [],
        depth: Int = 0,
        container: String,
        keepsUnknownMembers: Bool,
        formatters: [String: [String]],
        usedNames: inout LocalNames
    ) -> [String] {
        let layout = CodeLayout(lineLength: lineLength, indent: bodyIndent + 4 * depth)
        var lines: [String] = []
        for (property, key) in tree.values {
            lines += encodeLines(
                property,
                name: "self." + SwiftNaming.escaped(property.swiftName),
                container: container,
                key: key,
                formatter: formatters[property.swiftName] ?? nil,
                layout: layout
            )
        }
        for child in tree.children {
            let childPath = path + [child.key]
            let name = usedNames.name(for: childPath, suffix: "Container")
            let subtree = child.allProperties
            let isConditional = subtree.allSatisfy { !$0.isRequired }
            let bodyLayout = isConditional ? layout.nested : layout
            var body =
                bodyLayout.call(
                    "var \(name) = \(container).nestedContainer",
                    ["keyedBy: JSONKey.self", "forKey: \(codingKey(child.key))"]
                )
                + encodeLines(
                    child,
                    path: childPath,
                    depth: isConditional ? depth + 1 : depth,
                    container: name,
                    keepsUnknownMembers: keepsUnknownMembers,
                    formatters: formatters,
                    usedNames: &usedNames
                )
            let kept = "self.\(Self.unknownMembersName)"
            if keepsUnknownMembers {
                body += bodyLayout.call(
                    "try \(name).encodeUnknown",
                    ["\(kept).members(at: \(Self.stringArray(childPath)))", Self.stringArray(child.keys)]
                )
            }
            guard isConditional else {
                lines += body
                continue
            }
            // An object that was `null`, or held a `null` below it, goes back as it came.
            let tracksNulls = subtree.contains(where: Self.tracksNull)
            let nulls = "self.\(Self.nullKeysName)"
            let terms =
                subtree.map { "self.\(SwiftNaming.escaped($0.swiftName)) != nil" }
                + (keepsUnknownMembers ? ["\(kept).keepsMembers(under: \(Self.stringArray(childPath)))"] : [])
                + (tracksNulls ? ["\(nulls).containsNull(below: \(Self.stringArray(childPath)))"] : [])
            lines += layout.disjunction("if", terms)
            lines += body.map { "    " + $0 }
            if tracksNulls {
                // swift-format breaks the condition inside its array, and keeps the brace after it.
                let elseIf = "} else if \(nulls).contains(path: \(Self.stringArray(childPath))) {"
                lines +=
                    layout.fits(elseIf)
                    ? [elseIf]
                    : layout.bracketed(
                        "} else if \(nulls).contains(path: ",
                        childPath.map(SwiftText.stringLiteral),
                        ") {"
                    )
                lines += layout.nested.call("try \(container).encodeNil", ["forKey: \(codingKey(child.key))"])
                    .map { "    " + $0 }
            }
            lines.append("}")
        }
        return lines
    }

    // MARK: Decoding

    private func decodeLines(
        _ property: ResolvedProperty,
        name: String,
        reader: (object: String, rest: [String])?,
        pathReader: String,
        formatter: [String]?,
        keyType: String,
        hasContainer: Bool,
        countsPresentKeys: Bool,
        recordsNull: Bool,
        statics: inout [String]
    ) -> [String] {
        let target = "self.\(name) = "
        if property.keyPath.isEmpty {
            if let formatter {
                return call("\(target)try SelfCoding.decode", ["from: decoder"] + formatter)
            }
            if let list = oneOrMany(property) {
                return ["\(target)try \(list.type)(from: decoder)\(list.unwrap)"]
            }
            // The system properties read the model's own container: JSONDecoder reads every key of the object to
            // make one, and a second container would read them all again.
            let source = property.isSystemProperty && hasContainer ? "container" : "decoder"
            let counted = property.isSystemProperty && countsPresentKeys ? ", counting: &nulls" : ""
            return ["\(target)try \(valueType(property))(from: \(source)\(counted))"]
        }
        // A key path through an opened object reads the rest of its path from it; a plain key reads from the
        // container, and other paths, defaults and formatters from `pathReader`.
        let source = reader?.object ?? (Self.readsPlainKey(property) ? "container" : pathReader)
        let path = Self.stringArray(reader?.rest ?? property.keyPath)
        let wrapper = oneOrMany(property) ?? dateCoding(property)
        let decodedType = wrapper?.decodedType ?? "\(valueType(property)).self"
        let unwrap = wrapper?.unwrap ?? ""
        let defaultValue = property.defaultValue.map { defaultExpression(property, $0, statics: &statics) }

        if let formatter {
            let arguments = ["at: \(path)"] + formatter
            if let defaultValue, !property.nullAsMissing {
                return call("\(target)try \(source).decode", arguments + ["default: \(defaultValue)"])
            }
            if let defaultValue {
                return call(
                    "\(target)try \(source).decodeIfPresent",
                    arguments,
                    suffix: " ?? \(Self.coveredByLeadingTry(defaultValue))"
                )
            }
            if recordsNull {
                return call("\(target)try \(source).decodeIfPresent", arguments + ["nulls: &nulls"])
            }
            return call("\(target)try \(source).\(property.isRequired ? "decode" : "decodeIfPresent")", arguments)
        }
        if let defaultValue {
            let wrappedDefault = wrapper?.wrap(defaultValue, false) ?? defaultValue
            if property.nullAsMissing {
                let optionalUnwrap = wrapper?.optionalUnwrap ?? ""
                return call(
                    "\(target)try \(source).decodeIfPresent",
                    [decodedType, "at: \(path)"],
                    suffix: "\(optionalUnwrap) ?? \(Self.coveredByLeadingTry(defaultValue))"
                )
            }
            return call(
                "\(target)try \(source).decode",
                [decodedType, "at: \(path)", "default: \(wrappedDefault)"],
                suffix: unwrap
            )
        }
        // A one-key path is a plain key: the standard call says so, and costs no key-path array.
        let location =
            property.keyPath.count == 1 ? "forKey: \(codingKey(property.keyPath[0], type: keyType))" : "at: \(path)"
        if property.isRequired {
            // Foundation reports a number that doesn't fit (`1e19` for an Int) without a path; the runtime's call
            // gives it the key's. (Key paths and `decodeOrNull` do so already.)
            let isNumber = property.keyPath.count == 1 && (property.type == .int || property.type == .double)
            let decode = isNumber ? "decodeLocatingErrors" : "decode"
            return call("\(target)try \(source).\(decode)", [decodedType, location], suffix: unwrap)
        }
        if recordsNull {
            // A plain key's own call also counts the keys present; a key path records its `null`s by path.
            return call(
                "\(target)try \(source).\(property.keyPath.count == 1 ? "decodeOrNull" : "decodeIfPresent")",
                [decodedType, location, "nulls: &nulls"],
                suffix: wrapper?.optionalUnwrap ?? ""
            )
        }
        return call(
            "\(target)try \(source).decodeIfPresent",
            [decodedType, location],
            suffix: wrapper?.optionalUnwrap ?? ""
        )
    }

    /// A default after `??`, where the statement's leading `try` already covers it: Swift refuses a second `try` to
    /// the right of an operator (`try a ?? try b`).
    private static func coveredByLeadingTry(_ expression: String) -> String {
        expression.hasPrefix("try ") ? String(expression.dropFirst(4)) : expression
    }

    /// How a model that reads only plain keys counts the keys of its own that the object held, so that decoding from
    /// the client's tree knows without looking at the object's keys whether any member is left to keep
    /// (`unknownMembers(_:of:counted:)`). A required key counts from the start (decoding goes on only with it),
    /// an optional one when `decodeOrNull` finds it, and the system properties' keys as their bundle finds them.
    ///
    /// A key counted twice would make an object with an unknown member look complete and lose that member, so a
    /// model counts only when each of its modeled keys is read exactly once; otherwise it lets the runtime look.
    private struct PresentKeyCounting {
        var requiredKeys: Int
        /// Whether keys are counted after the start: optional keys, or system properties.
        var countsAfterStart: Bool

        init?(_ properties: [ResolvedProperty], _ modeledKeys: [String], _ systemKeys: Set<String>) {
            var readKeys: [String] = []
            var requiredKeys = 0
            var countsAfterStart = false
            for property in properties {
                if property.keyPath.isEmpty {
                    guard property.isSystemProperty, !systemKeys.isEmpty else { return nil }
                    readKeys += systemKeys
                    countsAfterStart = true
                } else {
                    readKeys.append(property.keyPath[0])
                    if property.isRequired { requiredKeys += 1 } else { countsAfterStart = true }
                }
            }
            guard Set(readKeys).count == readKeys.count, Set(readKeys) == Set(modeledKeys) else { return nil }
            self.requiredKeys = requiredKeys
            self.countsAfterStart = countsAfterStart
        }
    }

    /// Whether the property is read from one key of the model's own object, without a default or a formatter: the
    /// `forKey:` calls, which take any key type.
    static func readsPlainKey(_ property: ResolvedProperty) -> Bool {
        property.keyPath.count == 1 && property.formatter == nil && property.defaultValue == nil
    }

    /// Optional properties read from a key or a key path, through a formatter or not, keep `null` apart from absent,
    /// and a key path also an object along it that was `null`; a default stands in for both. A struct with such a
    /// property records its `null`s in ``nullKeysName``.
    static func tracksNull(_ property: ResolvedProperty) -> Bool {
        !property.isRequired && property.defaultValue == nil && !property.keyPath.isEmpty
    }

    /// How a property is coded through a wrapper type: a `Date` through the backend's, and a `singleAsArray` list
    /// decoded through `OneOrMany`.
    private struct WrapperCoding {
        /// `ISO8601Date<Date?>`, `ParseDate`, `[ParseDate]`, `OneOrMany<Photo>`.
        var type: String
        /// From the decoded value to the property's: `.wrappedValue`, `.map(\.wrappedValue)`, `.elements`.
        var unwrap: String
        var optionalUnwrap: String
        /// Wraps a value of the property's type: a default, for decoding, and a date, for encoding.
        var wrap: (_ value: String, _ isOptional: Bool) -> String

        var decodedType: String { type + ".self" }
    }

    /// The decoding of a list that may come as its one element alone, through `OneOrMany` of the element (of its
    /// date wrapper, for dates). Encoding writes the list as any other: an array.
    private func oneOrMany(_ property: ResolvedProperty) -> WrapperCoding? {
        guard property.singleAsArray else { return nil }
        var element = wireTypes.spelling(of: property.type)
        var unwrapElements = ""
        var wrapElements: (String) -> String = { $0 }
        if property.type == .date, property.formatter == nil {
            let types = property.isSystemProperty ? WireTypes.systemDates : wireTypes
            let wrapper = types.dateWrapper
            element = types.dateWrapperIsGeneric ? "\(wrapper)<\(element)>" : wrapper
            unwrapElements = ".map(\\.wrappedValue)"
            wrapElements = { "\($0).map { \(wrapper)(wrappedValue: $0) }" }
        }
        return WrapperCoding(
            type: "OneOrMany<\(element)>",
            unwrap: ".elements" + unwrapElements,
            optionalUnwrap: "?.elements" + unwrapElements,
            wrap: { value, _ in "OneOrMany(\(wrapElements(value)))" }
        )
    }

    private func dateCoding(_ property: ResolvedProperty) -> WrapperCoding? {
        guard property.type == .date, property.formatter == nil else { return nil }
        // System timestamps are plain ISO 8601 strings in every backend, Parse's `createdAt` too.
        let types = property.isSystemProperty ? WireTypes.systemDates : wireTypes
        let wrapper = types.dateWrapper
        if types.dateWrapperIsGeneric || !property.isArray {
            let decoded = types.dateWrapperIsGeneric ? "\(wrapper)<\(valueType(property))>" : wrapper
            return WrapperCoding(
                type: decoded,
                unwrap: ".wrappedValue",
                optionalUnwrap: "?.wrappedValue",
                wrap: { value, isOptional in
                    isOptional ? "\(value).map { \(wrapper)(wrappedValue: $0) }" : "\(wrapper)(wrappedValue: \(value))"
                }
            )
        }
        // A wrapper of one date codes an array element by element.
        return WrapperCoding(
            type: "[\(wrapper)]",
            unwrap: ".map(\\.wrappedValue)",
            optionalUnwrap: "?.map(\\.wrappedValue)",
            wrap: { value, isOptional in
                isOptional
                    ? "\(value).map { $0.map { \(wrapper)(wrappedValue: $0) } }"
                    : "\(value).map { \(wrapper)(wrappedValue: $0) }"
            }
        )
    }

    // MARK: Encoding

    private func selfEncodeLines(_ property: ResolvedProperty, name: String, formatter: [String]?) -> [String] {
        if let formatter {
            return call("try SelfCoding.encode", [name, "to: encoder"] + formatter)
        }
        return ["try \(name).encode(to: encoder)"]
    }

    private func encodeLines(
        _ property: ResolvedProperty,
        name: String,
        container: String,
        key: String,
        formatter: [String]?,
        layout: CodeLayout
    ) -> [String] {
        let method = property.isRequired ? "encode" : "encodeIfPresent"
        let forKey = "forKey: \(codingKey(key))"
        // A value inside a nested object is recorded by its whole path.
        let nulls =
            ["nulls: \(Self.nullKeysName)"]
            + (property.keyPath.count > 1 ? ["path: \(Self.stringArray(property.keyPath))"] : [])
        if let formatter {
            if Self.tracksNull(property) {
                return layout.call("try \(container).encodeOrNull", [name, forKey] + formatter + nulls)
            }
            return layout.call("try \(container).\(method)", [name, forKey] + formatter)
        }
        let value = dateCoding(property)?.wrap(name, !property.isRequired) ?? name
        if Self.tracksNull(property) {
            return layout.call("try \(container).encodeOrNull", [value, forKey] + nulls)
        }
        return layout.call("try \(container).\(method)", [value, forKey])
    }

    // MARK: Values

    /// `formatter: F.self` and, when the mapping gives user data, `userData: …` (declaring its static).
    private func formatterArguments(_ property: ResolvedProperty, into output: inout Output) -> [String]? {
        guard let formatter = property.formatter else { return nil }
        var arguments = ["formatter: \(formatter.typeName).self"]
        if let userData = formatter.userData, !userData.isNull {
            let staticName = "\(property.swiftName)UserData"
            output.staticLines += resultStatic(
                staticName,
                call(
                    "try (\(JSONLiteral.of(userData)) as JSONValue).decoded",
                    ["as: \(formatter.typeName).UserData.self"]
                )
            )
            arguments.append("userData: try Self.\(staticName).get()")
        }
        return arguments
    }

    /// The Swift type of one decoded value, without optionality.
    private func valueType(_ property: ResolvedProperty) -> String {
        let element = wireTypes.spelling(of: property.type)
        return property.isArray ? "[\(element)]" : element
    }

    /// The default as a Swift expression: a literal where the type has one (checked when resolving), otherwise the
    /// JSON decoded as the property's type, as a payload value would be.
    private func defaultExpression(_ property: ResolvedProperty, _ value: SyntaxNode, statics: inout [String]) -> String
    {
        let text = value.scalarText ?? ""
        if property.formatter?.takesLiteralDefault ?? true, !property.isArray {
            switch property.type {
            case .string: return SwiftText.stringLiteral(text)
            case .int, .double: return text
            case .bool: return text.lowercased()
            case .url: return "URL(string: \(SwiftText.stringLiteral(text)))!"
            case .date: return "ISO8601DateCoding.date(from: \(SwiftText.stringLiteral(text)))!"
            case .dateOnly: return "DateOnly(\(SwiftText.stringLiteral(text)))!"
            case .enumeration: return ".init(rawValue: \(SwiftText.stringLiteral(text)))"
            case .any: return "\(JSONLiteral.of(value)) as JSONValue"
            default: break
            }
        }
        let staticName = "\(property.swiftName)Default"
        let conversion: String
        if let formatter = property.formatter {
            let userData =
                formatter.userData.map { !$0.isNull } == true
                ? "try Self.\(property.swiftName)UserData.get()" : "NoUserData()"
            conversion =
                "try \(formatter.typeName).value(from: (\(JSONLiteral.of(value)) as JSONValue).decoded(as: \(formatter.typeName).Raw.self), userData: \(userData))"
        } else {
            conversion = "try (\(JSONLiteral.of(value)) as JSONValue).decoded(as: \(valueType(property)).self)"
        }
        statics += resultStatic(staticName, [conversion])
        return "try Self.\(staticName).get()"
    }

    /// A value computed once, whose failure is thrown where it is used (in decoding) rather than trapping.
    /// A static `Result` of an expression that may throw; its body sits one level in, where ``call(_:_:suffix:)``
    /// lays lines out.
    private func resultStatic(_ name: String, _ expression: [String]) -> [String] {
        CodeLayout(lineLength: lineLength, indent: bodyIndent).block("private static let \(name) = Result", expression)
    }

    /// `JSONKey("name")`, or the key of another key type (`MemberKey<Self>("name")`).
    private func codingKey(_ key: String, type: String = "JSONKey") -> String {
        "\(type)(\(SwiftText.stringLiteral(key)))"
    }

    private func call(_ head: String, _ arguments: [String], suffix: String = "") -> [String] {
        CodeLayout(lineLength: lineLength, indent: bodyIndent).call(head, arguments, suffix: suffix)
    }
}

/// A JSON value from a mapping file written as a Swift literal that `JSONValue` accepts.
enum JSONLiteral {
    static func of(_ node: SyntaxNode) -> String {
        switch node.value {
        case .scalar(_, .null): return "nil"
        case .scalar(let text, .string): return SwiftText.stringLiteral(text)
        case .scalar(let text, .bool): return bool(text)
        case .scalar(let text, .int), .scalar(let text, .double): return number(text) ?? text
        case .sequence(let elements): return "[" + elements.map(of).joined(separator: ", ") + "]"
        case .mapping(let entries):
            if entries.isEmpty { return "[:]" }
            return "[" + entries.map { "\(SwiftText.stringLiteral($0.name)): \(of($0.value))" }.joined(separator: ", ")
                + "]"
        }
    }

    /// The value as compact JSON text (`{"__type": "Date", "iso": "2000-01-01T00:00:00.000Z"}`), for documentation:
    /// a default is JSON in the schema and on the wire, where Swift's dictionary literal read like code. A number
    /// JSON has none of (`.inf`) is shown as written.
    static func json(_ node: SyntaxNode) -> String {
        switch node.value {
        case .scalar(_, .null): return "null"
        case .scalar(let text, .string): return jsonString(text)
        case .scalar(let text, .bool): return bool(text)
        case .scalar(let text, .int), .scalar(let text, .double): return number(text) ?? text
        case .sequence(let elements): return "[" + elements.map(json).joined(separator: ", ") + "]"
        case .mapping(let entries):
            return "{" + entries.map { "\(jsonString($0.name)): \(json($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string, escaped as the runtime writes JSON.
    private static func jsonString(_ text: String) -> String { QueryJSON.string(text).serialized }

    /// A YAML bool (`yes`, `On`, `y`…) as Yams reads it, as `true` or `false`, which Swift and JSON share.
    static func bool(_ text: String) -> String {
        ["true", "yes", "on", "y"].contains(text.lowercased()) ? "true" : "false"
    }

    /// A YAML number as a Swift literal of the same value: YAML's forms (`+5`, `.5`, `1_000`, `0x1F`, `0o17`, a
    /// leading-zero octal `017`, base 60 `1:30`) read as Yams reads them, written in decimal; nil for one JSON has no
    /// number for (`.inf`, `.nan`).
    static func number(_ text: String) -> String? {
        let plain = text.filter { $0 != "_" }
        let sign = plain.hasPrefix("-") ? "-" : ""
        let unsigned = plain.hasPrefix("-") || plain.hasPrefix("+") ? String(plain.dropFirst()) : plain
        if let whole = wholeNumber(unsigned) { return sign + String(whole) }
        if unsigned.contains(":") {
            // Base 60: each part a digit of it, in decimal digits, the last one may have a fraction; a part with a
            // sign or an exponent of its own (`1:-1e300`) is no such number. Summed as a `Double`, which no number of
            // parts overflows; a whole one stays an integer while it is exact.
            let parts = unsigned.split(separator: ":", omittingEmptySubsequences: false)
            let isSexagesimal = parts.enumerated().allSatisfy { index, part in
                let dots = part.filter { $0 == "." }.count
                return part.first.map { $0.isASCII && $0.isNumber } == true
                    && part.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "." }
                    && (dots == 0 || (dots == 1 && index == parts.count - 1))
            }
            guard isSexagesimal else { return nil }
            let value = parts.reduce(Double?(0)) { total, part in
                total.flatMap { t in Double(part).map { t * 60 + $0 } }
            }
            guard let value, value.isFinite else { return nil }
            let whole = unsigned.contains(".") || value >= 9_007_199_254_740_992 ? nil : Int64(exactly: value)
            return sign + (whole.map { String($0) } ?? "\(value)")
        }
        guard unsigned.first.map({ $0.isNumber || $0 == "." }) == true, let value = Double(unsigned),
            value.isFinite
        else { return nil }
        return sign + "\(value)"
    }

    /// An integer's digits in YAML's bases, as Yams reads them; nil for a number with a fraction, an exponent or
    /// base 60 (`1:30`).
    private static func wholeNumber(_ digits: String) -> UInt64? {
        let lowered = digits.lowercased()
        for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where lowered.hasPrefix(prefix) {
            return UInt64(lowered.dropFirst(2), radix: radix)
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // A leading zero is octal, as YAML 1.1 and Yams read `017`.
        return digits.count > 1 && digits.hasPrefix("0") ? UInt64(digits, radix: 8) : UInt64(digits)
    }

    /// Whether a JSON literal can hold the value: every number in it finite (YAML's `.inf` and `.nan` are numbers
    /// JSON, and so a server, has none of).
    static func isRepresentable(_ node: SyntaxNode) -> Bool {
        switch node.value {
        case .scalar(let text, .int), .scalar(let text, .double): number(text) != nil
        case .scalar: true
        case .sequence(let elements): elements.allSatisfy(isRepresentable)
        case .mapping(let entries): entries.allSatisfy { isRepresentable($0.value) }
        }
    }
}
