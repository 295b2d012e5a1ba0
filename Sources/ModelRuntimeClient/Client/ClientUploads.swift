import Foundation
import ModelRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The client's side of file uploads: the bytes a write's files need, sent through the uploader's transport with the
// client's retry policy and timeout, with the progress of every facet of the write; and the polls that wait until
// the server has processed them.

extension ModelClient {
    /// Cortex: uploads each of `files` as the write's `answer` instructs, to the storage URLs it names; a failure is
    /// an ``UploadError`` naming the property, the facet and the object. Other dialects take file bytes before the
    /// write.
    func uploadFiles(
        _ files: [(path: String, upload: FileUpload)],
        askedForBy answer: JSONValue,
        objectID: String?,
        progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws {
        guard dialect is CortexDialect, !files.isEmpty else { return }
        let pending = try answer.pendingUploads(for: files)
        let sizes = pending.flatMap { FileUploader.facetsToSend($0.upload, following: $0.file).map(\.data.count) }
        var tally = UploadTally(facetSizes: sizes, objectID: objectID, report: progress)
        // Storage takes a facet at a fixed key whichever way it is sent: a presigned PUT is idempotent, and a
        // presigned form POST pins the object's key in its signed policy, so sending it again stores the same bytes
        // under the same key. Both are retried as idempotent requests.
        let send = uploadSend(idempotent: true, below: uploader.apiBaseURL)
        for (path, upload, file) in pending {
            do {
                try await uploader.upload(upload, following: file, property: path, tally: &tally, send: send)
            } catch var error as UploadError {
                error.property = error.property ?? path
                error.objectID = error.objectID ?? objectID
                throw error
            }
        }
    }

    /// Parse: uploads each of `files` (the same file once) to `/files/<name>` with the client's headers, before the
    /// write that names them, and returns what Parse stored for each. A failure is an ``UploadError`` naming the
    /// property, the facet and, for an update, the object.
    func uploadToParse(
        _ files: [(path: String, upload: FileUpload)],
        objectID: String?,
        progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> [FileUpload: UploadedFile] {
        var unique: [(path: String, upload: FileUpload)] = []
        for file in files where !unique.contains(where: { $0.upload == file.upload }) { unique.append(file) }
        let sizes = unique.map { FileUploader.parseFacet(of: $0.upload)?.facet.data.count ?? 0 }
        var tally = UploadTally(facetSizes: sizes, objectID: objectID, report: progress)
        let extra = try await headers()
        // Each upload makes a new file on the server: it is sent again only when the server refused it unapplied.
        // It goes to the API's own `/files`, with the transport's credentials.
        let send = uploadSend(idempotent: false, below: baseURL)
        var uploaded: [FileUpload: UploadedFile] = [:]
        for (path, upload) in unique {
            do {
                uploaded[upload] = try await uploader.uploadToParse(
                    upload,
                    baseURL: baseURL,
                    headers: extra,
                    property: path,
                    tally: &tally,
                    send: send
                )
            } catch var error as UploadError {
                error.property = error.property ?? path
                error.objectID = error.objectID ?? objectID
                throw error
            }
        }
        return uploaded
    }

    /// The requests of `patch` for the instance `id`; on Parse, the files it sets are uploaded first (after the
    /// patch is checked) and written as the files Parse stored.
    func renderedUpdate<Body: UpdateBody>(
        _ patch: Body,
        id: String,
        progress: (@Sendable (UploadProgress) -> Void)?
    ) async throws -> [RenderedRequest] {
        guard let parse = dialect as? ParseDialect, !patch.files.isEmpty else {
            return try patch.rendered(id: id, for: dialect)
        }
        let operations = try patch.validatedOperations()
        // The id is checked before the files go, which would otherwise be stored for an update never sent.
        _ = try parse.instancePath(pluralName: Body.Model.pluralName, id: id)
        let uploaded = try await uploadToParse(patch.files, objectID: id, progress: progress)
        return try parse.renderUpdate(operations, id: id, pluralName: Body.Model.pluralName, files: uploaded)
    }

    /// Sends file bytes through the uploader's transport as they are (a storage URL gets none of the client's
    /// headers: its signature is its credential), with the client's retry policy and timeout. To another origin than
    /// `apiBaseURL`'s (to every origin while it is `nil`), a ``URLSessionTransport`` sends them without its
    /// configuration's credentials too (``FileUploader/storageTransport(_:for:below:)``). Storage URLs are checked
    /// against the uploader's ``FileUploader/apiBaseURL``, as a `FileUploader` on its own does, so that an app that
    /// sets it there sets it for the client's uploads too.
    private func uploadSend(idempotent: Bool, below apiBaseURL: URL?) -> UploadSend {
        let transport = uploader.transport
        return { request, bodySent in
            try await sendRetrying(
                request,
                describedAs: FileUploader.describe(request),
                idempotent: idempotent,
                through: FileUploader.storageTransport(transport, for: request.url, below: apiBaseURL),
                bodySent: bodySent
            )
        }
    }

    /// Reads the file property `file` (a body path such as `c_logo` or `c_pictures[1]`) of the instance `id` until
    /// every facet is processed, as the ``uploader``'s `polling` says, with the client's headers, retries and timeout
    /// on every read. A facet the server could not process, or the polling timeout, is an ``UploadError`` naming the
    /// property and the object; cancelling the task ends it at once with `CancellationError`.
    public func waitUntilReady<M: SchemaObject>(
        _ type: M.Type,
        id: some ReferenceIdentifier,
        file: String
    ) async throws -> FileValue {
        let objectID = id.referenceID
        // `c_pictures[1]` is the path `c_pictures/1` below the instance.
        let request = RenderedRequest(path: try FileLocation(type, id: objectID, file: file, dialect: dialect).path)
        do {
            return try await uploader.pollUntilReady(describing: request.path) { try await exchange(request) }
        } catch var error as UploadError {
            error.property = error.property ?? file
            error.objectID = error.objectID ?? objectID
            throw error
        }
    }
}
