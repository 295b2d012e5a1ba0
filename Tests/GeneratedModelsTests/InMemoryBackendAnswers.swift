import Foundation
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension InMemoryBackend {
    /// The backend's answer to `request`, sent as the client sends it: the status, and the body parsed (`null` when
    /// there is none). For the tests that read an answer the client doesn't hand back whole.
    func answer(_ request: RenderedRequest) async throws -> (status: Int, body: JSONValue) {
        let (data, response) = try await send(try request.urlRequest(relativeTo: baseURL))
        return (response.statusCode, data.isEmpty ? .null : try JSONValue(parsing: data))
    }
}
