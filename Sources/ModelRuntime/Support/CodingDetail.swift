/// A detail of how a value was decoded, kept only to encode it the same way again; it never affects equality or
/// hashing, so two values with the same content are equal however they arrived.
struct CodingDetail<Value: Sendable>: Hashable, Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (lhs: CodingDetail, rhs: CodingDetail) -> Bool { true }

    func hash(into hasher: inout Hasher) {}
}
