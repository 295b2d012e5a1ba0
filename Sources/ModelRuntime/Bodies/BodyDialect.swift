import Foundation

/// A backend's wire format for writes: the requests that create an object and that apply an update, and the path
/// of one object.
public protocol BodyDialect: WireDialect {
    /// The path of the instance `id`, for updates, reads and deletes: the id is checked as the backend's ids are
    /// and becomes one percent-encoded ``PathSegment``, so no id reaches another object.
    ///
    /// - Throws: ``RequestPathError`` for an id the backend can't have (nothing is sent).
    func instancePath(pluralName: String, id: String) throws -> String
    /// The request that creates an instance from a body's members.
    func renderCreate(_ members: [BodyMember], pluralName: String) throws -> RenderedRequest
    /// The requests that apply an update's operations to the instance `id`, in order: one where the backend applies
    /// them all at once, several only where it can't (Mia-Platform and Parse, for an array that gets two kinds of
    /// element change); none for no operations.
    func renderUpdate(_ operations: [PatchOperation], id: String, pluralName: String) throws -> [RenderedRequest]
}

/// Files that were uploaded before the body that names them, as parse does it: the name and URL its server gave.
public struct UploadedFile: Sendable, Hashable {
    /// The stored file's name, as Parse's answer gives it; the body refers to the file by it.
    public var name: String
    /// The stored file's URL, when the answer gives one.
    public var url: String?

    /// A file Parse has stored under `name`.
    public init(name: String, url: String?) {
        self.name = name
        self.url = url
    }
}

extension BodyDialect {
    /// `/<plural>/<id>`: the plural name a base path of one or more segments (a Mia-Platform endpoint's), and the id
    /// any text but empty, `.` and `..`, percent-encoded as one segment (Mia-Platform's string ids, and a safe
    /// default for an app's own dialect).
    public func instancePath(pluralName: String, id: String) throws -> String {
        "\(try PathSegment.basePath(pluralName))/\(try PathSegment(id: id, syntax: .text))"
    }
}

extension CortexDialect: BodyDialect {
    /// `/<plural>/<id>`, the id an ObjectID.
    public func instancePath(pluralName: String, id: String) throws -> String {
        "\(try PathSegment.collectionPath(pluralName))/\(try PathSegment(id: id, syntax: .objectID))"
    }

    /// Cortex writes a file as facet → file name, then answers with the upload instructions for each facet.
    static func encode(_ value: BodyValue) throws -> QueryJSON {
        switch value {
        case .value(let literal): FilterRenderer.plainValue(literal)
        case .object(let members): .object(try members.map { ($0.key, try encode($0.value)) })
        case .array(let elements): .array(try encode(elements: elements))
        case .file(let upload):
            .object(upload.orderedFacets.map { ($0.name, .string(upload.fileName(ofFacet: $0.name))) })
        }
    }

    /// An array's elements, each document array element's `_id` once: Cortex makes its elements' ids, and a copy of an
    /// element in the same array (a duplicated row) goes without the `_id`, as a new element, where Cortex would
    /// otherwise hold two elements of one id.
    private static func encode(elements: [BodyValue]) throws -> [QueryJSON] {
        var seenIDs: Set<BodyValue> = []
        return try elements.map { element in
            guard case .object(let members) = element,
                let id = members.first(where: { $0.key == BodyValue.documentIDKey })?.value,
                !seenIDs.insert(id).inserted
            else { return try encode(element) }
            return try encode(element.withoutDocumentID)
        }
    }

    /// `POST /<plural>` with the members; a file is written as facet → file name, and the answer asks for its bytes.
    public func renderCreate(_ members: [BodyMember], pluralName: String) throws -> RenderedRequest {
        RenderedRequest(
            method: "POST",
            path: try PathSegment.collectionPath(pluralName),
            body: .object(try members.map { ($0.key, try Self.encode($0.value)) })
        )
    }

