import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request. The uploader and the client talk to servers only through this, so tests and apps can
/// put their own networking underneath.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the answer's body and response, whatever its status; throws only when no HTTP
    /// answer came.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` as ``send(_:)`` does, but fails with ``HTTPTransportError/responseTooLarge(limit:)`` when the
    /// body is longer than `maximumResponseBytes`. A transport that streams stops reading there; the default
    /// implementation can only check the body it was given.
    func send(_ request: URLRequest, maximumResponseBytes: Int) async throws -> (Data, HTTPURLResponse)

    /// Sends `request` as ``send(_:maximumResponseBytes:)`` does, calling `bodySent` with how many bytes of the
    /// request's body have gone out so far, as they go. Uploads report their progress through it. The default
    /// implementation can't see the bytes go: it reports the whole body once, when the answer has come.
    func send(
        _ request: URLRequest,
        maximumResponseBytes: Int,
        bodySent: @escaping @Sendable (Int64) -> Void
    ) async throws -> (Data, HTTPURLResponse)
}

extension HTTPTransport {
    /// Sends with ``send(_:)`` and checks the body's size afterwards.
    public func send(_ request: URLRequest, maximumResponseBytes: Int) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await send(request)
        guard data.count <= maximumResponseBytes else {
            throw HTTPTransportError.responseTooLarge(limit: maximumResponseBytes)
        }
        return (data, response)
    }

    /// Sends with ``send(_:maximumResponseBytes:)`` and reports the whole body as sent once the answer came.
    public func send(
        _ request: URLRequest,
        maximumResponseBytes: Int,
        bodySent: @escaping @Sendable (Int64) -> Void
    ) async throws -> (Data, HTTPURLResponse) {
        let answer = try await send(request, maximumResponseBytes: maximumResponseBytes)
        bodySent(Int64(request.httpBody?.count ?? 0))
        return answer
    }
}

/// Why a transport has no answer to give.
public enum HTTPTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body was longer than `limit` bytes, or its `Content-Length` said it would be; reading stopped there.
    case responseTooLarge(limit: Int)
    /// The server redirected a request to another origin that ``RedirectPolicy`` does not follow it to: one with a
    /// body (a `307` or `308` after a `POST`, `PUT` or `PATCH`), or any under
    /// ``RedirectPolicy/refuseCrossOrigin``. Nothing was sent there.
    case crossOriginRedirectRefused(from: URL, to: URL)
    /// The answer was not an HTTP response.
    case notHTTP

    /// What happened, with the limit or both URLs.
    public var description: String {
        switch self {
        case .responseTooLarge(let limit): "the response is larger than the limit of \(limit) bytes"
        case .crossOriginRedirectRefused(let from, let to):
            "refused to follow a redirect from \(Self.origin(of: from)) to another origin, \(Self.origin(of: to))"
        case .notHTTP: "the server's answer was not an HTTP response"
        }
    }

    /// The URL's origin, escaped: the host of a redirect's `Location` is the server's text, decoded.
    private static func origin(of url: URL) -> String {
        escapedForMessage("\(url.scheme ?? "")://\(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")", limit: 300)
    }
}

