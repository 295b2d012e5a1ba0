import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request. The uploader and the client talk to servers only through this, so tests and apps can
/// put their own networking underneath.
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The transport over `URLSession` (FoundationNetworking's on Linux).
public struct URLSessionTransport: HTTPTransport {
    public let session: URLSession

    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// A failure to get an HTTP response at all.
    public struct NoHTTPResponse: Error, CustomStringConvertible {
        public var description: String { "the server's answer was not an HTTP response" }
    }

    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await data(for: request)
        guard let http = response as? HTTPURLResponse else { throw NoHTTPResponse() }
        return (data, http)
    }

    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
        // FoundationNetworking's async API is not on every toolchain; the completion handler one is.
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: NoHTTPResponse())
                    }
                }
                task.resume()
            }
        } onCancel: {
            session.getAllTasks { tasks in tasks.forEach { $0.cancel() } }
        }
        #else
        return try await session.data(for: request)
        #endif
    }
}