    /// One request for the whole update, as Cortex applies it:
    ///
    /// - only sets and clears of top-level properties: `PUT /<plural>/<id>` with the changed properties, `null`
    ///   clearing one. This is what Medable's iOS SDK sends, and being idempotent it is sent again after a lost
    ///   connection.
    /// - anything else (a push, a pull, a nested path such as `c_size.c_width` or `c_parts.<element _id>.c_qty`):
    ///   `PATCH /<plural>/<id>` with the array of operations, applied in order:
    ///   `{"op":"set","path":…,"value":…}`, `{"op":"push","path":…,"value":[…]}` (each element without an `_id`:
    ///   Cortex makes a pushed element's), `{"op":"remove","path":…}` for a
    ///   clear, and `{"op":"remove","path":…,"value":[…]}` for a pull, whose values are primitives: an element of an
    ///   array of values by value, a document by its `_id`.
    ///
    /// Cortex's server code routes `PATCH /:objects/:id` to its driver's `patchOne` with the body as `ops` (its `PUT`
    /// is the same call with `[{op: 'set', value: body}]`, a `POST` to a property `push`, a `DELETE` of one `remove`).
    /// `normalizePatchOperations` takes `set`, `push`, `remove`, `unset` (`{"value":{path: 1}}`, made into removes) and
    /// `pull` (a remove that needs a value); `/` and `.` both separate path segments, an array element is named by its
    /// `_id`, and a remove's values must be primitives, ids or dates. Every operation is checked before the instance is
    /// loaded (an unknown `op` is `cortex.unsupportedOperation.patchOp`), then all are applied in order to the loaded
    /// instance and saved once, so one that fails leaves the instance as it was; the answer is the instance read back
    /// after the save, as for a `PUT`.
    public func renderUpdate(_ operations: [PatchOperation], id: String, pluralName: String) throws -> [RenderedRequest]
    {
        let path = try instancePath(pluralName: pluralName, id: id)
        if operations.isEmpty { return [] }
        let putsWhole = operations.allSatisfy { operation in
            guard !operation.path.contains(".") else { return false }
            switch operation.kind {
            case .set, .unset: return true
            default: return false
            }
        }
        if putsWhole {
            let changed: [(key: String, value: QueryJSON)] = try operations.map { operation in
                guard case .set(let value) = operation.kind else { return (operation.path, .null) }
                return (operation.path, try Self.encode(value))
            }
            return [RenderedRequest(method: "PUT", path: path, body: .object(changed))]
        }
        let steps: [QueryJSON] = try operations.map { operation in
            let target: (key: String, value: QueryJSON) = ("path", .string(operation.path))
            switch operation.kind {
            case .set(let value):
                return .object([("op", .string("set")), target, ("value", try Self.encode(value))])
            case .unset:
                return .object([("op", .string("remove")), target])
            case .push(let elements):
                // A pushed element is a new one, which Cortex gives an `_id`: an `_id` the element holds (a decoded
                // element's, or one set in code) is left out, whoever built the operation.
                let values = try elements.map { try Self.encode($0.withoutDocumentID) }
                return .object([("op", .string("push")), target, ("value", .array(values))])
            case .pull(let elements):
                let values = try elements.map { element in
                    let value = try Self.encode(element)
                    switch value {
                    case .string, .int, .double, .bool: return value
                    default:
                        throw BodyError(
                            "cortex pulls array elements by value or by _id; \(value.serialized) at "
                                + "'\(operation.path)' is neither"
                        )
                    }
                }
                return .object([("op", .string("remove")), target, ("value", .array(values))])
            case .increment, .multiply, .addToSet, .currentDate, .addRelation, .removeRelation:
                throw BodyError(
                    "cortex updates have no \(PatchOperation.name(of: operation.kind)); set the new value instead"
                )
            }
        }
        return [RenderedRequest(method: "PATCH", path: path, body: .array(steps))]
    }
}

/// Mia-Platform's instance path is the default one: its collections may have string ids of any text.
extension MiaDialect: BodyDialect {
    static func encode(_ value: BodyValue) throws -> QueryJSON {
        switch value {
        case .value(let literal): FilterRenderer.plainValue(literal)
        case .object(let members): .object(try members.map { ($0.key, try encode($0.value)) })
        case .array(let elements): .array(try elements.map(encode))
        case .file:
            throw BodyError("mia stores files through its files service; upload there and set the file's id")
        }
    }

    /// `POST /<plural>/` with the members; a file throws, since Mia takes files through its files service.
    public func renderCreate(_ members: [BodyMember], pluralName: String) throws -> RenderedRequest {
        RenderedRequest(
            method: "POST",
            path: try PathSegment.basePath(pluralName) + "/",
            body: .object(try members.map { ($0.key, try Self.encode($0.value)) })
        )
    }

