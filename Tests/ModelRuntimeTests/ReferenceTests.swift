import Foundation
import ModelRuntime
import Testing

/// Shaped like a generated model of a Cortex object.
private struct Account: Codable, Hashable, Sendable, Identifiable {
    var id: ObjectID
    var object: String
    var name: String
    var email: String?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case object
        case name
        case email
    }
}

/// A model that refers to its own type, which must compile and code.
private struct TaskItem: Codable, Hashable, Sendable {
    var id: ObjectID
    var title: String
    var parent: Reference<TaskItem>?
    var owner: Reference<JSONValue>?

    enum CodingKeys: String, CodingKey {
        case id = "_id"
        case title
        case parent
        case owner
    }
}

@Suite struct ReferenceTests {
    private let accountID = ObjectID("5516ee2634d8d93428169c0e")!
    private let taskID = ObjectID("64b7f0c2e4b0a1a2b3c4d5e6")!

    @Test func decodesABareIDAndEncodesItBack() throws {
        let reference = try decode(Reference<Account>.self, from: #""5516EE2634D8D93428169C0E""#)
        #expect(reference.id == accountID)
        #expect(reference.object == nil && reference.path == nil && reference.expanded == nil)
        #expect(try encodedJSON(reference) == "5516ee2634d8d93428169c0e")
    }

    @Test(arguments: [
        #"{"_id": "5516ee2634d8d93428169c0e", "object": "account", "path": "/accounts/5516ee2634d8d93428169c0e"}"#,
        #"{"_id": "5516ee2634d8d93428169c0e", "object": "account"}"#,
        #"{"_id": "5516ee2634d8d93428169c0e"}"#,
    ])
    func decodesAnUnexpandedObjectAndEncodesTheSameObject(json: String) throws {
        let reference = try decode(Reference<Account>.self, from: json)
        let input = try parsedJSON(json)
        #expect(reference.id == accountID)
        #expect(reference.object == input["object"]?.stringValue)
        #expect(reference.path == input["path"]?.stringValue)
        #expect(reference.expanded == nil)
        #expect(try encodedJSON(reference) == input)
    }

    private let expandedAccount = """
        {"_id": "5516ee2634d8d93428169c0e", "object": "account", "path": "/accounts/5516ee2634d8d93428169c0e",
         "name": "Ada Lovelace", "email": "ada@example.com"}
        """

    @Test func decodesAnExpansionIntoAModelAndEncodesItBack() throws {
        let reference = try decode(Reference<Account>.self, from: expandedAccount)
        #expect(reference.id == accountID)
        #expect(reference.object == "account")
        #expect(reference.path == "/accounts/5516ee2634d8d93428169c0e")
        #expect(
            reference.expanded
                == Account(id: accountID, object: "account", name: "Ada Lovelace", email: "ada@example.com")
        )
        #expect(try encodedJSON(reference) == parsedJSON(expandedAccount))
    }

    @Test func decodesAnExpansionIntoJSONValueAndEncodesItBack() throws {
        let json = """
            {"_id": "5516ee2634d8d93428169c0e", "object": "account", "name": {"first": "Ada", "last": "Lovelace"},
             "roles": ["admin"], "locked": false}
            """
        let reference = try decode(Reference<JSONValue>.self, from: json)
        #expect(reference.object == "account")
        #expect(reference.expanded?["name"]?["first"] == "Ada")
        #expect(reference.expanded?["_id"] == "5516ee2634d8d93428169c0e")
        #expect(try encodedJSON(reference) == parsedJSON(json))
    }

    @Test func anExpandedTargetsOwnPathAndObjectOfOtherTypesStayInTheTarget() throws {
        let json = """
            {"_id": "5516ee2634d8d93428169c0e", "path": [1, 2], "object": {"kind": "own"}, "name": "Ada"}
            """
        let reference = try decode(Reference<JSONValue>.self, from: json)
        #expect(reference.object == nil && reference.path == nil)
        #expect(reference.expanded?["path"] == [1, 2])
        #expect(reference.expanded?["object"]?["kind"] == "own")
        #expect(try encodedJSON(reference) == parsedJSON(json))
    }

    @Test func anUnexpandedReferenceWithANonStringPathIsAnError() {
        #expect(throws: DecodingError.self) {
            try decode(Reference<JSONValue>.self, from: #"{"_id": "5516ee2634d8d93428169c0e", "path": 3}"#)
        }
    }

