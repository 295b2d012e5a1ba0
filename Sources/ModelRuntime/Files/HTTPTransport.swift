import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request. The uploader and the client talk to servers only through this, so tests and apps can
/// put their own networking underneath.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the answer's body and response, whatever its status; throws only when no HTTP
    /// answer came.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The transport over `URLSession` (FoundationNetworking's on Linux).
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession

    /// A transport over `session`, by default the shared one.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// A failure to get an HTTP response at all.
    public struct NoHTTPResponse: Error, CustomStringConvertible {
        /// Says that the answer was not an HTTP response.
        public var description: String { "the server's answer was not an HTTP response" }
    }

    /// Sends `request` on the session; cancelling the task cancels the request, and only it.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await data(for: request)
        guard let http = response as? HTTPURLResponse else { throw NoHTTPResponse() }
        return (data, http)
    }

    private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
        #if canImport(FoundationNetworking)
        // FoundationNetworking's async API is not on every toolchain; the completion handler one is.
        let task = TaskHolder()
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let dataTask = session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: NoHTTPResponse())
                        }
                    }
                    task.set(dataTask)
                    dataTask.resume()
                }
            } onCancel: {
                // Only this request: the session may be shared with the rest of the app.
                task.cancel()
            }
        } catch let error as URLError where error.code == .cancelled && Task.isCancelled {
            throw CancellationError()
        }
        #else
        return try await session.data(for: request)
        #endif
    }
}

#if canImport(FoundationNetworking)
/// The data task of one request, so that cancelling the Swift task cancels exactly it.
private final class TaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func set(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelNow = isCancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
#endif
