import Foundation
import GoldenCortexExport
import GoldenMedable
import GoldenQueries
import ModelRuntime
import Testing

/// The `<ObjectId>` of Mia-Platform's iOS SDK documentation, as a real id.
private let authorID = ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!
private let clinicID = ObjectID("5a2f1b7c9d3e4f5a6b7c8d01")!

/// The one request a single-request dialect renders.
private func single(_ requests: [RenderedRequest]) throws -> RenderedRequest {
    #expect(requests.count == 1)
    return try #require(requests.first)
}

/// The keys of a rendered object body, in the order they are sent.
private func keys(_ body: QueryJSON?) -> [String] {
    guard case .object(let members)? = body else { return [] }
    return members.map(\.key)
}

@Suite struct PatchWireFormatTests {
    // MARK: - which requests a client may send again

    /// A request may be sent again when its method is idempotent (RFC 9110), unless its dialect says it isn't: a
    /// Parse update that increments or appends is a `PUT` a second send would apply twice. No flag makes a `POST`
    /// safe to repeat, and a request that keeps the default compares equal to one made without it.
    @Test func parseUpdatesThatAddToWhatIsStoredAreNotRepeated() throws {
        func step(_ change: (inout Clinic.Patch) -> Void) throws -> RenderedRequest {
            var patch = Clinic.Patch()
            change(&patch)
            return try single(patch.rendered(id: clinicID, for: ParseDialect()))
        }
        let set = try step { $0.beds = .set(3) }
        #expect(set.isIdempotent)
        #expect(set == RenderedRequest(method: "PUT", path: set.path, body: set.body))
        #expect(try step { $0.tags.addToSet(["a"]) }.isIdempotent)
        #expect(try step { $0.tags.pull(["a"]) }.isIdempotent)
        #expect(!(try step { $0.beds.increment(by: 1) }.isIdempotent))
        #expect(!(try step { $0.tags.push(["a"]) }.isIdempotent))
        #expect(
            !(try step {
                $0.beds = .set(3)
                $0.tags.push(["a"])
            }.isIdempotent)
        )