    @Test func aMismatchingExpansionThrowsInsteadOfBeingDropped() {
        let json = #"{"owner": {"_id": "5516ee2634d8d93428169c0e", "object": "account", "email": "a@b.c"}}"#
        #expect {
            try decode([String: Reference<Account>].self, from: json)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "name" && pathDescription(context.codingPath) == "owner"
        }
    }

    @Test(arguments: [
        (#"{"parent": "nope"}"#, "parent", "\"nope\""),
        (#"{"parent": {"_id": "nope", "object": "c_task"}}"#, "parent._id", "\"nope\""),
    ])
    func invalidIDThrowsDataCorruptedWithPath(json: String, path: String, quoted: String) throws {
        let error = try #require(throws: DecodingError.self) {
            try decode([String: Reference<TaskItem>].self, from: json)
        }
        #expect(error.isDataCorrupted)
        #expect(pathDescription(error.context?.codingPath ?? []) == path)
        #expect(error.context?.debugDescription.contains(quoted) == true)
    }

    @Test func objectWithoutIDThrowsKeyNotFound() {
        #expect {
            try decode([Reference<JSONValue>].self, from: #"[{"object": "account", "name": "x"}]"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return false }
            return key.stringValue == "_id" && pathDescription(context.codingPath) == "[0]"
        }
    }

    @Test(arguments: ["12", "true", "[]"])
    func otherJSONThrowsTypeMismatchWithPath(value: String) {
        #expect {
            try decode([String: Reference<JSONValue>].self, from: #"{"owner": \#(value)}"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return pathDescription(context.codingPath) == "owner" && context.debugDescription.contains("_id")
        }
    }

    @Test func selfReferencingModelCodesNestedExpansions() throws {
        let json = """
            {"_id": "64b7f0c2e4b0a1a2b3c4d5e6", "title": "Child",
             "parent": {"_id": "64b7f0c2e4b0a1a2b3c4d5e7", "object": "c_task", "title": "Parent",
                        "parent": "64b7f0c2e4b0a1a2b3c4d5e8"},
             "owner": {"_id": "5516ee2634d8d93428169c0e", "object": "account",
                       "path": "/accounts/5516ee2634d8d93428169c0e"}}
            """
        let task = try decode(TaskItem.self, from: json)
        #expect(task.parent?.expanded?.title == "Parent")
        #expect(task.parent?.expanded?.parent?.id == ObjectID("64b7f0c2e4b0a1a2b3c4d5e8"))
        #expect(task.parent?.expanded?.parent?.expanded == nil)
        #expect(task.owner?.expanded == nil)
        #expect(try encodedJSON(task) == parsedJSON(json))
    }

    @Test func nullOrMissingOptionalReferenceIsNil() throws {
        let task = try decode(
            TaskItem.self,
            from: #"{"_id": "64b7f0c2e4b0a1a2b3c4d5e6", "title": "t", "parent": null}"#
        )
        #expect(task.parent == nil && task.owner == nil)
    }

    @Test func referencesMadeInCodeEncodeByWhatTheyCarry() throws {
        #expect(try encodedJSON(Reference<Account>.id(accountID)) == "5516ee2634d8d93428169c0e")
        #expect(
            try encodedJSON(Reference<Account>(id: accountID, object: "account"))
                == ["_id": "5516ee2634d8d93428169c0e", "object": "account"]
        )
        let account = Account(id: accountID, object: "account", name: "Ada", email: nil)
        #expect(
            try encodedJSON(Reference(account))
                == ["_id": "5516ee2634d8d93428169c0e", "object": "account", "name": "Ada"]
        )
    }

    @Test func theReferencesOwnKeysWinOverTheTargets() throws {
        let otherID = try #require(ObjectID("000000000000000000000001"))
        let account = Account(id: otherID, object: "org", name: "Ada", email: nil)
        let reference = Reference(id: accountID, object: "account", path: "/accounts/x", expanded: account)
        #expect(
            try encodedJSON(reference)
                == ["_id": "5516ee2634d8d93428169c0e", "object": "account", "path": "/accounts/x", "name": "Ada"]
        )

        // Without its own object name, the reference keeps the target's.
        let unnamed = Reference(id: accountID, expanded: account)
        #expect(try encodedJSON(unnamed)["object"] == "org")
    }

    @Test func droppingTheExpansionLeavesTheObjectForm() throws {
        var reference = try decode(Reference<Account>.self, from: expandedAccount)
        reference.expanded = nil
        #expect(
            try encodedJSON(reference)
                == [
                    "_id": "5516ee2634d8d93428169c0e", "object": "account",
                    "path": "/accounts/5516ee2634d8d93428169c0e",
                ]
        )
    }

    @Test func equalityIgnoresTheJSONFormButNotTheContents() throws {
        let bare = try decode(Reference<Account>.self, from: #""5516ee2634d8d93428169c0e""#)
        let object = try decode(Reference<Account>.self, from: #"{"_id": "5516ee2634d8d93428169c0e"}"#)
        let expanded = try decode(Reference<Account>.self, from: expandedAccount)
        #expect(bare == .id(accountID))
        #expect(bare == object)
        #expect(bare != expanded)
        #expect(Set([bare, object, expanded]).count == 2)
        #expect(expanded.id == bare.id)
    }

    @Test func targetsThatArentObjectsFailToEncodeAsExpansions() throws {
        let string = Reference<String>(id: accountID, expanded: "text")
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([string]) }
        let array = Reference<[Int]>(id: accountID, expanded: [1, 2])
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([array]) }
        let scalar = Reference<JSONValue>(id: accountID, expanded: 3)
        #expect(throws: EncodingError.self) { try JSONEncoder().encode([scalar]) }
    }

    @Test func referencesCrossConcurrencyDomains() async throws {
        let reference = try decode(Reference<Account>.self, from: expandedAccount)
        let copy = await Task.detached { reference }.value
        #expect(copy == reference && copy.expanded?.name == "Ada Lovelace")
    }
}