/// What happens to a request that a server redirects. Within the request's origin (scheme, host and port) a redirect
/// is followed as it is, whatever the policy. To another origin, the policy decides.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follows a redirect to another origin with only the headers that carry no credential (see
    /// ``forwardedHeaders``): `Authorization`, cookies, API keys and session tokens stay behind, whatever their
    /// names. One that would resend the body (`307`, `308`) is refused. The default: an app's request may be worth
    /// following without its credentials (a file on a CDN).
    case dropCredentialsCrossOrigin
    /// Refuses every redirect to another origin. For a request that means nothing without its credentials, such as
    /// `model-generator pull` asking for a schema: following it anonymously would only fetch someone else's answer.
    case refuseCrossOrigin

    /// The headers a redirect to another origin keeps under ``dropCredentialsCrossOrigin``; every other header is
    /// dropped.
    public static let forwardedHeaders: Set<String> = ["accept", "accept-language", "accept-encoding", "user-agent"]

    /// The request to send for `redirected`, a redirect away from `origin`, or `nil` to refuse it. A method other
    /// than `GET` or `HEAD` after the redirect means the body would be sent again (`307`, `308`).
    public func follow(_ redirected: URLRequest, from origin: URL?) -> URLRequest? {
        guard let origin, let target = redirected.url else { return nil }
        if Self.sameOrigin(origin, target) { return redirected }
        if self == .refuseCrossOrigin { return nil }
        let method = (redirected.httpMethod ?? "GET").uppercased()
        guard method == "GET" || method == "HEAD", redirected.httpBody == nil, redirected.httpBodyStream == nil
        else { return nil }
        var stripped = URLRequest(url: target, cachePolicy: redirected.cachePolicy)
        stripped.timeoutInterval = redirected.timeoutInterval
        stripped.httpMethod = method
        stripped.httpShouldHandleCookies = false
        for (name, value) in redirected.allHTTPHeaderFields ?? [:]
        where Self.forwardedHeaders.contains(name.lowercased()) {
            stripped.setValue(value, forHTTPHeaderField: name)
        }
        return stripped
    }

    /// Whether `a` and `b` have the same scheme, host and port (the scheme's default port when none is written).
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func parts(_ url: URL) -> (String, String, Int?) {
            let scheme = (url.scheme ?? "").lowercased()
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
            return (scheme, (url.host ?? "").lowercased(), port)
        }
        return parts(a) == parts(b)
    }
}

