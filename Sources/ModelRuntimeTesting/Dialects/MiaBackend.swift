import Foundation
import ModelRuntime

/// Mia-Platform's CRUD service over the stored documents, as crud-service's `lib/httpInterface.js` routes and answers
/// (`/<collection>/`, `/count`, `/bulk`, `/<id>`, `/<id>/state`), with `__STATE__` and `_st`.
struct MiaBackend: BackendDialect {
    /// The state a create gets when neither its body nor the model's endpoint names one.
    var defaultState: String
    let idKey = "_id"
    let pageSize = 200
    var defaultIDs: IDGenerator { .objectIDs(prefix: "66") }

    static let states: Set<String> = ["PUBLIC", "DRAFT", "TRASH", "DELETED"]
    /// The update operators a PATCH takes, in the order they are applied.
    static let updateOperators = ["$set", "$unset", "$inc", "$mul", "$currentDate", "$push", "$pull", "$addToSet"]
    /// Each state, and the states a document may move into it from.
    static let stateMachine: [String: [String]] = [
        "PUBLIC": ["DRAFT"], "DRAFT": ["PUBLIC", "TRASH"], "TRASH": ["PUBLIC", "DRAFT", "DELETED"],
        "DELETED": ["TRASH"],
    ]
    /// Properties the service sets itself.
    static let systemProperties: Set<String> = ["_id", "createdAt", "creatorId", "updatedAt", "updaterId"]

    var filterRules: FilterRules {
        FilterRules(operators: MiaDialect.filter.supportedOperators, backend: "mia", idsAreObjectIDs: true)
    }

    func seeded(_ members: [String: JSONValue], _ state: inout BackendState) -> [String: JSONValue] {
        var members = members
        if members["__STATE__"] == nil { members["__STATE__"] = "PUBLIC" }
        return members
    }

    func errorBody(_ fault: BackendFault) -> JSONValue {
        let reasons = [400: "Bad Request", 404: "Not Found", 405: "Method Not Allowed", 409: "Conflict"]
        // The service's validation messages (Fastify's) start with the field's path: `body/c_name must be string`;
        // a property the collection doesn't define is named after the message, as the service's error handler
        // (`index.js`, `customErrorHandler`) adds it.
        let message =
            switch fault.code {
            case "validation": "body/\(fault.path ?? "") is refused: \(fault.message)"
            case "unknownProperty":
                "body must NOT have additional properties. Property \"\(fault.path ?? "")\" is not defined in "
                    + "validation schema"
            case "required": "body must have required property '\(fault.path ?? "")'"
            default: fault.message
            }
        return [
            "statusCode": .int(fault.status), "error": .string(reasons[fault.status] ?? "Error"),
            "message": .string(message),
        ]
    }

