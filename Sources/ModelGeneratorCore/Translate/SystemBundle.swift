/// The runtime type a model keeps its backend's system properties in (`CortexSystemProperties`, …): one stored
/// property, `system`, instead of one per system property, and one `system` field in its query `Fields`.
///
/// Every model of a backend carries the same system properties; written out in each model's declaration,
/// initializer, coding, `==` and fields they made the generated code about 40% larger, and slower to generate and to
/// compile. The model conforms to `SystemPropertiesCarrying` (its `Fields` to `SystemFieldsCarrying`), so that
/// `clinic.created` and `$0.created.gt(date)` read as before.
///
/// A model gets the bundle only when it has every system property of its backend exactly as the bundle holds it:
/// same Swift name, JSON key, type and optionality. When its schema declares one with a type of its own (a typed
/// `owner`), a naming override or a mapping renames one, or a property of its own is called `system`, the model keeps
/// them as properties of its own, as the schema says, and no key is decoded twice.
struct SystemBundle {
    /// The name of the stored property and of the query field.
    static let propertyName = "system"

    /// `CortexSystemProperties<JSONValue>`.
    var typeName: String
    /// `CortexSystemFields<Root, UnknownFields<Root>>`.
    var fieldsTypeName: String
    /// Every property of the bundle is optional, so the model's initializer can leave it out.
    var hasDefault: Bool
    /// The API names of the properties the bundle holds.
    var apiNames: Set<String>
    /// The stored property standing for them.
    var property: ResolvedProperty
    /// The doc comment of the `system` query field.
    var fieldsLabel: String

    /// The bundle of the backend whose system properties `properties` hold, or nil.
    static func of(_ properties: [ResolvedProperty]) -> SystemBundle? {
        // Most structs (every document and nested type) hold no system property: decided without a copy.
        guard properties.contains(where: \.isSystemProperty),
            !properties.contains(where: { $0.swiftName == propertyName })
        else { return nil }
        for dialect in [GeneratorConfig.Dialect.cortex, .mia, .parse] {
            if let bundle = of(properties, dialect: dialect) { return bundle }
        }
        return nil
    }

    private static func of(_ properties: [ResolvedProperty], dialect: GeneratorConfig.Dialect) -> SystemBundle? {
        let members = SystemProperty.of(dialect).filter { !$0.leads }
        var matched: [ResolvedProperty] = []
        for member in members {
            guard let index = properties.firstIndex(where: { $0.apiName == member.apiName }),
                matches(properties[index], member)
            else { return nil }
            matched.append(properties[index])
        }
        // `creator`, `updater` and `owner` point at the same `account`.
        var targets: Set<String> = []
        for property in matched {
            if case .reference(let target) = property.type { targets.insert(target ?? "JSONValue") }
        }
        guard targets.count <= 1, let first = matched.first else { return nil }
        let account = targets.first ?? "JSONValue"
        let typeName: String
        let fieldsTypeName: String
        let owner: String
        switch dialect {
        case .cortex:
            typeName = "CortexSystemProperties<\(account)>"
            let accountFields = account == "JSONValue" ? "UnknownFields<Root>" : "\(account).Fields<Root>"
            fieldsTypeName = "CortexSystemFields<Root, \(accountFields)>"
            owner = "of Cortex"
        case .mia:
            typeName = "MiaSystemProperties"
            fieldsTypeName = "MiaSystemFields<Root>"
            owner = "of Mia-Platform's CRUD service"
        case .parse:
            typeName = "ParseSystemProperties"
            fieldsTypeName = "ParseSystemFields<Root>"
            owner = "of Parse"
        }
        let examples = members.prefix(2).map { "`\($0.swiftName)`" }.joined(separator: ", ")
        var property = ResolvedProperty(
            apiName: propertyName,
            swiftName: propertyName,
            label: "The system properties \(owner) (\(examples), …), each also a member of this model.",
            description: nil,
            location: first.location,
            type: .named(typeName),
            isArray: false,
            isRequired: true,
            definition: first.definition
        )
        property.keyPath = []
        property.isSystemProperty = true
        return SystemBundle(
            typeName: typeName,
            fieldsTypeName: fieldsTypeName,
            hasDefault: matched.allSatisfy { !$0.isRequired },
            apiNames: Set(matched.map(\.apiName)),
            property: property,
            fieldsLabel: "The fields of the system properties \(owner) (\(examples), …), each also a field here."
        )
    }

    /// Whether `property` is `member` as the bundle holds it.
    private static func matches(_ property: ResolvedProperty, _ member: SystemProperty) -> Bool {
        guard property.isSystemProperty, property.swiftName == member.swiftName,
            property.keyPath == [member.apiName], property.formatter == nil, property.defaultValue == nil,
            !property.singleAsArray, property.isArray == member.isArray, property.isRequired == member.isGuaranteed
        else { return false }
        switch (member.type, property.type) {
        case ("Date", .date), ("String", .string), ("ObjectId", .objectID), ("Boolean", .bool), ("Any", .any),
            ("ACL", .acl), ("Reference", .reference):
            return true
        case ("Number", .int):
            return member.isInteger
        default:
            return false
        }
    }

    /// `properties` with the bundle's in one `system` property, where the first of them was.
    func replacing(in properties: [ResolvedProperty]) -> [ResolvedProperty] {
        var result: [ResolvedProperty] = []
        for property in properties {
            guard apiNames.contains(property.apiName), property.keyPath == [property.apiName] else {
                result.append(property)
                continue
            }
            if !result.contains(where: { $0.swiftName == Self.propertyName }) { result.append(self.property) }
        }
        return result
    }
}
