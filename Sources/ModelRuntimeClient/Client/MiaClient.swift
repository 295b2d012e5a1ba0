import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension MiaState {
    /// `_st` for `states`, in the order given.
    static func queryItems(_ states: [MiaState]) -> [URLQueryItem] {
        states.isEmpty ? [] : [URLQueryItem(name: "_st", value: states.map(\.rawValue).joined(separator: ","))]
    }
}

extension Query {
    /// Selects documents in these Mia-Platform states (`_st`) instead of only `PUBLIC` ones.
    public func states(_ states: MiaState...) -> Query {
        self.states(states.map(\.rawValue))
    }
}

/// Mia-Platform's CRUD service: document states on every call that takes `_st`, state changes, and the bulk calls.
/// Each throws ``ModelClientError/unsupported(_:)`` in another dialect.
extension ModelClient {
    private func requireMia(_ what: String) throws -> MiaDialect {
        guard let mia = dialect as? MiaDialect else {
            throw ModelClientError.unsupported("\(what) is a Mia-Platform call")
        }
        return mia
    }

    /// The document `id`, found among `states` (`_st`).
    public func get<M: QueryableModel>(
        _ type: M.Type,
        id: some ReferenceIdentifier,
        states: [MiaState]
    ) async throws -> M {
        _ = try requireMia("reading by state")
        return try await get(type, id: id.referenceID, queryItems: MiaState.queryItems(states))
    }

    /// Applies `patch` to the document `id`, found among `states`, and returns it as it then is.
    public func update<Body: UpdateBody>(
        _ id: some ReferenceIdentifier,
        _ patch: Body,
        states: [MiaState]
    ) async throws -> Body.Model {
        _ = try requireMia("updating by state")
        return try await update(id.referenceID, patch, extraItems: MiaState.queryItems(states))
    }

    /// Deletes the document `id`, found among `states`.
    public func delete<M: SchemaObject>(_ type: M.Type, id: some ReferenceIdentifier, states: [MiaState]) async throws {
        _ = try requireMia("deleting by state")
        try await delete(type, id: id.referenceID, extraItems: MiaState.queryItems(states))
    }

    /// Moves the document `id` to `state` (`POST /<plural>/<id>/state` with `{"stateTo": …}`).
    public func setState<M: SchemaObject>(_ type: M.Type, id: some ReferenceIdentifier, to state: MiaState) async throws
    {
        let mia = try requireMia("a state change")
        _ = try await send(mia.renderStateChange(id: id.referenceID, to: state.rawValue, pluralName: M.pluralName))
    }

    /// Creates every body and returns the new ids in order: on Mia-Platform in one request (`POST /<plural>/bulk`),
    /// on Parse in `/batch` requests of up to 50, where each create is applied on its own and ``BatchError`` says
    /// which were made when some fail. The bodies are validated first: one that breaks the schema's rules sends
    /// nothing, and no bodies send nothing (the CRUD service fails an empty bulk with a 500).
    public func createAll<Body: CreateBody>(_ bodies: [Body]) async throws -> [String] {
        if let parse = dialect as? ParseDialect { return try await parseCreateAll(bodies, parse) }
        let mia = try requireMia("a bulk insert")
        if bodies.isEmpty { return [] }
        let documents = try bodies.map { body -> QueryJSON in
            guard let document = try mia.renderCreate(body.validatedMembers(), pluralName: Body.Model.pluralName).body
            else { throw ModelClientError.unsupported("a create renders no body") }
            return document
        }
        let request = RenderedRequest(
            method: "POST",
            path: try PathSegment.basePath(Body.Model.pluralName) + "/bulk",
            body: .array(documents)
        )
        let answer = try await json(for: request, expecting: Body.Model.self)
        let ids = answer.arrayValue?.compactMap { $0["_id"]?.stringValue } ?? []
        guard ids.count == bodies.count else {
            throw decodingError(Body.Model.self, keyPath: "", request: request, reason: "the answer is not one id each")
        }
        return ids
    }

    /// Applies `patch` to every document `query`'s conditions (and states) select (`PATCH /<plural>/?_q=…`, the
    /// selection written as the count request writes it) and returns how many changed.
    public func updateAll<Body: UpdateBody>(
        _ query: Query<Body.Model>,
        _ patch: Body
    ) async throws -> Int where Body.Model: QueryableModel {
        let mia = try requireMia("a patch by query")
        let rendered = try patch.rendered(id: "_", for: mia)
        guard rendered.count == 1, let body = rendered[0].body else {
            throw ModelClientError.unsupported("this patch takes more than one request")
        }
        let selection = try query.renderedCount(for: mia)
        let request = RenderedRequest(
            method: "PATCH",
            path: try PathSegment.basePath(Body.Model.pluralName) + "/",
            queryItems: selection.queryItems,
            headers: selection.headers,
            body: body
        )
        return try await changedCount(request, Body.Model.self)
    }

    /// Deletes every document `query`'s conditions (and states) select (`DELETE /<plural>/?_q=…`) and returns how
    /// many went.
    public func deleteAll<M: QueryableModel>(_ query: Query<M>) async throws -> Int {
        let mia = try requireMia("a delete by query")
        let selection = try query.renderedCount(for: mia)
        let request = RenderedRequest(
            method: "DELETE",
            path: try PathSegment.basePath(M.pluralName) + "/",
            queryItems: selection.queryItems,
            headers: selection.headers
        )
        return try await changedCount(request, M.self)
    }

    private func changedCount<M>(_ request: RenderedRequest, _ model: M.Type) async throws -> Int {
        let answer = try await json(for: request, expecting: M.self)
        // A count below zero is no count, as for ``count(_:)``.
        guard let count = answer.intValue, count >= 0 else {
            throw decodingError(Int.self, keyPath: "", request: request, reason: "the answer is not a count")
        }
        return count
    }
}
