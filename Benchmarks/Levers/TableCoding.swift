import Foundation
import ModelRuntime

/// One optional property of a model, decoded, encoded and compared through its key path: the closures are made once,
/// by a generic initializer, instead of a statement for the property in each of the model's three methods.
struct CodingField<Model: KeepsUnknownMembers>: @unchecked Sendable {
    let decode: (KeyedDecodingContainer<MemberKey<Model>>, inout Model, inout NullKeys) throws -> Void
    let encode: (Model, inout KeyedEncodingContainer<JSONKey>, NullKeys) throws -> Void
    let equal: (Model, Model) -> Bool

    init<Value: Codable & Equatable>(_ path: WritableKeyPath<Model, Value?>, _ key: String) {
        let memberKey = MemberKey<Model>(key)
        let jsonKey = JSONKey(key)
        decode = { container, model, nulls in
            model[keyPath: path] = try container.decodeOrNull(Value.self, forKey: memberKey, nulls: &nulls)
        }
        encode = { model, container, nulls in
            try container.encodeOrNull(model[keyPath: path], forKey: jsonKey, nulls: nulls)
        }
        equal = { equalValues($0[keyPath: path], $1[keyPath: path]) }
    }
}

/// A model's table of `CodingField`s, each run in turn.
struct CodingTable<Model: KeepsUnknownMembers>: @unchecked Sendable {
    let fields: [CodingField<Model>]

    init(_ fields: [CodingField<Model>]) {
        self.fields = fields
    }

    func decode(
        _ container: KeyedDecodingContainer<MemberKey<Model>>,
        into model: inout Model,
        nulls: inout NullKeys
    ) throws {
        for field in fields {
            try field.decode(container, &model, &nulls)
        }
    }

    func encode(_ model: Model, to container: inout KeyedEncodingContainer<JSONKey>, nulls: NullKeys) throws {
        for field in fields {
            try field.encode(model, &container, nulls)
        }
    }

    func equal(_ lhs: Model, _ rhs: Model) -> Bool {
        fields.allSatisfy { $0.equal(lhs, rhs) }
    }
}
