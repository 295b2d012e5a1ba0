import Foundation
import GoldenCortexExport
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

// How many requests an update takes, against ModelRuntimeTesting's in-memory backends: one on Cortex whatever it
// changes (its PATCH of operations is applied all or nothing), one per step on Mia-Platform only when an array gets a
// push and a pull, and an error naming the applied and the failed steps when a later step fails.

@Suite struct UpdateRequestTests {
    /// The requests the backend received after the first `before`.
    private func requests(_ backend: InMemoryBackend, after before: Int) async -> [String] {
        await backend.requests.dropFirst(before).map { "\($0.method) \($0.path)" }
    }

    @Test func aCortexUpdateThatSetsPushesAndPullsOneArrayIsOneRequest() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        var create = Clinic.Create(name: "Northside")
        create.tags = ["night shift", "x-ray", "old"]
        let clinic = try await client.create(create)

        var patch = Clinic.Patch()
        patch.name = .set("Northside Clinic")
        patch.phone = .set("555-0100")
        patch.tags.pull(["old", "x-ray"])
        patch.tags.push(["pediatrics"])
        let before = await backend.requests.count
        let updated = try await client.update(clinic.id, patch)

        #expect(await requests(backend, after: before) == ["PATCH /c_clinics/\(clinic.id)"])
        #expect(updated.name == "Northside Clinic")
        #expect(updated.phone == "555-0100")
        #expect(updated.tags == ["night shift", "pediatrics"])
        let stored = try #require(await backend.documents(in: "c_clinics").first)
        #expect(stored["c_tags"] == ["night shift", "pediatrics"])
        #expect(stored["c_name"] == "Northside Clinic")
    }

    @Test func aCortexUpdateReachesIntoDocumentsAndArrayElementsByTheirID() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        var create = Item.Create(name: "kit")
        create.parts = [("bolt", 1), ("nut", 2)].map { label, qty in
            var part = Item.Part.Create()
            part.label = label
            part.qty = qty
            return part
        }
        let item = try await client.create(create)
        let stored = try #require(await backend.documents(in: "c_items").first)
        let partIDs = try #require(stored["c_parts"]?.arrayValue).compactMap { $0["_id"]?.stringValue }
        try #require(partIDs.count == 2)

        // Generated patches set a document whole; these paths are Cortex's own, written by hand.
        let patch = HandWrittenPatch<Item>(operations: [
            PatchOperation(path: "c_size.c_width", kind: .set(.value(.double(2.5)))),
            PatchOperation(path: "c_parts.\(partIDs[0]).c_qty", kind: .set(.value(.int(7)))),
            PatchOperation(path: "c_parts", kind: .pull([.value(.string(partIDs[1]))])),
            PatchOperation(
                path: "c_parts",
                kind: .push([.object([BodyMember("c_label", .value(.string("washer")))])])
            ),
        ])
        let before = await backend.requests.count
        let updated = try await client.update(item.id, patch)

        #expect(await requests(backend, after: before) == ["PATCH /c_items/\(item.id)"])
        #expect(updated.size?.width == 2.5)
        #expect(updated.parts?.map(\.label) == ["bolt", "washer"])
        #expect(updated.parts?.map(\.qty) == [7, nil])
        #expect(try await client.get(Item.self, id: item.id) == updated)
    }

    @Test func aCortexUpdateWithAFailingOperationChangesNothingAndSaysWhy() async throws {
        let backend = InMemoryBackend(.cortex)
        let client = backend.client()
        var create = Item.Create(name: "before")
        create.tags = ["a"]
        let item = try await client.create(create)
        let original = await backend.documents(in: "c_items")

        // The set and the push are fine; pushing onto a string is not, and the server applies none of them.
        let patch = HandWrittenPatch<Item>(operations: [
            PatchOperation(path: "c_count", kind: .set(.value(.int(9)))),
            PatchOperation(path: "c_tags", kind: .push([.value(.string("b"))])),
            PatchOperation(path: "c_name", kind: .push([.value(.string("c"))])),
        ])
        let before = await backend.requests.count
        let error = await #expect(throws: ModelClientError.self) { _ = try await client.update(item.id, patch) }
        guard case .server(let status, let code, let message, _)? = error else {
            Issue.record("not the server's refusal: \(String(describing: error))")
            return
        }
        #expect(status == 400)
        #expect(code == "kInvalidArgument")
        #expect(message == "c_name is not an array")
        #expect(error?.refusal == .validation(fields: ["c_name"]))
        #expect(await requests(backend, after: before) == ["PATCH /c_items/\(item.id)"])
        #expect(await backend.documents(in: "c_items") == original)
    }

    @Test func aMiaUpdateThatPushesAndPullsOneArrayTakesAStepEach() async throws {
        let backend = InMemoryBackend(.mia(defaultState: .public))
        let client = backend.client()
        var create = Item.Create(name: "before")
        create.tags = ["a", "b"]
        let item = try await client.create(create)
        // Mia's golden arrays are set whole; the operations are written by hand.
        let patch = HandWrittenPatch<Item>(operations: [
            PatchOperation(path: "c_name", kind: .set(.value(.string("after")))),
            PatchOperation(path: "c_tags", kind: .push([.value(.string("c"))])),
            PatchOperation(path: "c_tags", kind: .pull([.value(.string("a"))])),
        ])
        var before = await backend.requests.count
        let updated = try await client.update(item.id, patch)
        #expect(
            await requests(backend, after: before) == [
                "PATCH /c_items/\(item.id)", "PATCH /c_items/\(item.id)",
            ]
        )
        #expect(updated.name == "after")
        #expect(updated.tags == ["b", "c"])

        // The first step goes through, the second is refused: the error names both.
        await backend.script(
            .answer(
                status: 503,
                body: ["statusCode": 503, "error": "Service Unavailable", "message": "try later"]
            ),
            for: RequestMatch { $0.body?["$pull"] != nil }
        )
        before = await backend.requests.count
        do {
            _ = try await client.update(item.id, patch)
            Issue.record("an update whose second step was refused succeeded")
        } catch let error as PartialUpdateError {
            #expect(error.id == item.id.description)
            #expect(error.applied == ["PATCH /c_items/\(item.id)"])
            #expect(error.failed == "PATCH /c_items/\(item.id)")
            #expect(error.notSent.isEmpty)
            guard case .server(let status, _, let message, _)? = error.underlying as? ModelClientError else {
                Issue.record("not the server's refusal: \(error.underlying)")
                return
            }
            #expect(status == 503)
            #expect(message == "try later")
        }
        #expect(await requests(backend, after: before).count == 2)
        let stored = try #require(await backend.documents(in: "c_items").first)
        #expect(stored["c_tags"] == ["b", "c", "c"], "the applied push stays applied")

        // A failure of the first step is the plain error: nothing was applied.
        await backend.script(.answer(status: 404, body: ["statusCode": 404, "error": "Not Found"]))
        await #expect(throws: ModelClientError.self) { _ = try await client.update(item.id, patch) }
    }
}

/// An update body given as its operations.
struct HandWrittenPatch<Model: SchemaObject>: UpdateBody {
    var operations: [PatchOperation]
    func violations(at prefix: String) -> [Violation] { [] }
}
