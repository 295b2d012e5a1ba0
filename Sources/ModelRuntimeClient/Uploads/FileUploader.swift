import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How long and how often to ask whether uploaded facets are processed. The values are checked when the policy is
/// made, so that none can fail later in the middle of polling.
public struct PollingPolicy: Sendable, Hashable {
    /// The wait after the first read that finds facets still processing: from 0 to an hour.
    public let initialDelay: Duration
    /// How many times longer each following wait is: a finite number from 1 to 100.
    public let multiplier: Double
    /// The longest wait between two reads: from 0 to an hour.
    public let maximumDelay: Duration
    /// Waiting longer than this is an error: from 0 to a day.
    public let timeout: Duration

    /// A policy; the defaults wait 0.5 s, doubling up to 8 s, for at most 120 s in all.
    ///
    /// - Throws: ``InvalidPolicyError`` for a value outside the bounds each property gives.
    public init(
        initialDelay: Duration = .milliseconds(500),
        multiplier: Double = 2,
        maximumDelay: Duration = .seconds(8),
        timeout: Duration = .seconds(120)
    ) throws(InvalidPolicyError) {
        try InvalidPolicyError.check(initialDelay, "initialDelay")
        try InvalidPolicyError.check(multiplier: multiplier)
        try InvalidPolicyError.check(maximumDelay, "maximumDelay")
        try InvalidPolicyError.check(timeout, "timeout", upTo: .seconds(86_400))
        self.init(checked: initialDelay, multiplier, maximumDelay, timeout)
    }

    private init(checked initialDelay: Duration, _ multiplier: Double, _ maximumDelay: Duration, _ timeout: Duration) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
        self.timeout = timeout
    }

    /// The defaults: 0.5 s, doubling up to 8 s, for at most 120 s in all.
    public static let standard = PollingPolicy(checked: .milliseconds(500), 2, .seconds(8), .seconds(120))
}

/// How far an upload has come: the facet being sent and its bytes, and the whole upload's facets and bytes (every
/// file of a write, when ``ModelClient`` reports it). Events come as each facet starts (0 bytes), as its bytes go out
/// (as often as the transport says; ``URLSessionTransport`` says it chunk by chunk), and once storage has accepted it
/// (``completedFacets`` counts it). A facet sent again after a failed attempt starts again from 0.
public struct UploadProgress: Sendable, Hashable {
    /// The object the files belong to, once it exists: a Cortex create reports its new id with the first event, so
    /// that a caller who cancels still knows the object. `nil` before a Parse create, whose files go first.
    public var objectID: String?
    /// The body path of the file (`c_pictures[1]`) when a client's write reports it; `nil` from ``FileUploader``.
    public var property: String?
    /// The facet being sent, such as `content`.
    public var facet: String
    /// How many of the facet's bytes are sent (its file's bytes only, not the form around them).
    public var facetBytesSent: Int
    /// The facet's size in bytes.
    public var facetBytes: Int
    /// How many facets storage has accepted so far.
    public var completedFacets: Int
    /// How many facets the upload sends in all.
    public var totalFacets: Int
    /// How many bytes of all the facets are sent: those accepted, and this facet's so far.
    public var bytesSent: Int
    /// The size of all the facets, in bytes.
    public var totalBytes: Int

    /// Progress of `facet`; ``FileUploader`` and ``ModelClient`` report these.
    public init(
        objectID: String? = nil,
        property: String? = nil,
        facet: String,
        facetBytesSent: Int,
        facetBytes: Int,
        completedFacets: Int,
        totalFacets: Int,
        bytesSent: Int,
        totalBytes: Int
    ) {
        self.objectID = objectID
        self.property = property
        self.facet = facet
        self.facetBytesSent = facetBytesSent
        self.facetBytes = facetBytes
        self.completedFacets = completedFacets
        self.totalFacets = totalFacets
        self.bytesSent = bytesSent
        self.totalBytes = totalBytes
    }

    /// The share done, from 0 to 1: by bytes, or by facets when every facet is empty.
    public var fractionCompleted: Double {
        if totalBytes > 0 { return min(1, Double(bytesSent) / Double(totalBytes)) }
        return totalFacets > 0 ? Double(completedFacets) / Double(totalFacets) : 1
    }
}

