/// Writes imported mappings as our mapping YAML, each property typed from the app's headers, with a comment wherever
/// the import had to decide something the reader should check.
struct MappingYAMLWriter {
    let system: ObjCMappingSystem
    /// RestKit's `addDefaultDateFormatterForString:`, for every `NSDate` property without a pattern of its own.
    let defaultDatePattern: DatePattern?
    /// The date patterns of the app's own MMDataObject, when the import read its implementation.
    let mmDataObjectImplementation: MMDataObjectImplementation
    /// Whether a property took MMDataObject's built-in date pattern, which the file's warnings then describe.
    private var usesMMDataObjectDatePattern = false
    /// Whether a property writes the pattern the app's own MMDataObject wrote with, another than the one it reads.
    private var writesMMDataObjectDatePattern = false
    let mappings: [ImportedMapping]
    /// The mapped classes' names, looked up once per relationship and property type.
    let mappedClasses: Set<String>
    let headers: ObjCHeaders
    var samples: [String: SyntaxNode]
    let sourceFiles: [String]
    /// The kind of number of each numeric Core Data attribute, by class and property name.
    var numberKinds: [String: [String: String]] = [:]
    /// Whether a Core Data model typed the entities' classes.
    var typesModels = false
    var diagnostics = Diagnostics()

    /// Says why RestKit's properties carry formatters and defaults that the Objective-C code did not write.
    static let restKitReadingNote = [
        "# As RestKit did, numbers and booleans may come as text (Lenient*Formatter), dates in any of RestKit's",
        "# default formats (RestKitDateFormatter), a number or BOOL whose key is missing or null reads as 0 or NO,",
        "# and a list may come as its one element alone (singleAsArray).",
    ]

    /// Upstream MMDataObject's built-in pattern for `NSDate` properties without a formatter, as it wrote it
    /// (`initWithAttributes:` and `attributes` in modmed/MMDataObject's MMDataObject.m).
    static let mmDataObjectDatePattern = "yyyy-mm-dd HH:mm:ss"
    /// That pattern with its first `mm` read as the month, as the import reads and writes it.
    static let mmDataObjectCorrectedDatePattern = "yyyy-MM-dd HH:mm:ss"

    init(
        system: ObjCMappingSystem,
        defaultDatePattern: DatePattern?,
        mmDataObjectImplementation: MMDataObjectImplementation = MMDataObjectImplementation(),
        mappings: [ImportedMapping],
        headers: ObjCHeaders,
        samples: [String: SyntaxNode],
        sourceFiles: [String]
    ) {
        self.system = system
        self.defaultDatePattern = defaultDatePattern
        self.mmDataObjectImplementation = mmDataObjectImplementation
        self.mappings = mappings
        mappedClasses = Set(mappings.map(\.className))
        self.headers = headers
        // A list payload (a timeline) stands for its elements.
        self.samples = samples.mapValues { $0.elements?.first ?? $0 }
        self.sourceFiles = sourceFiles
    }

    mutating func write() -> String {
        propagateSamples()
        var lines = [
            ObjCMappingImporter.writtenFilePrefix + "\(system.rawValue)` from the \(system.displayName) mappings in",
            "# \(SwiftText.commentText(sourceFiles.joined(separator: ", "))).",
            typesModels
                ? "# Types come from the Core Data model and the classes' headers. Review the comments, then commit this"
                : "# Types come from the classes' headers. Review the comments, then commit this file and name it in the",
            typesModels ? "# file and name it in the config's 'mappings'." : "# config's 'mappings'.",
        ]
        if system == .restkit { lines += Self.restKitReadingNote }
        lines.append("mappings:")
        if mappings.isEmpty { lines[lines.count - 1] = "mappings: {}" }
        for mapping in mappings {
            // Names come from the Objective-C code's strings (`toAttribute:`, entity names), so they are quoted
            // wherever YAML would read them otherwise, and comments escape their line breaks.
            lines.append("  \(Self.scalar(mapping.className)):")
            let properties = propertiesToWrite(mapping)
            if let unmapped = inheritedPropertiesLeftOut(of: mapping) {
                lines.append("    # \(SwiftText.commentText(unmapped))")
            }
            if properties.isEmpty {
                lines.append("    properties: {}")
                continue
            }
            lines.append("    properties:")
            for property in properties {
                let (attributes, comments) = describe(property, of: mapping)
                lines += comments.map { "      # \(SwiftText.commentText($0))" }
                lines.append("      \(Self.scalar(property.name)): { \(attributes.joined(separator: ", ")) }")
            }
        }
        describeMMDataObjectDatePatterns()
        return lines.joined(separator: "\n") + "\n"
    }