    func answer(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        guard let (collection, endpoint, rest) = state.collection(in: request.segments) else {
            throw BackendFault.notFound("no collection at /")
        }
        let route = rest.first { !$0.isEmpty }
        switch (request.method, rest.filter { !$0.isEmpty }.count, route) {
        case ("GET", 0, _): return BackendAnswer(.array(try list(request, collection, state)))
        case ("GET", 1, "count"): return BackendAnswer(.int(try visible(request, collection, state).count))
        case ("POST", 0, _):
            return BackendAnswer([
                "_id": .string(try create(request.body, request, collection, endpoint: endpoint, &state))
            ])
        case ("POST", 1, "bulk"):
            guard case .array(let bodies) = request.body else { throw BackendFault.invalid("body must be array") }
            let ids = try bodies.map { try create($0, request, collection, endpoint: endpoint, &state) }
            return BackendAnswer(.array(ids.map { ["_id": .string($0)] }))
        case ("PATCH", 0, _):
            let selected = try visible(request, collection, state).map(\.index)
            for index in selected { try update(at: index, request, collection, &state) }
            return BackendAnswer(.int(selected.count))
        case ("DELETE", 0, _):
            let selected = try visible(request, collection, state).map(\.index)
            for index in selected.reversed() { state.collections[collection]!.remove(at: index) }
            return BackendAnswer(.int(selected.count))
        case ("GET", 1, let id?):
            let index = try instance(id, request, collection, state)
            return BackendAnswer(try selection(request).project(state.documents(collection)[index]))
        case ("PATCH", 1, let id?):
            let index = try instance(id, request, collection, state)
            try update(at: index, request, collection, &state)
            return BackendAnswer(state.documents(collection)[index])
        case ("DELETE", 1, let id?):
            state.collections[collection]!.remove(at: try instance(id, request, collection, state))
            return BackendAnswer(204, nil)
        case ("POST", 2, let id?) where rest.last == "state":
            guard let target = request.body?["stateTo"]?.stringValue, Self.states.contains(target) else {
                throw BackendFault.invalid("body/stateTo must be equal to one of the allowed values")
            }
            // The states a document may move from into `target` (crud-service `lib/CrudService.js`,
            // STATES_FINITE_STATE_MACHINE, @ bd427899): from any other, the document is not found.
            let from = Self.stateMachine[target] ?? []
            var visibleRequest = request
            visibleRequest.query = request.query.filter { $0.name != "_st" } + [("_st", from.joined(separator: ","))]
            guard !from.isEmpty,
                let index = try visible(visibleRequest, collection, state).first(where: {
                    $0.document["_id"]?.stringValue == id
                })?.index,
                case .object(var document) = state.documents(collection)[index]
            else {
                throw BackendFault.notFound("The requested resource was not found")
            }
            document["__STATE__"] = .string(target)
            document["updatedAt"] = .string(state.timestamp())
            document["updaterId"] = .string(user(request))
            state.collections[collection]![index] = .object(document)
            return BackendAnswer(204, nil)
        default:
            throw BackendFault(status: 404, code: "notFound", message: "Route \(request.method) not found")
        }
    }

    private func user(_ request: BackendRequest) -> String {
        request.headers["userid"] ?? "public"
    }

    // MARK: Reading

    /// The states a request sees: its `_st`, else only `PUBLIC`.
    private func states(_ request: BackendRequest) throws -> Set<String> {
        guard let text = request.item("_st") else { return ["PUBLIC"] }
        let states = Set(text.split(separator: ",").map(String.init))
        guard states.isSubset(of: Self.states), !states.isEmpty else {
            throw BackendFault.invalid("querystring/_st must match pattern of states")
        }
        return states
    }

    /// The documents in the request's states that its `_q` selects, with their indexes.
    private func visible(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState
    ) throws
        -> [(index: Int, document: JSONValue)]
    {
        let states = try states(request)
        var query = request.item("_q")
        if let encoded = query, request.headers["json-query-params-encoding"] == "base64" {
            guard let data = Data(base64Encoded: encoded) else { throw BackendFault.invalid("_q is not base64") }
            query = String(decoding: data, as: UTF8.self)
        }
        let filter = try query.map { try BackendRequest.json($0, what: "_q") }
        let compiled = try filter.map(filterRules.compile)
        return state.documents(collection).enumerated().filter { _, document in
            guard let current = document["__STATE__"]?.stringValue, states.contains(current) else { return false }
            return compiled?.matches(document) ?? true
        }.map { ($0.offset, $0.element) }
    }

    private func selection(_ request: BackendRequest) throws -> DocumentSelection {
        var selection = DocumentSelection(alwaysIncluded: ["_id"], idsAreObjectIDs: true)
        if let projection = request.item("_p") {
            selection.included = projection.split(separator: ",").map(String.init)
        }
        if let raw = try request.jsonItem("_rawp") {
            guard case .object(let members) = raw else { throw BackendFault.invalid("_rawp is an object") }
            for (key, value) in members {
                if value.intValue == 0 || value.boolValue == false {
                    selection.excluded.append(key)
                } else {
                    selection.included.append(key)
                }
            }
        }
        return selection
    }

