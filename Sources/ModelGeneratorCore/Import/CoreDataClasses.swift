/// What an app's Core Data models tell a RestKit import about the classes its entity mappings fill: each entity's
/// class, and that class's properties as the entity declares them.
///
/// The model wins over a header that declares the same property: RestKit typed an entity mapping's properties from
/// the entity, not from the class (`RKPropertyInspector+CoreData.m` in 0.20: each attribute's
/// `attributeValueClassName`, `NSSet` or `NSOrderedSet` for a to-many relationship, the destination entity's class
/// for a to-one), and the store holds what the model says. A transformable attribute, which the model leaves
/// untyped, keeps the header's declaration, as RestKit read it from the class; a property the model does not declare
/// (one the class computes) keeps the header's too.
struct CoreDataClasses {
    /// The class of each entity, by entity name.
    private(set) var classNames: [String: String] = [:]
    /// One interface per entity, named by its class, with every attribute and relationship the entity has (its
    /// parent entities' included, as Core Data gives them to it).
    private(set) var interfaces: [ObjCInterface] = []
    /// The kind of number (`Int`, `Double` or `Bool`) each numeric attribute holds, by class and property name: the
    /// model says what a header's `NSNumber` does not.
    private(set) var numberKinds: [String: [String: String]] = [:]
    private(set) var diagnostics = Diagnostics()

    /// How many parent entities are followed: real models nest a few.
    static let inheritanceLimit = 64

    init() {}

    /// The classes of `models`' entities, typed from them and, for what they leave untyped, from `headers`.
    init(_ models: [CoreDataModel], headers: ObjCHeaders) {
        var entities: [String: CoreDataModel.Entity] = [:]
        var order: [String] = []
        for model in models {
            for entity in model.entities {
                if let first = entities[entity.name] {
                    diagnostics.warning(
                        "the entity '\(entity.name)' is declared again; the import uses its first declaration, at \(first.location)",
                        at: entity.location,
                        hint: "pass one version of the app's Core Data model"
                    )
                    continue
                }
                entities[entity.name] = entity
                order.append(entity.name)
            }
        }
        for name in order { classNames[name] = entities[name]?.className }
        for name in order {
            guard let entity = entities[name] else { continue }
            var chain = [entity]
            var seen: Set<String> = [name]
            var parent = entity.parent
            while let parentName = parent, chain.count <= Self.inheritanceLimit {
                guard let parentEntity = entities[parentName] else {
                    // Xcode writes no such model; a hand-edited one loses the parent's attributes, said here.
                    let child = chain[chain.count - 1]
                    diagnostics.warning(
                        "the parent entity '\(parentName)' of '\(child.name)' is not in the model; the import leaves out what '\(child.name)' would inherit from it",
                        at: child.location
                    )
                    break
                }
                guard seen.insert(parentName).inserted else {
                    diagnostics.warning(
                        "the parent entities of '\(name)' lead back to '\(parentName)'; the import follows them once",
                        at: entity.location
                    )
                    break
                }
                chain.append(parentEntity)
                parent = parentEntity.parent
            }
            for relationship in entity.relationships {
                guard let destination = relationship.destination, entities[destination] == nil else { continue }
                diagnostics.warning(
                    "the destination entity '\(destination)' of '\(name).\(relationship.name)' is not in the model; the import names its class '\(destination)'",
                    at: relationship.location
                )
            }
            interfaces.append(interface(of: entity, inheriting: chain.dropFirst(), headers: headers))
        }
    }

    var isEmpty: Bool { classNames.isEmpty }

    /// The entity's class with the entity's attributes and relationships, the parents' first.
    private mutating func interface(
        of entity: CoreDataModel.Entity,
        inheriting parents: ArraySlice<CoreDataModel.Entity>,
        headers: ObjCHeaders
    ) -> ObjCInterface {
        let className = entity.className
        var properties: [ObjCProperty] = []
        for declaring in parents.reversed() + [entity] {
            for attribute in declaring.attributes {
                let (type, numberKind) = Self.type(of: attribute, in: className, headers: headers)
                numberKinds[className, default: [:]][attribute.name] = numberKind
                properties.append(
                    ObjCProperty(
                        name: attribute.name,
                        type: type,
                        nullability: attribute.isOptional ? .nullable : .nonnull,
                        location: attribute.location
                    )
                )
            }
            for relationship in declaring.relationships {
                numberKinds[className]?[relationship.name] = nil
                properties.append(
                    ObjCProperty(
                        name: relationship.name,
                        type: type(of: relationship),
                        nullability: relationship.isOptional ? .nullable : .nonnull,
                        location: relationship.location
                    )
                )
            }
        }
        return ObjCInterface(
            name: className,
            // The header's superclass (mogenerator's machine class, `_Article`) stays the class's.
            superclass: headers.classes[className]?.superclass,
            // A parent's property of a name the entity redeclares is the entity's, where the parent's stood.
            properties: properties.lastOfEachName(\.name),
            location: entity.location
        )
    }

    /// The Objective-C type Core Data gives an attribute's value (`attributeValueClassName`), and for a number the
    /// kind it holds.
    private static func type(
        of attribute: CoreDataModel.Attribute,
        in className: String,
        headers: ObjCHeaders
    ) -> (ObjCType, numberKind: String?) {
        func object(_ name: String) -> ObjCType { ObjCType(name: name, isPointer: true) }
        switch attribute.type {
        case "String": return (object("NSString"), nil)
        case "Integer 16", "Integer 32", "Integer 64": return (object("NSNumber"), "Int")
        case "Double", "Float": return (object("NSNumber"), "Double")
        case "Decimal": return (object("NSDecimalNumber"), "Double")
        case "Boolean": return (object("NSNumber"), "Bool")
        case "Date": return (object("NSDate"), nil)
        case "Binary": return (object("NSData"), nil)
        case "URI": return (object("NSURL"), nil)
        case "UUID": return (object("NSUUID"), nil)
        default:
            // Transformable, Undefined (a transient value) and Object ID: the class's declaration says what the value
            // is, else the model's custom class, else anything.
            if let declared = headers.property(attribute.name, of: className) { return (declared.type, nil) }
            if let custom = attribute.customClassName, isClassName(custom) { return (object(custom), nil) }
            return (ObjCType(name: "id"), nil)
        }
    }

    /// `NSSet<Destination *> *` (`NSOrderedSet` when ordered) for a to-many relationship, the destination's class
    /// for a to-one.
    private func type(of relationship: CoreDataModel.Relationship) -> ObjCType {
        guard let destination = relationship.destination else { return ObjCType(name: "id") }
        let element = ObjCType(name: classNames[destination] ?? destination, isPointer: true)
        guard relationship.isToMany else { return element }
        return ObjCType(name: relationship.isOrdered ? "NSOrderedSet" : "NSSet", arguments: [element], isPointer: true)
    }

    /// An Objective-C class name (`NSURL`), not a Swift type newer Xcode accepts there (`[String]`).
    private static func isClassName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }
}
