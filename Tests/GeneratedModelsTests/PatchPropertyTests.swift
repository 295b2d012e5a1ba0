import Foundation
import GoldenMedable
import GoldenQueries
import ModelRuntime
import Testing

/// Random property values of every kind the models have.
private struct Values {
    var rng: SeededGenerator

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &rng) < probability
    }

    /// `nil` a third of the time.
    mutating func maybe<T>(_ make: (inout Values) -> T) -> T? {
        chance(1.0 / 3) ? nil : make(&self)
    }

    mutating func int() -> Int { Int.random(in: -1000...1000, using: &rng) }

    mutating func double() -> Double { Double(Int.random(in: -100_000...100_000, using: &rng)) / 100 }

    mutating func bool() -> Bool { Bool.random(using: &rng) }

    mutating func string() -> String {
        let words = ["", "a", "Chair", "x y", "café", "\"quoted\"", "line\nbreak", "tags.0", "$set", "ünïcödé"]
        return words.randomElement(using: &rng)!
    }

    mutating func strings(max: Int) -> [String] {
        (0..<Int.random(in: 0...max, using: &rng)).map { _ in string() }
    }

    /// A date as the wire carries it: whole milliseconds, read back from its ISO 8601 text (so decoding a model
    /// gives the very same `Date`).
    mutating func date() -> Date {
        let date = Date(timeIntervalSince1970: Double(Int64.random(in: 0...4_000_000_000_000, using: &rng)) / 1000)
        return ISO8601DateCoding.date(from: ISO8601DateCoding.string(from: date))!
    }

    mutating func day() -> DateOnly {
        DateOnly(
            year: Int.random(in: 1990...2040, using: &rng),
            month: Int.random(in: 1...12, using: &rng),
            day: Int.random(in: 1...28, using: &rng)
        )!
    }

    mutating func objectID() -> ObjectID {
        let hex = Array("0123456789abcdef")
        return ObjectID(String((0..<24).map { _ in hex.randomElement(using: &rng)! }))!
    }

    /// Any JSON but doubles (JSON cannot tell `2.0` from `2`).
    mutating func json(depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0...(depth < 2 ? 6 : 4), using: &rng) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .int(int())
        case 3, 4: return .string(string())
        case 5: return .array((0..<Int.random(in: 0...3, using: &rng)).map { _ in json(depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...3, using: &rng) { members["k\(int() % 5)"] = json(depth: depth + 1) }
            return .object(members)
        }
    }

    mutating func itemStatus() -> Item.Status {
        [.new, .open, .closed, .undocumented("archived")].randomElement(using: &rng)!
    }

    mutating func objectStatus() -> Object.Status {
        [.new, .done, .undocumented("later")].randomElement(using: &rng)!
    }

    mutating func item(id: ObjectID) -> Item {
        Item(
            id: id,
            name: string(),
            count: maybe { $0.int() },
            price: maybe { $0.double() },
            active: maybe { $0.bool() },
            when: maybe { $0.date() },
            tags: maybe { $0.strings(max: 4) },
            status: maybe { $0.itemStatus() },
            size: maybe { Item.Size(width: $0.maybe { $0.double() }, height: $0.maybe { $0.double() }) },
            parts: maybe { values in
                (0..<Int.random(in: 0...3, using: &values.rng)).map { _ in
                    Item.Part(label: values.maybe { $0.string() }, qty: values.maybe { $0.int() })
                }
            }
        )
    }

    /// `original` with each property replaced by a fresh random value (possibly `nil`, possibly the same) with
    /// probability `p`.
    mutating func edit(_ original: Item, p: Double) -> Item {
        let fresh = item(id: original.id)
        var edited = original
        if chance(p) { edited.name = fresh.name }
        if chance(p) { edited.count = fresh.count }
        if chance(p) { edited.price = fresh.price }
        if chance(p) { edited.active = fresh.active }
        if chance(p) { edited.when = fresh.when }
        if chance(p) { edited.tags = fresh.tags }
        if chance(p) { edited.status = fresh.status }
        if chance(p) { edited.size = fresh.size }
        if chance(p) { edited.parts = fresh.parts }
        return edited
    }

    mutating func object() -> Object {
        Object(
            id: objectID(),
            object: "c_object",
            date: maybe { $0.date() },
            isEnabled: maybe { $0.bool() },
            reference: maybe { .id($0.objectID()) },
            number: maybe { $0.double() },
            document: maybe {
                Object.Document(stringOne: $0.maybe { $0.string() }, stringTwo: $0.maybe { $0.string() })
            },
            string: string(),
            any: maybe { $0.json() },
            stringArray: maybe { $0.strings(max: 10) },
            count: maybe { $0.int() },
            day: maybe { $0.day() },
            status: maybe { $0.objectStatus() },
            parent: maybe { .id($0.objectID()) }
        )
    }

    mutating func edit(_ original: Object, p: Double) -> Object {
        let fresh = object()
        var edited = original
        if chance(p) { edited.date = fresh.date }
        if chance(p) { edited.isEnabled = fresh.isEnabled }
        if chance(p) { edited.reference = fresh.reference }
        if chance(p) { edited.number = fresh.number }
        if chance(p) { edited.document = fresh.document }
        if chance(p) { edited.string = fresh.string }
        if chance(p) { edited.any = fresh.any }
        if chance(p) { edited.stringArray = fresh.stringArray }
        if chance(p) { edited.count = fresh.count }
        if chance(p) { edited.day = fresh.day }
        if chance(p) { edited.status = fresh.status }
        if chance(p) { edited.parent = fresh.parent }
        return edited
    }
}

