/// A generated model of a schema object: it knows the object's API name and the path of its API calls.
public protocol SchemaObject: Codable, Hashable, Sendable {
    /// The object's name in the schema, such as `c_object`.
    static var apiName: String { get }
    /// The path segment of the object's API calls, such as `c_objects`.
    static var pluralName: String { get }
}