    /// What an MMDataObject subclass inherits and MMDataObject doesn't map for it, said as the mapping's comment and
    /// once as a note; nil when there is none, or when the app's own MMDataObject maps inherited properties too.
    private mutating func inheritedPropertiesLeftOut(of mapping: ImportedMapping) -> String? {
        guard mapping.mapsEveryProperty, !mmDataObjectImplementation.mapsInheritedProperties,
            let superclass = headers.classes[mapping.className]?.superclass
        else { return nil }
        let own = Set(headers.ownProperties(of: mapping.className).map(\.name))
        let inherited = headers.properties(of: superclass).map(\.name).filter { !own.contains($0) }
        guard !inherited.isEmpty else { return nil }
        let names = inherited.map { "'\($0)'" }.joined(separator: ", ")
        diagnostics.append(
            Diagnostic(
                .note,
                "'\(mapping.className)' inherits \(names) from '\(superclass)', which MMDataObject doesn't map for it: it reads and writes a class's own properties (class_copyPropertyList of [self class]); they are left out",
                at: mapping.location,
                hint: "add them to the YAML by hand if the app's MMDataObject mapped them"
            )
        )
        return "MMDataObject maps a class's own properties only: \(names), inherited from \(superclass), are left out"
    }

    /// MMDataObject maps every property the class declares itself by name (and its superclasses' where the app's
    /// own copy walks them); RestKit only what its calls name.
    private mutating func propertiesToWrite(_ mapping: ImportedMapping) -> [ImportedProperty] {
        let declared =
            mapping.mapsEveryProperty && !mmDataObjectImplementation.mapsInheritedProperties
            ? headers.ownProperties(of: mapping.className) : headers.properties(of: mapping.className)
        if declared.isEmpty, headers.classes[mapping.className] == nil {
            diagnostics.warning(
                "no header declares '\(mapping.className)'; its properties are written without types",
                at: mapping.location,
                hint:
                    "pass the class's header with --headers, or give \(mapping.className) a sample payload in the config's 'samples'"
            )
        }
        guard mapping.mapsEveryProperty else { return mapping.properties }
        var properties = declared.map { declared in
            mapping.property(named: declared.name)
                ?? ImportedProperty(
                    name: declared.name,
                    keyPath: mapping.aliases[declared.name] ?? declared.name,
                    location: declared.location
                )
        }
        let declaredNames = Set(declared.map(\.name))
        properties += mapping.properties.filter { !declaredNames.contains($0.name) }
        return properties
    }