        var post = RenderedRequest(method: "POST", path: "/x")
        #expect(!post.isIdempotent)
        post.isIdempotent = true
        #expect(!post.isIdempotent)
        var get = RenderedRequest(path: "/x")
        #expect(get.isIdempotent)
        get.isIdempotent = false
        #expect(!get.isIdempotent)
        #expect(get != RenderedRequest(path: "/x"))
    }

    // MARK: - mia, Mia-Platform's iOS SDK

    /// `patch.update(object: 88, for: "age")`
    @Test func miaSetsAge() throws {
        var patch = Author.Patch()
        patch.age = .set(88)
        let request = try single(patch.rendered(id: authorID, for: MiaDialect()))
        #expect(request.method == "PATCH")
        #expect(request.path == "/author/5a2f1b7c9d3e4f5a6b7c8d9e")
        #expect(request.queryItems.isEmpty)
        #expect(request.body?.serialized == #"{"$set":{"age":88}}"#)
    }

    @Test func miaUnsetsAField() throws {
        var patch = Author.Patch()
        patch.name = .null
        let request = try single(patch.rendered(id: authorID, for: MiaDialect()))
        #expect(request.method == "PATCH")
        #expect(request.path == "/author/5a2f1b7c9d3e4f5a6b7c8d9e")
        #expect(request.body?.serialized == #"{"$unset":{"name":true}}"#)

        // A string id (mia ids need not be ObjectIDs) goes into the path as given.
        let byString = try single(patch.rendered(id: "004b44b9182c19e2", for: MiaDialect()))
        #expect(byString.path == "/author/004b44b9182c19e2")
    }

    @Test func miaPatchFromTwoValuesSetsAndUnsets() throws {
        let original = Author(id: authorID, name: "Giovanni", surname: "Rossi", age: 87)
        var edited = original
        edited.name = nil
        edited.age = 88
        let patch = Author.Patch(from: original, to: edited)
        let request = try single(patch.rendered(id: original.id, for: MiaDialect()))
        #expect(request.body?.serialized == #"{"$set":{"age":88},"$unset":{"name":true}}"#)
    }

    /// `post.syncChangeState(id: "<ObjectId>", newState: .draft)`: a PATCH cannot change the state.
    @Test func miaStateChangeHasItsOwnEndpoint() throws {
        let request = try MiaDialect().renderStateChange(
            id: authorID.description,
            to: "DRAFT",
            pluralName: Author.pluralName
        )
        #expect(request.method == "POST")
        #expect(request.path == "/author/5a2f1b7c9d3e4f5a6b7c8d9e/state")
        #expect(request.body?.serialized == #"{"stateTo":"DRAFT"}"#)
        #expect(
            try MiaDialect().renderStateChange(id: "p1", to: "PUBLIC", pluralName: Picturedata.pluralName).path
                == "/picturedata/p1/state"
        )
    }

    @Test func miaPicturedataPatch() throws {
        var patch = Picturedata.Patch()
        patch.picturename = .set("image52.jpg")
        patch.picturedate = .set(ISO8601DateCoding.date(from: "2014-03-23T09:00:00.000Z")!)
        patch.keywords = .set(["sea", "sun"])
        patch.flashMode = .null
        let request = try single(patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: MiaDialect()))
        #expect(request.path == "/picturedata/004b44b9182c19e2a1b2c3d4")
        #expect(
            request.body?.serialized
                == #"{"$set":{"picturename":"image52.jpg","picturedate":"2014-03-23T09:00:00.000Z","#
                + #""keywords":["sea","sun"]},"$unset":{"flashMode":true}}"#
        )
    }

    /// wire-formats.md's mia example, as far as Plate's schema goes: its `tags` allow no push, pull or add-to-set
    /// (those are on Clinic's `c_tags` below), and `$set` and `$mul` cannot both touch `price`.
    @Test func miaDocumentationExampleOnPlate() throws {
        var patch = Plate.Patch()
        patch.name = .set("Vegetable soup")
        patch.price.multiply(by: 2)
        patch.qta.increment(by: 1)
        patch.tags = .null
        patch.registry = .set(Plate.Registry(surname: "Rossi"))
        let request = try single(patch.rendered(id: "p1", for: MiaDialect()))
        #expect(request.method == "PATCH")
        #expect(request.path == "/plates/p1")
        #expect(
            request.body?.serialized
                == #"{"$set":{"name":"Vegetable soup","registry":{"surname":"Rossi"}},"$unset":{"tags":true},"#
                + #""$inc":{"qta":1},"$mul":{"price":2}}"#
        )
    }

    @Test func miaArrayOperationsOnClinicTags() throws {
        func body(_ change: (inout Clinic.Patch) -> Void) throws -> String? {
            var patch = Clinic.Patch()
            change(&patch)
            return try single(patch.rendered(id: clinicID, for: MiaDialect())).body?.serialized
        }
        #expect(try body { $0.tags.push(["x"]) } == #"{"$push":{"c_tags":"x"}}"#)
        #expect(try body { $0.tags.push(["x", "y"]) } == #"{"$push":{"c_tags":{"$each":["x","y"]}}}"#)
        #expect(try body { $0.tags.pull(["x"]) } == #"{"$pull":{"c_tags":"x"}}"#)
        #expect(try body { $0.tags.pull(["x", "y"]) } == #"{"$pull":{"c_tags":{"$in":["x","y"]}}}"#)
        #expect(try body { $0.tags.addToSet(["y"]) } == #"{"$addToSet":{"c_tags":"y"}}"#)
        #expect(try body { $0.tags.addToSet(["y", "z"]) } == #"{"$addToSet":{"c_tags":{"$each":["y","z"]}}}"#)
        #expect(try body { $0.tags = .set(["a", "b"]) } == #"{"$set":{"c_tags":["a","b"]}}"#)
        #expect(try body { $0.tags = .null } == #"{"$unset":{"c_tags":true}}"#)
    }

    @Test func miaGroupsOperatorsInDocumentedOrder() throws {
        // Every kind of operation, given in reverse of the documented order and interleaved.
        let operations: [PatchOperation] = [
            PatchOperation(path: "tags", kind: .addToSet([.value(.string("y"))])),
            PatchOperation(path: "title", kind: .set(.value(.string("Dune")))),
            PatchOperation(path: "authors", kind: .pull([.object([BodyMember("name", .value(.string("a")))])])),
            PatchOperation(path: "readers", kind: .push([.object([BodyMember("name", .value(.string("a")))])])),
            PatchOperation(path: "updatedAt", kind: .currentDate),
            PatchOperation(path: "price", kind: .multiply(.value(.int(2)))),
            PatchOperation(path: "qta", kind: .increment(.value(.int(1)))),
            PatchOperation(path: "discount", kind: .unset),
            PatchOperation(path: "tags.0", kind: .set(.value(.string("x")))),
        ]
        let request = try single(MiaDialect().renderUpdate(operations, id: "p1", pluralName: "plates"))
        #expect(
            keys(request.body) == ["$set", "$unset", "$inc", "$mul", "$currentDate", "$push", "$pull", "$addToSet"]
        )
        #expect(
            request.body?.serialized
                == #"{"$set":{"title":"Dune","tags.0":"x"},"$unset":{"discount":true},"$inc":{"qta":1},"#
                + #""$mul":{"price":2},"$currentDate":{"updatedAt":true},"$push":{"readers":{"name":"a"}},"#
                + #""$pull":{"authors":{"name":"a"}},"$addToSet":{"tags":"y"}}"#
        )
    }

    @Test func miaGeneratedPatchKeepsOperatorOrder() throws {
        var patch = Clinic.Patch()
        patch.tags.addToSet(["new"])
        patch.beds.multiply(by: 2)
        patch.phone = .null
        patch.name = .set("Northside")
        let request = try single(patch.rendered(id: clinicID, for: MiaDialect()))
        #expect(keys(request.body) == ["$set", "$unset", "$mul", "$addToSet"])
        #expect(
            request.body?.serialized
                == #"{"$set":{"c_name":"Northside"},"$unset":{"c_phone":true},"$mul":{"c_beds":2},"#
                + #""$addToSet":{"c_tags":"new"}}"#
        )
    }

    // MARK: - parse

    @Test func parseIncrementAndDelete() throws {
        var patch = GameScore.Patch()
        patch.points.increment(by: 1)
        patch.playerName = .null
        let request = try single(patch.rendered(id: "Ed1nuqPvcm", for: ParseDialect()))
        #expect(request.method == "PUT")
        #expect(request.path == "/classes/GameScore/Ed1nuqPvcm")
        #expect(
            request.body?.serialized
                == #"{"points":{"__op":"Increment","amount":1},"playerName":{"__op":"Delete"}}"#
        )
    }

    @Test func parsePlainValuesPointersAndDates() throws {
        var patch = GameScore.Patch()
        patch.points = .set(1338)
        patch.owner = .set(ObjectID("5a2f1b7c9d3e4f5a6b7c8d02")!)
        patch.playedAt = .set(ISO8601DateCoding.date(from: "2011-08-21T18:02:52.249Z")!)
        let request = try single(patch.rendered(id: "Ed1nuqPvcm", for: ParseDialect()))
        #expect(
            request.body?.serialized
                == #"{"points":1338,"owner":{"__type":"Pointer","className":"Player","objectId":"5a2f1b7c9d3e4f5a6b7c8d02"},"#
                + #""playedAt":{"__type":"Date","iso":"2011-08-21T18:02:52.249Z"}}"#
        )
        var cleared = GameScore.Patch()
        cleared.owner = .null
        #expect(
            try single(cleared.rendered(id: "Ed1nuqPvcm", for: ParseDialect())).body?.serialized
                == #"{"owner":{"__op":"Delete"}}"#
        )
    }

    /// GameScore has no array; Clinic's `c_tags` allows all three array operations.
    @Test func parseAddAddUniqueRemoveOnClinicTags() throws {
        func body(_ change: (inout Clinic.Patch) -> Void) throws -> String? {
            var patch = Clinic.Patch()
            change(&patch)
            let request = try single(patch.rendered(id: clinicID, for: ParseDialect()))
            #expect(request.method == "PUT")
            #expect(request.path == "/classes/c_clinics/5a2f1b7c9d3e4f5a6b7c8d01")
            return request.body?.serialized
        }
        #expect(try body { $0.tags.push(["flying"]) } == #"{"c_tags":{"__op":"Add","objects":["flying"]}}"#)
        #expect(
            try body { $0.tags.push(["flying", "kungfu"]) }
                == #"{"c_tags":{"__op":"Add","objects":["flying","kungfu"]}}"#
        )
        #expect(try body { $0.tags.addToSet(["flying"]) } == #"{"c_tags":{"__op":"AddUnique","objects":["flying"]}}"#)
        #expect(try body { $0.tags.pull(["flying"]) } == #"{"c_tags":{"__op":"Remove","objects":["flying"]}}"#)
        #expect(try body { $0.tags = .null } == #"{"c_tags":{"__op":"Delete"}}"#)
        #expect(try body { $0.beds.increment(by: 2) } == #"{"c_beds":{"__op":"Increment","amount":2}}"#)
    }

    @Test func parseHasNoMultiply() {
        var patch = Plate.Patch()
        patch.price.multiply(by: 2)
        #expect(throws: BodyError.self) { try patch.rendered(id: "p1", for: ParseDialect()) }
        #expect(throws: BodyError.self) {
            try ParseDialect().renderUpdate([PatchOperation(path: "at", kind: .currentDate)], id: "x", pluralName: "X")
        }
    }

    // MARK: - cortex

    @Test func cortexPutsChangedPropertiesAndNullClears() throws {
        var patch = Clinic.Patch()
        patch.name = .set("Northside")
        patch.phone = .null
        patch.beds = .set(12)
        patch.address = .set(Clinic.Address(street: "1 Main St", city: "Springfield"))
        let requests = try patch.rendered(id: clinicID, for: CortexDialect())
        #expect(requests.count == 1)
        #expect(requests.first?.method == "PUT")
        #expect(requests.first?.path == "/c_clinics/5a2f1b7c9d3e4f5a6b7c8d01")
        #expect(
            requests.first?.body?.serialized
                == #"{"c_name":"Northside","c_phone":null,"c_beds":12,"#
                + #""c_address":{"c_street":"1 Main St","c_city":"Springfield"}}"#
        )
    }

    @Test func cortexReplacesArraysWhole() throws {
        var patch = Object.Patch()
        patch.stringArray = .set(["value 1", "value 2"])
        patch.reference = .set(ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!)
        patch.document = .null
        let requests = try patch.rendered(id: clinicID, for: CortexDialect())
        #expect(requests.map(\.method) == ["PUT"])
        #expect(requests.first?.path == "/c_objects/5a2f1b7c9d3e4f5a6b7c8d01")
        #expect(
            requests.first?.body?.serialized
                == #"{"c_reference":"5a2f1b7c9d3e4f5a6b7c8d9e","c_document":null,"c_stringArray":["value 1","value 2"]}"#
        )
    }

    @Test func cortexPushIsOnePatchOperation() throws {
        var patch = Clinic.Patch()
        patch.tags.push(["pediatrics", "x-ray"])
        let request = try single(patch.rendered(id: clinicID, for: CortexDialect()))
        #expect(request.method == "PATCH")
        #expect(request.path == "/c_clinics/5a2f1b7c9d3e4f5a6b7c8d01")
        #expect(request.body?.serialized == #"[{"op":"push","path":"c_tags","value":["pediatrics","x-ray"]}]"#)

        var visit = Visit.InPerson.Patch()
        visit.notes.push([Visit.Note(text: "called back")])
        let visitRequest = try single(visit.rendered(id: "5a2f1b7c9d3e4f5a6b7c8e01", for: CortexDialect()))
        #expect(visitRequest.method == "PATCH")
        #expect(visitRequest.path == "/c_visits/5a2f1b7c9d3e4f5a6b7c8e01")
        #expect(
            visitRequest.body?.serialized == #"[{"op":"push","path":"c_notes","value":[{"c_text":"called back"}]}]"#
        )
    }

    @Test func cortexPullRemovesTheValues() throws {
        var patch = Clinic.Patch()
        patch.tags.pull(["x-ray", "night shift", "a/b"])
        let request = try single(patch.rendered(id: clinicID, for: CortexDialect()))
        #expect(request.method == "PATCH")
        #expect(request.path == "/c_clinics/5a2f1b7c9d3e4f5a6b7c8d01")
        // The values travel in the body, so a slash in one is only a character.
        #expect(
            request.body?.serialized == #"[{"op":"remove","path":"c_tags","value":["x-ray","night shift","a/b"]}]"#
        )

        // A document is pulled by its _id; one given by its contents has none to send.
        var visit = Visit.InPerson.Patch()
        visit.notes.pull([Visit.Note(text: "called back")])
        let error = #expect(throws: BodyError.self) {
            try visit.rendered(id: "5a2f1b7c9d3e4f5a6b7c8e01", for: CortexDialect())
        }
        #expect(error?.description.contains("c_notes") == true)
    }

    @Test func cortexSendsSetsClearsPushesAndPullsAsOnePatchInOrder() throws {
        var patch = Clinic.Patch()
        patch.tags.pull(["old"])
        patch.tags.push(["new"])
        patch.tags.pull(["older"])
        patch.name = .set("Northside")
        patch.phone = .null
        patch.meta = .set(["floor": 2])
        let request = try single(patch.rendered(id: clinicID, for: CortexDialect()))
        #expect(request.method == "PATCH")
        #expect(
            request.body?.serialized
                == #"[{"op":"set","path":"c_name","value":"Northside"},{"op":"remove","path":"c_phone"},"#
                + #"{"op":"remove","path":"c_tags","value":["old"]},{"op":"push","path":"c_tags","value":["new"]},"#
                + #"{"op":"remove","path":"c_tags","value":["older"]},{"op":"set","path":"c_meta","value":{"floor":2}}]"#
        )
    }

    /// A path into a document, or into an array's element by its `_id`, is a Cortex path: only `PATCH` takes it.
    @Test func cortexNestedPathsArePatchOperations() throws {
        let requests = try CortexDialect().renderUpdate(
            [
                PatchOperation(path: "c_size.c_width", kind: .set(.value(.double(2.5)))),
                PatchOperation(path: "c_parts.5f0000000000000000000009.c_qty", kind: .set(.value(.int(3)))),
                PatchOperation(path: "c_parts", kind: .pull([.value(.string("5f000000000000000000000a"))])),
            ],
            id: clinicID.description,
            pluralName: "c_items"
        )
        let request = try single(requests)
        #expect(request.method == "PATCH")
        #expect(
            request.body?.serialized
                == #"[{"op":"set","path":"c_size.c_width","value":2.5},"#
                + #"{"op":"set","path":"c_parts.5f0000000000000000000009.c_qty","value":3},"#
                + #"{"op":"remove","path":"c_parts","value":["5f000000000000000000000a"]}]"#
        )
    }

    @Test func cortexLacksServerSideArithmeticAndAddToSet() {
        var increment = Clinic.Patch()
        increment.beds.increment(by: 1)
        #expect(throws: BodyError.self) { try increment.rendered(id: clinicID, for: CortexDialect()) }
        var multiply = Clinic.Patch()
        multiply.beds.multiply(by: 2)
        #expect(throws: BodyError.self) { try multiply.rendered(id: clinicID, for: CortexDialect()) }
        var addToSet = Clinic.Patch()
        addToSet.tags.addToSet(["y"])
        #expect(throws: BodyError.self) { try addToSet.rendered(id: clinicID, for: CortexDialect()) }
        #expect(throws: BodyError.self) {
            try CortexDialect().renderUpdate(
                [PatchOperation(path: "at", kind: .currentDate)],
                id: clinicID.description,
                pluralName: "xs"
            )
        }
        // The error names the operation.
        do {
            _ = try increment.rendered(id: clinicID, for: CortexDialect())
        } catch let error as BodyError {
            #expect(error.description.contains("increment"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// A document's reference in an update is a Pointer to the schema's target, as in the create body.
    @Test func parsePointerInsideAnUpdatedDocument() throws {
        let author = ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")!
        var patch = Visit.InPerson.Patch()
        patch.notes.push([Visit.Note(text: "called back", author: .id(author))])
        let request = try single(patch.rendered(id: "v1", for: ParseDialect()))
        #expect(
            request.body?.serialized
                == #"{"c_notes":{"__op":"Add","objects":[{"c_text":"called back","#
                + #""c_author":{"__type":"Pointer","className":"account","objectId":"5a2f1b7c9d3e4f5a6b7c8d9e"}}]}}"#
        )
    }

    // MARK: - every dialect

    @Test func clinicTagsInEveryDialect() throws {
        var push = Clinic.Patch()
        push.tags.push(["a"])
        var pull = Clinic.Patch()
        pull.tags.pull(["a"])
        var addToSet = Clinic.Patch()
        addToSet.tags.addToSet(["a"])

        #expect(
            try push.rendered(id: clinicID, for: MiaDialect()).first?.body?.serialized == #"{"$push":{"c_tags":"a"}}"#
        )
        #expect(
            try pull.rendered(id: clinicID, for: MiaDialect()).first?.body?.serialized == #"{"$pull":{"c_tags":"a"}}"#
        )
        #expect(
            try addToSet.rendered(id: clinicID, for: MiaDialect()).first?.body?.serialized
                == #"{"$addToSet":{"c_tags":"a"}}"#
        )

        #expect(
            try push.rendered(id: clinicID, for: ParseDialect()).first?.body?.serialized
                == #"{"c_tags":{"__op":"Add","objects":["a"]}}"#
        )
        #expect(
            try pull.rendered(id: clinicID, for: ParseDialect()).first?.body?.serialized
                == #"{"c_tags":{"__op":"Remove","objects":["a"]}}"#
        )
        #expect(
            try addToSet.rendered(id: clinicID, for: ParseDialect()).first?.body?.serialized
                == #"{"c_tags":{"__op":"AddUnique","objects":["a"]}}"#
        )

        #expect(
            try single(push.rendered(id: clinicID, for: CortexDialect())).body?.serialized
                == #"[{"op":"push","path":"c_tags","value":["a"]}]"#
        )
        #expect(
            try single(pull.rendered(id: clinicID, for: CortexDialect())).body?.serialized
                == #"[{"op":"remove","path":"c_tags","value":["a"]}]"#
        )
        #expect(throws: BodyError.self) { try addToSet.rendered(id: clinicID, for: CortexDialect()) }
    }

    // MARK: - whole patches

    @Test func twoOperationsOnOnePathThrow() throws {
        var replaceAndPush = Clinic.Patch()
        replaceAndPush.tags = .set(["a"])
        replaceAndPush.tags.push(["b"])
        #expect(throws: BodyError.self) { try replaceAndPush.checkedOperations() }
        #expect(throws: BodyError.self) { try replaceAndPush.rendered(id: clinicID, for: MiaDialect()) }
        #expect(throws: BodyError.self) { try replaceAndPush.rendered(id: clinicID, for: CortexDialect()) }
        #expect(throws: BodyError.self) { try replaceAndPush.rendered(id: clinicID, for: ParseDialect()) }

        var pullAndSet = Clinic.Patch()
        pullAndSet.tags.pull(["a"])
        pullAndSet.tags.change = .null
        #expect(throws: BodyError.self) { try pullAndSet.checkedOperations() }

        var setAndIncrement = Author.Patch()
        setAndIncrement.age = .set(88)
        setAndIncrement.age.increment(by: 1)
        #expect(throws: BodyError.self) { try setAndIncrement.rendered(id: authorID, for: MiaDialect()) }

        var incrementAndMultiply = Plate.Patch()
        incrementAndMultiply.qta.increment(by: 1)
        incrementAndMultiply.qta.multiply(by: 2)
        #expect(throws: BodyError.self) { try incrementAndMultiply.rendered(id: "p1", for: MiaDialect()) }

        // Different paths are fine.
        var distinct = Plate.Patch()
        distinct.qta.increment(by: 1)
        distinct.price.multiply(by: 2)
        #expect(try distinct.checkedOperations().map(\.path) == ["price", "qta"])
    }

    /// A push and a pull of one array are element changes that apply in order: one Cortex `PATCH`, and a request
    /// each where the backend takes one operation per field (MongoDB's operators, Parse's `__op`).
    @Test func pushAndPullOfOneArray() throws {
        var patch = Clinic.Patch()
        patch.name = .set("Northside")
        patch.tags.push(["a"])
        patch.tags.push(["b"])
        patch.tags.pull(["c"])
        #expect(try patch.checkedOperations().map(\.path) == ["c_name", "c_tags", "c_tags"])

        let cortex = try single(patch.rendered(id: clinicID, for: CortexDialect()))
        #expect(
            cortex.body?.serialized
                == #"[{"op":"set","path":"c_name","value":"Northside"},"#
                + #"{"op":"push","path":"c_tags","value":["a","b"]},{"op":"remove","path":"c_tags","value":["c"]}]"#
        )

        let mia = try patch.rendered(id: clinicID, for: MiaDialect())
        #expect(mia.map(\.method) == ["PATCH", "PATCH"])
        #expect(
            mia.map { $0.body?.serialized ?? "" } == [
                #"{"$set":{"c_name":"Northside"},"$push":{"c_tags":{"$each":["a","b"]}}}"#,
                #"{"$pull":{"c_tags":"c"}}"#,
            ]
        )

        let parse = try patch.rendered(id: "c1", for: ParseDialect())
        #expect(parse.map(\.method) == ["PUT", "PUT"])
        #expect(
            parse.map { $0.body?.serialized ?? "" } == [
                #"{"c_name":"Northside","c_tags":{"__op":"Add","objects":["a","b"]}}"#,
                #"{"c_tags":{"__op":"Remove","objects":["c"]}}"#,
            ]
        )
    }

    @Test func emptyPatch() throws {
        #expect(Author.Patch().isEmpty)
        #expect(Clinic.Patch().isEmpty)
        #expect(Visit.InPerson.Patch().isEmpty)
        let author = Author(id: authorID, name: "Giovanni", age: 88)
        #expect(Author.Patch(from: author, to: author).isEmpty)
        var patch = Author.Patch()
        patch.age = .set(88)
        #expect(!patch.isEmpty)
        var cleared = Author.Patch()
        cleared.name = .null
        #expect(!cleared.isEmpty)
        var pushed = Clinic.Patch()
        pushed.tags.push(["a"])
        #expect(!pushed.isEmpty)
        // Cortex sends nothing for nothing.
        #expect(try Clinic.Patch().rendered(id: clinicID, for: CortexDialect()).isEmpty)
    }
}

/// mia's `$currentDate` from a generated update: a date property set to the server's time.
@Suite struct ServerTimeUpdateTests {
    @Test func aDateSetToTheServersTimeIsCurrentDateInMia() throws {
        var patch = Picturedata.Patch()
        patch.updatedAt = .serverTime
        patch.username = .set("mario")
        let requests = try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .mia)
        #expect(requests.count == 1)
        #expect(requests.first?.body?.serialized == #"{"$set":{"username":"mario"},"$currentDate":{"updatedAt":true}}"#)
    }

    @Test func cortexAndParseHaveNoServerTime() {
        var patch = Picturedata.Patch()
        patch.updatedAt = .serverTime
        #expect(throws: BodyError.self) { try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .cortex) }
        #expect(throws: BodyError.self) { try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .parse) }
    }

    @Test func setAndServerTimeOnOneDateIsAnError() {
        var patch = Picturedata.Patch()
        patch.updatedAt = .serverTime
        patch.updatedAt.change = .set(Date(timeIntervalSince1970: 0))
        #expect(throws: BodyError.self) { try patch.rendered(id: "004b44b9182c19e2a1b2c3d4", for: .mia) }
    }
}