    private func list(_ request: BackendRequest, _ collection: String, _ state: BackendState) throws -> [JSONValue] {
        var selection = try selection(request)
        if let sort = request.item("_s") {
            selection.order = sort.split(separator: ",").map { key in
                key.hasPrefix("-") ? (String(key.dropFirst()), false) : (String(key), true)
            }
        }
        selection.skip = try request.intItem("_sk") ?? 0
        // With the service's default CRUD_LIMIT_CONSTRAINT_ENABLED, `_l` is from 1 to CRUD_MAX_LIMIT (200), which is
        // also the page without one (crud-service's README and its docs' pagination page).
        let limit = try request.intItem("_l") ?? pageSize
        guard (1...pageSize).contains(limit) else {
            throw BackendFault.invalid("querystring/_l must be <= \(pageSize) and >= 1")
        }
        selection.limit = limit
        return try selection.page(of: try visible(request, collection, state).map(\.document))
    }

    private func instance(
        _ id: String,
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState
    ) throws
        -> Int
    {
        let hasID = BackendState.hasID(id, idKey: "_id")
        guard let found = try visible(request, collection, state).first(where: { hasID($0.document) }) else {
            throw BackendFault.notFound("The requested resource was not found")
        }
        return found.index
    }

    // MARK: Writing

    private func create(
        _ body: JSONValue?,
        _ request: BackendRequest,
        _ collection: String,
        endpoint: String,
        _ state: inout BackendState
    ) throws -> String {
        guard case .object(var document) = body else { throw BackendFault.invalid("body must be object") }
        try state.checkKeys(document.keys.filter { $0 != "__STATE__" }, of: collection, readOnly: Self.systemProperties)
        try state.checkRequiredMembers(document, of: collection)
        let initial =
            document["__STATE__"]?.stringValue ?? state.models[collection]?.defaultStates[endpoint] ?? defaultState
        guard Self.states.contains(initial) else { throw BackendFault.invalid("body/__STATE__ must be a state") }
        let id = state.newID()
        let now = state.timestamp()
        document["_id"] = .string(id)
        document["__STATE__"] = .string(initial)
        document["createdAt"] = .string(now)
        document["creatorId"] = .string(user(request))
        document["updatedAt"] = .string(now)
        document["updaterId"] = .string(user(request))
        try state.checkDocument(.object(document), of: collection)
        try state.checkUnique(.object(document), in: collection, replacing: nil)
        state.collections[collection, default: []].append(.object(document))
        return id
    }

    /// Applies the body's operators (`$set $unset $inc $mul $currentDate $push $pull $addToSet`) to the document at
    /// `index`; a field under two of them is refused, as MongoDB refuses it.
    private func update(
        at index: Int,
        _ request: BackendRequest,
        _ collection: String,
        _ state: inout BackendState
    ) throws {
        guard case .object(let operators) = request.body, !operators.isEmpty else {
            throw BackendFault.invalid("body must be an object of update operators")
        }
        var fields: [String] = []
        for (name, value) in operators {
            guard case .object(let members) = value else { throw BackendFault.invalid("body/\(name) must be object") }
            fields += members.keys
        }
        if let clash = Dictionary(grouping: fields, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw BackendFault.invalid("Updating the path '\(clash)' would create a conflict at '\(clash)'")
        }
        // A document's state changes through its /state route; the PATCH schema has no __STATE__.
        try state.checkKeys(fields, of: collection, readOnly: Self.systemProperties.union(["__STATE__"]))
        var document = state.documents(collection)[index]
        let now = state.timestamp()
        for name in Self.updateOperators {
            guard case .object(let members)? = operators[name] else { continue }
            for (field, operand) in members {
                try Self.apply(
                    name,
                    operand,
                    at: try checkedSegments(field)[...],
                    in: &document,
                    field: field,
                    now: now
                )
            }
        }
        if let unknown = operators.keys.first(where: { !Self.updateOperators.contains($0) }) {
            throw BackendFault.invalid("body/\(unknown) is not an update operator")
        }
        guard case .object(var members) = document else { return }
        members["updatedAt"] = .string(now)
        members["updaterId"] = .string(user(request))
        try state.checkDocument(.object(members), of: collection)
        try state.checkUnique(.object(members), in: collection, replacing: index)
        state.collections[collection]![index] = .object(members)
    }