    /// The flow mapping's attributes, and the comments to put above it.
    private mutating func describe(
        _ property: ImportedProperty,
        of mapping: ImportedMapping
    ) -> (attributes: [String], comments: [String]) {
        var attributes = ["keyPath: \(Self.scalar(property.keyPath))"]
        var comments: [String] = []
        let declared = headers.property(property.name, of: mapping.className)
        if declared == nil, headers.classes[mapping.className] != nil {
            diagnostics.warning(
                "'\(mapping.className)' declares no property '\(property.name)' in the given headers; it is written without a type",
                at: property.location
            )
        }
        let type = declared.map { ObjCSwiftType($0.type) }
        var isOptional = declared.map { mayBeNil($0) } ?? true

        if property.readsThroughUnknownBlock {
            // MMDataObject ran the block on whatever the JSON held, instead of its own conversion or a collection.
            let declaredType = declared.map { " (\($0.type) \(Self.origin(of: $0)))" } ?? ""
            comments.append(
                "the app's input block computed this at run time; JSONValue, as the JSON sends it\(declaredType)"
            )
            return (attributes + ["type: JSONValue", "optional: true"], comments)
        }
        if let target = property.relationship {
            if !mappedClasses.contains(target) {
                diagnostics.warning(
                    "the relationship '\(property.name)' maps to '\(target)', which these files do not map",
                    at: property.location,
                    hint: "import the file that maps \(target) too, or write its mapping in the YAML"
                )
            }
            let isCollection: Bool? =
                property.isCollection
                ?? {
                    switch type {
                    case .array?: true
                    case .object?: false
                    default: nil
                    }
                }()
            switch isCollection {
            case true?:
                attributes.append("collection: \(Self.scalar(target))")
                if system == .restkit, property.singleAsArray { attributes.append("singleAsArray: true") }
            case false?: attributes.append("object: \(Self.scalar(target))")
            case nil:
                attributes.append("object: \(Self.scalar(target))")
                comments.append("one \(target)? The header does not say; write 'collection: \(target)' for a list")
            }
        } else if let type, let declared {
            let spelled = spelling(
                of: type,
                declared: declared,
                property: property,
                mapping: mapping,
                comments: &comments
            )
            if let spelled { attributes.append("type: \(Self.scalar(spelled))") }
            if type.isScalar, let missing = missingScalarDefault(spelled) { attributes.append(missing) }
            if system == .restkit, property.formatter == nil, case .date = type, let pattern = property.datePattern {
                // An attribute mapping's own date formatter (`valueTransformer`) is the only one RestKit read it with.
                attributes += ["formatter: DatePatternFormatter", Self.userData(of: pattern)]
            } else if system == .restkit, property.formatter == nil {
                attributes += restKitReading(of: type, spelled: spelled)
                // A list of values; a `JSONValue` reads one value alone already.
                if case .array = type, property.singleAsArray, spelled?.hasPrefix("[") == true {
                    attributes.append("singleAsArray: true")
                }
            } else if case .date = type, property.formatter == nil {
                // A date the app's own formatter reads is that formatter's alone (below).
                let pattern =
                    property.datePattern ?? defaultDatePattern
                    ?? mmDataObjectDefault(for: declared, comments: &comments)
                if let pattern {
                    let writeFormat = mmDataObjectWriteFormat(property, reading: pattern, comments: &comments)
                    attributes += [
                        "formatter: DatePatternFormatter", Self.userData(of: pattern, writeFormat: writeFormat),
                    ]
                }
            }
        }
        if declared == nil, property.relationship == nil {
            comments.append("no type: the config's sample for \(mapping.className) must give it one, or write it here")
        }
        if let formatter = property.formatter {
            attributes.append("formatter: \(Self.scalar(formatter))")
            comments.append("\(formatter): the app's ValueFormatter, in place of the Objective-C block")
            if type == nil || declared == nil { isOptional = true }
        }
        if isOptional { attributes.append("optional: true") }
        return (attributes, comments)
    }

    private mutating func spelling(
        of type: ObjCSwiftType,
        declared: ObjCProperty,
        property: ImportedProperty,
        mapping: ImportedMapping,
        comments: inout [String]
    ) -> String? {
        switch type {
        case .string: return "String"
        case .url: return "URL"
        case .date: return "Date"
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        case .json: return "JSONValue"
        case .number:
            return numberSpelling(property, of: mapping, declared: declared, comments: &comments)
        case .array(let element):
            switch element {
            case .number?:
                return "[\(numberSpelling(property, of: mapping, declared: declared, comments: &comments))]"
            case .string?: return "[String]"
            case .url?: return "[URL]"
            case .int?: return "[Int]"
            case .double?: return "[Double]"
            case .bool?: return "[Bool]"
            case .object(let name)? where mappedClasses.contains(name): return "[\(name)]"
            default: return "JSONValue"
            }
        case .object(let name) where mappedClasses.contains(name):
            return name
        case .object, .unknown:
            diagnostics.warning(
                "'\(declared.type)' of '\(mapping.className).\(property.name)' has no JSON form the generator knows; it is imported as JSONValue",
                at: declared.location,
                hint: "map it with a formatter that makes the Swift type the app needs"
            )
            comments.append("\(declared.type) \(Self.origin(of: declared)): JSONValue")
            return "JSONValue"
        }
    }

    /// Where a property's type was read: a Core Data model's `contents` file, or a header.
    private static func origin(of declared: ObjCProperty) -> String {
        Paths.fileName(of: declared.location.file) == "contents" ? "in the Core Data model" : "in the header"
    }

    /// Whether the property may hold `nil`. RestKit and MMDataObject set a property only from a value they found
    /// (MMDataObject's `initWithAttributes:` skips a key the dictionary lacks), whatever the header's nullability
    /// said, so any pointer stays `nil` when the key is missing; a scalar keeps its 0 (``missingScalarDefault(_:)``).
    private func mayBeNil(_ declared: ObjCProperty) -> Bool {
        if ObjCSwiftType(declared.type).isScalar { return false }
        return system == .restkit || system == .mmdataobject || declared.nullability != .nonnull
    }

