import Foundation
import ModelRuntime

/// Medable Cortex's REST API over the stored instances (`/<plural>` and `/<plural>/<id>`), as Medable documents it
/// and as its server code (routes to `patchOne`, `normalizePatchOperations`) applies it.
struct CortexBackend: BackendDialect {
    var pageSize: Int
    var principal: String
    let maximumLimit = 1000
    let idKey = "_id"
    var defaultIDs: IDGenerator { .objectIDs() }

    /// Properties Cortex sets itself: a write that names one is refused.
    static let systemProperties: Set<String> = [
        "_id", "object", "created", "creator", "owner", "updated", "updater", "access", "accessRoles", "favorite",
        "shared", "idx",
    ]

    var filterRules: FilterRules {
        FilterRules(
            operators: CortexDialect.filter.supportedOperators,
            backend: "cortex",
            regexInSlashes: true,
            referencesByID: true,
            idsAreObjectIDs: true
        )
    }

    /// A fault as Cortex writes one (mdctl `packages/mdctl-core/fault.js`, `toJSON`, reads the same members):
    /// `object`, `name`, `errCode` (`cortex.<kind>.<detail>`, whose kind names the `code`), `code`, `status`, `reason`,
    /// `message` and `path`, with the errCodes Cortex's server raises:
    /// - `cortex.notFound.instance` for an instance it doesn't find, `cortex.conflict.duplicateKey` for MongoDB's
    ///   duplicate key;
    /// - a property a write names that the object doesn't have, `cortex.notFound.property` (404), and one Cortex sets
    ///   itself, `cortex.accessDenied.notWritable` (403), each a fault of its own with the property's path, as its
    ///   document writer throws them;
    /// - a refusal of a value, `Validation error.` (`cortex.invalidArgument.validation`), which lists each property
    ///   under `faults`: a missing required one as its required validator words it (`cortex.invalidArgument.required`,
    ///   `Required property`, `Please enter a value.`), any other `cortex.invalidArgument.unspecified`.
    func errorBody(_ fault: BackendFault) -> JSONValue {
        let (code, errCode, name): (String, String, String) =
            switch fault.code {
            case "notFound": ("kNotFound", "cortex.notFound.instance", "db")
            case "unknownProperty": ("kNotFound", "cortex.notFound.property", "db")
            case "readOnly": ("kAccessDenied", "cortex.accessDenied.notWritable", "error")
            case "duplicate": ("kDuplicateKey", "cortex.conflict.duplicateKey", "db")
            case "validation", "required": ("kValidationError", "cortex.invalidArgument.validation", "error")
            default: ("kInvalidArgument", "cortex.invalidArgument.unspecified", "error")
            }
        var body: [String: JSONValue] = [
            "object": "fault", "name": .string(name), "errCode": .string(errCode), "code": .string(code),
            "status": .int(status(of: fault)), "reason": .string(fault.message), "message": .string(fault.message),
        ]
        guard code == "kValidationError" else {
            if let path = fault.path { body["path"] = .string(path) }
            return .object(body)
        }
        body["reason"] = "Validation error."
        guard let path = fault.path else { return .object(body) }
        // Cortex lists each invalid property under `faults`, with its path.
        body["faults"] = .array(
            ([path] + fault.alsoRefused).map { path in
                var property: [String: JSONValue] = [
                    "object": "fault", "name": "validation", "errCode": "cortex.invalidArgument.unspecified",
                    "code": "kInvalidArgument", "status": .int(fault.status), "path": .string(path),
                    "reason": .string(fault.message), "message": .string(fault.message),
                ]
                if fault.code == "required" {
                    property["errCode"] = "cortex.invalidArgument.required"
                    property["code"] = "kRequired"
                    property["reason"] = "Required property"
                    property["message"] = "Please enter a value."
                }
                return .object(property)
            }
        )
        return .object(body)
    }

    func status(of fault: BackendFault) -> Int {
        switch fault.code {
        case "unknownProperty": 404
        case "readOnly": 403
        default: fault.status
        }
    }

