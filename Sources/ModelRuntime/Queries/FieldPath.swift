/// The JSON path of a field, such as `c_document.c_stringOne`, as the server's query languages spell it.
public struct FieldPath: Hashable, Sendable, CustomStringConvertible {
    /// The keys from the model's root, in order: `["c_document", "c_stringOne"]`.
    public private(set) var components: [String]
    /// How many leading components lead to a reference the path then goes through (`c_clinic.c_name` passes the
    /// reference `c_clinic`); nil when the path stays inside the object. Projections may go through references;
    /// filters may not.
    public private(set) var referenceDepth: Int?

    /// A path of these keys; no keys is the model itself, ``root``.
    public init(_ components: [String] = []) {
        self.components = components
    }

    /// The path of the query's model itself.
    public static let root = FieldPath()

    /// This path followed by one key.
    public func appending(_ key: String) -> FieldPath {
        var path = self
        path.components.append(key)
        return path
    }

    /// This path, marked as ending at a reference, so that paths built on it go through the reference.
    public var throughReference: FieldPath {
        var path = self
        if path.referenceDepth == nil { path.referenceDepth = path.components.count }
        return path
    }

    /// The dotted form: `c_document.c_stringOne`.
    public var dotted: String { components.joined(separator: ".") }

    /// The dotted form, as ``dotted`` gives it.
    public var description: String { dotted }
}
