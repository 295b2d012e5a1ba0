/// A coding key made from any string: the keys of every generated `init(from:)`/`encode(to:)`, of the key paths they
/// read (`["user", "profile_image_url"]`), and of types that keep keys they don't model.
///
/// Generated code spells keys `JSONKey("user")` and needs no `CodingKeys` enum; string literals make keys too
/// (`"user"`). An integer key stands for an array index in coding paths.
public struct JSONKey: NamedCodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    /// The JSON object key (or the decimal index for an array position).
    public let stringValue: String
    /// The array index, for keys that stand for a position in an array.
    public let intValue: Int?

    /// The key named `string`.
    public init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    /// The key named `stringValue`; never fails, since any string is a JSON key.
    public init(stringValue: String) {
        self.init(stringValue)
    }

    /// The key for array position `intValue`.
    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key named by the literal, so that `"user"` can be passed where a key is expected.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// A copy of any other coding key.
    init(_ key: some CodingKey) {
        self.stringValue = key.stringValue
        self.intValue = key.intValue
    }
}

extension Sequence<JSONKey> {
    /// The path written as in JavaScript, e.g. `tweets[0].user.profile_image_url`; empty for the root.
    var keyPathDescription: String {
        var description = ""
        for key in self {
            if let index = key.intValue {
                description += "[\(index)]"
            } else {
                description += description.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return description
    }
}

extension Sequence<JSONKey> {
    /// ``keyPathDescription`` for an error message: each key cut to its first 64 Unicode scalars, and the whole to
    /// its last 256, so that a document's keys (a server's, as long as it likes, 512 levels deep) can't make a
    /// message as long as the document. Scalars, not characters: one character can hold any number of combining
    /// marks. The coding path itself keeps every key whole.
    var keyPathForMessage: String {
        let limit = 64
        let shortened = map { key -> JSONKey in
            let scalars = key.stringValue.unicodeScalars
            guard key.intValue == nil, scalars.count > limit else { return key }
            return JSONKey(String(String.UnicodeScalarView(scalars.prefix(limit))) + "…")
        }
        let scalars = shortened.keyPathDescription.unicodeScalars
        guard scalars.count > 256 else { return String(scalars) }
        return "…" + String(String.UnicodeScalarView(scalars.suffix(256)))
    }
}