    func answer(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        if request.segments.count == 2, request.segments[0] == "__storage", request.method == "POST" {
            return try store(request, key: request.segments[1], &state)
        }
        guard let (plural, _, rest) = state.collection(in: request.segments) else {
            throw BackendFault.notFound("no object at /")
        }
        switch (request.method, rest.count) {
        case ("GET", 0):
            if let pipeline = try request.jsonItem("pipeline") { return try count(pipeline, plural, state) }
            return try list(request, plural, state)
        case ("POST", 0): return try create(request.body, plural, &state)
        case ("GET", 1):
            let document = expanding(try instance(rest[0], plural, state).document, request.items("expand[]"), state)
            return BackendAnswer(try selection(request, plural, state).project(document))
        case ("GET", _):
            let document = try instance(rest[0], plural, state).document
            let id = document["_id"]?.stringValue ?? rest[0]
            return try property(Array(rest.dropFirst()), of: document, collection: plural, id: id, state)
        case ("PUT", 1): return try put(request.body, id: rest[0], plural, &state)
        case ("PATCH", 1): return try patch(request.body, id: rest[0], plural, &state)
        case ("DELETE", 1):
            let (index, _) = try instance(rest[0], plural, state)
            state.collections[plural]!.remove(at: index)
            return BackendAnswer(["object": "result", "data": true])
        default:
            throw BackendFault(status: 405, code: "invalid", message: "\(request.method) is not a route of cortex here")
        }
    }

    // MARK: Reading

    /// A read's `paths[]`: as Cortex's reader selects them, an element of a document array the paths go through
    /// and keep nothing of is left out, and (with a registered model that keeps unknown members, whose keys are
    /// known) a path the object doesn't have is refused as the property it doesn't find (`cortex.notFound.property`).
    private func selection(
        _ request: BackendRequest,
        _ plural: String,
        _ state: BackendState
    ) throws -> DocumentSelection {
        let paths = request.items("paths[]")
        if let modeled = state.models[plural]?.modeledKeys {
            for path in paths {
                let property = String(path.split(separator: ".", maxSplits: 1).first ?? "")
                // Cortex's own properties are the object's whether or not the model reads them.
                guard modeled.contains(property) || Self.systemProperties.contains(property) else {
                    throw BackendFault(
                        status: 404,
                        code: "unknownProperty",
                        message: "\(plural) has no property \(property)",
                        path: path
                    )
                }
            }
        }
        var selection = DocumentSelection(included: paths, alwaysIncluded: ["_id", "object"], idsAreObjectIDs: true)
        selection.dropsElementsKeptEmpty = true
        return selection
    }

    private func list(_ request: BackendRequest, _ plural: String, _ state: BackendState) throws -> BackendAnswer {
        var selection = try selection(request, plural, state)
        let selected = try matching(try request.jsonItem("where"), plural, state)
        if let sort = request.item("sort") {
            guard case .object(let members) = try BackendRequest.json(sort, what: "sort"),
                let keys = orderedKeys(ofObjectText: sort)
            else { throw BackendFault.invalid("sort is an object of paths and 1 or -1") }
            selection.order = try keys.map { key in
                switch members[key]?.intValue {
                case 1: (key, true)
                case -1: (key, false)
                default: throw BackendFault.invalid("sort takes 1 or -1 for \(key)", path: key)
                }
            }
        }
        selection.skip = try request.intItem("skip") ?? 0
        let limit = try request.intItem("limit") ?? pageSize
        guard (1...maximumLimit).contains(limit) else {
            throw BackendFault.invalid("limit must be from 1 to \(maximumLimit)")
        }
        selection.limit = limit
        return BackendAnswer([
            "object": "list",
            "data": .array(try selection.page(of: selected.map { expanding($0, request.items("expand[]"), state) })),
            "hasMore": .bool(selected.count - min(selection.skip, selected.count) > limit),
        ])
    }

    /// The `$match` stage's count, as `[{"$match":…},{"$group":{"_id":null,"count":{"$count":"_id"}}}]` answers it.
    private func count(_ pipeline: JSONValue, _ plural: String, _ state: BackendState) throws -> BackendAnswer {
        guard case .array(let stages) = pipeline, stages.allSatisfy({ $0["$match"] != nil || $0["$group"] != nil })
        else { throw BackendFault.invalid("the in-memory cortex backend evaluates only $match and $group counts") }
        let filter = stages.first { $0["$match"] != nil }?["$match"]
        let count = try matching(filter, plural, state).count
        let data: [JSONValue] = count == 0 ? [] : [["_id": nil, "count": .int(count)]]
        return BackendAnswer(["object": "list", "data": .array(data), "hasMore": false])
    }