    /// One `PATCH` with MongoDB update operators, in the order the CRUD service's documentation lists them. MongoDB
    /// refuses two operators on one field in one update, so an array that gets two kinds of element change (a push
    /// and a pull) takes a `PATCH` for each, in order.
    public func renderUpdate(_ operations: [PatchOperation], id: String, pluralName: String) throws -> [RenderedRequest]
    {
        let path = try instancePath(pluralName: pluralName, id: id)
        try PatchOperation.refuseElementAddressing(operations, dialect: "mia")
        // An update that changes nothing sends nothing, as in every dialect.
        return try PatchOperation.steps(operations).map { try renderStep($0, path: path) }
    }

    /// One `PATCH` of operations on distinct paths, to the instance at `path`.
    private func renderStep(_ operations: [PatchOperation], path: String) throws -> RenderedRequest {
        let order = ["$set", "$unset", "$inc", "$mul", "$currentDate", "$push", "$pull", "$addToSet"]
        var groups: [String: [(key: String, value: QueryJSON)]] = [:]
        for operation in operations {
            let (name, value): (String, QueryJSON) =
                switch operation.kind {
                case .set(let value): ("$set", try Self.encode(value))
                case .unset: ("$unset", .bool(true))
                case .increment(let amount): ("$inc", try Self.encode(amount))
                case .multiply(let factor): ("$mul", try Self.encode(factor))
                case .currentDate: ("$currentDate", .bool(true))
                case .push(let elements): ("$push", try Self.each(elements))
                case .addToSet(let elements): ("$addToSet", try Self.each(elements))
                case .addRelation, .removeRelation:
                    throw BodyError("mia has no relations; \(PatchOperation.name(of: operation.kind)) is parse's")
                case .pull(let elements):
                    (
                        "$pull",
                        elements.count == 1
                            ? try Self.encode(elements[0]) : .object([("$in", .array(try elements.map(Self.encode)))])
                    )
                }
            groups[name, default: []].append((operation.path, value))
        }
        let body = QueryJSON.object(order.compactMap { name in groups[name].map { (name, .object($0)) } })
        return RenderedRequest(method: "PATCH", path: path, body: body)
    }

    /// One element as itself, several as `{"$each": […]}`.
    private static func each(_ elements: [BodyValue]) throws -> QueryJSON {
        elements.count == 1 ? try encode(elements[0]) : .object([("$each", .array(try elements.map(encode)))])
    }

    /// Mia changes a document's state (PUBLIC, DRAFT, TRASH, DELETED) only through its own endpoint,
    /// `POST /<plural>/<id>/state`.
    ///
    /// - Throws: ``RequestPathError`` for an empty id, `.` or `..`.
    public func renderStateChange(id: String, to state: String, pluralName: String) throws -> RenderedRequest {
        RenderedRequest(
            method: "POST",
            path: try instancePath(pluralName: pluralName, id: id) + "/state",
            body: .object([("stateTo", .string(state))])
        )
    }
}

extension ParseDialect: BodyDialect {
    /// `/classes/<Class>/<objectId>`, the objectId ASCII letters and digits.
    public func instancePath(pluralName: String, id: String) throws -> String {
        "/classes\(try PathSegment.collectionPath(pluralName))/\(try PathSegment(id: id, syntax: .alphanumeric))"
    }

    /// Parse's forms: dates and pointers as typed objects, files as `{"__type":"File"}` once uploaded.
    static func encode(_ value: BodyValue, files: [FileUpload: UploadedFile]) throws -> QueryJSON {
        switch value {
        case .value(let literal): return ParseDialect.value(literal)
        case .object(let members): return .object(try members.map { ($0.key, try encode($0.value, files: files)) })
        case .array(let elements): return .array(try elements.map { try encode($0, files: files) })
        case .file(let upload):
            guard let uploaded = files[upload] else {
                throw BodyError("parse needs the file uploaded (POST /files/<name>) before the object that holds it")
            }
            var members: [(key: String, value: QueryJSON)] = [
                ("__type", .string("File")), ("name", .string(uploaded.name)),
            ]
            if let url = uploaded.url { members.append(("url", .string(url))) }
            return .object(members)
        }
    }

    /// `POST /classes/<Class>` with the members; a file throws, since Parse needs it uploaded first (see
    /// `renderCreate(_:pluralName:files:)`).
    public func renderCreate(_ members: [BodyMember], pluralName: String) throws -> RenderedRequest {
        try renderCreate(members, pluralName: pluralName, files: [:])
    }