    /// The `default` of an MMDataObject scalar: the 0 or `NO` its instance variable kept when the key was missing,
    /// since `initWithAttributes:` set nothing then. A `null` stays an error: KVC's `setValue:forKey:` raised on
    /// `NSNull` for a scalar.
    private func missingScalarDefault(_ spelled: String?) -> String? {
        guard system == .mmdataobject else { return nil }
        switch spelled {
        case "Int", "Double": return "default: 0"
        case "Bool": return "default: false"
        default: return nil
        }
    }

    /// What RestKit's mapping operation accepted for a property of this type: numbers and booleans sent as text (and
    /// the other way round for a string), its default date formats, and 0 or `NO` in a scalar whose key is missing
    /// or `null`.
    private func restKitReading(of type: ObjCSwiftType, spelled: String?) -> [String] {
        switch type {
        case .string: return ["formatter: LenientStringFormatter"]
        case .date: return restKitDateFormatter()
        case .number: return lenientFormatter(for: spelled).map { ["formatter: \($0)"] } ?? []
        case .bool, .int, .double:
            guard let formatter = lenientFormatter(for: spelled) else { return [] }
            return ["formatter: \(formatter)", "default: \(type == .bool ? "false" : "0")", "nullAsMissing: true"]
        default: return []
        }
    }

    private func lenientFormatter(for spelled: String?) -> String? {
        switch spelled {
        case "Int": "LenientIntFormatter"
        case "Double": "LenientDoubleFormatter"
        case "Bool": "LenientBoolFormatter"
        default: nil
        }
    }

    /// RestKit's default date formats, after the app's `addDefaultDateFormatterForString:` when it added one.
    private func restKitDateFormatter() -> [String] {
        guard let pattern = defaultDatePattern else { return ["formatter: RestKitDateFormatter"] }
        return ["formatter: RestKitPatternDateFormatter", Self.userData(of: pattern)]
    }

    /// The `userData` attribute that names a date pattern, the one dates are written in when another, and the time
    /// zone.
    private static func userData(of pattern: DatePattern, writeFormat: String? = nil) -> String {
        var userData = "format: \(scalar(pattern.format))"
        if let writeFormat { userData += ", writeFormat: \(scalar(writeFormat))" }
        if let zone = pattern.timeZone { userData += ", timeZone: \(scalar(zone))" }
        return "userData: { \(userData) }"
    }

    /// MMDataObject read every `NSDate` without a formatter with its built-in pattern: the first the app's own
    /// implementation reads with, when the import read one, else upstream's.
    private mutating func mmDataObjectDefault(
        for declared: ObjCProperty,
        comments: inout [String]
    ) -> DatePattern? {
        guard system == .mmdataobject else { return nil }
        usesMMDataObjectDatePattern = true
        let location = declared.location
        guard let read = mmDataObjectImplementation.reading.first else {
            let corrected = Self.mmDataObjectCorrectedDatePattern
            let assumption =
                mmDataObjectImplementation.implementation.map {
                    "the app's own MMDataObject (\(Self.place($0))) reads dates with no pattern the import could read"
                } ?? "no implementation of MMDataObject was among the inputs"
            diagnostics.warning(
                "MMDataObject read '\(declared.name)' with its built-in date pattern '\(Self.mmDataObjectDatePattern)' in the device's time zone, where 'mm' is minutes, so the month was lost; the import reads '\(corrected)' in UTC. That pattern is upstream MMDataObject's, assumed, not read from the app: \(assumption)",
                at: location,
                hint:
                    "if the app copied MMDataObject.m and changed it, name that file among the files or put it in a --headers folder"
            )
            return DatePattern(format: corrected, timeZone: nil, location: location)
        }
        let corrected = read.correctingMonthWrittenAsMinutes
        let format = corrected ?? read.format
        let place = Self.place(read.location)
        comments.append(Self.readingComment(place))
        var mistakes: [String] = []
        if !read.readsZoneFromText { mistakes.append("in the device's time zone, which the import can't know") }
        if corrected != nil { mistakes.append("where 'mm' is minutes, so the month was lost") }
        if !mistakes.isEmpty {
            diagnostics.warning(
                "the app's MMDataObject (\(place)) read '\(declared.name)' with its date pattern '\(read.format)' \(mistakes.joined(separator: ", ")); the import reads '\(format)'\(read.readsZoneFromText ? "" : " in UTC")",
                at: location
            )
        }
        return DatePattern(format: format, timeZone: nil, location: location)
    }

    /// The comment on a property that reads the pattern of the app's own MMDataObject, read at `place`.
    private static func readingComment(_ place: String) -> String {
        "the date pattern of the app's own MMDataObject (\(place))"
    }