/// What went wrong with an upload, and where: the file property, the facet and the object, where they are known.
public struct UploadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var reason: String
    /// The body path of the file property (`c_pictures[1]`), when the upload followed a write.
    public var property: String?
    /// The facet whose upload or processing failed.
    public var facet: String?
    /// The id of the object that holds the file: it exists, with the facet not uploaded.
    public var objectID: String?

    /// An error saying `reason`, for `facet` of `property` of the object `objectID` where they are known.
    public init(_ reason: String, property: String? = nil, facet: String? = nil, objectID: String? = nil) {
        self.reason = reason
        self.property = property
        self.facet = facet
        self.objectID = objectID
    }

    /// The reason, then the property, facet and object it concerns, with control characters written as escapes.
    public var description: String {
        var whereText: [String] = []
        // The facet's name and the object's id may be a server's: quoted and cut, as every value an error quotes.
        if let property { whereText.append("property \(quotedForMessage(property))") }
        if let facet { whereText.append("facet \(quotedForMessage(facet))") }
        if let objectID { whereText.append("object \(quotedForMessage(objectID))") }
        return escapedForMessage(
            whereText.isEmpty ? reason : "\(reason) (\(whereText.joined(separator: ", ")))",
            limit: nil
        )
    }
}

/// Runs the second half of a file write: Cortex answers a write that names files with upload instructions per
/// facet; each facet goes to its storage URL as `multipart/form-data` (fields first, the file last), and the facets
/// are then polled until the server has processed them. Parse takes a file's bytes before the object that holds it.
///
/// ```swift
/// let created = try JSONDecoder().decode(JSONValue.self, from: answer)   // the answer to a Cortex create
/// let uploader = FileUploader(transport: URLSessionTransport())
/// for (path, upload, file) in try create.pendingUploads(in: created) {
///     try await uploader.upload(upload, following: file) { print(path, $0.completedFacets, "of", $0.totalFacets) }
/// }
/// let logo = try FileLocation(Clinic.self, id: created["_id"]?.stringValue ?? "", file: { $0.logo })
/// let ready = try await uploader.waitUntilReady(fileAt: logo.url(relativeTo: baseURL))
/// ```
public struct FileUploader: Sendable {
    /// Sends the uploads and the reads that poll.
    public var transport: any HTTPTransport
    /// How ``waitUntilReady(fileAt:headers:)`` waits.
    public var polling: PollingPolicy
    /// How long one upload request of ``upload(_:following:progress:)`` or ``uploadToParse(_:baseURL:headers:)``
    /// may take, from sending it to the answer's last byte: 60 seconds, as ``ModelClient``'s `timeout`, unless set;
    /// `nil` waits as long as the transport does. ``ModelClient``'s uploads take the client's timeout instead.
    public var uploadTimeout: Duration? = .seconds(60)
    /// The API's base URL. ``upload(_:following:progress:)`` sends file bytes to a storage URL of its origin with
    /// the transport's credentials, and to any other origin, or to every origin while this is `nil`, as a
    /// ``URLSessionTransport`` sends a request after a redirect to another origin: without the session's cookies,
    /// stored credentials and `httpAdditionalHeaders` but `Accept*` and `User-Agent`. The server names the storage
    /// URL, and a storage URL's signature is its credential. ``ModelClient`` sets its own `baseURL` here, and sends
    /// the file bytes of its Cortex writes by this too, so that setting it on a client's `uploader` (or `nil`, to
    /// keep the credentials from every storage URL) holds for the client's uploads.
    public var apiBaseURL: URL?
    /// The clock the polling's waits and its timeout are measured on.
    let timer: PollingTimer

    /// An uploader over `transport`, polling as `polling` says.
    public init(transport: any HTTPTransport, polling: PollingPolicy = .standard) {
        self.init(transport: transport, polling: polling, clock: ContinuousClock())
    }

    /// An uploader over `transport`, polling as `polling` says on `clock`: a test can give a clock that advances
    /// when it is slept on, so that a two-minute wait takes no time and its waits can be checked one by one.
    public init<PollingClock: Clock>(transport: any HTTPTransport, polling: PollingPolicy, clock: PollingClock)
    where PollingClock.Duration == Duration {
        self.init(transport: transport, polling: polling, timer: PollingTimer(clock))
    }

