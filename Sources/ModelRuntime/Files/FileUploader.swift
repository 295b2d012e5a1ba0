import Foundation

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

/// An upload's progress: which facet, and how many of the file's facets are done.
public struct UploadProgress: Sendable, Hashable {
    /// The name of the facet just uploaded.
    public var facet: String
    /// How many of the file's facets are uploaded, this one included.
    public var completedFacets: Int
    /// How many of the file's facets the upload sends in all.
    public var totalFacets: Int
    /// The size in bytes of the facet just uploaded.
    public var bytesSent: Int

    /// Progress after the facet `facet`; ``FileUploader`` reports these.
    public init(facet: String, completedFacets: Int, totalFacets: Int, bytesSent: Int) {
        self.facet = facet
        self.completedFacets = completedFacets
        self.totalFacets = totalFacets
        self.bytesSent = bytesSent
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

    /// The reason, then the property, facet and object it concerns.
    public var description: String {
        var whereText: [String] = []
        if let property { whereText.append("property '\(property)'") }
        if let facet { whereText.append("facet '\(facet)'") }
        if let objectID { whereText.append("object \(objectID)") }
        return whereText.isEmpty ? reason : "\(reason) (\(whereText.joined(separator: ", ")))"
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
/// let id = created["_id"]?.stringValue ?? ""
/// let logo = try await uploader.waitUntilReady(fileAt: baseURL.appendingPathComponent("c_clinics/\(id)/c_logo"))
/// ```
public struct FileUploader: Sendable {
    /// Sends the uploads and the reads that poll.
    public var transport: any HTTPTransport
    /// How ``waitUntilReady(fileAt:headers:)`` waits.
    public var polling: PollingPolicy

    /// An uploader over `transport`, polling as `polling` says.
    public init(transport: any HTTPTransport, polling: PollingPolicy = .standard) {
        self.transport = transport
        self.polling = polling
    }

    /// Uploads every facet of `upload` that `file` (the server's answer for that property) has instructions for.
    public func upload(
        _ upload: FileUpload,
        following file: FileValue,
        progress: (@Sendable (UploadProgress) -> Void)? = nil
    ) async throws {
        // A facet the server gave no instructions for would never arrive; say so now rather than time out later.
        for name in upload.facets.keys.sorted() where !file.uploads.contains(where: { $0.name == name }) {
            throw UploadError("the server sent no upload instructions for facet '\(name)'", facet: name)
        }
        let pending = file.uploads.filter { upload.facets[$0.name] != nil }
        for (index, instruction) in pending.enumerated() {
            try Task.checkCancellation()
            guard let facet = upload.facets[instruction.name] else { continue }
            try await send(facet, named: upload.fileName(ofFacet: instruction.name), following: instruction)
            progress?(
                UploadProgress(
                    facet: instruction.name,
                    completedFacets: index + 1,
                    totalFacets: pending.count,
                    bytesSent: facet.data.count
                )
            )
        }
    }

    /// One facet, as the instruction says: its fields in order, then the file under `uploadKey`.
    func send(_ facet: FileUpload.Facet, named fileName: String, following instruction: PendingUpload) async throws {
        guard let url = instruction.uploadURL else {
            throw UploadError("the server sent no upload URL for facet '\(instruction.name)'", facet: instruction.name)
        }
        if let mimes = instruction.mimes, !mimes.isEmpty, !mimeType(facet.mime, isAmong: mimes) {
            throw UploadError(
                "facet '\(instruction.name)' is \(facet.mime); the server takes \(mimes.joined(separator: ", "))",
                facet: instruction.name
            )
        }
        if let maximum = instruction.maxFileSize, facet.data.count > maximum {
            throw UploadError(
                "facet '\(instruction.name)' is \(facet.data.count) bytes; the server takes at most \(maximum)",
                facet: instruction.name
            )
        }
        var form = MultipartFormData()
        for field in instruction.fields { form.addField(name: field.key, value: field.value) }
        form.addFile(name: instruction.uploadKey ?? "file", fileName: fileName, mime: facet.mime, data: facet.data)
        var request = URLRequest(url: url)
        request.httpMethod = instruction.uploadMethod ?? "POST"
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.httpBody = form.encoded
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await transport.send(request)
        } catch let error as CancellationError {
            throw error
        } catch {
            // Storage that can't be reached is this facet's failure, not a bare transport error.
            throw UploadError("uploading facet '\(instruction.name)' failed: \(error)", facet: instruction.name)
        }
        guard (200..<300).contains(response.statusCode) else {
            throw UploadError(
                "uploading facet '\(instruction.name)' failed with HTTP \(response.statusCode): "
                    + String(decoding: data.prefix(500), as: UTF8.self),
                facet: instruction.name
            )
        }
    }

    /// Reads the file at `url` (a File property's path, such as `…/c_offices/<id>/c_logo`) until every facet is
    /// ready, waiting longer each time; a facet in the error state, or the timeout, is an error. A 202 (Cortex's
    /// `kMediaNotReady`) means the file is still being processed. ``ModelClient/waitUntilReady(_:id:file:)`` does the
    /// same with the client's headers, retries and timeout.
    public func waitUntilReady(fileAt url: URL, headers: [String: String] = [:]) async throws -> FileValue {
        let transport = self.transport
        return try await pollUntilReady(describing: url.path) {
            var request = URLRequest(url: url)
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                request.setValue(value, forHTTPHeaderField: name)
            }
            let (data, response) = try await transport.send(request)
            return (data, response.statusCode)
        }
    }

    /// Calls `read` (one read of the file: its body and status) until every facet is ready, as ``polling`` says.
    func pollUntilReady(
        describing path: String,
        _ read: () async throws -> (Data, Int)
    ) async throws -> FileValue {
        let clock = ContinuousClock()
        let deadline = clock.now + polling.timeout
        var delay = polling.initialDelay
        while true {
            try Task.checkCancellation()
            let (data, status) = try await read()
            if status == 200 {
                let file = try JSONDecoder().decode(FileValue.self, from: data)
                if let failed = file.facets.first(where: { $0.state == .error || $0.state?.rawValue == 4 }) {
                    throw UploadError("the server could not process facet '\(failed.name)'", facet: failed.name)
                }
                if !file.facets.isEmpty, file.facets.allSatisfy({ $0.state == .ready }) { return file }
            } else if status != 202 {
                throw UploadError("reading \(path) failed with HTTP \(status)")
            }
            // A wait that would pass the deadline is cut short, so the last read happens at the deadline rather
            // than up to one delay before it.
            let remaining = deadline - clock.now
            if remaining <= .zero {
                throw UploadError("the facets at \(path) were not ready after \(polling.timeout)")
            }
            try await Task.sleep(for: min(delay, remaining))
            delay = min(polling.maximumDelay, delay * polling.multiplier)
        }
    }

    /// Parse: the bytes of a file's facet (its `content`, or its only facet) to `/files/<name>`; the answer names
    /// the stored file for the object that holds it.
    public func uploadToParse(
        _ upload: FileUpload,
        baseURL: URL,
        headers: [String: String] = [:]
    ) async throws
        -> UploadedFile
    {
        guard let (name, facet) = upload.facets["content"].map({ ("content", $0) }) ?? upload.orderedFacets.first else {
            throw UploadError("the file has no facet to upload")
        }
        let fileName = upload.fileName(ofFacet: name)
        let rendered = ParseDialect().renderFileUpload(facet, name: fileName)
        var request = rendered.urlRequest(relativeTo: baseURL)
        for (header, value) in headers.sorted(by: { $0.key < $1.key }) {
            request.setValue(value, forHTTPHeaderField: header)
        }
        request.httpBody = facet.data
        let (data, response) = try await transport.send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw UploadError("uploading '\(fileName)' failed with HTTP \(response.statusCode)")
        }
        let answer = try JSONDecoder().decode(JSONValue.self, from: data)
        guard let storedName = answer["name"]?.stringValue else {
            throw UploadError("parse's answer to the upload names no file")
        }
        return UploadedFile(name: storedName, url: answer["url"]?.stringValue)
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
        for component in path.split(separator: ".") {
            var name = Substring(component)
            var indexes: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]"),
                let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
            {
                indexes.insert(index, at: 0)
                name = name[..<open]
            }
            current = current?[String(name)]
            for index in indexes { current = current?[index] }
        }
        return current
    }
}
