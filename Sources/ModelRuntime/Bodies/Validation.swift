/// One broken rule, at the JSON path of the value that breaks it.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the value that breaks the rule, such as `c_logo.content` or `c_tags[2]`.
    public var path: String
    /// What is wrong, such as `is required`.
    public var message: String

    /// A violation at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The path and the message: `c_kind: 'spa' is not one of the schema's values`.
    public var description: String { "\(path): \(message)" }
}

/// Every rule a body breaks; thrown before anything is sent.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Every violation, in the order found.
    public var violations: [Violation]

    /// An error listing `violations`.
    public init(violations: [Violation]) {
        self.violations = violations
    }

    /// How many rules the body breaks, then each violation.
    public var description: String {
        "the body breaks \(violations.count) rule\(violations.count == 1 ? "" : "s"): "
            + violations.map(\.description).joined(separator: "; ")
    }
}

/// A facet's rules, from the schema's file processors.
public struct FacetRule: Sendable, Hashable {
    /// The facet's name, such as `content`.
    public var name: String
    /// The accepted mime types (`image/*` accepts any image); empty accepts any.
    public var mimes: [String]
    /// Whether every file must have this facet.
    public var isRequired: Bool
    /// The largest accepted size in bytes; `nil` for no limit.
    public var maxFileSize: Int?
    /// False for facets the server makes itself, such as a thumbnail.
    public var allowsUpload: Bool

    /// A facet's rules; generated bodies make these from the schema's processors.
    public init(
        name: String,
        mimes: [String] = [],
        isRequired: Bool = false,
        maxFileSize: Int? = nil,
        allowsUpload: Bool = true
    ) {
        self.name = name
        self.mimes = mimes
        self.isRequired = isRequired
        self.maxFileSize = maxFileSize
        self.allowsUpload = allowsUpload
    }
}

/// The checks generated bodies run on their values; each returns the violations it finds (none for `nil`).
///
/// A violation's path is `prefix` followed by `key`. Generated bodies pass the two apart (`at: prefix, "c_name"`):
/// the compiler checks that call several times faster than one with `prefix + "c_name"`, and bodies make thousands of
/// them. Code of your own can pass the whole path as `prefix`.
public enum Validation {
    /// A string's length, in characters, within `min...max`.
    public static func length(
        of value: String?,
        min: Int? = nil,
        max: Int? = nil,
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        guard let value else { return [] }
        if let min, value.count < min {
            return [Violation(path: prefix + key, message: "is \(value.count) characters long; the minimum is \(min)")]
        }
        if let max, value.count > max {
            return [Violation(path: prefix + key, message: "is \(value.count) characters long; the maximum is \(max)")]
        }
        return []
    }

    /// A number within `min...max`.
    public static func range<Value: Comparable & Sendable>(
        of value: Value?,
        min: Value? = nil,
        max: Value? = nil,
        at prefix: String,
        _ key: String = ""
    )
        -> [Violation]
    {
        guard let value else { return [] }
        if let min, value < min {
            return [Violation(path: prefix + key, message: "is \(value); the minimum is \(min)")]
        }
        if let max, value > max {
            return [Violation(path: prefix + key, message: "is \(value); the maximum is \(max)")]
        }
        return []
    }

    /// An array's element count within `min...max`.
    public static func count<Element>(
        of value: [Element]?,
        min: Int? = nil,
        max: Int? = nil,
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        guard let value else { return [] }
        if let min, value.count < min {
            return [Violation(path: prefix + key, message: "has \(value.count) elements; the minimum is \(min)")]
        }
        if let max, value.count > max {
            return [Violation(path: prefix + key, message: "has \(value.count) elements; the maximum is \(max)")]
        }
        return []
    }

    /// An enum value the schema lists (an `undocumented` one would be rejected by the server).
    public static func listed(
        _ value: (some OpenEnumeration & RawRepresentable<String>)?,
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        guard let value, !value.isDocumented else { return [] }
        return [Violation(path: prefix + key, message: "'\(value.rawValue)' is not one of the schema's values")]
    }

    /// Each of an array's enum values.
    public static func listed<Value: OpenEnumeration & RawRepresentable<String>>(
        _ values: [Value]?,
        at prefix: String,
        _ key: String = ""
    )
        -> [Violation]
    {
        (values ?? []).enumerated().flatMap { index, value in listed(value, at: "\(prefix)\(key)[\(index)]") }
    }

    /// A file's facets: only the schema's, each of an accepted mime type and size, and the required ones present.
    /// A schema that names no facets (a Parse file is one, unnamed) leaves them unchecked.
    public static func file(
        _ upload: FileUpload?,
        rules: [FacetRule],
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        guard let upload, !rules.isEmpty else { return [] }
        let path = prefix + key
        var violations: [Violation] = []
        for (name, facet) in upload.orderedFacets {
            guard let rule = rules.first(where: { $0.name == name }) else {
                let known = rules.map(\.name).joined(separator: ", ")
                violations.append(
                    Violation(path: "\(path).\(name)", message: "is not a facet of this file (\(known))")
                )
                continue
            }
            if !rule.allowsUpload {
                violations.append(
                    Violation(path: "\(path).\(name)", message: "is made by the server and cannot be uploaded")
                )
                continue
            }
            if !rule.mimes.isEmpty, !mimeType(facet.mime, isAmong: rule.mimes) {
                violations.append(
                    Violation(
                        path: "\(path).\(name)",
                        message: "is \(facet.mime); accepted are \(rule.mimes.joined(separator: ", "))"
                    )
                )
            }
            if let maxFileSize = rule.maxFileSize, facet.data.count > maxFileSize {
                violations.append(
                    Violation(
                        path: "\(path).\(name)",
                        message: "is \(facet.data.count) bytes; the maximum is \(maxFileSize)"
                    )
                )
            }
        }
        for rule in rules where rule.isRequired && upload.facets[rule.name] == nil {
            violations.append(Violation(path: "\(path).\(rule.name)", message: "is required"))
        }
        return violations
    }

    /// Each file of an array.
    public static func files(
        _ uploads: [FileUpload]?,
        rules: [FacetRule],
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        (uploads ?? []).enumerated().flatMap { index, upload in
            file(upload, rules: rules, at: "\(prefix)\(key)[\(index)]")
        }
    }

    /// A required property an update would clear.
    public static func notCleared<Value>(
        _ update: FieldUpdate<Value>,
        at prefix: String,
        _ key: String = ""
    ) -> [Violation] {
        if case .null = update { return [Violation(path: prefix + key, message: "is required and cannot be cleared")] }
        return []
    }
}