    /// An uploader whose polling waits, and races its reads, on `timer`.
    init(transport: any HTTPTransport, polling: PollingPolicy, timer: PollingTimer) {
        self.transport = transport
        self.polling = polling
        self.timer = timer
    }

    /// Uploads every facet of `upload` that `file` (the server's answer for that property) has instructions for,
    /// each in one attempt through ``transport`` (without its session's credentials but to ``apiBaseURL``'s
    /// origin); `progress` hears each facet start, its bytes go, and storage accept it. ``ModelClient`` does this
    /// after a write, with its retry policy and timeout.
    public func upload(
        _ upload: FileUpload,
        following file: FileValue,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws {
        var tally = UploadTally(
            facetSizes: Self.facetsToSend(upload, following: file).map(\.data.count),
            report: progress
        )
        let transport = self.transport
        let apiBaseURL = self.apiBaseURL
        try await self.upload(upload, following: file, property: nil, tally: &tally) { request, bodySent in
            let storage = Self.storageTransport(transport, for: request.url, below: apiBaseURL)
            return try await sendOnce(request, through: storage, bodySent: bodySent)
        }
    }

    /// The transport that sends file bytes to `url`: `transport`, but for a ``URLSessionTransport`` and a `url` of
    /// another origin than `apiBaseURL`'s (any `url` when it is `nil`), the same transport
    /// ``URLSessionTransport/withoutCredentials``. The server names the storage URL; the session's cookies, stored
    /// credentials and `httpAdditionalHeaders` belong to the API, as they do after a redirect to another origin. A
    /// transport of the app's own is the app's to run.
    static func storageTransport(
        _ transport: any HTTPTransport,
        for url: URL?,
        below apiBaseURL: URL?
    ) -> any HTTPTransport {
        guard let own = transport as? URLSessionTransport else { return transport }
        if let url, let apiBaseURL, RedirectPolicy.sameOrigin(url, apiBaseURL) { return transport }
        return own.withoutCredentials
    }

    /// The facets of `upload` that `file` has instructions for, in the instructions' order.
    static func facetsToSend(_ upload: FileUpload, following file: FileValue) -> [FileUpload.Facet] {
        file.uploads.compactMap { upload.facets[$0.name] }
    }

    /// One request through `transport`, as it is, within ``uploadTimeout``.
    private func sendOnce(
        _ request: URLRequest,
        through transport: any HTTPTransport,
        bodySent: @escaping @Sendable (Int64) -> Void
    ) async throws -> (Data, HTTPURLResponse) {
        try request.checkMethodAndHeaders()
        @Sendable func send() async throws -> (Data, HTTPURLResponse) {
            try await transport.send(
                request,
                maximumResponseBytes: URLSessionTransport.defaultMaximumResponseBytes,
                bodySent: bodySent
            )
        }
        let description = Self.describe(request)
        return try await withTimeLimit(
            uploadTimeout,
            timedOut: { ModelClientError.timedOut(request: description, after: $0) },
            send
        )
    }

    /// An upload request as errors name it: `POST /upload/…`.
    static func describe(_ request: URLRequest) -> String {
        // The path is the server's to name (a storage URL), and `path` decodes its percent escapes.
        "\(request.httpMethod ?? "POST") \(escapedForMessage(request.url?.path ?? "", limit: 500))"
    }

    /// ``upload(_:following:progress:)`` for the file at `property`, counting into `tally`, each request sent by
    /// `send`.
    func upload(
        _ upload: FileUpload,
        following file: FileValue,
        property: String?,
        tally: inout UploadTally,
        send: UploadSend
    ) async throws {
        // A facet the server gave no instructions for would never arrive; say so now rather than time out later.
        let instructed = Set(file.uploads.map(\.name))
        for name in upload.facets.keys.sorted() where !instructed.contains(name) {
            throw UploadError("the server sent no upload instructions for facet \(quotedForMessage(name))", facet: name)
        }
        // Two instructions for one facet would send its bytes twice, and a server's answer can repeat one thousands
        // of times within the answer's size limit: refused before anything is sent.
        var facetsSeen = Set<String>()
        for instruction in file.uploads where upload.facets[instruction.name] != nil {
            guard facetsSeen.insert(instruction.name).inserted else {
                throw UploadError(
                    "the server sent two upload instructions for facet \(quotedForMessage(instruction.name))",
                    facet: instruction.name
                )
            }
        }
        for instruction in file.uploads {
            try Task.checkCancellation()
            guard let facet = upload.facets[instruction.name] else { continue }
            try await self.send(
                facet,
                named: upload.fileName(ofFacet: instruction.name),
                following: instruction,
                property: property,
                tally: &tally,
                send: send
            )
        }
    }

    /// Throws an ``UploadError`` for the facet `name` when its mime type holds a control character: the mime type is
    /// a header (of the file's part of a form, or of a Parse upload), which a line break would end.
    static func checkMimeType(of facet: FileUpload.Facet, named name: String) throws {
        if facet.mime.unicodeScalars.contains(where: RequestHeaderError.isControl) {
            throw UploadError("facet \(quotedForMessage(name)) has a mime type with a control character", facet: name)
        }
    }

    /// The methods an upload instruction may name: those that send the file as the request's body.
    static let uploadMethods: Set<String> = ["POST", "PUT"]

    /// One facet, as the instruction says: its fields in order, then the file under `uploadKey`. The URL must be
    /// HTTP(S) and the method `POST` or `PUT`, whatever the server says.
    private func send(
        _ facet: FileUpload.Facet,
        named fileName: String,
        following instruction: PendingUpload,
        property: String?,
        tally: inout UploadTally,
        send: UploadSend
    ) async throws {
        guard let url = instruction.uploadURL else {
            throw UploadError(
                "the server sent no upload URL for facet \(quotedForMessage(instruction.name))",
                facet: instruction.name
            )
        }
        // The target is the server's to name, but only as a place that takes an upload: an HTTP(S) URL with a host,
        // and a method that sends a body. A `file:`, `ftp:` or `data:` URL, or a `DELETE`, is no storage service.
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw UploadError(
                "the server's upload URL for facet \(quotedForMessage(instruction.name)) is not an http or https URL with a host "
                    + "(its scheme: \(url.scheme ?? "none"))",
                facet: instruction.name
            )
        }
        let method = (instruction.uploadMethod ?? "POST").uppercased()
        guard Self.uploadMethods.contains(method) else {
            throw UploadError(
                "the server's upload method for facet \(quotedForMessage(instruction.name)) is not POST or PUT",
                facet: instruction.name
            )
        }
        // The mime type is a header of the file's part: a line break in it would end that header.
        try Self.checkMimeType(of: facet, named: instruction.name)
        if let mimes = instruction.mimes, !mimes.isEmpty, !mimeType(facet.mime, isAmong: mimes) {
            throw UploadError(
                "facet \(quotedForMessage(instruction.name)) is \(facet.mime); the server takes "
                    + escapedForMessage(mimes.joined(separator: ", "), limit: 500),
                facet: instruction.name
            )
        }
        if let maximum = instruction.maxFileSize, facet.data.count > maximum {
            throw UploadError(
                "facet \(quotedForMessage(instruction.name)) is \(facet.data.count) bytes; the server takes at most \(maximum)",
                facet: instruction.name
            )
        }
        var form = MultipartFormData()
        for field in instruction.fields { form.addField(name: field.key, value: field.value) }
        let fileBytes = form.addFile(
            name: instruction.uploadKey ?? "file",
            fileName: fileName,
            mime: facet.mime,
            data: facet.data
        )
        var request = URLRequest(url: url)
        request.httpMethod = method
        try request.setCheckedValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = form.encoded
        try await sendCounting(
            request,
            facet: instruction.name,
            fileBytes: fileBytes,
            property: property,
            tally: &tally,
            send: send
        )
    }

