import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ModelClient {
    /// Sends a request built outside the client's dialect (its own URL, method, headers and body, such as
    /// `model-generator pull`'s schema export) with what every request of the client gets: the `headers` closure's
    /// headers (where the request doesn't set the same header itself), the `timeout` on each attempt, the retry
    /// policy (by the request's method) and `maximumResponseBytes`. Returns the body and response of a 2xx answer;
    /// any other status throws ``ModelClientError/server(status:code:message:body:)`` with the server's body.
    ///
    /// The timeout is the client's own: each attempt races a timer, and the one that loses is cancelled. It holds
    /// wherever the transport runs, also on Linux, where FoundationNetworking enforces neither
    /// `URLSessionConfiguration.timeoutIntervalForResource` nor a whole-answer limit, and its idle timeout starts
    /// again with every byte a slow server trickles.
    public func send(_ request: URLRequest) async throws -> (data: Data, response: HTTPURLResponse) {
        var request = request
        // The request's own headers win, as they do for the client's own requests.
        try request.addHeaders(whereUnset: try await headers())
        let method = request.httpMethod ?? "GET"
        return try await sendRetrying(
            request,
            describedAs: "\(method) \(request.url?.path ?? "/")",
            idempotent: RenderedRequest.isIdempotent(method: method)
        )
    }
}