    /// `POST /classes/<Class>` with the members, each file written as the `{"__type":"File"}` of its upload in `files`.
    public func renderCreate(
        _ members: [BodyMember],
        pluralName: String,
        files: [FileUpload: UploadedFile]
    ) throws
        -> RenderedRequest
    {
        RenderedRequest(
            method: "POST",
            path: "/classes" + (try PathSegment.collectionPath(pluralName)),
            body: .object(try members.map { ($0.key, try Self.encode($0.value, files: files)) })
        )
    }

    /// One `PUT` with plain values and `__op` operations. A body holds one `__op` per field, so an array that gets
    /// two kinds of element change (`Add` and `Remove`, `AddRelation` and `RemoveRelation`) takes a `PUT` for each,
    /// in order. A file throws, since Parse needs it uploaded first (see `renderUpdate(_:id:pluralName:files:)`).
    public func renderUpdate(_ operations: [PatchOperation], id: String, pluralName: String) throws -> [RenderedRequest]
    {
        try renderUpdate(operations, id: id, pluralName: pluralName, files: [:])
    }

    /// ``renderUpdate(_:id:pluralName:)``, each file written as the `{"__type":"File"}` of its upload in `files`.
    public func renderUpdate(
        _ operations: [PatchOperation],
        id: String,
        pluralName: String,
        files: [FileUpload: UploadedFile]
    ) throws -> [RenderedRequest] {
        let path = try instancePath(pluralName: pluralName, id: id)
        try PatchOperation.refuseElementAddressing(operations, dialect: "parse")
        return try PatchOperation.steps(operations).map { try renderStep($0, path: path, files: files) }
    }

    /// One `PUT` of operations on distinct fields, to the instance at `path`.
    private func renderStep(
        _ operations: [PatchOperation],
        path: String,
        files: [FileUpload: UploadedFile]
    ) throws -> RenderedRequest {
        let members: [(key: String, value: QueryJSON)] = try operations.map { operation in
            func op(_ name: String, _ extra: [(key: String, value: QueryJSON)] = []) -> QueryJSON {
                .object([("__op", .string(name))] + extra)
            }
            let value: QueryJSON =
                switch operation.kind {
                case .set(let value): try Self.encode(value, files: files)
                case .unset: op("Delete")
                case .increment(let amount): op("Increment", [("amount", try Self.encode(amount, files: files))])
                case .push(let elements):
                    op("Add", [("objects", .array(try elements.map { try Self.encode($0, files: files) }))])
                case .addToSet(let elements):
                    op("AddUnique", [("objects", .array(try elements.map { try Self.encode($0, files: files) }))])
                case .pull(let elements):
                    op("Remove", [("objects", .array(try elements.map { try Self.encode($0, files: files) }))])
                case .addRelation(let elements):
                    op("AddRelation", [("objects", .array(try elements.map { try Self.encode($0, files: files) }))])
                case .removeRelation(let elements):
                    op("RemoveRelation", [("objects", .array(try elements.map { try Self.encode($0, files: files) }))])
                case .multiply, .currentDate:
                    throw BodyError("parse updates have no \(PatchOperation.name(of: operation.kind))")
                }
            return (operation.path, value)
        }
        var request = RenderedRequest(method: "PUT", path: path, body: .object(members))
        // A `PUT`, but `Increment` and `Add` add to what is stored: sent again after a lost answer, they add twice.
        let addsToWhatIsStored = operations.contains { operation in
            switch operation.kind {
            case .increment, .push: true
            default: false
            }
        }
        if addsToWhatIsStored { request.isIdempotent = false }
        return request
    }

    /// The request that uploads a file's bytes before the object that holds it: `POST /files/<name>`, the name
    /// percent-encoded as one ``PathSegment`` (a `/`, `?` or `#` in it stays part of the name).
    ///
    /// - Throws: ``RequestPathError`` for an empty name, `.` or `..`.
    public func renderFileUpload(_ facet: FileUpload.Facet, name: String) throws -> RenderedRequest {
        RenderedRequest(
            method: "POST",
            path: "/files/\(try PathSegment(name))",
            headers: ["Content-Type": facet.mime]
        )
    }
}

extension PatchOperation {
    /// The operation's name in messages.
    static func name(of kind: Kind) -> String {
        switch kind {
        case .set: "set"
        case .unset: "unset"
        case .increment: "increment"
        case .multiply: "multiply"
        case .push: "push"
        case .pull: "pull"
        case .addToSet: "add-to-set"
        case .currentDate: "current date"
        case .addRelation: "add-relation"
        case .removeRelation: "remove-relation"
        }
    }
}
