import Foundation
import GoldenParse
import GoldenRealMia
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Mia-Platform's CRUD service and Parse may push onto, pull from and add to any array (`$push`, `$pull`, `$addToSet`;
/// `Add`, `Remove`, `AddUnique`), which their schemas don't restrict as Cortex's `canPush`, `canPull` and
/// `uniqueValues` do: the models generated from their own files offer each, and each reaches the backend as it
/// applies it.
@Suite struct ArrayOperationTests {
    @Test func aMiaCollectionsArraysTakeEveryOperation() async throws {
        let backend = InMemoryBackend(.mia)
        await backend.register(Books.self)
        let client = backend.client()
        var create = Books.Create(name: "Dune", isbn: "9780441013593")
        create.tags = ["classic", "space"]
        let book = try await client.create(create)
        // The collection creates its documents as drafts, which the service's updates see only when asked.
        try await client.setState(Books.self, id: book.id, to: .public)

        var addToSet = Books.Patch()
        addToSet.tags.addToSet(["space", "fiction"])
        var request = try #require(addToSet.rendered(id: book.id, for: .mia).first)
        #expect(request.body?.serialized == #"{"$addToSet":{"tags":{"$each":["space","fiction"]}}}"#)
        var updated = try await client.update(book.id, addToSet)
        #expect(updated.tags == ["classic", "space", "fiction"])

        var pull = Books.Patch()
        pull.tags.pull(["classic"])
        request = try #require(pull.rendered(id: book.id, for: .mia).first)
        #expect(request.body?.serialized == #"{"$pull":{"tags":"classic"}}"#)
        updated = try await client.update(book.id, pull)
        #expect(updated.tags == ["space", "fiction"])

        var push = Books.Patch()
        push.tags.push(["space"])
        updated = try await client.update(book.id, push)
        #expect(updated.tags == ["space", "fiction", "space"])
    }

    @Test func aParseClassesArraysTakeEveryOperation() async throws {
        let backend = InMemoryBackend(.parse)
        let client = backend.client()
        var create = GameScore.Create(score: 1)
        create.skills = ["pass"]
        let score = try await client.create(create)

        var add = GameScore.Patch()
        add.skills.addToSet(["pass", "run"])
        let request = try #require(add.rendered(id: score.objectId, for: .parse).first)
        #expect(request.body?.serialized == #"{"skills":{"__op":"AddUnique","objects":["pass","run"]}}"#)
        _ = try await client.update(score.objectId, add)
        var remove = GameScore.Patch()
        remove.skills.pull(["pass"])
        _ = try await client.update(score.objectId, remove)
        var push = GameScore.Patch()
        push.skills.push(["run"])
        _ = try await client.update(score.objectId, push)
        let stored = try #require(await backend.documents(in: "GameScore").first)
        #expect(stored["skills"] == ["run", "run"])
    }
}
