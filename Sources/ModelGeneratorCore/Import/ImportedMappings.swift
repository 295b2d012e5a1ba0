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
    /// MMDataObject's output formatter, which `attributes` wrote the value with; nil when the class gave none, and
    /// MMDataObject's own conversion wrote it.
    var output: MMDataObjectOutput?
    /// A list property reads one value sent alone as a list of one, as RestKit read every relationship and, from
    /// 0.20, every attribute (`singleAsArray`).
    var singleAsArray = false
    /// MMDataObject's input formatter is a block the import can't read (written inline, or held in a variable):
    /// what it made of the JSON value is unknown, so the model keeps the value as it is sent.
    var readsThroughUnknownBlock = false
    var location: SourceLocation
}

struct DatePattern: Hashable, Sendable {
    var format: String
    /// A time zone name; nil is UTC.
    var timeZone: String?
    var location: SourceLocation

    /// The pattern's fields (`yyyy`, `MM`, `ZZZ`), each a run of one letter outside quotes, in order.
    var fields: [Substring] {
        var fields: [Substring] = []
        var quoted = false
        var index = format.startIndex
        while index < format.endIndex {
            let character = format[index]
            if character == "'" {
                quoted.toggle()
                index = format.index(after: index)
                continue
            }
            guard !quoted, character.isASCII, character.isLetter else {
                index = format.index(after: index)
                continue
            }
            let start = index
            while index < format.endIndex, format[index] == character { index = format.index(after: index) }
            fields.append(format[start..<index])
        }
        return fields
    }

    /// Whether the text says its own zone (`Z`, `ZZZ`, `xxx`, `zzz`…): `DateFormatter` reads it from there, and the
    /// device's time zone never mattered.
    var readsZoneFromText: Bool {
        fields.contains { ["z", "Z", "O", "v", "V", "x", "X"].contains($0.first) }
    }

    /// The pattern with its month written as minutes (`yyyy-mm-dd HH:mm:ss`, MMDataObject's own) corrected: a
    /// pattern with no month field and two `mm` fields meant the first as the month. Nil when there is no such
    /// mistake.
    var correctingMonthWrittenAsMinutes: String? {
        let fields = fields
        guard !fields.contains(where: { $0.first == "M" || $0.first == "L" }),
            let first = fields.first(where: { $0 == "mm" }),
            fields.filter({ $0 == "mm" }).count == 2
        else { return nil }
        return format.replacingCharacters(in: first.startIndex..<first.endIndex, with: "MM")
    }
}

/// An output formatter of `addFormatterForPropertyName:input:output:`.
enum MMDataObjectOutput: Sendable {
    /// `[MMDataObject dateToStringWithFormat:@"…"]`: the date written in that pattern.
    case datePattern(DatePattern)
    /// Any other block, where the code gives it: what it wrote is unknown.
    case other(SourceLocation)
}

/// What the app's own `@implementation MMDataObject` did: apps copied MMDataObject.m into their project, as its README
/// said, and changed it, its date patterns above all.
struct MMDataObjectImplementation: Sendable {
    /// Where the implementation the import read starts; nil when none was among its inputs.
    var implementation: SourceLocation?
    /// The patterns of its `stringToDateWithFormat:` messages, which read the JSON's text, in order.
    var reading: [DatePattern] = []
    /// The patterns of its `dateToStringWithFormat:` messages, which wrote it, in order.
    var writing: [DatePattern] = []
    /// Whether it maps a class's inherited properties too (it walks `class_getSuperclass`); MMDataObject's own lists
    /// the class's properties alone (`class_copyPropertyList([self class], …)`), so a subclass's `initWithAttributes:`
    /// leaves its superclass's properties unset and `attributes` leaves them out.
    var mapsInheritedProperties = false
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
    /// The classes whose mappings this one took over, where (`mapping.objectClass = [PlaceChannel class]` on what
    /// `[Channel mapping]` built): their properties come before this mapping's own.
    private(set) var included: [(className: String, location: SourceLocation)] = []

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

    /// Takes away the properties added from `start` on, in their order: what a method added to a mapping it was
    /// handed before giving the mapping to another class.
    mutating func removeProperties(from start: Int) -> [ImportedProperty] {
        guard start < properties.count else { return [] }
        let removed = Array(properties[start...])
        properties.removeSubrange(start...)
        for property in removed { indexByName[property.name] = nil }
        return removed
    }

    /// Takes away the first property read from `keyPath`, as RestKit 0.10's `removeMappingForKeyPath:` does (it
    /// removes what `mappingForKeyPath:` finds, the first mapping whose source key path it is); another property
    /// read from the same key stays.
    mutating func removeProperties(keyPath: String) {
        guard let first = properties.firstIndex(where: { $0.keyPath == keyPath }) else { return }
        remove(at: first)
    }

    /// Takes away the property `name`, as RestKit's `removeMapping:` takes away the mapping it is given.
    mutating func removeProperty(named name: String) {
        guard let index = indexByName[name] else { return }
        remove(at: index)
    }

    private mutating func remove(at index: Int) {
        var kept = properties
        kept.remove(at: index)
        properties = []
        indexByName = [:]
        for property in kept { add(property) }
    }

    /// Takes over the mapping of `className` too, once.
    mutating func include(_ className: String, at location: SourceLocation) {
        guard !included.contains(where: { $0.className == className }) else { return }
        included.append((className, location))
    }

    /// Puts `inherited` before the mapping's own properties, which win over those of the same name.
    mutating func prepend(_ inherited: [ImportedProperty]) {
        guard !inherited.isEmpty else { return }
        let own = properties
        properties = []
        indexByName = [:]
        for property in inherited + own { add(property) }
    }
}
