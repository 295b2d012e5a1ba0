import Foundation
import ModelRuntime

// Cortex's files and expansions: a write that sets a file (an object of facet name → file name) gets upload
// instructions in its answer, the facets' bytes go to the storage URL they name (here below the backend's own base
// URL, `/__storage/<key>`), and then the facets are ready to read; `expand[]` puts the referenced instance in place
// of a reference.

extension CortexBackend {
    /// The largest facet the upload instructions take.
    static let maximumFileSize = 20 << 20

    /// What a write's value becomes when stored: each file it sets a file value waiting for its facets, with the
    /// upload instructions for each. `path` is the property the value goes to (an update's path without element
    /// ids; none for a create's body).
    ///
    /// A file is an object of facet names to file names, one of them `content`, as the client writes a
    /// `FileUpload`. Where the file properties are known (a registered `Create` of `generate: [testing]` lists them),
    /// only such an object at one of their paths is a file, as Cortex decides by the schema: an `Any` property
    /// holding `{"content": "hi"}` is stored as it is. Otherwise any object of that shape is taken for one.
    func receivingFiles(
        _ value: JSONValue,
        at path: [String],
        instance: (collection: String, id: String),
        _ state: inout BackendState
    )
        -> JSONValue
    {
        let filePaths = state.models[instance.collection]?.createRules.fileMembers ?? nil
        return receivingFiles(value, at: path, filePaths: filePaths, instance: instance, &state)
    }

    /// ``receivingFiles(_:at:instance:_:)`` with the file paths known (nil: unknown, go by shape).
    private func receivingFiles(
        _ value: JSONValue,
        at path: [String],
        filePaths: Set<String>?,
        instance: (collection: String, id: String),
        _ state: inout BackendState
    )
        -> JSONValue
    {
        switch value {
        case .array(let elements):
            // An element is the array's property: a `File[]`'s elements are files.
            return .array(
                elements.map { receivingFiles($0, at: path, filePaths: filePaths, instance: instance, &state) }
            )
        case .object(let members):
            let isFileShaped = members["content"] != nil && members.values.allSatisfy { $0.stringValue != nil }
            if isFileShaped, filePaths?.contains(path.joined(separator: ".")) ?? true {
                return pendingFile(members.mapValues { $0.stringValue ?? "" }, instance: instance, &state)
            }
            var stored: [String: JSONValue] = [:]
            for (key, member) in members {
                stored[key] = receivingFiles(
                    member,
                    at: path + [key],
                    filePaths: filePaths,
                    instance: instance,
                    &state
                )
            }
            return .object(stored)
        default:
            return value
        }
    }

    /// A file value as Cortex answers a write that set it: the content facet at the top level, the others under
    /// `facets`, each pending, and an upload instruction per facet.
    private func pendingFile(
        _ fileNames: [String: String],
        instance: (collection: String, id: String),
        _ state: inout BackendState
    ) -> JSONValue {
        var uploads: [JSONValue] = []
        for facet in fileNames.keys.sorted() {
            let key = state.newUploadKey()
            state.uploadTargets[key] = instance
            uploads.append([
                "name": .string(facet),
                "uploadUrl": .string(
                    state.baseURL.appendingPathComponent("__storage").appendingPathComponent(key).absoluteString
                ),
                "uploadMethod": "POST", "uploadKey": "file",
                "fields": [["key": "key", "value": .string(key)]],
                "maxFileSize": .int(Self.maximumFileSize), "state": 0,
            ])
        }
        let others: [JSONValue] = fileNames.keys.sorted().filter { $0 != "content" }.map { facet in
            ["name": .string(facet), "filename": .string(fileNames[facet]!), "state": 0]
        }
        return [
            "name": "content", "filename": .string(fileNames["content"]!), "state": 0, "facets": .array(others),
            "uploads": .array(uploads),
        ]
    }