    private func matching(_ filter: JSONValue?, _ plural: String, _ state: BackendState) throws -> [JSONValue] {
        guard let filter else { return state.documents(plural) }
        let compiled = try filterRules.compile(filter)
        return state.documents(plural).filter(compiled.matches)
    }

    private func instance(
        _ id: String,
        _ plural: String,
        _ state: BackendState
    ) throws -> (index: Int, document: JSONValue) {
        try instance(id, in: plural, state, missing: "no \(plural) instance \(id)")
    }

    // MARK: Writing

    private func account(_ id: String) -> JSONValue {
        ["_id": .string(id), "object": "account", "path": .string("/accounts/\(id)")]
    }

    private func create(_ body: JSONValue?, _ plural: String, _ state: inout BackendState) throws -> BackendAnswer {
        guard case .object(var members) = body else { throw BackendFault.invalid("a create takes an object") }
        try state.checkKeys(members.keys, of: plural, readOnly: Self.systemProperties)
        try checkingValues(of: plural, state) { try state.checkRequiredMembers(members, of: plural) }
        members = state.withDefaultMembers(members, of: plural)
        let id = state.newID()
        let received = givingElementIDs(
            receivingFiles(.object(members), at: [], instance: (plural, id), &state),
            &state
        )
        guard case .object(var document) = received else { return BackendAnswer(400, nil) }
        let now = state.timestamp()
        document["_id"] = .string(id)
        document["object"] = .string(objectName(of: plural, state))
        document["created"] = .string(now)
        document["creator"] = account(principal)
        document["owner"] = account(principal)
        document["access"] = 7
        document["accessRoles"] = []
        document["favorite"] = false
        document["shared"] = false
        document["idx"] = ["v": 0]
        try checkingValues(of: plural, state) {
            try state.checkDocument(.object(document), of: plural, refusingMembersAddedTo: nil)
        }
        try state.checkUnique(.object(document), in: plural, replacing: nil)
        state.collections[plural, default: []].append(.object(document))
        return BackendAnswer(.object(document))
    }

    /// The name Cortex gives the object of the collection `plural`: the registered model's, else the plural's singular.
    private func objectName(of plural: String, _ state: BackendState) -> String {
        state.models[plural]?.apiName ?? String(plural.dropLast())
    }

    /// Runs a write's checks of its values. Cortex's validators write a fault's path fully qualified, the object's name
    /// before the property's (`c_item.c_name`), where its document writer's refusals of a property the object doesn't
    /// have, or may not write, name the property alone (``checkKeys``).
    private func checkingValues(of plural: String, _ state: BackendState, _ checks: () throws -> Void) throws {
        do {
            try checks()
        } catch var fault as BackendFault where fault.code == "validation" || fault.code == "required" {
            let object = objectName(of: plural, state)
            fault.path = fault.path.map { "\(object).\($0)" }
            fault.alsoRefused = fault.alsoRefused.map { "\(object).\($0)" }
            throw fault
        }
    }

    /// Sets the body's properties, `null` clearing one, as Cortex's `PUT` (a `set` of the body) does.
    private func put(
        _ body: JSONValue?,
        id: String,
        _ plural: String,
        _ state: inout BackendState
    ) throws -> BackendAnswer {
        guard case .object(let members) = body else { throw BackendFault.invalid("a PUT takes an object") }
        let operations = [CortexOperation(kind: .set, path: nil, value: .object(members))]
        return try apply(operations, id: id, plural, &state)
    }

    private func patch(
        _ body: JSONValue?,
        id: String,
        _ plural: String,
        _ state: inout BackendState
    ) throws
        -> BackendAnswer
    {
        try apply(try CortexOperation.normalized(body), id: id, plural, &state)
    }

