import Foundation

/// Who may read and write a Parse object: `{"*": {"read": true}, "<userId>": {"read": true, "write": true},
/// "role:Admin": {"write": true}}`.
///
/// Keys are `*` (everyone), a user's `objectId`, or `role:` and a role's name.
public struct ParseACL: Codable, Hashable, Sendable {
    /// What one user, role or everyone may do; a permission left out is not granted.
    public struct Permissions: Codable, Hashable, Sendable {
        /// May read the object; `nil` when the ACL doesn't say.
        public var read: Bool?
        /// May change or delete the object; `nil` when the ACL doesn't say.
        public var write: Bool?

        /// Permissions that grant what is `true`.
        public init(read: Bool? = nil, write: Bool? = nil) {
            self.read = read
            self.write = write
        }
    }

    /// The permissions by key: `*`, a user's `objectId`, or `role:<name>`.
    public var entries: [String: Permissions]

    /// An ACL with these entries.
    public init(_ entries: [String: Permissions] = [:]) {
        self.entries = entries
    }

    /// The key of everyone's permissions.
    public static let everyone = "*"

    /// The key of a role's permissions.
    public static func role(_ name: String) -> String { "role:" + name }

    /// Decodes the ACL object.
    public init(from decoder: any Decoder) throws {
        entries = try [String: Permissions](from: decoder)
    }

    /// Encodes the ACL object.
    public func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }
}