/// The transport over a `URLSession` of its own (FoundationNetworking's on Linux), which follows redirects itself by
/// ``RedirectPolicy`` and streams each body so that a size limit stops it as soon as it is passed.
///
/// Each redirect is a request of its own, made as URLSession would make it (a `303`, and a `301` or `302` after a
/// `POST`, become a `GET` without the body; a relative `Location` is read against the request's URL), at most
/// ``maximumRedirects`` of them: the same on every platform, and never through FoundationNetworking's own
/// redirect path, which on Linux rewires a transfer's handle to the new host. From the first redirect to another
/// origin on, requests go through a second session, made from the configuration without its cookie storage,
/// credential storage, and additional headers but ``RedirectPolicy/forwardedHeaders``.
///
/// A redirect's body is bounded as any other on Apple platforms. On Linux, FoundationNetworking hands over a `301`,
/// `302`, `303` or `305` to `308` only once its whole body has come, which it keeps in memory until then: the
/// transport reads the `Content-Length` such a header declares as soon as it is in (within about 10 ms) and fails one
/// over the limit with ``HTTPTransportError/responseTooLarge(limit:)``, cancelling its transfer. A redirect's body
/// without a `Content-Length`, or compressed, is bounded there only by the caller's time: FoundationNetworking's
/// request timeout is one of idleness, which a body that keeps coming never trips. And one that comes faster than
/// FoundationNetworking can store it (it copies the whole body so far for each chunk) holds the queue all its
/// sessions share until it ends: the request fails at once all the same, but the cancel, and every other request of
/// the process, waits for that queue.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through; its delegate belongs to this transport.
    public var session: URLSession { owner.session }
    /// The limit ``send(_:)`` applies: 32 MiB unless set.
    public var maximumResponseBytes: Int

    private let owner: SessionOwner
    private let redirectPolicy: RedirectPolicy
    /// Whether every request starts out as one after a redirect to another origin, through the session without the
    /// configuration's credentials: see ``withoutCredentials``.
    private(set) var sendsWithoutCredentials = false

    /// The default ``maximumResponseBytes``: 32 MiB.
    public static let defaultMaximumResponseBytes = 32 << 20

    /// How many redirects one request follows, as URLSession follows: past it, `URLError(.httpTooManyRedirects)`.
    public static let maximumRedirects = 20

    /// A transport with a session of its own made from `configuration`, whose redirects follow `redirectPolicy`.
    /// On Linux the session keeps no `URLCache`, whatever `configuration` says: with one, FoundationNetworking can
    /// stop the process when a request is cancelled as it starts, which every cancelled Swift task does.
    public init(
        configuration: URLSessionConfiguration = .default,
        maximumResponseBytes: Int = URLSessionTransport.defaultMaximumResponseBytes,
        redirectPolicy: RedirectPolicy = .dropCredentialsCrossOrigin
    ) {
        self.owner = SessionOwner(configuration: configuration)
        self.redirectPolicy = redirectPolicy
        self.maximumResponseBytes = maximumResponseBytes
    }

    /// This transport, sending every request as it sends those after a redirect to another origin: through a session
    /// without the configuration's cookie and credential storages, and without its `httpAdditionalHeaders` but
    /// ``RedirectPolicy/forwardedHeaders``. ``ModelClient`` sends file bytes this way to a storage URL of another
    /// origin than its API, which the server named.
    var withoutCredentials: URLSessionTransport {
        var transport = self
        transport.sendsWithoutCredentials = true
        return transport
    }

    /// Sends `request` with the transport's ``maximumResponseBytes``.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await send(request, maximumResponseBytes: maximumResponseBytes)
    }

    /// Sends `request`, stopping the transfer as soon as the body passes `maximumResponseBytes` (or at once when
    /// its `Content-Length` does); cancelling the task cancels the request, and only it, and returns at once.
    public func send(_ request: URLRequest, maximumResponseBytes: Int) async throws -> (Data, HTTPURLResponse) {
        try await send(request, maximumResponseBytes: maximumResponseBytes, reporting: nil)
    }

    /// Sends `request` as ``send(_:maximumResponseBytes:)`` does; the session's delegate hears each chunk of the body
    /// go out (`urlSession(_:task:didSendBodyData:…)`) and passes the total so far to `bodySent`, on the session's
    /// queue, before the answer returns.
    public func send(
        _ request: URLRequest,
        maximumResponseBytes: Int,
        bodySent: @escaping @Sendable (Int64) -> Void
    ) async throws -> (Data, HTTPURLResponse) {
        try await send(request, maximumResponseBytes: maximumResponseBytes, reporting: bodySent)
    }

    private func send(
        _ request: URLRequest,
        maximumResponseBytes: Int,
        reporting bodySent: (@Sendable (Int64) -> Void)?
    ) async throws -> (Data, HTTPURLResponse) {
        var current = request
        // Once a redirect has left the request's origin, the rest go through the session that keeps no cookies and
        // adds no headers of the configuration's but those that carry no credential.
        var anonymous = sendsWithoutCredentials
        for _ in 0...Self.maximumRedirects {
            let answer = try await exchange(
                current,
                through: anonymous ? .anonymous : .own,
                maximumResponseBytes: maximumResponseBytes,
                reporting: bodySent
            )
            guard let redirected = Self.redirection(after: answer.1, of: current) else { return answer }
            guard let from = current.url, let to = redirected.url else { return answer }
            guard let followed = redirectPolicy.follow(redirected, from: from) else {
                throw HTTPTransportError.crossOriginRedirectRefused(from: from, to: to)
            }
            if !RedirectPolicy.sameOrigin(from, to) { anonymous = true }
            current = followed
        }
        throw URLError(.httpTooManyRedirects, userInfo: current.url.map { [NSURLErrorFailingURLErrorKey: $0] } ?? [:])
    }

    /// The request a redirect asks for, made as URLSession makes it; nil when `response` is no redirect to follow:
    /// another status, no `Location`, a scheme other than HTTP's, or a body in a stream, which can't be sent twice.
    static func redirection(after response: HTTPURLResponse, of request: URLRequest) -> URLRequest? {
        let status = response.statusCode
        guard [301, 302, 303, 307, 308].contains(status),
            let location = response.value(forHTTPHeaderField: "Location"),
            let base = request.url,
            let written = URL(string: location, relativeTo: base)?.absoluteURL,
            let scheme = written.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let target = Self.withLowercaseScheme(written, scheme)
        else { return nil }
        var next = request
        next.url = target
        let method = (request.httpMethod ?? "GET").uppercased()
        if (status == 303 && method != "HEAD") || ((status == 301 || status == 302) && method == "POST") {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            next.setValue(nil, forHTTPHeaderField: "Content-Type")
            next.setValue(nil, forHTTPHeaderField: "Content-Length")
        } else if request.httpBodyStream != nil {
            return nil
        }
        return next
    }

    /// `url` with its scheme written `scheme`: a scheme's case means nothing (RFC 3986), but FoundationNetworking
    /// refuses `HTTP://` as an unsupported URL.
    private static func withLowercaseScheme(_ url: URL, _ scheme: String) -> URL? {
        guard url.scheme != scheme else { return url }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.scheme = scheme
        return components?.url
    }

    /// One request and its answer, without following a redirect.
    private func exchange(
        _ request: URLRequest,
        through route: SessionOwner.Route,
        maximumResponseBytes: Int,
        reporting bodySent: (@Sendable (Int64) -> Void)?
    ) async throws -> (Data, HTTPURLResponse) {
        let exchange = Exchange(limit: max(0, maximumResponseBytes), bodySent: bodySent)
        let (session, delegate) = owner.session(for: route)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchange.start(continuation)
                let task = session.dataTask(with: request)
                delegate.register(exchange, for: task)
                exchange.attach(task)
                task.resume()
            }
        } onCancel: {
            exchange.finish(.failure(CancellationError()))
        }
    }
}

