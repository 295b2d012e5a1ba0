/// The mapping system an `import` reads.
public enum ObjCMappingSystem: String, CaseIterable, Sendable {
    case restkit
    case mmdataobject

    /// The name the app's developers know it by, for messages and file comments.
    public var displayName: String {
        switch self {
        case .restkit: "RestKit"
        case .mmdataobject: "MMDataObject"
        }
    }
}

/// One mapped property, as the Objective-C code states it.
struct ImportedProperty: Sendable {
    /// The Objective-C property's name.
    var name: String
    /// The JSON key path.
    var keyPath: String
    /// The class of the nested model, for a relationship.
    var relationship: String?
    /// True for `hasMany:` and `registerClass:forCollectionName:`, false for `hasOne:`; nil when the header's type
    /// must tell.
    var isCollection: Bool?
    /// The formatter hook's name (MMDataObject's input block, named after its selector).
    var formatter: String?
    /// A date pattern for `NSDate` properties (`addDefaultDateFormatterForString:`, `stringToDateWithFormat:`).
    var datePattern: DatePattern?
    /// A list property reads one value sent alone as a list of one, as RestKit read every relationship and, from
    /// 0.20, every attribute (`singleAsArray`).
    var singleAsArray = false
    var location: SourceLocation
}

struct DatePattern: Hashable, Sendable {
    var format: String
    /// A time zone name; nil is UTC.
    var timeZone: String?
    var location: SourceLocation
}

/// One class's mapping, in the order the code first mentions it.
struct ImportedMapping: Sendable {
    var className: String
    private(set) var properties: [ImportedProperty] = []
    var location: SourceLocation
    /// MMDataObject maps every property of the class by its name; RestKit only the ones its calls name.
    var mapsEveryProperty = false
    /// MMDataObject's aliases: property name → JSON key.
    var aliases: [String: String] = [:]
    /// Where each name stands in `properties`: a class may map thousands.
    private var indexByName: [String: Int] = [:]

    init(className: String, location: SourceLocation) {
        self.className = className
        self.location = location
    }

    /// The property mapped to `name`, if any.
    func property(named name: String) -> ImportedProperty? {
        indexByName[name].map { properties[$0] }
    }

    /// Adds a property, or replaces the one of the same name where it stands.
    mutating func add(_ property: ImportedProperty) {
        if let index = indexByName[property.name] {
            properties[index] = property
        } else {
            indexByName[property.name] = properties.count
            properties.append(property)
        }
    }
}