    /// `POST /__storage/<key>`: the facet's form upload, its file under `file`. The facet is ready at once (the
    /// backend has nothing to process), and its bytes are served at its path.
    func store(_ request: BackendRequest, key: String, _ state: inout BackendState) throws -> BackendAnswer {
        guard let (collection, id) = state.uploadTargets[key],
            let index = state.index(of: id, idKey: idKey, in: collection)
        else { throw BackendFault.notFound("no upload is waiting for \(key)") }
        let parts = try MultipartForm.parts(of: request.rawBody, contentType: request.headers["content-type"] ?? "")
        guard parts.first(where: { $0.name == "key" })?.data == Data(key.utf8) else {
            throw BackendFault(status: 403, code: "invalid", message: "the form's key field is not the upload's")
        }
        guard let file = parts.first(where: { $0.name == "file" }) else {
            throw BackendFault.invalid("the form upload has no file")
        }
        guard file.data.count <= Self.maximumFileSize else {
            throw BackendFault.invalid("the file is larger than \(Self.maximumFileSize) bytes")
        }
        var document = state.documents(collection)[index]
        var stored: StoredFile?
        let found = Self.changeFile(in: &document, waitingFor: key, at: []) { file, location in
            guard case .array(var uploads)? = file["uploads"],
                let position = uploads.firstIndex(where: { $0["fields"]?[0]?["value"]?.stringValue == key }),
                let facet = uploads[position]["name"]?.stringValue
            else { return }
            uploads.remove(at: position)
            let path =
                "/"
                + ([collection, id] + location + [facet]).map { (try? PathSegment($0).encoded) ?? $0 }
                .joined(separator: "/")
            let mime = parts.first(where: { $0.name == "file" })?.mime ?? "application/octet-stream"
            let data = parts.first(where: { $0.name == "file" })?.data ?? Data()
            let ready: [String: JSONValue] = [
                "state": 2, "mime": .string(mime), "size": .int(data.count), "path": .string(path),
                "url": .string(state.baseURL.absoluteString + path),
                "ETag": .string(String(format: "%08lx", data.count)),
            ]
            if file["name"]?.stringValue == facet {
                file.merge(ready) { _, new in new }
            } else if case .array(var facets)? = file["facets"],
                let at = facets.firstIndex(where: { $0["name"]?.stringValue == facet }),
                case .object(var members) = facets[at]
            {
                members.merge(ready) { _, new in new }
                facets[at] = .object(members)
                file["facets"] = .array(facets)
            }
            file["uploads"] = uploads.isEmpty ? nil : .array(uploads)
            stored = StoredFile(path: path, mime: mime, data: data)
        }
        guard found, let stored else { throw BackendFault.notFound("no upload is waiting for \(key)") }
        state.collections[collection]![index] = document
        state.files.append(stored)
        state.uploadTargets[key] = nil
        return BackendAnswer(204, nil)
    }

    /// Calls `change` with the file value (and its location below the instance) that has an upload for `key`.
    private static func changeFile(
        in value: inout JSONValue,
        waitingFor key: String,
        at location: [String],
        _ change: (inout [String: JSONValue], [String]) -> Void
    ) -> Bool {
        switch value {
        case .object(var members):
            if case .array(let uploads)? = members["uploads"],
                uploads.contains(where: { $0["fields"]?[0]?["value"]?.stringValue == key })
            {
                change(&members, location)
                value = .object(members)
                return true
            }
            for name in members.keys.sorted() {
                var member = members[name]!
                if changeFile(in: &member, waitingFor: key, at: location + [name], change) {
                    members[name] = member
                    value = .object(members)
                    return true
                }
            }
        case .array(var elements):
            for index in elements.indices
            where changeFile(in: &elements[index], waitingFor: key, at: location + [String(index)], change) {
                value = .array(elements)
                return true
            }
        default: break
        }
        return false
    }

    /// `GET /<plural>/<id>/<property>…`: a property's value (`c_pictures/1` an element by index, a document array's
    /// element by its `_id`), or a ready facet's bytes.
    func property(
        _ path: [String],
        of document: JSONValue,
        collection: String,
        id: String,
        _ state: BackendState
    )
        throws -> BackendAnswer
    {
        let served =
            "/" + ([collection, id] + path).map { (try? PathSegment($0).encoded) ?? $0 }.joined(separator: "/")
        if let file = state.file(at: served) {
            var answer = BackendAnswer(200, nil, headers: ["Content-Type": file.mime])
            answer.bytes = file.data
            return answer
        }
        var current = document
        for segment in path {
            switch current {
            case .object(let members) where members[segment] != nil: current = members[segment]!
            case .array(let elements):
                if let index = Int(segment), elements.indices.contains(index) {
                    current = elements[index]
                } else if let element = elements.first(where: { $0["_id"]?.stringValue == segment }) {
                    current = element
                } else {
                    throw BackendFault.notFound("no element \(segment) in \(collection)/\(id)")
                }
            default: throw BackendFault.notFound("\(collection)/\(id) has no \(path.joined(separator: "/"))")
            }
        }
        return BackendAnswer(current)
    }

    /// The document with each reference `paths` names replaced by the instance it points to, as Cortex's `expand`
    /// answers: the target found by the collection of its `path` (`/c_groups/<id>`), or by its `object`.
    func expanding(_ document: JSONValue, _ paths: [String], _ state: BackendState) -> JSONValue {
        guard !paths.isEmpty, case .object(var members) = document else { return document }
        for key in paths {
            guard case .object(let reference)? = members[key], let id = reference["_id"]?.stringValue else { continue }
            let collection =
                reference["path"]?.stringValue?.split(separator: "/").first.map(String.init)
                ?? state.models.first { $0.value.apiName == reference["object"]?.stringValue }?.key
            guard let collection, let index = state.index(of: id, idKey: idKey, in: collection) else { continue }
            guard case .object(var target) = state.documents(collection)[index] else { continue }
            target["path"] = reference["path"] ?? .string("/\(collection)/\(id)")
            members[key] = .object(target)
        }
        return .object(members)
    }
}