    /// The property an operation's path names in `document`, without the segments that pick an array's element
    /// (its `_id`, or its index): `c_docs.<_id>.c_file` is the property `c_docs.c_file`. Read from the document, so
    /// any id counts as one.
    static func propertyPath(of path: String?, in document: JSONValue) -> [String] {
        var property: [String] = []
        var value: JSONValue? = document
        for segment in path?.split(whereSeparator: { $0 == "." || $0 == "/" }).map(String.init) ?? [] {
            if case .array(let elements)? = value {
                value =
                    elements.first { $0["_id"]?.stringValue == segment }
                    ?? Int(segment).flatMap { elements.indices.contains($0) ? .some(elements[$0]) : .none }
                continue
            }
            property.append(segment)
            value = value?[segment]
        }
        return property
    }

    /// Applies every operation, in order, to a copy that replaces the instance only when all succeeded.
    private func apply(
        _ operations: [CortexOperation],
        id: String,
        _ plural: String,
        _ state: inout BackendState
    )
        throws -> BackendAnswer
    {
        let (index, document) = try instance(id, plural, state)
        let touched = operations.flatMap { operation -> [String] in
            if let path = operation.path { return [path] }
            return operation.value?.objectValue.map { Array($0.keys) } ?? []
        }
        try state.checkKeys(touched, of: plural, readOnly: Self.systemProperties)
        // Uploads go to the instance as stored, whatever the case of the id in the request's path.
        let stored = (plural, document["_id"]?.stringValue ?? id)
        var changed = document
        for var operation in operations {
            let path = Self.propertyPath(of: operation.path, in: changed)
            operation.value = operation.value.map { receivingFiles($0, at: path, instance: stored, &state) }
            try operation.apply(to: &changed, &state)
        }
        guard case .object(var members) = changed else { return BackendAnswer(400, nil) }
        members["updated"] = .string(state.timestamp())
        members["updater"] = account(principal)
        try checkingValues(of: plural, state) {
            try state.checkDocument(.object(members), of: plural, refusingMembersAddedTo: document)
        }
        try state.checkUnique(.object(members), in: plural, replacing: index)
        state.collections[plural]![index] = .object(members)
        return BackendAnswer(.object(members))
    }
}

/// One of Cortex's patch operations, normalized as its `normalizePatchOperations` does: `set` and `push` (with a
/// path, or of a whole object's properties), and `remove` (of a path, or of values or element ids at a path).
/// `unset` becomes removes, `pull` a remove with values.
struct CortexOperation {
    enum Kind { case set, push, remove }

    var kind: Kind
    /// Dotted, `/` read as `.`; an array's element is named by its `_id`.
    var path: String?
    var value: JSONValue?
    /// A remove of values (primitives, or element ids) rather than of the path.
    var values: [JSONValue]? = nil

    static func normalized(_ body: JSONValue?) throws -> [CortexOperation] {
        let entries: [JSONValue]
        switch body {
        case .array(let array)?: entries = array
        case .object?: entries = [body!]
        default: throw BackendFault.invalid("an array of operations is expected")
        }
        var operations: [CortexOperation] = []
        for entry in entries {
            guard case .object(let members) = entry else {
                throw BackendFault.invalid("an object is expected for each patch operation")
            }
            let path = members["path"]?.stringValue?.replacingOccurrences(of: "/", with: ".")
            switch members["op"]?.stringValue {
            case "unset":
                guard case .object(let paths) = members["value"] else {
                    throw BackendFault.invalid("unset takes an object of paths")
                }
                operations += paths.keys.sorted().map {
                    CortexOperation(kind: .remove, path: $0.replacingOccurrences(of: "/", with: "."))
                }
            case let op? where op == "remove" || op == "pull":
                guard let path, op == "remove" || members["value"] != nil else {
                    throw BackendFault.invalid("\(op) takes a path" + (op == "pull" ? " and a value" : ""))
                }
                var operation = CortexOperation(kind: .remove, path: path)
                if let value = members["value"] {
                    let values = value.arrayValue ?? [value]
                    guard values.allSatisfy({ [.string, .number, .bool].contains(ValueKind($0)) }) else {
                        throw BackendFault.invalid("remove takes primitive values", path: path)
                    }
                    operation.values = values
                }
                operations.append(operation)
            case let op? where op == "set" || op == "push":
                guard let value = members["value"] else { throw BackendFault.invalid("\(op) takes a value") }
                if path == nil, case .object = value {
                } else if path == nil {
                    throw BackendFault.invalid("\(op) without a path takes an object")
                }
                operations.append(CortexOperation(kind: op == "set" ? .set : .push, path: path, value: value))
            case let op:
                throw BackendFault.invalid("unsupported patch operation \(op ?? "none")")
            }
        }
        if operations.isEmpty { throw BackendFault.invalid("no operations") }
        return operations
    }