extension URLSessionTransport {
    /// The configuration the transport's sessions are made from: `configuration` itself on Apple platforms; on
    /// Linux, a copy without a `URLCache`. FoundationNetworking looks a data task up in its session's cache on a
    /// queue of its own before the transfer starts, and a `cancel()` that lands in that lookup reaches the session
    /// after the task has left it: the process stops on a `fatalError` ("Trying to access a behaviour for a task
    /// that in not in the registry"). The transport cancels a request whenever its Swift task is cancelled, so a
    /// cache would let any cancellation in an app stop the process; without one, the task has its protocol at once
    /// and a cancel is always in order.
    static func sessionConfiguration(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        #if canImport(FoundationNetworking)
        let uncached = configuration.copy() as! URLSessionConfiguration
        uncached.urlCache = nil
        return uncached
        #else
        return configuration
        #endif
    }

    /// The configuration of the session a request goes through once a redirect has left its origin: `configuration`
    /// without what carries a credential, the cookie and credential storages and every additional header but
    /// ``RedirectPolicy/forwardedHeaders``. A request's own `httpShouldHandleCookies` can't stand in for it:
    /// FoundationNetworking adds the storage's cookies to every request, and stores every answer's, whatever it says;
    /// and no request takes back a header its session adds.
    static func configurationAfterAnotherOrigin(_ configuration: URLSessionConfiguration) -> URLSessionConfiguration {
        let anonymous = configuration.copy() as! URLSessionConfiguration
        anonymous.httpCookieStorage = nil
        anonymous.httpShouldSetCookies = false
        anonymous.httpCookieAcceptPolicy = .never
        anonymous.urlCredentialStorage = nil
        anonymous.httpAdditionalHeaders = configuration.httpAdditionalHeaders?.filter { name, _ in
            (name as? String).map { RedirectPolicy.forwardedHeaders.contains($0.lowercased()) } ?? false
        }
        return anonymous
    }
}

/// Owns the sessions: a session keeps its delegate until it is invalidated, so the last copy of the transport
/// invalidates them. Requests go through the session of the app's configuration until a redirect leaves the request's
/// origin; from there, through one made, when first needed, from
/// ``URLSessionTransport/configurationAfterAnotherOrigin(_:)``.
private final class SessionOwner: @unchecked Sendable {
    /// Which session a request goes through.
    enum Route {
        /// The session of the app's configuration.
        case own
        /// The session without the configuration's cookies, credentials and headers, after another origin.
        case anonymous
    }