/// A model's JSON as its own `Codable` writes it.
private func modelJSON(_ value: some Encodable) throws -> JSONValue {
    try json(JSONEncoder().encode(value))
}

/// Sets `value` at a dotted path, creating objects on the way, as MongoDB's `$set` does.
private func set(_ value: JSONValue, at path: [String], in target: JSONValue) -> JSONValue {
    guard let key = path.first else { return value }
    var members = target.objectValue ?? [:]
    members[key] = set(value, at: Array(path.dropFirst()), in: members[key] ?? .object([:]))
    return .object(members)
}

/// Removes the value at a dotted path, as MongoDB's `$unset` does.
private func unset(at path: [String], in target: JSONValue) -> JSONValue {
    guard let key = path.first, var members = target.objectValue else { return target }
    if path.count == 1 {
        members[key] = nil
    } else if let inner = members[key] {
        members[key] = unset(at: Array(path.dropFirst()), in: inner)
    }
    return .object(members)
}

/// Applies a rendered mia update (only `$set` and `$unset`, which is all a difference needs) to a document.
private func applyMiaUpdate(_ body: QueryJSON?, to document: JSONValue) throws -> JSONValue {
    let update = try json(Data(try #require(body).serialized.utf8))
    let groups = try #require(update.objectValue)
    #expect(Set(groups.keys).isSubset(of: ["$set", "$unset"]), "a difference is only sets and unsets: \(groups.keys)")
    var result = document
    for (path, value) in groups["$set"]?.objectValue ?? [:] {
        result = set(value, at: path.split(separator: ".").map(String.init), in: result)
    }
    for (path, flag) in groups["$unset"]?.objectValue ?? [:] {
        #expect(flag == true)
        result = unset(at: path.split(separator: ".").map(String.init), in: result)
    }
    return result
}

/// The top-level keys whose values differ between two objects.
private func differingKeys(_ lhs: JSONValue, _ rhs: JSONValue) -> Set<String> {
    let left = lhs.objectValue ?? [:]
    let right = rhs.objectValue ?? [:]
    return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }
}

@Suite struct PatchPropertyTests {
    static let pairs = 250

    @Test func itemPatchTurnsOriginalIntoEdited() throws {
        var values = Values(rng: SeededGenerator(seed: 0x1234_5678))
        var nonEmpty = 0
        for index in 0..<Self.pairs {
            let original = values.item(id: values.objectID())
            let edited = values.edit(original, p: index.isMultiple(of: 10) ? 1 : 0.35)
            let patch = Item.Patch(from: original, to: edited)
            let originalJSON = try modelJSON(original)
            let editedJSON = try modelJSON(edited)

            // Exactly the properties that differ, each once.
            let paths = patch.operations.map(\.path)
            #expect(Set(paths).count == paths.count, "pair \(index): a path twice in \(paths)")
            #expect(Set(paths) == differingKeys(originalJSON, editedJSON), "pair \(index)")
            #expect(patch.isEmpty == (original == edited), "pair \(index)")
            let requests = try MiaDialect().renderUpdate(
                patch.checkedOperations(),
                id: original.id.description,
                pluralName: "c_items"
            )
            // An update that changes nothing sends nothing.
            guard !patch.isEmpty else {
                #expect(requests.isEmpty, "pair \(index)")
                continue
            }
            nonEmpty += 1
            let request = try #require(requests.first)
            #expect(request.method == "PATCH")
            #expect(request.path == "/c_items/\(original.id)")
            #expect(try applyMiaUpdate(request.body, to: originalJSON) == editedJSON, "pair \(index)")
        }
        // The generator really edits: most pairs differ.
        #expect(nonEmpty > Self.pairs / 2)
    }

    @Test func objectPatchTurnsOriginalIntoEdited() throws {
        var values = Values(rng: SeededGenerator(seed: 0xC0FF_EE00))
        var nonEmpty = 0
        for index in 0..<Self.pairs {
            let original = values.object()
            let edited = values.edit(original, p: index.isMultiple(of: 10) ? 1 : 0.35)
            let patch = Object.Patch(from: original, to: edited)
            let originalJSON = try modelJSON(original)
            let editedJSON = try modelJSON(edited)

            let paths = patch.operations.map(\.path)
            #expect(Set(paths).count == paths.count, "pair \(index): a path twice in \(paths)")
            #expect(Set(paths) == differingKeys(originalJSON, editedJSON), "pair \(index)")
            #expect(patch.isEmpty == (original == edited), "pair \(index)")
            let requests = try MiaDialect().renderUpdate(
                patch.checkedOperations(),
                id: "o\(index)",
                pluralName: Object.pluralName
            )
            guard !patch.isEmpty else {
                #expect(requests.isEmpty, "pair \(index)")
                continue
            }
            nonEmpty += 1
            let request = try #require(requests.first)
            #expect(request.path == "/c_objects/o\(index)")
            #expect(try applyMiaUpdate(request.body, to: originalJSON) == editedJSON, "pair \(index)")
        }
        #expect(nonEmpty > Self.pairs / 2)
    }

    @Test func equalValuesGiveAnEmptyPatch() throws {
        var values = Values(rng: SeededGenerator(seed: 42))
        for _ in 0..<Self.pairs {
            let item = values.item(id: values.objectID())
            #expect(Item.Patch(from: item, to: item).isEmpty)
            #expect(Item.Patch(from: item, to: item).operations.isEmpty)
            // A copy read back from the wire is the same instance: nothing to send.
            let itemCopy = try roundTripped(item)
            #expect(Item.Patch(from: item, to: itemCopy).operations.map(\.path) == [])

            var object = values.object()
            #expect(Object.Patch(from: object, to: object).isEmpty)
            // `any: .null` encodes as `"c_any": null`, which decodes as `nil`: not the same value after the trip.
            if object.any == .null { object.any = nil }
            let objectCopy = try roundTripped(object)
            #expect(Object.Patch(from: object, to: objectCopy).operations.map(\.path) == [])
        }
    }

    @Test func patchTouchesOnlyTheEditedProperty() throws {
        var values = Values(rng: SeededGenerator(seed: 7))
        for _ in 0..<50 {
            let original = values.item(id: values.objectID())
            var edited = original
            edited.count = (original.count ?? 0) + 1
            let patch = Item.Patch(from: original, to: edited)
            #expect(patch.operations.map(\.path) == ["c_count"])
            #expect(patch.operations.first?.kind == .set(.value(.int(edited.count!))))

            var cleared = original
            cleared.tags = nil
            let clearing = Item.Patch(from: original, to: cleared)
            #expect(clearing.operations == (original.tags == nil ? [] : [PatchOperation(path: "c_tags", kind: .unset)]))
        }
    }
}