    /// Sends one facet's `request`, whose body holds the file at `fileBytes`, reporting its start, its bytes and
    /// its end into `tally`, and returns the answer's body. Anything but an accepted upload or a cancellation is an
    /// ``UploadError`` for the facet.
    @discardableResult
    private func sendCounting(
        _ request: URLRequest,
        facet: String,
        fileBytes: Range<Int>,
        property: String?,
        tally: inout UploadTally,
        send: UploadSend
    ) async throws -> Data {
        tally.started(facet, size: fileBytes.count, property: property)
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await send(
                request,
                tally.bytesReporter(facet, fileBytes: fileBytes, property: property)
            )
        } catch let error as CancellationError {
            throw error
        } catch {
            if Task.isCancelled { throw CancellationError() }
            // Storage that can't be reached, or refused the facet after every retry, is this facet's failure.
            throw UploadError(
                "uploading facet \(quotedForMessage(facet)) failed: \(escapedForMessage("\(error)", limit: 2000))",
                facet: facet
            )
        }
        guard (200..<300).contains(response.statusCode) else {
            throw UploadError(
                "uploading facet \(quotedForMessage(facet)) failed with HTTP \(response.statusCode): "
                    + escapedForMessage(String(decoding: data.prefix(500), as: UTF8.self), limit: 500),
                facet: facet
            )
        }
        tally.finished(facet, size: fileBytes.count, property: property)
        return data
    }

    /// Reads the file at `url` (a File property's path, such as `…/c_offices/<id>/c_logo`: build it with
    /// `FileLocation`, which checks the id and encodes each part) until every facet is ready, waiting longer each time; a facet in the error state, or the timeout, is an error. A 202 (Cortex's
    /// `kMediaNotReady`) means the file is still being processed. ``ModelClient/waitUntilReady(_:id:file:)`` does the
    /// same with the client's headers, retries and timeout.
    public func waitUntilReady(fileAt url: URL, headers: [String: String] = [:]) async throws -> FileValue {
        let transport = self.transport
        return try await pollUntilReady(describing: escapedForMessage(url.path, limit: 500)) {
            var request = URLRequest(url: url)
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                try request.setCheckedValue(value, forHTTPHeaderField: name)
            }
            let (data, response) = try await transport.send(request)
            return (data, response.statusCode)
        }
    }

    /// The least time a poll's read gets, however little of the polling timeout is left.
    static let minimumReadTime: Duration = .seconds(1)

    /// Calls `read` (one read of the file: its body and status) until every facet is ready, as ``polling`` says.
    ///
    /// Each read is bounded too, so that a server that holds a read open, or trickles its answer, can't keep the
    /// wait past the timeout: by the time left, and at least ``minimumReadTime`` or the first wait's length, the
    /// longer (the last read starts at the deadline, and a policy of no time at all still reads once), on the polling
    /// clock. Only on a clock of real time: a read can't be raced against a clock a test steps by hand.
    func pollUntilReady(
        describing path: String,
        _ read: @escaping @Sendable () async throws -> (Data, Int)
    ) async throws -> FileValue {
        let deadline = timer.elapsed() + polling.timeout
        let timedOut = UploadError("the facets at \(path) were not ready after \(polling.timeout)")
        @Sendable func boundedRead() async throws -> (Data, Int) {
            guard timer.isRealTime else { return try await read() }
            let allowance = max(deadline - timer.elapsed(), polling.initialDelay, Self.minimumReadTime)
            return try await withTimeLimit(allowance, sleep: timer.sleep, timedOut: { _ in timedOut }, read)
        }
        var delay = polling.initialDelay
        while true {
            try Task.checkCancellation()
            let (data, status) = try await boundedRead()
            if status == 200 {
                let file: FileValue
                do {
                    file = try JSONValue(parsing: data).decoded(as: FileValue.self)
                } catch {
                    // An answer of another shape (an array, `null`, a page of HTML) says nothing about the facets.
                    throw UploadError("the answer at \(path) is not a file: \(error)")
                }
                if let failed = file.facets.first(where: { $0.state == .error || $0.state?.rawValue == 4 }) {
                    throw UploadError(
                        "the server could not process facet \(quotedForMessage(failed.name))",
                        facet: failed.name
                    )
                }
                if !file.facets.isEmpty, file.facets.allSatisfy({ $0.state == .ready }) { return file }
            } else if status != 202 {
                throw UploadError("reading \(path) failed with HTTP \(status)")
            }
            // A wait that would pass the deadline is cut short, so the last read happens at the deadline rather
            // than up to one delay before it.
            let remaining = deadline - timer.elapsed()
            if remaining <= .zero { throw timedOut }
            try await timer.sleep(min(delay, remaining))
            delay = min(polling.maximumDelay, delay * polling.multiplier)
        }
    }

    /// Parse: the bytes of a file's facet (its `content`, or its only facet) to `/files/<name>`, in one attempt
    /// through ``transport``, with `headers` where the upload doesn't set the same header itself (its
    /// `Content-Type` is the facet's); the answer names the stored file for the object that holds it.
    public func uploadToParse(
        _ upload: FileUpload,
        baseURL: URL,
        headers: [String: String] = [:]
    ) async throws
        -> UploadedFile
    {
        let size = Self.parseFacet(of: upload)?.facet.data.count ?? 0
        var tally = UploadTally(facetSizes: [size], report: nil)
        let send: UploadSend = { [transport] request, bodySent in
            try await sendOnce(request, through: transport, bodySent: bodySent)
        }
        return try await uploadToParse(
            upload,
            baseURL: baseURL,
            headers: headers,
            property: nil,
            tally: &tally,
            send: send
        )
    }

    /// The facet Parse stores of `upload`: its `content`, else the first by name.
    static func parseFacet(of upload: FileUpload) -> (name: String, facet: FileUpload.Facet)? {
        upload.facets["content"].map { ("content", $0) } ?? upload.orderedFacets.first
    }

    /// `name` as Parse Server stores file names (its files adapter refuses any other with code 122): at most 128
    /// characters of `a-z A-Z 0-9 @ . space ~ _ -`, not starting with `@ . space ~ -`. Every other character becomes
    /// `_`, a name that would start badly gets a leading `_`, and a longer name loses the end of its stem, keeping
    /// its extension.
    static func parseFileName(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@. ~_-")
        var safe = String(name.map { allowed.contains($0) ? $0 : "_" })
        if safe.first.map({ "@. ~-".contains($0) }) ?? true { safe = "_" + safe }
        let limit = 128
        guard safe.count > limit else { return safe }
        let fileExtension = safe.lastIndex(of: ".").map { String(safe[$0...]) } ?? ""
        let kept = fileExtension.count < 16 ? fileExtension : ""
        return String(safe.prefix(limit - kept.count)) + kept
    }

    /// ``uploadToParse(_:baseURL:headers:)`` for the file at `property`, counting into `tally`, sent by `send`.
    func uploadToParse(
        _ upload: FileUpload,
        baseURL: URL,
        headers: [String: String],
        property: String?,
        tally: inout UploadTally,
        send: UploadSend
    ) async throws -> UploadedFile {
        guard let (name, facet) = Self.parseFacet(of: upload) else {
            throw UploadError("the file has no facet to upload", property: property)
        }
        // The mime type is the upload's `Content-Type`.
        try Self.checkMimeType(of: facet, named: name)
        let fileName = Self.parseFileName(upload.fileName(ofFacet: name))
        let rendered = try ParseDialect().renderFileUpload(facet, name: fileName)
        var request = try rendered.urlRequest(relativeTo: baseURL)
        // The upload's own headers (its `Content-Type`, the file's) win over those given, as a client's request's do.
        try request.addHeaders(whereUnset: headers)
        request.httpBody = facet.data
        let answer = try await sendCounting(
            request,
            facet: name,
            fileBytes: 0..<facet.data.count,
            property: property,
            tally: &tally,
            send: send
        )
        guard let json = try? JSONValue(parsing: answer), let storedName = json["name"]?.stringValue else {
            throw UploadError("Parse's answer to the upload of '\(fileName)' names no file", facet: name)
        }
        return UploadedFile(name: storedName, url: json["url"]?.stringValue)
    }
}