    let session: URLSession
    let delegate: SessionDelegate
    private let anonymousConfiguration: URLSessionConfiguration
    private let lock = NSLock()
    private var anonymousSession: (URLSession, SessionDelegate)?

    init(configuration: URLSessionConfiguration) {
        let configuration = URLSessionTransport.sessionConfiguration(configuration)
        self.anonymousConfiguration = URLSessionTransport.configurationAfterAnotherOrigin(configuration)
        (self.session, self.delegate) = Self.makeSession(configuration)
    }

    /// The session and its delegate a request on `route` goes through.
    func session(for route: Route) -> (URLSession, SessionDelegate) {
        switch route {
        case .own: return (session, delegate)
        case .anonymous:
            return lock.withLock {
                if let anonymousSession { return anonymousSession }
                let made = Self.makeSession(anonymousConfiguration)
                anonymousSession = made
                return made
            }
        }
    }

    private static func makeSession(_ configuration: URLSessionConfiguration) -> (URLSession, SessionDelegate) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        return (URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue), delegate)
    }

    deinit {
        session.finishTasksAndInvalidate()
        lock.withLock { anonymousSession?.0.finishTasksAndInvalidate() }
    }
}

/// One request's answer as it arrives: the response, the body so far, and the continuation to resume once.
private final class Exchange: @unchecked Sendable {
    private let lock = NSLock()
    let limit: Int
    /// Hears how many bytes of the request's body are sent so far.
    let bodySent: (@Sendable (Int64) -> Void)?
    private var bodyBytesSent: Int64 = 0
    private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
    private var task: URLSessionTask?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var outcome: Result<(Data, HTTPURLResponse), any Error>?
    #if canImport(FoundationNetworking)
    /// Polls the task's expected length until a response reaches the delegate or the exchange is over.
    private var watcher: (any DispatchSourceTimer)?
    #endif

    init(limit: Int, bodySent: (@Sendable (Int64) -> Void)?) {
        self.limit = limit
        self.bodySent = bodySent
    }

    #if canImport(FoundationNetworking)
    deinit {
        // Only reached with the watcher running when no outcome ever came; its handler holds the exchange weakly.
        watcher?.cancel()
    }
    #endif

    /// Adds `count` bytes to the body's bytes sent and reports the total so far, until the exchange is over.
    func sent(_ count: Int64) {
        guard let bodySent else { return }
        let total: Int64? = lock.withLock {
            guard outcome == nil else { return nil }
            bodyBytesSent += count
            return bodyBytesSent
        }
        if let total { bodySent(total) }
    }

    func start(_ continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(with: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func attach(_ task: URLSessionTask) {
        lock.lock()
        let finished = outcome != nil
        self.task = task
        #if canImport(FoundationNetworking)
        if !finished { watcher = watchExpectedLength() }
        #endif
        lock.unlock()
        if finished { Self.cancel(task) }
    }

    /// Resumes the caller once with `result` and stops the transfer.
    func finish(_ result: Result<(Data, HTTPURLResponse), any Error>) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        outcome = result
        let continuation = self.continuation
        self.continuation = nil
        let task = self.task
        body = Data()
        #if canImport(FoundationNetworking)
        let watcher = self.watcher
        self.watcher = nil
        #endif
        lock.unlock()
        #if canImport(FoundationNetworking)
        watcher?.cancel()
        #endif
        continuation?.resume(with: result)
        if case .failure = result, let task { Self.cancel(task) }
    }

    /// Cancels `task` without waiting for it. FoundationNetworking's `cancel()` waits for the one queue all its
    /// sessions share, which a redirect's body coming fast can hold until it ends (FoundationNetworking copies all of
    /// it so far for each chunk): no thread of the caller's, the delegate's or a watcher's should wait there.
    private static func cancel(_ task: URLSessionTask) {
        #if canImport(FoundationNetworking)
        DispatchQueue.global().async { task.cancel() }
        #else
        task.cancel()
        #endif
    }

    /// Whether the transfer should go on after the response arrived.
    func received(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(HTTPTransportError.notHTTP))
            return false
        }
        if http.expectedContentLength > Int64(limit) {
            finish(.failure(HTTPTransportError.responseTooLarge(limit: limit)))
            return false
        }
        #if canImport(FoundationNetworking)
        // The delegate has the response and checked its length: nothing is left for the watcher to see.
        let watcher: (any DispatchSourceTimer)? = lock.withLock {
            self.response = http
            defer { self.watcher = nil }
            return self.watcher
        }
        watcher?.cancel()
        #else
        lock.withLock { self.response = http }
        #endif
        return true
    }

    func received(_ data: Data) {
        lock.lock()
        let tooLarge = outcome == nil && body.count + data.count > limit
        if !tooLarge, outcome == nil { body.append(data) }
        lock.unlock()
        if tooLarge { finish(.failure(HTTPTransportError.responseTooLarge(limit: limit))) }
    }

    func completed(_ error: (any Error)?, response fallback: URLResponse?) {
        lock.lock()
        let http = response ?? fallback as? HTTPURLResponse
        let data = body
        lock.unlock()
        if let error {
            finish(.failure(error))
        } else if let http {
            finish(.success((data, http)))
        } else {
            finish(.failure(HTTPTransportError.notHTTP))
        }
    }
}