    /// The pattern MMDataObject's `attributes` wrote the property in, when the model must write it in another than it
    /// reads: the one of the property's output formatter (`dateToStringWithFormat:`), else MMDataObject's built-in
    /// one, which the app's own MMDataObject says, or upstream's. Nil when the two are the same, or when what wrote it
    /// is unknown (with a warning).
    private mutating func mmDataObjectWriteFormat(
        _ property: ImportedProperty,
        reading: DatePattern,
        comments: inout [String]
    ) -> String? {
        guard system == .mmdataobject, property.formatter == nil else { return nil }
        switch property.output {
        case .datePattern(let written)?:
            let format = written.correctingMonthWrittenAsMinutes ?? written.format
            guard format != reading.format else { return nil }
            let mistakes = Self.writingMistakes(of: written)
            if !mistakes.isEmpty {
                diagnostics.warning(
                    "the output formatter of '\(property.name)' wrote it with the date pattern '\(written.format)' \(mistakes.joined(separator: ", ")); the model writes '\(format)'\(written.readsZoneFromText ? "" : " in UTC")",
                    at: written.location,
                    hint: Self.writingHint(written)
                )
            }
            return format
        case .other(let location)?:
            diagnostics.warning(
                "the output formatter of '\(property.name)' is a block the import can't read; the model writes '\(property.name)' in '\(reading.format)', the pattern it reads",
                at: location,
                hint:
                    "if the server is sent another pattern, add 'writeFormat: \"…\"' to the userData of '\(property.name)' in the YAML"
            )
            return nil
        case nil:
            break
        }
        guard mmDataObjectImplementation.implementation != nil else {
            // Upstream's pattern, the same for writing as for reading.
            let format = Self.mmDataObjectCorrectedDatePattern
            guard format != reading.format else { return nil }
            diagnostics.warning(
                "MMDataObject wrote '\(property.name)' with its built-in date pattern '\(Self.mmDataObjectDatePattern)' in the device's time zone, where 'mm' is minutes, so the server was sent the minutes in the month's place; the model writes '\(format)' in UTC. That pattern is upstream MMDataObject's, assumed, not read from the app: no implementation of MMDataObject was among the inputs",
                at: property.location,
                hint:
                    "if the app copied MMDataObject.m and changed it, name that file among the files or put it in a --headers folder"
            )
            return format
        }
        guard let written = mmDataObjectImplementation.writing.first else {
            // The reading side says the same where the app's MMDataObject reads in a pattern the import can't read.
            if let implementation = mmDataObjectImplementation.implementation {
                diagnostics.warning(
                    "the app's own MMDataObject (\(Self.place(implementation))) writes dates with no pattern the import could read; the model writes '\(property.name)' in '\(reading.format)', the pattern it reads",
                    at: property.location,
                    hint:
                        "if the server is sent another pattern, add 'writeFormat: \"…\"' to the userData of '\(property.name)' in the YAML"
                )
            }
            return nil
        }
        let format = written.correctingMonthWrittenAsMinutes ?? written.format
        guard format != reading.format else { return nil }
        writesMMDataObjectDatePattern = true
        let writtenPlace = Self.place(written.location)
        if property.datePattern == nil, let read = mmDataObjectImplementation.reading.first,
            let index = comments.firstIndex(of: Self.readingComment(Self.place(read.location)))
        {
            comments[index] =
                "the date patterns of the app's own MMDataObject, read (\(Self.place(read.location))) and written (\(writtenPlace))"
        } else {
            comments.append("written in the date pattern of the app's own MMDataObject (\(writtenPlace))")
        }
        return format
    }

    /// What a pattern MMDataObject wrote dates with did that the models don't.
    private static func writingMistakes(of written: DatePattern) -> [String] {
        var mistakes: [String] = []
        if !written.readsZoneFromText { mistakes.append("in the device's time zone, which the import can't know") }
        if written.correctingMonthWrittenAsMinutes != nil {
            mistakes.append("where 'mm' is minutes, so the server was sent the minutes in the month's place")
        }
        return mistakes
    }

    /// How to write what the app wrote, where the models write otherwise.
    private static func writingHint(_ written: DatePattern) -> String {
        var hints: [String] = []
        if written.correctingMonthWrittenAsMinutes != nil {
            hints.append("if the server needs the minutes there, make the YAML's writeFormat '\(written.format)'")
        }
        if !written.readsZoneFromText {
            hints.append("if it needs its own time zone, add 'timeZone: \"…\"' to the userData")
        }
        return hints.joined(separator: "; ")
    }