/// Sends one upload request and returns the answer, whatever its status; the second argument hears how many bytes
/// of the body are sent so far.
typealias UploadSend = (URLRequest, @escaping @Sendable (Int64) -> Void) async throws -> (Data, HTTPURLResponse)

/// Where a run of facet uploads stands (one file's, or every file of a client's write), and whom it tells.
struct UploadTally: Sendable {
    /// Hears every event; nothing is counted without it.
    let report: (@Sendable (UploadProgress) -> Void)?
    /// The object the files belong to, once known.
    var objectID: String?
    let totalFacets: Int
    let totalBytes: Int
    private(set) var completedFacets = 0
    private(set) var completedBytes = 0

    /// A tally of facets of these sizes.
    init(facetSizes: [Int], objectID: String? = nil, report: (@Sendable (UploadProgress) -> Void)?) {
        self.report = report
        self.objectID = objectID
        totalFacets = facetSizes.count
        totalBytes = facetSizes.reduce(0, +)
    }

    private func progress(_ facet: String, sent: Int, of size: Int, property: String?) -> UploadProgress {
        UploadProgress(
            objectID: objectID,
            property: property,
            facet: facet,
            facetBytesSent: sent,
            facetBytes: size,
            completedFacets: completedFacets,
            totalFacets: totalFacets,
            bytesSent: completedBytes + sent,
            totalBytes: totalBytes
        )
    }