#if canImport(FoundationNetworking)
extension Exchange {
    /// How often a watcher reads the task's expected length.
    private static let watchInterval = DispatchTimeInterval.milliseconds(10)
    /// The one queue every watcher polls on: each check takes a lock and reads a number.
    private static let watchQueue = DispatchQueue(label: "ModelRuntimeClient.URLSessionTransport.expectedLength")

    /// A timer, running, that fails the exchange with ``HTTPTransportError/responseTooLarge(limit:)`` as soon as the
    /// task's `countOfBytesExpectedToReceive` passes the limit. FoundationNetworking never passes a `301`, `302`,
    /// `303` or `305` to `308` to the delegate while it arrives: it keeps the whole body in memory and reports the
    /// redirect once the last byte came, so `received(_ response:)` never checks its `Content-Length`. What it
    /// does do when such a header is complete is set the task's expected length to the `Content-Length` (`-1` when
    /// there is none or the body is compressed). Its handler holds the exchange weakly; `finish` cancels it, and so
    /// does the delegate's response, whose length `received(_ response:)` checks.
    ///
    /// The caller has its error within a tick of the header. The transfer stops once FoundationNetworking takes the
    /// cancel, which waits for the queue all its sessions share: FoundationNetworking copies a redirect's whole body
    /// so far for each chunk, so a body that keeps arriving faster than that copy holds the queue, and every request
    /// of the process with it, until it ends (about 18 s for 16 MiB at full speed on the loopback).
    fileprivate func watchExpectedLength() -> any DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: Self.watchQueue)
        timer.setEventHandler { [weak self] in self?.checkExpectedLength() }
        timer.schedule(deadline: .now() + Self.watchInterval, repeating: Self.watchInterval, leeway: .milliseconds(5))
        timer.activate()
        return timer
    }

    private func checkExpectedLength() {
        let task: URLSessionTask? = lock.withLock { outcome == nil && response == nil ? self.task : nil }
        // FoundationNetworking writes the length on the task's own queue, which is not public: an aligned Int64,
        // written once per transfer, read here as it stands.
        guard let task, task.countOfBytesExpectedToReceive > Int64(limit) else { return }
        finish(.failure(HTTPTransportError.responseTooLarge(limit: limit)))
    }
}
#endif

/// Routes the session's events to each task's ``Exchange``; the session calls it on its own serial queue.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.withLock { exchanges[task.taskIdentifier] = exchange }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let proceed = exchange(dataTask)?.received(response) ?? false
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        // The chunk's own count, summed here: FoundationNetworking reads `totalBytesSent` when the delegate runs,
        // which on a busy queue is already the whole body for every chunk.
        exchange(task)?.sent(bytesSent)
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // The redirect comes back as the answer: `URLSessionTransport` follows it with a request of its own.
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = lock.withLock { exchanges.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(error, response: task.response)
    }
}