    private static func apply(
        _ name: String,
        _ operand: JSONValue,
        at path: ArraySlice<String>,
        in value: inout JSONValue,
        field: String,
        now: String
    ) throws {
        guard case .object(var members) = value else {
            throw BackendFault.invalid("Cannot create field '\(path.first ?? field)' in a non-object for \(field)")
        }
        let key = path.first!
        if path.count > 1 {
            if name == "$unset" && members[key] == nil { return }
            var inner = members[key] ?? .object([:])
            try apply(name, operand, at: path.dropFirst(), in: &inner, field: field, now: now)
            members[key] = inner
            value = .object(members)
            return
        }
        let current = members[key]
        switch name {
        case "$set": members[key] = operand
        case "$unset": members[key] = nil
        case "$currentDate": members[key] = .string(now)
        case "$inc", "$mul":
            guard ValueKind(operand) == .number else { throw BackendFault.invalid("Cannot \(name) with a non-number") }
            // A missing field counts as 0 for both: `$inc` sets the amount, `$mul` sets 0.
            let base: JSONValue = current ?? .int(0)
            guard ValueKind(base) == .number else {
                throw BackendFault.invalid("Cannot apply \(name) to a value of non-numeric type at \(field)")
            }
            members[key] = arithmetic(base, operand, add: name == "$inc")
        case "$push", "$addToSet", "$pull":
            let elements = current?.arrayValue ?? []
            guard current == nil || current?.arrayValue != nil else {
                throw BackendFault.invalid("The field '\(field)' must be an array")
            }
            let operands: [JSONValue]
            if name == "$pull" {
                let pulled = try Self.pullCondition(operand)
                members[key] = .array(elements.filter { !pulled($0) })
            } else {
                if let each = operand["$each"] {
                    guard each.arrayValue != nil, operand.objectValue?.count == 1 else {
                        throw BackendFault.invalid("$each takes an array, and no other modifier here")
                    }
                }
                operands = operand["$each"]?.arrayValue ?? [operand]
                members[key] = .array(appending(operands, to: elements, unique: name == "$addToSet"))
            }
        default: break
        }
        value = .object(members)
    }
}

extension MiaBackend {
    /// Which elements a `$pull` removes, as MongoDB reads its operand: a condition of operators (`{"$in": […]}`,
    /// `{"$gte": 6}`) on each element, a document's conditions on each document element (`{"sku": "a"}` removes
    /// every element whose `sku` is `a`), or a value each element equals.
    static func pullCondition(_ operand: JSONValue) throws -> (JSONValue) -> Bool {
        let rules = FilterRules(operators: MiaDialect.filter.supportedOperators, backend: "mia")
        guard case .object(let members) = operand else { return { sameValue($0, operand) } }
        if members.keys.contains(where: { $0.hasPrefix("$") }) {
            let filter = try rules.compile(["element": operand])
            return { filter.matches(["element": $0]) }
        }
        let filter = try rules.compile(operand)
        return { element in element.objectValue != nil && filter.matches(element) }
    }
}

/// `a + b` or `a * b`, as ints when both are and the result fits, else as doubles.
func arithmetic(_ a: JSONValue, _ b: JSONValue, add: Bool) -> JSONValue {
    if case .int(let x) = a, case .int(let y) = b {
        let (result, overflow) = add ? x.addingReportingOverflow(y) : x.multipliedReportingOverflow(by: y)
        if !overflow { return .int(result) }
    }
    let (x, y) = (a.doubleValue ?? 0, b.doubleValue ?? 0)
    return .double(add ? x + y : x * y)
}
