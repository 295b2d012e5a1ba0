import Foundation
import GoldenQueries
import GoldenRealCortex
import ModelRuntime
import Testing

/// Nothing a backend sends is lost: members a model doesn't define are kept and written back, and the elements of
/// Cortex document arrays keep their `_id`, which an update can name.
@Suite struct FidelityTests {
    private static func realPayload(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("Fixtures/Real/\(name)")
        )
    }

    private static func json(_ data: Data) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data)
    }

    // MARK: Unknown members

    /// An item with members its schema doesn't define at the top, in a nested document and in an array element.
    static let itemWithUnknownMembers = Data(
        #"""
        {"_id":"5f0000000000000000000001","c_name":"chair","c_renamed_in_the_org":{"a":[1,2.5,null]},
         "c_size":{"c_width":2,"c_depth":3},
         "c_parts":[{"c_label":"leg","c_qty":4,"c_finish":"oak"},{"c_label":"seat"}],
         "c_added_on_the_server":"yes"}
        """#.utf8
    )

    @Test func membersTheSchemaDoesNotDefineAreKeptAndWrittenBack() throws {
        let item = try JSONDecoder().decode(Item.self, from: Self.itemWithUnknownMembers)
        #expect(item.unknownMembers["c_renamed_in_the_org"] == ["a": [1, 2.5, nil]])
        #expect(item.unknownMembers["c_added_on_the_server"] == "yes")
        #expect(item.unknownMembers.members.count == 2)
        #expect(item.size?.unknownMembers["c_depth"] == 3)
        #expect(item.parts?[0].unknownMembers["c_finish"] == "oak")
        #expect(item.parts?[1].unknownMembers.isEmpty == true)
        // Modeled keys are never kept twice.
        #expect(item.unknownMembers["c_name"] == nil && item.unknownMembers["_id"] == nil)

        let encoded = try JSONEncoder().encode(item)
        #expect(try Self.json(encoded) == Self.json(Self.itemWithUnknownMembers))
        #expect(try JSONDecoder().decode(Item.self, from: encoded) == item)
    }

    /// The client decodes from a `JSONValue` tree, whose objects are read directly rather than through `allKeys`.
    @Test func decodingFromTheClientsTreeKeepsTheSameMembers() throws {
        let fromTree = try JSONValue(parsing: Self.itemWithUnknownMembers).decoded(as: Item.self)
        let fromDecoder = try JSONDecoder().decode(Item.self, from: Self.itemWithUnknownMembers)
        #expect(fromTree == fromDecoder)
        #expect(fromTree.unknownMembers["c_renamed_in_the_org"] == ["a": [1, 2.5, nil]])
        #expect(fromTree.size?.unknownMembers["c_depth"] == 3)
        #expect(fromTree.parts?[0].unknownMembers["c_finish"] == "oak")
        #expect(try Self.json(JSONEncoder().encode(fromTree)) == Self.json(Self.itemWithUnknownMembers))
    }

    @Test func keptMembersTakePartInEqualityAndHashingButNotInPatches() throws {
        let original = try JSONDecoder().decode(Item.self, from: Self.itemWithUnknownMembers)
        var edited = original
        edited.unknownMembers["c_added_on_the_server"] = "no"
        #expect(edited != original, "values that encode differently are not equal")
        #expect(Item.Patch(from: original, to: edited).operations.isEmpty, "a patch sends what the app changed")
        edited.unknownMembers["c_added_on_the_server"] = "yes"
        #expect(edited == original)
        #expect(edited.hashValue == original.hashValue)

        // Order doesn't matter: JSON objects have none.
        var first = UnknownMembers()
        first["a"] = 1
        first["b"] = 2
        var second = UnknownMembers()
        second["b"] = 2
        second["a"] = 1
        #expect(first == second && first.hashValue == second.hashValue)
        second["a"] = nil
        #expect(first != second && second.members.map(\.key) == ["b"])
    }

    /// A patch sets a changed Document (or document array) whole: what each document was decoded with beyond its
    /// properties goes with it, members its schema doesn't define and keys that held `null`, or the server, which
    /// replaces the value, would lose them. (They were left out: `c_depth`, `c_finish` and the `null` were gone.)
    @Test func anUpdateThatSetsADocumentWholeKeepsWhatItWasDecodedWith() throws {
        let payload = String(decoding: Self.itemWithUnknownMembers, as: UTF8.self)
            .replacingOccurrences(of: #""c_depth":3"#, with: #""c_depth":3,"c_height":null"#)
        let original = try JSONDecoder().decode(Item.self, from: Data(payload.utf8))
        var edited = original
        edited.size?.width = 5
        edited.parts?[1].label = "back"
        let patch = Item.Patch(from: original, to: edited)
        let itemID = try #require(ObjectID("5f0000000000000000000001"))
        let request = try #require(try patch.rendered(id: itemID, for: MiaDialect()).first)
        let set = try Self.json(Data(try #require(request.body?.serialized).utf8))["$set"]
        #expect(set?["c_size"] == ["c_width": 5, "c_height": nil, "c_depth": 3], "\(String(describing: set))")
        #expect(
            set?["c_parts"] == [["c_label": "leg", "c_qty": 4, "c_finish": "oak"], ["c_label": "back"]],
            "\(String(describing: set))"
        )
        // What the update sets is what the edited model encodes.
        let encoded = try Self.json(JSONEncoder().encode(edited))
        #expect(set?["c_size"] == encoded["c_size"] && set?["c_parts"] == encoded["c_parts"])
    }

    /// A document with a File sets back the other keys that held `null`, and not the File's: a `null` for it would
    /// clear a file the update doesn't set. (Such a document sent no `null` at all.)
    @Test func aDocumentSetWholeSendsItsNullsButAFilesOne() throws {
        let payload = Data(
            #"{"_id":"5f0000000000000000000002","c_card":{"c_title":null,"c_scan":null,"c_seen":1}}"#.utf8
        )
        let original = try JSONDecoder().decode(Badge.self, from: payload)
        var edited = original
        edited.card?.unknownMembers["c_seen"] = 2
        let patch = Badge.Patch(from: original, to: edited)
        let request = try #require(try patch.rendered(id: original.id, for: MiaDialect()).first)
        let set = try Self.json(Data(try #require(request.body?.serialized).utf8))["$set"]
        #expect(set?["c_card"] == ["c_title": nil, "c_seen": 2], "\(String(describing: set))")
    }

    /// The kept members of a document set whole go in the order of their keys: the decoders list them in no fixed
    /// order (a dictionary's, `allKeys`'), and a body is the same bytes every time. MongoDB compares embedded documents
    /// field by field in order, so a `$pull` or `$addToSet` of a decoded element matches only in one order.
    @Test func aDocumentsKeptMembersGoInTheOrderOfTheirKeys() throws {
        let payload = Data(
            #"{"c_label":"leg","c_zeta":1,"c_finish":"oak","c_grain":"fine","c_alpha":[1],"c_mid":null}"#.utf8
        )
        let fromDecoder = try JSONDecoder().decode(Item.Part.self, from: payload)
        let fromTree = try JSONValue(parsing: payload).decoded(as: Item.Part.self)
        guard case .object(let members) = fromDecoder.bodyValue else {
            Issue.record("not an object: \(fromDecoder.bodyValue)")
            return
        }
        #expect(members.map(\.key) == ["c_label", "c_alpha", "c_finish", "c_grain", "c_mid", "c_zeta"])
        #expect(fromTree.bodyValue == fromDecoder.bodyValue)
    }

    /// On Cortex, which makes its elements' ids, an element copied within its array (a duplicated row) goes without
    /// the `_id` the first has: Cortex would hold two elements of one id, and an update or a removal by that id would
    /// reach both.
    @Test func aCopiedElementGoesAsANewOne() throws {
        let data = try Self.realPayload("cortex-c_study-document-arrays.json")
        let original = try #require(try JSONDecoder().decode([Study].self, from: data).first)
        var edited = original
        let first = try #require(edited.subjectStatusList?[0])
        edited.subjectStatusList?.append(first)
        let requests = try Study.Patch(from: original, to: edited).rendered(
            id: try #require(ObjectID("6255b8f88348d74431bc3d00")),
            for: .cortex
        )
        let body = try Self.json(Data(try #require(requests.first?.body?.serialized).utf8))
        let elements = try #require(body["c_subject_status_list"]?.arrayValue, "\(body)")
        #expect(
            elements.map { $0["_id"] }
                == ["6255b8f81b7acdab9f14397b", "6255b8f81b7acdab9f14397c", "6255b8f81b7acdab9f14397d", nil]
        )
        #expect(elements[3]["c_key"] == elements[0]["c_key"])
        // Only Cortex makes its elements' ids: to Mia-Platform an `_id` is a value like any other, sent as it is.
        let mia = try Study.Patch(from: original, to: edited).rendered(
            id: try #require(ObjectID("6255b8f88348d74431bc3d00")),
            for: MiaDialect()
        )
        let set = try Self.json(Data(try #require(mia.first?.body?.serialized).utf8))["$set"]
        #expect(set?["c_subject_status_list"]?[3]?["_id"] == "6255b8f81b7acdab9f14397b", "\(String(describing: set))")
    }

    /// A Cortex document array set whole keeps each element's `_id`, by which Cortex keeps the element rather than
    /// make a new one with a new id (the ids went missing, and an app's reference to an element by its id with them).
    /// One element updated by its id sets only its values, and a pushed element is a new one, without the `_id` it
    /// was decoded with.
    @Test func aDocumentArraySetWholeKeepsItsElementsIDs() throws {
        let data = try Self.realPayload("cortex-c_study-document-arrays.json")
        let original = try #require(try JSONDecoder().decode([Study].self, from: data).first)
        var edited = original
        edited.subjectStatusList?[1].statusDescription = "Subject has an id"
        let studyID = try #require(ObjectID("6255b8f88348d74431bc3d00"))
        let requests = try Study.Patch(from: original, to: edited).rendered(id: studyID, for: .cortex)
        let body = try Self.json(Data(try #require(requests.first?.body?.serialized).utf8))
        let elements = try #require(body["c_subject_status_list"]?.arrayValue, "\(body)")
        #expect(
            elements.map { $0["_id"] }
                == ["6255b8f81b7acdab9f14397b", "6255b8f81b7acdab9f14397c", "6255b8f81b7acdab9f14397d"]
        )
        #expect(elements[1]["c_status_description"] == "Subject has an id")

        let element = try #require(original.subjectStatusList?[0])
        var patch = Study.Patch()
        patch.subjectStatusList.update(elementWithID: try #require(element.id), setting: element)
        patch.subjectStatusList.push([element])
        let sent = try patch.rendered(id: studyID, for: .cortex).compactMap { $0.body?.serialized }
        #expect(!sent.joined().contains(#"c_subject_status_list.6255b8f81b7acdab9f14397b._id"#), "\(sent)")
        let pushed = try #require(sent.last.map { try Self.json(Data($0.utf8)) }?.arrayValue?.last)
        #expect(pushed["op"] == "push" && pushed["value"]?[0]?["_id"] == nil, "\(pushed)")
        #expect(pushed["value"]?[0]?["c_key"] == "bb4600eb-2b2c-4768-b471-5a4fef6637e4")
        // Only Cortex makes a pushed element's id: MongoDB under the others keeps the one sent.
        var miaPush = Study.Patch()
        miaPush.subjectStatusList.push([element])
        let miaBody = try #require(try miaPush.rendered(id: studyID, for: MiaDialect()).first?.body?.serialized)
        #expect(miaBody.contains(#""_id":"6255b8f81b7acdab9f14397b""#), "\(miaBody)")
    }

    @Test func aKeptMemberNamedLikeAPropertyIsNotWrittenTwice() throws {
        var item = try JSONDecoder().decode(Item.self, from: Self.itemWithUnknownMembers)
        item.unknownMembers["c_name"] = "shadow"
        let encoded = try Self.json(JSONEncoder().encode(item))
        #expect(encoded["c_name"] == "chair")
    }

    @Test func theDecodingReportListsKeptMembersAsTheirOwnKind() throws {
        let (_, report) = try DecodingReport.decode(Item.self, from: Self.itemWithUnknownMembers)
        let kept = report.entries.filter { $0.kind == .keptUnknown }.map(\.keyPath)
        #expect(
            kept == ["c_added_on_the_server", "c_parts[0].c_finish", "c_renamed_in_the_org", "c_size.c_depth"],
            "\(report.entries)"
        )
        #expect(!report.entries.contains { $0.kind == .droppedValue }, "\(report.entries)")
    }

    // MARK: Document array elements' _id

    @Test func documentArrayElementsKeepTheirIDThroughARoundTrip() throws {
        let data = try Self.realPayload("cortex-c_study-document-arrays.json")
        let studies = try JSONDecoder().decode([Study].self, from: data)
        let statuses = try #require(studies.first?.subjectStatusList)
        #expect(statuses.count == 3)
        #expect(statuses[0].id == ObjectID("6255b8f81b7acdab9f14397b"))
        #expect(statuses.allSatisfy { $0.id != nil })
        #expect(try Self.json(JSONEncoder().encode(studies)) == Self.json(data))
    }

    @Test(arguments: ["../x", "wrongId", "6255b8f81b7acdab9f14397b/..", "6255b8f81b7acdab9f14397b?a=1"])
    func anElementIDThatIsNoObjectIDIsRefusedWithItsPath(_ id: String) throws {
        let payload =
            #"{"_id":"6255b8f88348d74431bc3d00","object":"c_study","c_subject_status_list":[{"_id":"#
            + String(decoding: try JSONEncoder().encode(id), as: UTF8.self) + "}]}"
        #expect {
            _ = try JSONDecoder().decode(Study.self, from: Data(payload.utf8))
        } throws: { error in
            "\(error)".contains("c_subject_status_list") && "\(error)".contains("_id")
        }
    }

    @Test func anUpdateSetsAFieldOfOneElementAndRemovesAnotherByID() throws {
        let first = try #require(ObjectID("6255b8f81b7acdab9f14397b"))
        let second = try #require(ObjectID("6255b8f81b7acdab9f14397c"))
        var patch = Study.Patch()
        patch.subjectStatusList.update(
            elementWithID: first,
            setting: Study.SubjectStatusList(statusDescription: "Created")
        )
        patch.subjectStatusList.remove(elementWithID: second)
        let requests = try patch.rendered(
            id: try #require(ObjectID("6255b8f88348d74431bc3d00")),
            for: CortexDialect.cortex
        )
        #expect(requests.count == 1)
        #expect(requests.first?.method == "PATCH")
        #expect(requests.first?.path == "/\(Study.pluralName)/6255b8f88348d74431bc3d00")
        #expect(
            requests.first?.body?.serialized
                == #"[{"op":"set","path":"c_subject_status_list.6255b8f81b7acdab9f14397b.c_status_description","#
                + #""value":"Created"},{"op":"remove","path":"c_subject_status_list","#
                + #""value":["6255b8f81b7acdab9f14397c"]}]"#
        )
    }

    /// An element's optional property is cleared by its `_id` as Cortex removes a property: by its path.
    @Test func anUpdateClearsAFieldOfOneElement() throws {
        let element = try #require(ObjectID("6255b8f81b7acdab9f14397b"))
        var patch = Study.Patch()
        patch.subjectStatusList.clear([.statusDescription, .default], inElementWithID: element)
        let requests = try patch.rendered(id: try #require(ObjectID("6255b8f88348d74431bc3d00")), for: .cortex)
        #expect(
            requests.map { $0.body?.serialized }
                == [
                    #"[{"op":"remove","path":"c_subject_status_list.6255b8f81b7acdab9f14397b.c_status_description"},"#
                        + #"{"op":"remove","path":"c_subject_status_list.6255b8f81b7acdab9f14397b.c_default"}]"#
                ]
        )
        #expect(Study.SubjectStatusList.ClearableProperty(rawValue: "c_status_value") == .statusValue)
        #expect(NoClearableProperty(rawValue: "c_value") == nil)
    }

    @Test func onlyCortexAddressesAnElementByItsID() throws {
        var patch = Study.Patch()
        patch.subjectStatusList.remove(elementWithID: try #require(ObjectID("6255b8f81b7acdab9f14397b")))
        let id = try #require(ObjectID("6255b8f88348d74431bc3d00"))
        for dialect in [MiaDialect() as any BodyDialect, ParseDialect() as any BodyDialect] {
            #expect {
                _ = try patch.rendered(id: id, for: dialect)
            } throws: { error in
                (error as? BodyError)?.description.contains("only cortex") == true
            }
        }
    }
}