    /// Once for the file, what the app's MMDataObject did that the imported patterns do not: a second pattern it
    /// read with, and what the pattern it wrote with did that the models don't (the device's time zone, the month
    /// written as minutes).
    private mutating func describeMMDataObjectDatePatterns() {
        if usesMMDataObjectDatePattern, let read = mmDataObjectImplementation.reading.first {
            for other in mmDataObjectImplementation.reading.dropFirst() where other.format != read.format {
                diagnostics.warning(
                    "the app's MMDataObject reads dates with the pattern '\(other.format)' here too; the import reads with the first it meets, '\(read.format)' (\(Self.place(read.location)))",
                    at: other.location,
                    hint:
                        "give the Date properties that came in this pattern 'formatter: DatePatternFormatter, userData: { format: \"…\" }' in the YAML"
                )
            }
        }
        guard writesMMDataObjectDatePattern, let written = mmDataObjectImplementation.writing.first else { return }
        let mistakes = Self.writingMistakes(of: written)
        guard !mistakes.isEmpty else { return }
        let format = written.correctingMonthWrittenAsMinutes ?? written.format
        diagnostics.warning(
            "the app's MMDataObject wrote dates with its date pattern '\(written.format)' \(mistakes.joined(separator: ", ")); the models write '\(format)'\(written.readsZoneFromText ? "" : " in UTC")",
            at: written.location,
            hint: Self.writingHint(written)
        )
    }

    /// `file:line`, for a message that points at another place.
    private static func place(_ location: SourceLocation) -> String {
        "\(location.file):\(location.line)"
    }

    // MARK: Samples

    /// An `NSNumber` (or the elements of an `NSArray<NSNumber *>`): the sample's kind of number, else `Double` with a
    /// note.
    private mutating func numberSpelling(
        _ property: ImportedProperty,
        of mapping: ImportedMapping,
        declared: ObjCProperty,
        comments: inout [String]
    ) -> String {
        if let kind = numberKinds[mapping.className]?[property.name] { return kind }
        if let narrowed = narrowedNumber(property, of: mapping) { return narrowed }
        let note = "NSNumber with no sample to say which number it holds; Double"
        comments.append(note + " (change it to Int or Bool if that is what it holds)")
        diagnostics.append(
            Diagnostic(
                .note,
                "'\(mapping.className).\(property.name)' is an NSNumber with no sample to say which number it holds; it is imported as Double",
                at: declared.location,
                hint: "pass a sample payload with --sample \(mapping.className)=path to narrow it"
            )
        )
        return "Double"
    }

    private func narrowedNumber(_ property: ImportedProperty, of mapping: ImportedMapping) -> String? {
        guard let sample = samples[mapping.className] else { return nil }
        guard case .found(let found) = SampleLookup.lookUp(Self.path(property.keyPath), in: sample) else { return nil }
        // A list of numbers says it by its first element.
        let value = found.elements?.first ?? found
        switch SampleType(value) {
        case .bool: return "Bool"
        case .int: return "Int"
        case .double: return "Double"
        default: return nil
        }
    }

    /// Hands each related class the part of its parent's sample the relationship reads.
    private mutating func propagateSamples() {
        let mappingsByName = Dictionary(mappings.map { ($0.className, $0) }, uniquingKeysWith: { first, _ in first })
        var queue = mappings.map(\.className).filter { samples[$0] != nil }
        var next = 0
        while next < queue.count {
            let name = queue[next]
            next += 1
            guard let mapping = mappingsByName[name], let sample = samples[name] else { continue }
            for property in mapping.properties {
                guard let target = property.relationship, samples[target] == nil,
                    case .found(let value) = SampleLookup.lookUp(Self.path(property.keyPath), in: sample)
                else { continue }
                guard let child = value.elements?.first ?? (value.entries != nil ? value : nil) else { continue }
                samples[target] = child
                queue.append(target)
            }
        }
    }

    private static func path(_ keyPath: String) -> [String] {
        keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: YAML

    /// A plain scalar where YAML reads it back as the same string, otherwise the generator's one double-quoted form
    /// (which also writes invisible and bidi characters as escapes).
    static func scalar(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    || $0 == "."
            }
            && text.first.map { $0.isLetter || $0 == "_" } == true
            && !["true", "false", "null", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased())
        return plain ? text : ConfigTemplate.yamlString(text)
    }
}