    func started(_ facet: String, size: Int, property: String?) {
        report?(progress(facet, sent: 0, of: size, property: property))
    }

    /// What hears a facet's body go out: the body's bytes become the file's (those at `fileBytes`), and only a
    /// change of those is reported.
    func bytesReporter(_ facet: String, fileBytes: Range<Int>, property: String?) -> @Sendable (Int64) -> Void {
        guard let report else { return { _ in } }
        let start = progress(facet, sent: 0, of: fileBytes.count, property: property)
        let last = LastReported()
        return { bodySent in
            let sent = Int(clamping: bodySent) - fileBytes.lowerBound
            let fileSent = min(max(0, sent), fileBytes.count)
            guard fileSent > 0, last.replace(with: fileSent) else { return }
            var event = start
            event.facetBytesSent = fileSent
            event.bytesSent += fileSent
            report(event)
        }
    }

    mutating func finished(_ facet: String, size: Int, property: String?) {
        completedFacets += 1
        report?(progress(facet, sent: size, of: size, property: property))
        completedBytes += size
    }
}

/// The last count a reporter passed on, so that it passes on changes only.
private final class LastReported: @unchecked Sendable {
    private let lock = NSLock()
    private var value = -1

    /// Whether `new` differs from the last value, which it then becomes.
    func replace(with new: Int) -> Bool {
        lock.withLock {
            guard new != value else { return false }
            value = new
            return true
        }
    }
}