    func apply(to document: inout JSONValue, _ state: inout BackendState) throws {
        guard let path else {
            // A set or push of a whole object's properties, one by one.
            for (key, value) in value?.objectValue?.sorted(by: { $0.key < $1.key }) ?? [] {
                try CortexOperation(kind: kind, path: key, value: value).apply(to: &document, &state)
            }
            return
        }
        try Self.change(&document, try checkedSegments(path)[...], path: path, create: kind != .remove) {
            holder,
            last in
            try self.applyLast(to: &holder, last, path: path, &state)
        }
    }

    /// Walks to the container of the path's last segment (creating documents on the way, except for a remove),
    /// and calls `body` with it.
    private static func change(
        _ value: inout JSONValue,
        _ rest: ArraySlice<String>,
        path: String,
        create: Bool = true,
        _ body: (inout JSONValue, String) throws -> Void
    ) throws {
        guard rest.count > 1 else {
            try body(&value, rest.first ?? path)
            return
        }
        let segment = rest.first!
        switch value {
        case .object(var members):
            var member = members[segment] ?? .object([:])
            if members[segment] == nil && !create { return }
            try change(&member, rest.dropFirst(), path: path, create: create, body)
            members[segment] = member
            value = .object(members)
        case .array(var elements):
            guard let index = elements.firstIndex(where: { $0["_id"]?.stringValue == segment }) else {
                throw BackendFault.notFound("no element \(segment) in \(path)")
            }
            try change(&elements[index], rest.dropFirst(), path: path, create: create, body)
            value = .array(elements)
        default:
            throw BackendFault.invalid("\(path) has no member \(segment)", path: path)
        }
    }

    private func applyLast(to holder: inout JSONValue, _ last: String, path: String, _ state: inout BackendState) throws
    {
        switch (kind, holder) {
        case (.set, .object(var members)):
            if case .null? = value { members[last] = nil } else { members[last] = givingElementIDs(value!, &state) }
            holder = .object(members)
        case (.set, .array(var elements)):
            // A set of an element's whole value, by its _id.
            guard let index = elements.firstIndex(where: { $0["_id"]?.stringValue == last }) else {
                throw BackendFault.notFound("no element \(last) in \(path)")
            }
            // The element keeps its _id, by which it is addressed.
            var element = givingElementIDs(value!, &state)
            if case .object(var members) = element, let id = elements[index]["_id"] {
                members["_id"] = id
                element = .object(members)
            }
            elements[index] = element
            holder = .array(elements)
        case (.push, .object(var members)):
            var target = members[last] ?? .array([])
            guard case .array(var elements) = target else {
                throw BackendFault.invalid("\(path) is not an array", path: path)
            }
            let pushed = givingElementIDs(.array(value!.arrayValue ?? [value!]), &state)
            elements += pushed.arrayValue ?? []
            target = .array(elements)
            members[last] = target
            holder = .object(members)
        case (.remove, .object(var members)):
            if let values {
                guard let target = members[last] else { return }
                guard case .array(let elements) = target else {
                    throw BackendFault.invalid("\(path) is not an array", path: path)
                }
                members[last] = .array(
                    elements.filter { element in
                        !values.contains { value in
                            sameValue(element, value) || element["_id"].map { sameValue($0, value) } == true
                        }
                    }
                )
            } else {
                members[last] = nil
            }
            holder = .object(members)
        case (.remove, .array(let elements)):
            holder = .array(elements.filter { $0["_id"]?.stringValue != last })
        default:
            throw BackendFault.invalid("\(path) can't take this operation", path: path)
        }
    }
}