extension CreateBody {
    /// The uploads that follow a Cortex create: each file of the body, with the server's answer for it (read from
    /// the created object at the same path).
    public func pendingUploads(in created: JSONValue) throws -> [(path: String, upload: FileUpload, file: FileValue)] {
        try created.pendingUploads(for: files)
    }
}

extension UpdateBody {
    /// The files the update sets, with the member path each sits at (`c_pictures[1]`), for the uploads that follow.
    public var files: [(path: String, upload: FileUpload)] {
        operations.flatMap { operation -> [(path: String, upload: FileUpload)] in
            guard case .set(let value) = operation.kind else { return [] }
            return value.files(at: operation.path)
        }
    }
}

extension JSONValue {
    /// Each of `files` with this answer's value at the same path: the upload instructions a Cortex write answered.
    func pendingUploads(
        for files: [(path: String, upload: FileUpload)]
    ) throws -> [(path: String, upload: FileUpload, file: FileValue)] {
        let created = self
        return try files.map { path, upload in
            guard let value = created.value(atBodyPath: path) else {
                throw UploadError("the server's answer has no '\(path)' to upload the file into", property: path)
            }
            return (path, upload, try value.decoded(as: FileValue.self))
        }
    }
}

extension JSONValue {
    /// The value at a body path such as `c_pictures[1]` or `c_document.c_file`.
    func value(atBodyPath path: String) -> JSONValue? {
        var current: JSONValue? = self
        for step in BodyPath.steps(of: path) {
            switch step {
            case .key(let key): current = current?[key]
            case .index(let index): current = current?[index]
            }
        }
        return current
    }
}

/// A clock seen as the time since the uploader was made and a way to sleep on it, so that the uploader stays a
/// plain value whatever clock it was given.
struct PollingTimer: Sendable {
    let elapsed: @Sendable () -> Duration
    let sleep: @Sendable (Duration) async throws -> Void
    /// Whether the clock's time passes on its own, so that a read can be raced against it.
    let isRealTime: Bool

    init<PollingClock: Clock>(_ clock: PollingClock) where PollingClock.Duration == Duration {
        let origin = clock.now
        self.init(
            elapsed: { origin.duration(to: clock.now) },
            sleep: { try await clock.sleep(for: $0) },
            isRealTime: clock is ContinuousClock || clock is SuspendingClock
        )
    }

    init(
        elapsed: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void,
        isRealTime: Bool
    ) {
        self.elapsed = elapsed
        self.sleep = sleep
        self.isRealTime = isRealTime
    }
}
