import Foundation
import ModelRuntime

/// Mia-Platform's CRUD service over the stored documents, as crud-service's `lib/httpInterface.js` routes and answers
/// (`/<collection>/`, `/count`, `/bulk`, `/<id>`, `/<id>/state`), with `__STATE__` and `_st`.
struct MiaBackend: BackendDialect {
    /// The state a create gets when neither its body nor the model's endpoint names one.
    var defaultState: String
    /// The header that names the user who writes (the service's USER_ID_HEADER_KEY), in lowercase.
    var userIDHeader = "userid"
    let idKey = "_id"
    /// The largest `_l` (CRUD_MAX_LIMIT's default, 200).
    let maximumLimit = 200
    /// The page without `_l`: the default crud-service's list schema gives `_l` under its default
    /// CRUD_LIMIT_CONSTRAINT_ENABLED (`lib/schemaGetters.js`, `defaultGetListQueryParams`), which Fastify's Ajv
    /// (`useDefaults`) fills in.
    let defaultLimit = 25
    var defaultIDs: IDGenerator { .objectIDs(prefix: "66") }

    /// A new document's id: a UUID where the collection's `_id` is a string, else an ObjectId, as the service's
    /// MongoDB client makes them (crud-service `lib/pkFactories.js`, the factory of the collection's id type that
    /// `lib/mongo/mongo-plugin.js` registers).
    func newID(in collection: String, _ state: inout BackendState) -> String {
        Self.idsAreStrings(in: collection, state) ? state.newUUID() : state.newID()
    }

    /// Whether `collection`'s `_id` is a string rather than an ObjectId, which the service reads from the collection's
    /// definition (crud-service `lib/mongo/mongo-plugin.js`, `getIdType`): the registered model's `id` is a `String`;
    /// without a registered model, the first stored document's `_id` is text that is no ObjectId. A collection has one
    /// kind of id, and reading one document keeps this constant in a request that makes many ids (`POST /bulk`).
    static func idsAreStrings(in collection: String, _ state: BackendState) -> Bool {
        if let model = state.models[collection] { return model.idIsString }
        guard let id = state.documents(collection).first?["_id"]?.stringValue else { return false }
        return ObjectID(id) == nil
    }

    static let states: Set<String> = ["PUBLIC", "DRAFT", "TRASH", "DELETED"]
    /// MongoDB's query operators that the in-memory filter evaluates.
    static let mongoOperators: Set<String> = [
        "$and", "$or", "$nor", "$eq", "$ne", "$gt", "$gte", "$lt", "$lte", "$in", "$nin", "$all", "$exists", "$size",
        "$elemMatch", "$regex", "$not",
    ]
    /// The update operators a PATCH takes, in the order they are applied.
    static let updateOperators = ["$set", "$unset", "$inc", "$mul", "$currentDate", "$push", "$pull", "$addToSet"]
    /// Each state, and the states a document may move into it from, for a change of many (`POST /state`:
    /// crud-service `lib/CrudService.js`, STATES_FINITE_STATE_MACHINE).
    static let stateMachine: [String: [String]] = [
        "PUBLIC": ["DRAFT"], "DRAFT": ["PUBLIC", "TRASH"], "TRASH": ["PUBLIC", "DRAFT", "DELETED"],
        "DELETED": ["TRASH"],
    ]
    /// Each state, and the states a document in it may move to by its id (`POST /<id>/state`: crud-service
    /// `lib/CrudService.js`, ALLOWED_STATES_MAP).
    static let allowedTransitions: [String: [String]] = [
        "PUBLIC": ["DRAFT", "PUBLIC", "TRASH"], "DRAFT": ["DRAFT", "PUBLIC", "TRASH"],
        "TRASH": ["DELETED", "DRAFT", "TRASH"], "DELETED": ["DELETED", "TRASH"],
    ]
    /// Properties the service sets itself.
    static let systemProperties: Set<String> = ["_id", "createdAt", "creatorId", "updatedAt", "updaterId"]
    /// The properties the service stores as dates in every collection: a filter's value for them is cast to a date.
    static let dateProperties: Set<String> = ["createdAt", "updatedAt"]
    /// The query parameters the routes read themselves; any other names a field the documents must equal.
    static let reservedParameters: Set<String> = [
        "_q", "_p", "_rawp", "_s", "_l", "_sk", "_st", "_useEstimate", "_exportOpts",
    ]

    /// The filter rules of `collection`: its `_id` read as an ObjectId unless the collection's ids are strings, which
    /// the query parser leaves as they are (crud-service `lib/QueryParser.js`, `castValueFunctions` casts only an
    /// ObjectId's).
    private func filterRules(of collection: String, _ state: BackendState) -> FilterRules {
        var rules = filterRules
        rules.idsAreObjectIDs = !Self.idsAreStrings(in: collection, state)
        return rules
    }

    var filterRules: FilterRules {
        FilterRules(
            operators: MiaDialect.filter.supportedOperators,
            backend: "mia",
            idsAreObjectIDs: true,
            // The query parser passes an `$elemMatch` on to MongoDB unread (crud-service `lib/QueryParser.js`,
            // `callElemMatch`): in it MongoDB's operators, `$nor` and `$not` too.
            elementMatchOperators: Self.mongoOperators,
            // The query parser passes `$exists`'s operand on as it is (`callExists`), which MongoDB reads by its truth.
            existsTakesAnyValue: true
        )
    }

    func seeded(
        _ members: [String: JSONValue],
        into collection: String,
        _ state: inout BackendState
    ) -> [String: JSONValue] {
        var members = members
        if members["__STATE__"] == nil { members["__STATE__"] = "PUBLIC" }
        return members
    }

    /// An update MongoDB fails (operators in conflict, a field of a non-object, an array operator on a value that is
    /// no array): the service passes MongoDB's error on unhandled, a 500 (crud-service `lib/httpInterface.js`, and
    /// `tests/httpInterface.patchById.special.test.js`, "should return 500").
    static func mongoFault(_ message: String) -> BackendFault {
        BackendFault(status: 500, code: "mongo", message: message)
    }

    /// A refusal by the route's JSON schema, which Fastify answers with its code `FST_ERR_VALIDATION`.
    static func schemaFault(_ message: String) -> BackendFault {
        BackendFault(status: 400, code: "schema", message: message)
    }

    /// A value of the wrong type refused as the route's schema refuses it, in Ajv's words with Fastify's pointer to
    /// the value: `body/c_count must be number` (crud-service `tests/httpInterface.patchById.special.test.js`:
    /// `body/$set/tagIds.$.replace must be number`); any other fault, or one without a `pointer`, as it is. A number
    /// with a fraction for an `Int` property, which the model's decoding refuses as a number that doesn't fit, is
    /// what the schema's `integer` refuses: `body/c_count must be integer`.
    static func wrongType(_ fault: BackendFault, at pointer: String?, in document: JSONValue) -> BackendFault {
        guard let expected = fault.expected ?? fractionRefused(fault, in: document), let pointer else { return fault }
        // The collection's JSON Schema types: a date is a `date-time` string, and Mia-Platform has no pointer.
        let type =
            switch expected {
            case .string, .date: "string"
            case .number: "number"
            case .integer: "integer"
            case .boolean: "boolean"
            case .array: "array"
            case .object, .pointer: "object"
            }
        var refusal = schemaFault("\(pointer) must be \(type)")
        refusal.path = fault.path
        return refusal
    }

    /// `.integer` where the model refused a number with a fraction, in a fault that names no kind (its decoding says
    /// the number doesn't fit): only an integer type refuses a finite one. A whole number past `Int` is one Ajv's
    /// `integer` takes, which the model can't store: that refusal stays the decoder's.
    private static func fractionRefused(_ fault: BackendFault, in document: JSONValue) -> ExpectedKind? {
        guard let path = fault.path, let value = values(at: segments(path), in: document).first,
            case .double(let number) = value, number.isFinite, !isWhole(value)
        else { return nil }
        return .integer
    }

    /// `document` with each value the registered model reads as another type coerced as the service's Ajv coerces
    /// a body (`coerceTypes: true`, crud-service `lib/validatorGetters.js`, `getAjvValidator`): text that spells a
    /// number to the number, a number or a boolean to its text, `"true"`, `"false"`, `1` and `0` to a boolean, and
    /// `true` and `false` to `1` and `0`. A value no rule coerces is left for the model to refuse.
    static func coercing(_ document: JSONValue, of collection: String, _ state: BackendState) -> JSONValue {
        var coerced = document
        // Each pass coerces the value the model's decoding stopped at; a document has no more values than members.
        for _ in 0..<10_000 {
            do {
                try state.checkDocument(coerced, of: collection)
                return coerced
            } catch let fault as BackendFault {
                guard let expected = fault.expected, let path = fault.path,
                    let changed = replacing(in: coerced, at: segments(path)[...], { coerce($0, to: expected) })
                else { return coerced }
                coerced = changed
            } catch {
                return coerced
            }
        }
        return coerced
    }

    /// A body's scalar as the route's schema coerces it to the field's `kind`, which the registered model says
    /// (Fastify's Ajv, `coerceTypes`): `"5"` for a number is 5, `5` for a text `"5"`; one it can't coerce is the
    /// schema's refusal at `pointer`. A value of no known scalar kind is left as it is.
    static func coercedScalar(_ value: JSONValue, at pointer: String, kind: FieldKind?) throws -> JSONValue {
        let expected: (kind: ExpectedKind, name: String)
        switch (kind, ValueKind(value)) {
        case (.string?, .string), (.number?, .number), (.boolean?, .bool), (_, .null): return value
        case (.string?, _): expected = (.string, "string")
        case (.number?, _): expected = (.number, "number")
        case (.integer?, _): expected = (.integer, "integer")
        case (.boolean?, _): expected = (.boolean, "boolean")
        default: return value
        }
        guard let coerced = coerce(value, to: expected.kind) else {
            throw schemaFault("\(pointer) must be \(expected.name)")
        }
        return coerced
    }

    /// Whether `value` is a number Ajv's `integer` takes: one without a fraction.
    private static func isWhole(_ value: JSONValue) -> Bool {
        switch value {
        case .int, .bigInteger: true
        case .double(let number): number.isFinite && number == number.rounded(.towardZero)
        default: false
        }
    }

    /// `value` coerced to `kind` as Ajv coerces a scalar; nil where it doesn't. An `integer` takes what a number
    /// does, when it is whole.
    private static func coerce(_ value: JSONValue, to kind: ExpectedKind) -> JSONValue? {
        if case .integer = kind {
            // Not `flatMap` with a `nil`: JSONValue takes `nil` as its `null`.
            guard let number = ValueKind(value) == .number ? value : coerce(value, to: .number), isWhole(number) else {
                return nil
            }
            return number
        }
        switch (kind, value) {
        case (.string, .int), (.string, .double), (.string, .bigInteger), (.string, .bool):
            return .string(javaScriptString(value))
        case (.number, .string(let text)):
            // JavaScript's `+text`: the number the trimmed text spells, none for empty text.
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, let number = Double(trimmed), number.isFinite else { return nil }
            return number == number.rounded(.towardZero) && abs(number) < 9e15 ? .int(Int(number)) : .double(number)
        case (.number, .bool(let flag)): return .int(flag ? 1 : 0)
        case (.boolean, .string("true")), (.boolean, .int(1)): return .bool(true)
        case (.boolean, .string("false")), (.boolean, .int(0)): return .bool(false)
        default: return nil
        }
    }

    /// `document` with the value at `path` (a coding path's segments, an array's element by its index) replaced
    /// by what `change` makes of it; nil where the path reaches no value or `change` makes none.
    private static func replacing(
        in document: JSONValue,
        at path: ArraySlice<String>,
        _ change: (JSONValue) -> JSONValue?
    ) -> JSONValue? {
        guard let segment = path.first else { return change(document) }
        switch document {
        case .object(var members):
            guard let member = members[segment], let new = replacing(in: member, at: path.dropFirst(), change) else {
                return nil
            }
            members[segment] = new
            return .object(members)
        case .array(var elements):
            guard let index = Int(segment), elements.indices.contains(index),
                let new = replacing(in: elements[index], at: path.dropFirst(), change)
            else { return nil }
            elements[index] = new
            return .array(elements)
        default: return nil
        }
    }

    /// A query parameter the route's schema doesn't have (its querystring allows no other), as crud-service's
    /// error handler words the refusal (`index.js`, `customErrorHandler`): a new error of its own, without Fastify's
    /// code.
    static func unknownParameter(_ name: String) -> BackendFault {
        additionalProperty(name, at: "querystring")
    }

    /// A property the route's schema doesn't have at `pointer` (`querystring`, `body`, `body/$set`), as
    /// crud-service's error handler words the refusal (`index.js`, `customErrorHandler`): a new error of its own,
    /// without Fastify's code.
    static func additionalProperty(_ property: String, at pointer: String) -> BackendFault {
        BackendFault(
            status: 400,
            code: "additionalProperty",
            message:
                "\(pointer) must NOT have additional properties. Property \"\(property)\" is not defined in validation "
                + "schema",
            path: property
        )
    }

    /// Refuses keys the route's body schema leaves out at `pointer` (`body`, `body/$set`): a field the registered
    /// model doesn't have, or one of `readOnly`, which the service sets itself and its schema doesn't list
    /// (crud-service `lib/JSONSchemaGenerator.js`, `collectionFieldsProperties` skips `mandatoryFields`).
    private func checkBodyKeys(
        _ keys: some Sequence<String>,
        at pointer: String,
        of collection: String,
        readOnly: Set<String>,
        _ state: BackendState
    ) throws {
        do {
            try state.checkKeys(keys, of: collection, readOnly: readOnly)
        } catch let fault as BackendFault where fault.code == "readOnly" || fault.code == "unknownProperty" {
            throw Self.additionalProperty(fault.path ?? "", at: pointer)
        }
    }

    func errorBody(_ fault: BackendFault) -> JSONValue {
        // Every 404 (a document not found, a route that doesn't exist) is crud-service's notFoundHandler's
        // (`index.js`): `{"error":"not found"}`.
        if fault.status == 404 { return ["error": "not found"] }
        let reasons = [
            400: "Bad Request", 405: "Method Not Allowed", 406: "Not Acceptable", 409: "Conflict",
            500: "Internal Server Error",
        ]
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
        var body: [String: JSONValue] = [
            "statusCode": .int(fault.status), "error": .string(reasons[fault.status] ?? "Error"),
            "message": .string(message),
        ]
        // A refusal by a route's schema is Fastify's validation error, with its code; the error handler rewrites one
        // about additional properties as an error of its own, without it.
        if ["validation", "required", "schema"].contains(fault.code) {
            body["code"] = "FST_ERR_VALIDATION"
        }
        return .object(body)
    }

    /// The query parameters each route's schema takes (crud-service `lib/JSONSchemaGenerator.js`), besides the
    /// fields a document must equal; `_id` among them where the route takes it.
    private enum Route {
        static let list: Set<String> = ["_q", "_p", "_rawp", "_s", "_l", "_sk", "_st", "_id"]
        static let export = list.union(["_exportOpts"])
        static let count: Set<String> = ["_q", "_st", "_rawp", "_useEstimate", "_id"]
        static let item: Set<String> = ["_q", "_p", "_st", "_rawp"]
        static let itemWrite: Set<String> = ["_q", "_st", "_rawp"]
        static let patchMany: Set<String> = ["_q", "_st", "_rawp", "_id"]
        static let deleteMany: Set<String> = ["_q", "_st", "_rawp"]
        static let stateChange: Set<String> = ["_q", "_rawp"]
    }

    func answer(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        guard let (collection, endpoint, rest) = state.collection(in: request.segments) else {
            throw BackendFault.notFound("no collection at /")
        }
        let route = rest.first { !$0.isEmpty }
        switch (request.method, rest.filter { !$0.isEmpty }.count, route) {
        case ("GET", 0, _): return BackendAnswer(.array(try list(request, collection, state, Route.list)))
        case ("GET", 1, "count"):
            // `_useEstimate=true` counts the collection from its metadata: every document, whatever its state or the
            // other parameters (crud-service `lib/httpInterface.js`, `handleCount`).
            if try Self.boolean("_useEstimate", request) == true {
                return BackendAnswer(.int(state.documents(collection).count))
            }
            return BackendAnswer(.int(try visible(request, collection, state, Route.count).count))
        case ("GET", 1, "export"): return try export(request, collection, state)
        case ("POST", 0, _):
            return BackendAnswer([
                "_id": .string(try create(request.body, request, collection, endpoint: endpoint, &state))
            ])
        case ("POST", 1, "validate"):
            // The body's schema only: nothing is written, so no unique index is consulted.
            var scratch = state
            scratch.unique[collection] = nil
            _ = try create(request.body, request, collection, endpoint: endpoint, &scratch)
            return BackendAnswer(["result": "ok"])
        case ("POST", 1, "bulk"): return try createMany(request, collection, endpoint: endpoint, &state)
        case ("PATCH", 1, "bulk"): return BackendAnswer(.int(try patchBulk(request, collection, &state)))
        case ("POST", 1, "upsert-one"): return try upsertOne(request, collection, endpoint: endpoint, &state)
        case ("POST", 1, "state"): return BackendAnswer(.int(try changeStateMany(request, collection, &state)))
        case ("PATCH", 0, _):
            let selected = try visible(request, collection, state, Route.patchMany).map(\.index)
            try patch(selected, request, collection, &state, Route.patchMany)
            return BackendAnswer(.int(selected.count))
        case ("DELETE", 0, _):
            let selected = try visible(request, collection, state, Route.deleteMany).map(\.index)
            for index in selected.reversed() { state.collections[collection]!.remove(at: index) }
            return BackendAnswer(.int(selected.count))
        case ("GET", 1, let id?):
            let index = try instance(id, request, collection, state, Route.item)
            let document = state.documents(collection)[index]
            let projected = try selection(request, collection, state).project(document)
            return BackendAnswer(
                try withMatchedElements(projected, of: document, request, collection, state, Route.item)
            )
        case ("PATCH", 1, let id?):
            let index = try instance(id, request, collection, state, Route.itemWrite)
            try patch([index], request, collection, &state, Route.itemWrite)
            return BackendAnswer(fields(of: state.documents(collection)[index], request, collection, state))
        case ("DELETE", 1, let id?):
            let index = try instance(id, request, collection, state, Route.itemWrite)
            state.collections[collection]!.remove(at: index)
            return BackendAnswer(204, nil)
        case ("POST", 2, let id?) where rest.last == "state":
            try changeState(id, request, collection, &state)
            return BackendAnswer(204, nil)
        default:
            throw BackendFault(status: 404, code: "notFound", message: "Route \(request.method) not found")
        }
    }

    /// Applies the request's body to the documents at `indexes`, as `PATCH /` (by filter) and `PATCH /<id>` do: by
    /// the request's user at the request's one time, within its `acl_write_columns`, with its `_q` and field
    /// conditions naming the element that a positional `$` operator changes.
    private func patch(
        _ indexes: [Int],
        _ request: BackendRequest,
        _ collection: String,
        _ state: inout BackendState,
        _ parameters: Set<String>
    ) throws {
        let selecting = try conditions(request, collection, state, parameters)
        // The service stamps every document a request writes with its context's one `now` (crud-service
        // `lib/hooks.js`, `injectContextInRequest`).
        let now = indexes.isEmpty ? nil : state.timestamp()
        state.openUniqueValues(of: collection)
        defer { state.closeUniqueValues(of: collection) }
        for index in indexes {
            try update(
                at: index,
                request.body,
                user: user(request),
                collection,
                &state,
                now: now,
                selecting: selecting,
                writable: writableColumns(request)
            )
        }
    }

    /// The user a write is by: the USER_ID_HEADER_KEY header (`userid` unless configured), else `public`, as it is
    /// when the header is empty, `null` or `undefined` (crud-service `lib/hooks.js`, `injectContextInRequest`).
    private func user(_ request: BackendRequest) -> String {
        guard let header = request.headers[userIDHeader], !["", "null", "undefined"].contains(header) else {
            return "public"
        }
        return header
    }

    // MARK: States

    /// `POST /<id>/state`: the document `id` that `_q` and the field parameters select, whatever its state, moves to
    /// the body's `stateTo` when its state allows (crud-service `lib/CrudService.js`, `changeStateById`): a
    /// transition the state doesn't allow is a 400, a document without a state may move to any.
    private func changeState(
        _ id: String,
        _ request: BackendRequest,
        _ collection: String,
        _ state: inout BackendState
    ) throws {
        guard let target = request.body?["stateTo"]?.stringValue, Self.states.contains(target) else {
            throw Self.schemaFault("body/stateTo must be equal to one of the allowed values")
        }
        let hasID = BackendState.hasID(id, idKey: "_id", idIsString: Self.idsAreStrings(in: collection, state))
        guard
            let index = try matching(request, collection, state, Route.stateChange, states: nil).first(where: {
                hasID($0.document)
            })?.index,
            case .object(var document) = state.documents(collection)[index]
        else {
            throw BackendFault.notFound("The requested resource was not found")
        }
        if let current = document["__STATE__"]?.stringValue,
            !(Self.allowedTransitions[current] ?? []).contains(target)
        {
            throw BackendFault.invalid("transition from \(current) to \(target) not allowed.")
        }
        document["__STATE__"] = .string(target)
        document["updatedAt"] = .string(state.timestamp())
        document["updaterId"] = .string(user(request))
        state.collections[collection]![index] = .object(document)
    }

    /// `POST /state`: `[{"filter": {…}, "stateTo": …}]`, each moving the documents its filter (fields, and `_id`)
    /// selects among the states `stateTo` may be reached from; answers how many changed (crud-service
    /// `lib/CrudService.js`, `changeStateMany`).
    private func changeStateMany(
        _ request: BackendRequest,
        _ collection: String,
        _ state: inout BackendState
    ) throws -> Int {
        guard case .array(let commands) = request.body, !commands.isEmpty else {
            throw Self.schemaFault("body must NOT have fewer than 1 items")
        }
        var parsed: [(filter: DocumentFilter, target: String)] = []
        for (position, command) in commands.enumerated() {
            guard case .object(let members) = command, case .object(let filter)? = members["filter"],
                let target = members["stateTo"]?.stringValue
            else {
                throw Self.schemaFault("body/\(position) must have required property 'filter' and 'stateTo'")
            }
            if let other = members.keys.sorted().first(where: { !["filter", "stateTo"].contains($0) }) {
                throw Self.schemaFault(
                    "body/\(position) must NOT have additional properties. Property \"\(other)\" is not defined in "
                        + "validation schema"
                )
            }
            guard Self.states.contains(target) else {
                throw Self.schemaFault("body/\(position)/stateTo must be equal to one of the allowed values")
            }
            let conditions = try filter.keys.sorted().map { key -> JSONValue in
                let pointer = "body/\(position)/filter/\(key)"
                if key == "_id", let text = filter[key]?.stringValue {
                    try checkStringID(text, at: pointer, collection, state)
                }
                // The filter's schema has the collection's objects with theirs (`generateChangeStateProperties`),
                // and its fields' `nullable`: a `null` is coerced as a write's.
                try Self.checkDocuments(filter[key]!, at: key, pointer: pointer, of: collection, state, in: nil)
                let value = try Self.coercingNulls(
                    filter[key]!,
                    at: key,
                    pointer: pointer,
                    of: collection,
                    state,
                    reading: nil
                )
                return .object([key: try coercedFilterValue(value, of: key, at: pointer, collection, state)])
            }
            let from: JSONValue = ["__STATE__": ["$in": .array((Self.stateMachine[target] ?? []).map { .string($0) })]]
            let rows = try rowConditions(request)
            let compiled = try compile(.object(["$and": .array(conditions + rows + [from])]), collection, state)
            parsed.append((compiled, target))
        }
        var changed = 0
        let now = state.timestamp()
        for (filter, target) in parsed {
            for (index, document) in state.documents(collection).enumerated() where filter.matches(document) {
                guard case .object(var members) = document else { continue }
                members["__STATE__"] = .string(target)
                members["updatedAt"] = .string(now)
                members["updaterId"] = .string(user(request))
                state.collections[collection]![index] = .object(members)
                changed += 1
            }
        }
        return changed
    }

    /// A `POST /state` filter's value for `key` as the route's schema reads it: its filter has the collection's
    /// fields, an object's with its own schema, and each nested path of them, an array's element too (crud-service
    /// `lib/JSONSchemaGenerator.js`, `generateChangeStateManyJSONSchema` with `getRawSchemaPathsFilteredByType`),
    /// which Fastify's Ajv coerces: `"2"` for a number is 2 at `metadata.somethingNumber`, in `metadata`'s object
    /// and in an array of numbers' `["5"]` (`tests/httpInterface.changeStateBulk.test.js`, "with matching filter on
    /// nested object with object notation"). An object lacking a member its schema requires, or having one it
    /// doesn't define, is refused at `pointer`, as a value of the wrong kind is. Read by the registered model, in a
    /// stored document it reads that has the key's path, with the value put there; without one, a scalar as a
    /// field's is coerced and anything else left as it is.
    private func coercedFilterValue(
        _ value: JSONValue,
        of key: String,
        at pointer: String,
        _ collection: String,
        _ state: BackendState
    ) throws -> JSONValue {
        let kind = state.fieldKind(at: key, in: collection)
        let scalar = value.objectValue == nil && value.arrayValue == nil
        if scalar && kind != .array { return try Self.coercedScalar(value, at: pointer, kind: kind) }
        let path = try checkedSegments(key)
        // A scalar for an array itself (not one of its elements, `tags.0`) is a condition on its elements, as
        // MongoDB reads it (`{"tags": "tag1"}`): coerced as an element is.
        if scalar, Int(path.last ?? "") == nil {
            let element = try coercedFilterValue(.array([value]), of: key, at: pointer, collection, state)
            return element.arrayValue?.first ?? value
        }
        // A few documents at most, as `fieldKind` reads them.
        let probed = state.documents(collection).prefix(20).lazy.compactMap { document -> (JSONValue, JSONValue)? in
            guard (try? state.checkDocument(document, of: collection)) != nil,
                let probe = Self.replacing(in: document, at: path[...], { _ in value })
            else { return nil }
            return (document, probe)
        }.first
        guard let (stored, probe) = probed else {
            return scalar ? try Self.coercedScalar(value, at: pointer, kind: kind) : value
        }
        let coerced = Self.coercing(probe, of: collection, state)
        do {
            try state.checkDocument(coerced, of: collection, refusingMembersAddedTo: stored)
        } catch let fault as BackendFault {
            // Only a refusal of the value itself: the stored document's other members are the model's.
            guard let faultPath = fault.path.map(segments), faultPath.starts(with: path) else { throw fault }
            let below = faultPath.dropFirst(path.count)
            let parent = ([pointer] + below.dropLast()).joined(separator: "/")
            if fault.code == "unknownProperty" { throw Self.additionalProperty(below.last ?? "", at: parent) }
            if fault.expected == nil, fault.message.hasSuffix(" is required") {
                throw Self.schemaFault("\(parent) must have required property '\(below.last ?? "")'")
            }
            throw Self.wrongType(fault, at: ([pointer] + below).joined(separator: "/"), in: coerced)
        }
        return values(at: path, in: coerced).first ?? value
    }

    // MARK: Reading

    /// The states a request sees: its `_st`, else only `PUBLIC`. The schema's pattern for `_st` is not anchored, so
    /// any text that names a state passes it; each of its comma-separated parts is a state a document may be in.
    private func states(_ request: BackendRequest) throws -> Set<String> {
        guard let text = request.item("_st") else { return ["PUBLIC"] }
        try Self.checkStateList(text, at: "querystring/_st")
        return Set(text.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }

    /// Refuses a list of states that fails the schema's pattern for `_st`, at `pointer`: unanchored, it takes any
    /// text that names a state (crud-service `lib/JSONSchemaGenerator.js`, `propertiesGetValidation`).
    private static func checkStateList(_ text: String, at pointer: String) throws {
        guard states.contains(where: { text.contains($0) }) else {
            throw schemaFault(
                "\(pointer) must match pattern \"(PUBLIC|DRAFT|TRASH|DELETED)(,(PUBLIC|DRAFT|TRASH|DELETED))*\""
            )
        }
    }

    /// The item `name`, decoded from base64 when the request says its JSON parameters are (the header
    /// `json-query-params-encoding`, or its older `json_query_params_encoding`), as crud-service decodes `_q` and
    /// `_rawp` (`lib/hooks.js`, `parseEncodedJsonQueryParams`).
    private func jsonParameter(_ name: String, _ request: BackendRequest) throws -> String? {
        guard let text = request.item(name) else { return nil }
        let encoding = request.headers["json-query-params-encoding"] ?? request.headers["json_query_params_encoding"]
        guard encoding == "base64" else { return text }
        return String(decoding: Self.nodeBase64Decoded(text), as: UTF8.self)
    }

    /// `text`'s bytes as Node's `Buffer.from(text, 'base64')` decodes them, which never fails: the URL-safe alphabet
    /// too, padding optional, a character outside the alphabet skipped, and the text ended by its first `=`.
    static func nodeBase64Decoded(_ text: String) -> Data {
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var digits = String(
            text.prefix { $0 != "=" }.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 }.filter(alphabet.contains)
        )
        // A lone last digit holds fewer than 8 bits: no byte.
        if digits.count % 4 == 1 { digits.removeLast() }
        digits += String(repeating: "=", count: (4 - digits.count % 4) % 4)
        return Data(base64Encoded: digits) ?? Data()
    }

    /// The documents in the request's states that its `_q`, its field parameters and the `further` conditions
    /// select, with their indexes.
    private func visible(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>,
        further: [JSONValue] = []
    ) throws
        -> [(index: Int, document: JSONValue)]
    {
        try matching(request, collection, state, parameters, states: try states(request), further: further)
    }

    /// The documents the request's `_q`, its field parameters and the `further` conditions select, among those in
    /// `states` (any state when nil). A parameter the route doesn't take is refused.
    private func matching(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>,
        states: Set<String>?,
        further: [JSONValue] = []
    ) throws
        -> [(index: Int, document: JSONValue)]
    {
        let conditions = try conditions(request, collection, state, parameters) + further
        let compiled = try conditions.isEmpty ? nil : compile(.object(["$and": .array(conditions)]), collection, state)
        return state.documents(collection).enumerated().filter { _, document in
            if let states {
                guard let current = document["__STATE__"]?.stringValue, states.contains(current) else { return false }
            }
            return compiled?.matches(document) ?? true
        }.map { ($0.offset, $0.element) }
    }

    /// The conditions a request selects by: its `_q`, and a field's for each parameter that names one.
    private func conditions(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>
    ) throws -> [JSONValue] {
        var conditions: [JSONValue] = []
        if let query = try jsonParameter("_q", request) {
            // The service parses `_q` outside its error handling: text that isn't JSON fails the request with a 500
            // (crud-service `lib/resolveMongoQuery.js`, `JSON.parse`).
            guard let filter = (try? JSONValue(parsing: Data(query.utf8), maximumDepth: 128)).map(javaScriptNumbers)
            else {
                throw BackendFault(status: 500, code: "syntax", message: "_q is not JSON")
            }
            conditions.append(filter)
        }
        return conditions + (try fieldParameters(request, collection, state, parameters)) + (try rowConditions(request))
    }

    /// Each query parameter that isn't one the routes read, as the condition that the field it names equals its
    /// value (crud-service `lib/resolveMongoQuery.js`). Fastify's Ajv coerces the text to the field's type (the
    /// route's querystring schema has the collection's fields), as the registered model reads it: a number's text to
    /// the number and a boolean's to the boolean, refused when it spells none; an ObjectId's must be 24 hexadecimal
    /// digits (`lib/schemaGetters.js`, `objectIdType`), and a date's and an ObjectId's are then cast by the query
    /// parser. Without a model that says, the field equals the text, or the number or boolean the text spells.
    private func fieldParameters(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>
    ) throws -> [JSONValue] {
        // Each parameter's values, gathered once: looking each up would scan the whole querystring for every
        // parameter it names.
        let values = Dictionary(grouping: request.query, by: \.name).mapValues { $0.map(\.value) }
        var seen: Set<String> = []
        var conditions: [JSONValue] = []
        for (name, _) in request.query where seen.insert(name).inserted {
            let given = values[name] ?? []
            let text = given.last ?? ""
            if Self.reservedParameters.contains(name) || name == "_id" {
                guard parameters.contains(name) else { throw Self.unknownParameter(name) }
                try Self.refuseRepeated(name, count: given.count)
                if name == "_id" {
                    try checkStringID(text, at: "querystring/_id", collection, state)
                    conditions.append(["_id": .string(text)])
                }
                continue
            }
            let topLevel = String(name.split(separator: ".", maxSplits: 1).first ?? "")
            // The querystring has the service's own fields but `__STATE__`, which `_st` selects by (crud-service
            // `lib/schemaGetters.js`, `mandatoryFieldsWithoutId`).
            let own = Self.systemProperties.contains(topLevel)
            let known = own || (state.models[collection]?.modeledKeys.map { $0.contains(topLevel) } ?? true)
            guard known, topLevel != "__STATE__" else { throw Self.unknownParameter(name) }
            let kind = state.fieldKind(at: name, in: collection)
            // The querystring has no top-level object or GeoPoint field, only their nested paths (crud-service
            // `lib/JSONSchemaGenerator.js`, `propertiesGetValidation` deletes them; `tests/httpInterface.getList.test.js`,
            // "filter on nested object with object notation cannot be used"). A collection's `Array` field it has.
            if !name.contains("."), [.geoPoint, .other].contains(kind) { throw Self.unknownParameter(name) }
            if !name.contains("."), kind == .array {
                // Given more than once, the array itself, which MongoDB's equality finds whole.
                let elements = try given.map {
                    try Self.arrayParameter(
                        $0,
                        at: "querystring/\(name)",
                        elements: state.elementKind(at: name, in: collection)
                    )
                }
                conditions.append(.object([name: given.count > 1 ? .array(elements) : elements[0]]))
                continue
            }
            if given.count > 1, let type = Self.scalarTypeName(kind) {
                throw Self.schemaFault("querystring/\(name) must be \(type)")
            }
            switch kind {
            case .string?, .date?:
                conditions.append(.object([name: .string(text)]))
                continue
            case .number?, .integer?, .boolean?:
                conditions.append(
                    .object([name: try Self.coercedScalar(.string(text), at: "querystring/\(name)", kind: kind)])
                )
                continue
            case .objectID?:
                guard ObjectID(text) != nil else {
                    throw Self.schemaFault(#"querystring/\#(name) must match pattern "^[a-fA-F\d]{24}$""#)
                }
                conditions.append(.object([name: .string(text)]))
                continue
            case .array?, .geoPoint?, .other?, nil: break
            }
            var candidates: [JSONValue] = [.string(text)]
            if let number = Int(text) {
                candidates.append(.int(number))
            } else if let number = Double(text), number.isFinite {
                candidates.append(.double(number))
            }
            if text == "true" || text == "false" { candidates.append(.bool(text == "true")) }
            conditions.append(.object([name: ["$in": .array(candidates)]]))
        }
        return conditions
    }

    /// The JSON Schema type of each of the service's own query parameters that takes one value (crud-service
    /// `lib/JSONSchemaGenerator.js`, `propertiesGetValidation`, `propertiesGetListValidation` and
    /// `_propertiesCountValidation`). Given more than once, Fastify's parser makes the values an array, which Ajv's
    /// `coerceTypes: true` makes no scalar of, so the schema refuses it by this type. `_s` takes a list.
    static let reservedParameterTypes: [String: String] = [
        "_q": "string", "_p": "string", "_rawp": "string", "_st": "string", "_id": "string", "_l": "integer",
        "_sk": "integer", "_useEstimate": "boolean",
    ]

    /// The JSON Schema type a field of `kind` takes one value of in a querystring, for its refusal of several; nil
    /// for a kind that takes an array, or one no registered model shows, whose last value is read.
    private static func scalarTypeName(_ kind: FieldKind?) -> String? {
        switch kind {
        case .string?, .date?, .objectID?: "string"
        case .number?: "number"
        case .integer?: "integer"
        case .boolean?: "boolean"
        case .array?, .geoPoint?, .other?, nil: nil
        }
    }

    /// A query parameter's text for a collection's `Array` field, at `pointer`, as one element of the array, which
    /// MongoDB's equality then finds in the arrays that hold it. The querystring types the field as the array or one
    /// element (crud-service `lib/JSONSchemaGenerator.js`, `generateArrayProperty`: `type: ['array', <the element's>]`
    /// and an `anyOf` of both, which `propertiesGetValidation` keeps; `tests/expectedSchemas/booksGetListSchema.js`,
    /// `tags`, `tagIds`, `tagObjectIds`), so Fastify's Ajv coerces the text to the element's type of `elements`: a
    /// number's or a boolean's text to it, refused in the words of the two types when it spells none; an ObjectId's
    /// must be 24 hexadecimal digits, refused in the `anyOf`'s words; a date's is left to the query parser, as a
    /// date field's is. Text is never an object or an array, so an array of either takes none.
    private static func arrayParameter(_ text: String, at pointer: String, elements: FieldKind?) throws -> JSONValue {
        switch elements {
        case .string?, .date?:
            return .string(text)
        case .number?, .integer?, .boolean?:
            guard let element = try? coercedScalar(.string(text), at: pointer, kind: elements) else {
                let type = elements == .boolean ? "boolean" : elements == .integer ? "integer" : "number"
                throw schemaFault("\(pointer) must be array,\(type)")
            }
            return element
        case .objectID?:
            guard ObjectID(text) != nil else {
                throw schemaFault(
                    #"\#(pointer) must be array, \#(pointer) must match pattern "^[a-fA-F\d]{24}$", "#
                        + "\(pointer) must match a schema in anyOf"
                )
            }
            return .string(text)
        case .array?, .geoPoint?:
            throw schemaFault("\(pointer) must be array,array")
        case .other?, nil:
            throw schemaFault("\(pointer) must be array,object")
        }
    }

    /// Refuses an `_id` the route's schema refuses where the collection's ids are strings: text that is empty or only
    /// whitespace, at `pointer` (crud-service `lib/schemaGetters.js`, `stringType`'s pattern `^(?!\s*$).+`, which
    /// `lib/JSONSchemaGenerator.js` gives `_id` by the collection's id type). An ObjectId collection's `_id` is cast
    /// as the query parser casts it (`casting`).
    private func checkStringID(_ text: String, at pointer: String, _ collection: String, _ state: BackendState) throws {
        guard Self.idsAreStrings(in: collection, state) else { return }
        guard text.allSatisfy(\.isWhitespace) || text.first?.isNewline == true else { return }
        throw Self.schemaFault(#"\#(pointer) must match pattern "^(?!\s*$).+""#)
    }

    /// A filter checked as the service's query parser checks it (a field the registered model doesn't have is
    /// unknown) and compiled, with the values it compares a date or an ObjectId with cast to one: `createdAt`'s and
    /// `updatedAt`'s, and those of a field the registered model reads as a date or an ObjectId.
    private func compile(_ filter: JSONValue, _ collection: String, _ state: BackendState) throws -> DocumentFilter {
        try checkFields(filter, of: state.models[collection]?.modeledKeys)
        do {
            let cast = try Self.casting(filter) { state.fieldKind(at: $0, in: collection) }
            return try filterRules(of: collection, state).compile(cast)
        } catch let fault as BackendFault where fault.message.contains(" does not accept the operator ") {
            // In the query parser's words (crud-service `lib/QueryParser.js`, `traverse`): an operator it doesn't
            // know beside the fields is unknown, one of a field's unsupported.
            let name = fault.message.split(separator: " ").last.map(String.init) ?? ""
            throw BackendFault.invalid(
                fault.path == nil ? "Unknown operator: \(name)" : "Unsupported operator: \(name)",
                path: fault.path
            )
        }
    }

    /// Refuses a filter's field the model doesn't have: crud-service's query parser answers `Unknown field: …`
    /// (`lib/QueryParser.js`, `traverse`).
    private func checkFields(_ filter: JSONValue, of modeled: Set<String>?) throws {
        guard let modeled, case .object(let members) = filter else { return }
        for (key, value) in members {
            if ["$and", "$or", "$nor"].contains(key) {
                for inner in value.arrayValue ?? [] { try checkFields(inner, of: modeled) }
                continue
            }
            let topLevel = String(key.split(separator: ".", maxSplits: 1).first ?? "")
            let standard = Self.systemProperties.contains(topLevel) || topLevel == "__STATE__"
            if !key.hasPrefix("$"), !modeled.contains(topLevel), !standard {
                throw BackendFault.invalid("Unknown field: \(key)")
            }
        }
    }

    /// The filter with the values it compares `createdAt` and `updatedAt` with cast to dates, as crud-service's
    /// query parser casts them (`lib/QueryParser.js`, `castDate`): ISO 8601 text in any of its spellings, or
    /// milliseconds since 1970, compared as the instant it names; anything else is an invalid date.
    static func castingDates(_ filter: JSONValue) throws -> JSONValue {
        try casting(filter) { _ in nil }
    }

    /// The filter with the values it compares a field with cast by the field's type, as crud-service's query parser
    /// casts them (`lib/QueryParser.js`, `traverse`, `castValueFunctions`): a date's (`createdAt`, `updatedAt`, and
    /// a field `kind` says is one) as `castDate` does, an ObjectId's as `castToObjectId` does; a field's value, and
    /// the operands of `$eq $ne $gt $gte $lt $lte`, each of `$in $nin $all`; inside `$and`, `$or` and `$nor`.
    static func casting(_ filter: JSONValue, kind: (String) -> FieldKind?) throws -> JSONValue {
        guard case .object(let members) = filter else { return filter }
        var cast: [String: JSONValue] = [:]
        for (key, value) in members {
            if ["$and", "$or", "$nor"].contains(key), case .array(let filters) = value {
                cast[key] = .array(try filters.map { try casting($0, kind: kind) })
                continue
            }
            let fieldKind: FieldKind? = dateProperties.contains(key) ? .date : key.hasPrefix("$") ? nil : kind(key)
            try checkCondition(value, of: key, kind: fieldKind)
            let castValue: ((JSONValue) throws -> JSONValue)? =
                switch fieldKind {
                case .date?: date
                case .objectID?: objectID
                default: nil
                }
            cast[key] = try castValue.map { try castingCondition(value, $0) } ?? value
        }
        return .object(cast)
    }

    /// Refuses a field's condition that the query parser refuses for the field's type (crud-service
    /// `lib/QueryParser.js`, `traverse`, with each operator's `supportedTypes`): an operator the type doesn't take
    /// (`Unsupported operator: $size for string field`, `Unsupported operator: $gt for Array field`), and a member
    /// that is no operator, which only an array's or an object's condition may have (`Unsupported operator: note`).
    /// A field of no known type, or an object's, is let through.
    private static func checkCondition(_ condition: JSONValue, of field: String, kind: FieldKind?) throws {
        guard let kind, let type = parserTypeName(kind), case .object(let members) = condition else { return }
        for name in members.keys.sorted() {
            if !name.hasPrefix("$") {
                guard kind == .array else { throw BackendFault.invalid("Unsupported operator: \(name)", path: field) }
            } else if parserRefuses(name, on: kind) {
                throw BackendFault.invalid("Unsupported operator: \(name) for \(type) field", path: field)
            }
        }
    }

    /// The query parser's name for a field type, as its refusals word it; nil for an object's or a type of its own.
    private static func parserTypeName(_ kind: FieldKind) -> String? {
        switch kind {
        case .string: "string"
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .date: "Date"
        case .objectID: "ObjectId"
        case .array: "Array"
        case .geoPoint, .other: nil
        }
    }

    /// Whether the query parser refuses the operator `name` on a field of `kind`: the comparisons, `$ne` and
    /// `$regex` take no array; `$elemMatch` and `$size` take only an array; `$nearSphere` only a GeoPoint.
    private static func parserRefuses(_ name: String, on kind: FieldKind) -> Bool {
        switch name {
        case "$gt", "$gte", "$lt", "$lte", "$ne", "$regex", "$options": kind == .array
        case "$elemMatch", "$size": kind != .array
        case "$nearSphere": true
        default: false
        }
    }

    private static func castingCondition(
        _ condition: JSONValue,
        _ castValue: (JSONValue) throws -> JSONValue
    ) throws -> JSONValue {
        guard case .object(let members) = condition, members.keys.contains(where: { $0.hasPrefix("$") }) else {
            return try castValue(condition)
        }
        var cast: [String: JSONValue] = [:]
        for (name, operand) in members {
            switch name {
            case "$eq", "$ne", "$gt", "$gte", "$lt", "$lte": cast[name] = try castValue(operand)
            case "$in", "$nin", "$all":
                if case .array(let operands) = operand {
                    cast[name] = .array(try operands.map(castValue))
                } else {
                    cast[name] = operand
                }
            default: cast[name] = operand
            }
        }
        return .object(cast)
    }

    /// A value as bson's `ObjectId` reads it (`castToObjectId`): `null`, or 24 hexadecimal digits in either case,
    /// in the one spelling the in-memory backend compares; anything else, a number too, is an invalid ObjectId.
    private static func objectID(_ value: JSONValue) throws -> JSONValue {
        if value == .null { return .null }
        guard case .string(let text) = value, let id = ObjectID(text) else {
            throw BackendFault.invalid("Invalid objectId")
        }
        return .string(id.description)
    }

    /// A value as a JavaScript `Date` reads it, in the form the in-memory backends compare as an instant.
    private static func date(_ value: JSONValue) throws -> JSONValue {
        let date: Date?
        switch value {
        case .null: return .null
        case .string(let text): date = instant(text)
        // `new Date(n)` drops the fraction of a millisecond.
        case .int, .double, .bigInteger:
            date = value.doubleValue.map { Date(timeIntervalSince1970: $0.rounded(.towardZero) / 1000) }
        default: date = nil
        }
        guard let date else { throw BackendFault.invalid("Invalid Date") }
        return ["__type": "Date", "iso": .string(ISO8601DateCoding.string(from: date))]
    }

    /// The instant ISO 8601 text names, a date and time in any of its spellings or a date alone (its midnight in
    /// UTC), as a JavaScript `Date` reads it, the digits past a millisecond dropped (`.0005` is `.000`, where
    /// rounding made it `.001`); nil for other text.
    private static func instant(_ text: String) -> Date? {
        let milliseconds =
            ISO8601DateCoding.millisecondsSince1970(from: text)
            ?? ISO8601DateCoding.millisecondsSince1970(from: text + "T00:00:00Z")
        return milliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    /// `document` with each date a write gave a field at `paths` as the service stores it, a BSON date, which it
    /// answers in ISO 8601 in UTC with milliseconds whatever the spelling sent (crud-service `lib/QueryParser.js`:
    /// `traverseBody` and `traverseCommands` cast a Date field's value with `castDate`; `lib/AdditionalCaster.js`:
    /// `castItem` answers it with `toISOString()`). A field the registered model reads as a date; none without one.
    static func storingDates(
        _ document: [String: JSONValue],
        at paths: some Sequence<String>,
        of collection: String,
        _ state: BackendState
    ) -> [String: JSONValue] {
        var stored = JSONValue.object(document)
        for path in paths where state.fieldKind(at: path, in: collection, reading: stored) == .date {
            let changed = replacing(in: stored, at: segments(path)[...]) { value in
                guard case .string(let text) = value, let date = instant(text) else { return nil }
                return .string(ISO8601DateCoding.string(from: date))
            }
            stored = changed ?? stored
        }
        return stored.objectValue ?? document
    }

    /// The fields an answer without a projection has: the collection's, which the service projects to (crud-service
    /// `lib/projectionUtils.js`, `resolveProjection` of `allFieldNames`), as far as a registered model that keeps
    /// unknown members says what they are, with the service's own; every member otherwise.
    private func collectionFields(_ collection: String, _ state: BackendState) -> [String]? {
        guard let modeled = state.models[collection]?.modeledKeys else { return nil }
        return modeled.union(Self.systemProperties).union(["__STATE__"]).sorted()
    }

    /// `document` with only the collection's fields that the request may read, as a PATCH or an upsert answers it.
    private func fields(
        of document: JSONValue,
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState
    ) -> JSONValue {
        var fields = collectionFields(collection, state)
        if let readable = readableColumns(request) { fields = fields.map { $0.filter(readable.contains) } ?? readable }
        guard let fields, case .object(let members) = document else { return document }
        return .object(members.filter { fields.contains($0.key) || $0.key == "_id" })
    }

    /// The columns the `acl_read_columns` header lets the request read (crud-service `lib/projectionUtils.js`,
    /// `resolveProjection`); nil without one.
    private func readableColumns(_ request: BackendRequest) -> [String]? {
        Self.columns(request.headers["acl_read_columns"])
    }

    /// The fields the `acl_write_columns` header lets the request change, the service's own left out (crud-service
    /// `lib/httpInterface.js`, `getEditableFields`); nil without one.
    private func writableColumns(_ request: BackendRequest) -> [String]? {
        Self.columns(request.headers["acl_write_columns"])?.filter {
            !Self.systemProperties.contains($0) && $0 != "__STATE__"
        }
    }

    private static func columns(_ header: String?) -> [String]? {
        let columns = (header ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        return columns.isEmpty ? nil : columns
    }

    /// The `acl_rows` header's filter (one, or an array that all must match), which the service adds to every
    /// request's (crud-service `lib/resolveMongoQuery.js`); text that isn't JSON fails the request with a 500, as
    /// its hook parses it unguarded (`lib/hooks.js`, `addAclHook`).
    private func rowConditions(_ request: BackendRequest) throws -> [JSONValue] {
        guard let header = request.headers["acl_rows"] else { return [] }
        guard let rows = (try? JSONValue(parsing: Data(header.utf8), maximumDepth: 128)).map(javaScriptNumbers) else {
            throw BackendFault(status: 500, code: "syntax", message: "acl_rows is not JSON")
        }
        return [rows.arrayValue.map { .object(["$and": .array($0)]) } ?? rows]
    }

    /// The projection: `_p`'s fields (trimmed, empty ones left out; none of them leaves only `_id`), or `_rawp`'s,
    /// never both (crud-service `lib/projectionUtils.js`, `resolveProjection`).
    /// The `acl_read_columns` header narrows it to its columns.
    private func selection(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState
    ) throws -> DocumentSelection {
        var selection = DocumentSelection(
            alwaysIncluded: ["_id"],
            idsAreObjectIDs: !Self.idsAreStrings(in: collection, state)
        )
        let projection = request.item("_p").flatMap { $0.isEmpty ? nil : $0 }
        let rawText = try jsonParameter("_rawp", request).flatMap { $0.isEmpty ? nil : $0 }
        if projection != nil && rawText != nil {
            throw BackendFault.invalid("Use of both _rawp and _p parameter is not allowed")
        }
        let readable = readableColumns(request)
        if let projection {
            // An array's `.$` is MongoDB's positional projection, which `withMatchedElements` answers.
            let fields = Self.projectedFields(projection).filter {
                !$0.hasSuffix(".$") && (readable?.contains($0) ?? true)
            }
            selection.included = fields.isEmpty ? ["_id"] : fields
        } else if rawText == nil {
            var fields = collectionFields(collection, state)
            if let readable { fields = fields.map { $0.filter(readable.contains) } ?? readable }
            if let fields { selection.included = fields.isEmpty ? ["_id"] : fields }
        }
        if let rawText {
            guard case .object(let members) = try BackendRequest.json(rawText, what: "_rawp") else {
                throw BackendFault.invalid("_rawp is an object")
            }
            if let readable, members.contains(where: { readable.contains($0.key) && $0.value.intValue == 0 }) {
                throw BackendFault.invalid(
                    "_rawp exclusive projection is overriding at least one acl_read_column value"
                )
            }
            for (key, value) in members where value != .null && (readable?.contains(key) ?? true) {
                // An aggregation expression (`{"$filter": …}`, `"$field"`) computes a value MongoDB projects; the
                // in-memory backend refuses it rather than answer the stored value in its place.
                switch value {
                case .object, .array, .string:
                    throw BackendFault.invalid(
                        "the in-memory mia backend does not evaluate the _rawp expression of \(key)"
                    )
                default: break
                }
                if value.intValue == 0 || value.boolValue == false {
                    selection.excluded.append(key)
                } else {
                    selection.included.append(key)
                }
            }
            // A raw projection left with nothing projects only `_id` (`getProjection`).
            if selection.included.isEmpty && selection.excluded.isEmpty { selection.included = ["_id"] }
        }
        return selection
    }

    private func list(
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>,
        limited: Bool = true
    ) throws -> [JSONValue] {
        var selection = try selection(request, collection, state)
        // `_s` may be repeated (`_s=a&_s=-b`): the service reads the values joined, each a key in turn.
        let sorts = request.items("_s")
        if !sorts.isEmpty {
            let keys = sorts.joined(separator: ",").split(separator: ",", omittingEmptySubsequences: false).map { key in
                key.hasPrefix("-") ? (String(key.dropFirst()), false) : (String(key), true)
            }
            // The schema's pattern for `_s`: keys of the collection's fields (or the service's own), each with its
            // subfields, none empty (crud-service `lib/JSONSchemaGenerator.js`, `buildSortRegex`).
            let modeled = state.models[collection]?.modeledKeys
            for (path, _) in keys {
                let parts = path.split(separator: ".", omittingEmptySubsequences: false)
                let known = modeled.map { $0.contains(String(parts[0])) } ?? true
                let standard = Self.systemProperties.contains(String(parts[0])) || parts[0] == "__STATE__"
                guard !parts.contains(where: \.isEmpty), known || standard, sorts.allSatisfy({ !$0.isEmpty }) else {
                    throw Self.schemaFault("querystring/_s must match pattern of the collection's fields")
                }
            }
            selection.order = keys
        }
        selection.skip = try Self.integer("_sk", request) ?? 0
        // With the service's default CRUD_LIMIT_CONSTRAINT_ENABLED, `_l` is from 1 to CRUD_MAX_LIMIT (200), and 25
        // without one; /export takes any limit from 1, and has none without one.
        if let limit = try Self.integer("_l", request) {
            if limit < 1 { throw Self.schemaFault("querystring/_l must be >= 1") }
            if limited, limit > maximumLimit { throw Self.schemaFault("querystring/_l must be <= \(maximumLimit)") }
            selection.limit = limit
        } else if limited {
            selection.limit = defaultLimit
        }
        let documents = try visible(request, collection, state, parameters).map(\.document)
        guard !positionalArrays(request).isEmpty else { return try selection.page(of: documents) }
        // The page of whole documents, each then projected with the element its array's condition matched.
        var paging = selection
        (paging.included, paging.excluded) = ([], [])
        return try paging.page(of: documents).map { document in
            try withMatchedElements(selection.project(document), of: document, request, collection, state, parameters)
        }
    }

    /// `_p`'s fields: trimmed, empty ones left out (crud-service `lib/projectionUtils.js`, `intoArray`).
    private static func projectedFields(_ projection: String) -> [String] {
        projection.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The arrays `_p` projects with MongoDB's positional `.$` (`_p=attachments.$`), which the service passes on
    /// (crud-service `lib/projectionUtils.js`, `resolveProjection`), within `acl_read_columns`.
    private func positionalArrays(_ request: BackendRequest) -> [String] {
        let readable = readableColumns(request)
        return Self.projectedFields(request.item("_p") ?? "").filter {
            $0.hasSuffix(".$") && (readable?.contains($0) ?? true)
        }.map { String($0.dropLast(2)) }
    }

    /// `projected` with each array `_p` names with `.$` holding only the first element of `document`'s array that
    /// the request's conditions on it match, as MongoDB's positional projection answers it (crud-service
    /// `tests/httpInterface.getList.test.js`, "use of $ operator for array element condition into _p"); without such
    /// a condition MongoDB fails the read.
    private func withMatchedElements(
        _ projected: JSONValue,
        of document: JSONValue,
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>
    ) throws -> JSONValue {
        let arrays = positionalArrays(request)
        guard !arrays.isEmpty else { return projected }
        let selecting = try conditions(request, collection, state, parameters)
        var answer = projected
        for array in arrays {
            let position = try elementPosition(array, in: document, selecting, filterRules(of: collection, state))
            guard case .array(let elements)? = values(at: try checkedSegments(array), in: document).first else {
                continue
            }
            try Self.apply(
                "$set",
                .array([elements[position]]),
                at: try checkedSegments(array)[...],
                in: &answer,
                field: array,
                now: ""
            )
        }
        return answer
    }

    /// The integer parameter `name`, as the schema reads it: `_sk` from 0 (the bounds of `_l` are the route's).
    /// Fastify's Ajv coerces text whose JavaScript number is whole to the integer (`_l` and `_sk` are
    /// `type: 'integer'`, crud-service `lib/schemaGetters.js`, `defaultGetListQueryParams`).
    private static func integer(_ name: String, _ request: BackendRequest) throws -> Int? {
        guard let text = try singleValue(name, request) else { return nil }
        guard let value = wholeNumber(text) else { throw schemaFault("querystring/\(name) must be integer") }
        if name == "_sk", value < 0 { throw schemaFault("querystring/_sk must be >= 0") }
        return value
    }

    /// The one value of the service's own query parameter `name`, nil when it isn't given; given more than once, its
    /// schema's refusal by ``reservedParameterTypes``.
    private static func singleValue(_ name: String, _ request: BackendRequest) throws -> String? {
        let given = request.query.filter { $0.name == name }
        try refuseRepeated(name, count: given.count)
        return given.last?.value
    }

    /// Throws the schema's refusal of the service's own query parameter `name` given `count` times, when more than
    /// once is more than its type (``reservedParameterTypes``) takes.
    private static func refuseRepeated(_ name: String, count: Int) throws {
        if count > 1, let type = reservedParameterTypes[name] {
            throw schemaFault("querystring/\(name) must be \(type)")
        }
    }

    /// The whole number JavaScript's `+text` makes of `text` (trimmed; a decimal, an exponent), as Ajv's coercion to
    /// an integer reads it (`data == +data && !(data % 1)`); nil for no number or a fraction. Beyond `Int`, its bound.
    private static func wholeNumber(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let value = Int(trimmed) { return value }
        guard !trimmed.isEmpty, let number = Double(trimmed), number.isFinite, number == number.rounded() else {
            return nil
        }
        if number >= Double(Int.max) { return .max }
        return number <= Double(Int.min) ? .min : Int(number)
    }

    /// The boolean parameter `name`, as the schema reads it: Fastify's Ajv coerces only the text `true` and `false`
    /// to a boolean (crud-service `lib/JSONSchemaGenerator.js`, `_useEstimate`'s `type: 'boolean'`).
    private static func boolean(_ name: String, _ request: BackendRequest) throws -> Bool? {
        guard let text = try singleValue(name, request) else { return nil }
        guard text == "true" || text == "false" else { throw schemaFault("querystring/\(name) must be boolean") }
        return text == "true"
    }

    /// `GET /export`: every document the list selects, without its limits, in the type the `Accept` header asks for
    /// (crud-service `lib/httpInterface.js`, `handleGetList` with the export's schema): NDJSON or JSON; a type the
    /// service can't write is a 406, checked before the query (`getFileMimeStringifiers`;
    /// `tests/httpInterface.getExport.test.js`, "unexpected accept type").
    private func export(_ request: BackendRequest, _ collection: String, _ state: BackendState) throws -> BackendAnswer
    {
        let type = Self.acceptedType(request.headers["accept"])
        let spreadsheets = [
            "text/csv", "application/vnd.ms-excel",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ]
        switch type {
        case "application/x-ndjson", "application/json": break
        case _ where spreadsheets.contains(type):
            throw BackendFault.invalid("the in-memory mia backend does not export \(type)")
        default: throw BackendFault(status: 406, code: "notAcceptable", message: "unsupported file type \(type)")
        }
        let documents = try list(request, collection, state, Route.export, limited: false)
        guard type == "application/x-ndjson" else { return BackendAnswer(.array(documents)) }
        var data = Data()
        for document in documents {
            data.append(try document.jsonData(sortedKeys: true))
            data.append(UInt8(ascii: "\n"))
        }
        var answer = BackendAnswer(200, nil, headers: ["Content-Type": "application/x-ndjson"])
        answer.bytes = data
        return answer
    }

    /// The type an `Accept` header asks for, as crud-service reads it (`lib/acceptHeaderParser.js`, `getAccept` and
    /// `getReplyTypeCallback`): of its types, the one of the highest quality (`q`, 1 without), the first of equals;
    /// NDJSON, the export's default, for none or `*/*`.
    static func acceptedType(_ header: String?) -> String {
        let accepted = (header ?? "").split(separator: ",").compactMap { part -> (type: String, quality: Double)? in
            let pieces = part.split(separator: ";")
            guard let type = pieces.first?.trimmingCharacters(in: .whitespaces), type.contains("/") else { return nil }
            let quality = pieces.dropFirst().lazy.map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (type, quality ?? 1)
        }
        // The first of the highest quality: a stable sort's first, as the service sorts them.
        let best = accepted.enumerated().max { a, b in
            a.element.quality != b.element.quality ? a.element.quality < b.element.quality : a.offset > b.offset
        }?.element.type
        guard let best, best != "*/*" else { return "application/x-ndjson" }
        return best
    }

    private func instance(
        _ id: String,
        _ request: BackendRequest,
        _ collection: String,
        _ state: BackendState,
        _ parameters: Set<String>
    ) throws
        -> Int
    {
        let hasID = BackendState.hasID(id, idKey: "_id", idIsString: Self.idsAreStrings(in: collection, state))
        guard let found = try visible(request, collection, state, parameters).first(where: { hasID($0.document) })
        else {
            throw BackendFault.notFound("The requested resource was not found")
        }
        return found.index
    }

    // MARK: Writing

    /// `POST /`: the body checked and stored as a new document; answers its id.
    private func create(
        _ body: JSONValue?,
        _ request: BackendRequest,
        _ collection: String,
        endpoint: String,
        _ state: inout BackendState
    ) throws -> String {
        let now = state.timestamp()
        let document = try newDocument(body, request, collection, endpoint: endpoint, now: now, &state)
        try store(document, in: collection, &state)
        return document["_id"]?.stringValue ?? ""
    }

    /// `POST /bulk`: every body checked as a create's before any is stored, as the route's schema reads the whole
    /// array; then each stored in turn, as MongoDB's ordered `insertMany` stores them: a duplicate of a unique index
    /// is a 409 that keeps the documents stored before it (crud-service `lib/CrudService.js`, `insertMany`;
    /// `tests/httpInterface.postBulk.test.js`, "violate index uniqueness": "only the first was inserted").
    private func createMany(
        _ request: BackendRequest,
        _ collection: String,
        endpoint: String,
        _ state: inout BackendState
    ) throws -> BackendAnswer {
        guard case .array(let bodies) = request.body else { throw Self.schemaFault("body must be array") }
        // The schema takes an empty array; the service's insertMany then fails an assertion, a 500
        // (crud-service `lib/CrudService.js`).
        guard !bodies.isEmpty else {
            throw BackendFault(status: 500, code: "assertion", message: "At least one element is required")
        }
        let now = state.timestamp()
        let documents = try bodies.enumerated().map { index, body in
            try newDocument(body, request, collection, endpoint: endpoint, now: now, pointer: "body/\(index)", &state)
        }
        state.openUniqueValues(of: collection)
        defer { state.closeUniqueValues(of: collection) }
        for document in documents {
            do {
                try store(document, in: collection, &state)
            } catch let fault as BackendFault where fault.status == 409 {
                // Answered, not thrown: a thrown fault would take back the documents stored before this one.
                return BackendAnswer(fault.status, errorBody(fault))
            }
        }
        return BackendAnswer(.array(documents.map { ["_id": $0["_id"] ?? .null] }))
    }

    /// Stores a new document, refused when it duplicates another's value of a unique index.
    private func store(_ document: [String: JSONValue], in collection: String, _ state: inout BackendState) throws {
        try state.checkUnique(.object(document), in: collection, replacing: nil)
        state.append(.object(document), to: collection)
    }

    /// The document a create's body makes, checked as the route's schema checks it, with its id, state and the
    /// service's own fields, created at `now`: the request's time, which every document it creates shares.
    /// Not stored. A refusal names the body by `pointer`, Fastify's: `body`, or `body/1` for a bulk create's second.
    private func newDocument(
        _ body: JSONValue?,
        _ request: BackendRequest,
        _ collection: String,
        endpoint: String,
        now: String,
        pointer: String = "body",
        _ state: inout BackendState
    ) throws -> [String: JSONValue] {
        guard case .object(var document) = body else { throw Self.schemaFault("\(pointer) must be object") }
        try checkBodyKeys(
            document.keys.filter { $0 != "__STATE__" },
            at: pointer,
            of: collection,
            readOnly: Self.systemProperties,
            state
        )
        do {
            // JSON Schema's `required` asks for the member, which `null` is: a nullable field keeps it, and Ajv's
            // `coerceTypes` makes another's a value of its type (`tests/httpInterface.postList.test.js`, "allow
            // nullable field": a `null` `name`).
            try state.checkRequiredMembers(document, of: collection, nullIsAbsent: false)
        } catch let fault as BackendFault where fault.code == "required" {
            throw Self.schemaFault("\(pointer) must have required property '\(fault.path ?? "")'")
        }
        // Fastify's Ajv fills in the schema's defaults (`useDefaults`).
        document = state.withDefaultMembers(document, of: collection)
        let initial = document["__STATE__"]?.stringValue ?? stateOnInsert(collection, endpoint: endpoint, state)
        guard Self.states.contains(initial) else {
            throw Self.schemaFault("\(pointer)/__STATE__ must be equal to one of the allowed values")
        }
        document["_id"] = .string(newID(in: collection, &state))
        document["__STATE__"] = .string(initial)
        document["createdAt"] = .string(now)
        document["creatorId"] = .string(user(request))
        document["updatedAt"] = .string(now)
        document["updaterId"] = .string(user(request))
        document = Self.coercing(.object(document), of: collection, state).objectValue ?? document
        let nulled = try Self.coercingNulls(inMembers: document, pointer: pointer, of: collection, state)
        if nulled != document { document = Self.coercing(.object(nulled), of: collection, state).objectValue ?? nulled }
        document = Self.storingDates(document, at: Array(document.keys), of: collection, state)
        do {
            try state.checkDocument(.object(document), of: collection)
        } catch let fault as BackendFault {
            if let path = fault.path, fault.expected == nil,
                state.fieldKind(at: path, in: collection, reading: .object(document)) == .date,
                case .string? = values(at: segments(path), in: .object(document)).first
            {
                // Text that isn't a date, refused by the pattern of the collection's date fields
                // (`tests/httpInterface.postBulk.test.js`, "MP4-523: invalid date should return 400").
                let at = "\(pointer)/" + path.replacingOccurrences(of: ".", with: "/")
                throw Self.schemaFault("\(at) must match pattern \"\(Self.datePattern)\"")
            }
            // Fastify's JSON pointer to the value: `body/c_parts/0/c_qty`.
            throw Self.wrongType(
                fault,
                at: fault.path.map { "\(pointer)/" + $0.replacingOccurrences(of: ".", with: "/") },
                in: .object(document)
            )
        }
        try Self.checkDocuments(
            inMembers: document.filter { !Self.systemProperties.contains($0.key) && $0.key != "__STATE__" },
            pointer: pointer,
            of: collection,
            state,
            in: .object(document)
        )
        return document
    }

    /// The pattern of a date field's text in the collection's JSON Schema (crud-service `lib/schemaGetters.js`, its
    /// `Date` type).
    static let datePattern = #"^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2}))?$"#

    private func stateOnInsert(_ collection: String, endpoint: String, _ state: BackendState) -> String {
        state.models[collection]?.defaultStates[endpoint] ?? defaultState
    }

    /// `PATCH /bulk`: `[{"filter": {…}, "update": {…}}]`, each updating the first document its filter (`_id`, `_q`,
    /// `_st`, `PUBLIC` without, and fields) selects; answers how many changed (crud-service
    /// `lib/CrudService.js`, `patchBulk`).
    private func patchBulk(_ request: BackendRequest, _ collection: String, _ state: inout BackendState) throws -> Int {
        guard case .array(let commands) = request.body, !commands.isEmpty else {
            throw Self.schemaFault("body must NOT have fewer than 1 items")
        }
        var changed = 0
        var now: String?
        for (position, command) in commands.enumerated() {
            guard case .object(let filter)? = command["filter"], let operators = command["update"] else {
                throw Self.schemaFault("body/\(position) must have required property 'filter' and 'update'")
            }
            // `_q`, `_st` and `_id` are read as a request's parameters, as text.
            let parameters: Set<String> = ["_q", "_st", "_id"]
            let query: [(name: String, value: String)] = try filter.keys.sorted().filter(parameters.contains).map {
                key in
                let value = filter[key]!
                if let text = value.stringValue { return (key, text) }
                guard key != "_q", key != "_st" else {
                    throw Self.schemaFault("body/\(position)/filter/\(key) is text")
                }
                return (key, String(decoding: try value.jsonData(sortedKeys: true), as: UTF8.self))
            }
            let fields = try bulkFilterConditions(filter, at: "body/\(position)/filter", collection, state)
            // The filter's `_st` is the list's: the querystring's schema for it replaces the single state the
            // generator writes first (`generatePatchBulkJSONSchema`), so it may name several.
            if let st = filter["_st"]?.stringValue { try Self.checkStateList(st, at: "body/\(position)/filter/_st") }
            var selection = request
            selection.query = query
            selection.headers["json-query-params-encoding"] = nil
            selection.headers["json_query_params_encoding"] = nil
            guard let index = try visible(selection, collection, state, parameters, further: fields).first?.index
            else { continue }
            let selecting = try conditions(selection, collection, state, parameters) + fields
            // Every command's document is stamped with the request's one time.
            now = now ?? state.timestamp()
            try update(
                at: index,
                operators,
                user: user(request),
                collection,
                &state,
                now: now,
                selecting: selecting,
                writable: writableColumns(request),
                pointer: "body/\(position)/update"
            )
            changed += 1
        }
        return changed
    }

    /// The conditions of a `PATCH /bulk` filter's fields, each that the field equals the value, as the route's schema
    /// reads the body at `pointer` (crud-service `lib/JSONSchemaGenerator.js`, `generatePatchBulkJSONSchema`; then
    /// `lib/CrudService.js`, `patchBulk`, makes each a condition): its properties are the querystring's, with each
    /// value as JSON typed it, which Fastify's Ajv coerces to the field's type as a `POST /state` filter's is
    /// (`"5"` for a number is 5, and `["3","5","6"]` for an array of numbers `[3,5,6]`:
    /// `tests/httpInterface.patchBulk.test.js`, "for array value"; a `null` as a write's). A collection's `Array`
    /// field is among them, its GeoPoint fields and its objects with a schema are not (`propertiesGetValidation`
    /// deletes them), nor a path into an object without a schema, and `_rawp` is, which the query parser then finds
    /// no field of.
    private func bulkFilterConditions(
        _ filter: [String: JSONValue],
        at pointer: String,
        _ collection: String,
        _ state: BackendState
    ) throws -> [JSONValue] {
        let modeled = state.models[collection]?.modeledKeys
        return try filter.keys.sorted().filter { !["_q", "_st", "_id"].contains($0) }.map { key in
            let topLevel = String(key.split(separator: ".", maxSplits: 1).first ?? "")
            let known =
                Self.systemProperties.contains(topLevel) || key == "_rawp"
                || (!Self.reservedParameters.contains(key) && modeled.map { $0.contains(topLevel) } ?? true)
            let object = !key.contains(".") && [.geoPoint, .other].contains(state.fieldKind(at: key, in: collection))
            // The filter's schema has the paths of the objects' own schemas (`getFilterFromRawSchema`), and none into
            // a `RawObject` without one, which the model reads as any JSON value.
            let freeForm = key.contains(".") && state.readsAnyValue(at: topLevel, in: collection)
            guard known, topLevel != "__STATE__", !object, !freeForm else {
                throw Self.additionalProperty(key, at: pointer)
            }
            var value = try Self.coercingNulls(
                filter[key]!,
                at: key,
                pointer: "\(pointer)/\(key)",
                of: collection,
                state,
                reading: nil
            )
            value = try coercedFilterValue(value, of: key, at: "\(pointer)/\(key)", collection, state)
            return .object([key: value])
        }
    }

    /// `POST /upsert-one`: updates the first document `_q` and the fields select in the request's states; without
    /// one, creates it from the filter's equalities, `$setOnInsert` and the update, in the state a create gets
    /// (crud-service `lib/CrudService.js`, `upsertOne`). Answers the document.
    private func upsertOne(
        _ request: BackendRequest,
        _ collection: String,
        endpoint: String,
        _ state: inout BackendState
    ) throws -> BackendAnswer {
        guard case .object(var operators) = request.body else { throw Self.schemaFault("body must be object") }
        var onInsert = operators.removeValue(forKey: "$setOnInsert")
        if let onInsert, onInsert.objectValue == nil { throw Self.schemaFault("body/$setOnInsert must be object") }
        // `$setOnInsert` takes the collection's fields, as `$set` does: not the service's own nor `__STATE__`.
        try checkBodyKeys(
            onInsert?.objectValue?.keys.sorted() ?? [],
            at: "body/$setOnInsert",
            of: collection,
            readOnly: Self.systemProperties.union(["__STATE__"]),
            state
        )
        // Fastify validates the whole body before the route runs: a `$setOnInsert` value of the wrong kind is refused
        // whether the upsert inserts or not, and a `null` is coerced as a `$set`'s.
        if let inserted = onInsert {
            onInsert = try Self.coercingNulls(
                inOperators: ["$setOnInsert": inserted],
                at: "body",
                of: collection,
                state,
                reading: nil
            )["$setOnInsert"]
        }
        for (field, value) in (onInsert?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) where !field.contains(".")
        {
            _ = try Self.coercedScalar(
                value,
                at: "body/$setOnInsert/\(field)",
                kind: state.fieldKind(at: field, in: collection)
            )
        }
        if let writable = writableColumns(request),
            let field = onInsert?.objectValue?.keys.sorted().first(where: {
                !writable.contains(String($0.split(separator: ".", maxSplits: 1).first ?? ""))
            })
        {
            throw BackendFault(status: 500, code: "acl", message: "You cannot edit \"\(field)\" field")
        }
        if let found = try visible(request, collection, state, Route.itemWrite).first {
            let selecting = try conditions(request, collection, state, Route.itemWrite)
            try update(
                at: found.index,
                .object(operators),
                user: user(request),
                collection,
                &state,
                selecting: selecting,
                writable: writableColumns(request)
            )
            // The schema checks `$setOnInsert` though nothing is inserted: read in the document as if it had been,
            // so that a member a closed object doesn't define is told apart. A path MongoDB couldn't write is no
            // schema's concern, and it writes none here.
            var probe = state.documents(collection)[found.index]
            for (field, value) in (onInsert?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let path = try? checkedSegments(field) else { continue }
                try? Self.apply("$set", value, at: path[...], in: &probe, field: field, now: "")
            }
            try checkInserted(onInsert, in: probe, collection, state)
            return BackendAnswer(fields(of: state.documents(collection)[found.index], request, collection, state))
        }
        var document: JSONValue = .object([:])
        // MongoDB seeds the new document with the equalities of the whole query: `_q`'s, the field parameters', and
        // `acl_rows`' (crud-service `lib/resolveMongoQuery.js` joins them; `tests/httpInterface.upsertOne.test.js`,
        // "unknown document, insert new one" by `?name=…`).
        var equalities: [(String, JSONValue)] = []
        for condition in try conditions(request, collection, state, Route.itemWrite) {
            Self.collectEqualities(condition, into: &equalities)
        }
        for (path, value) in equalities where !path.hasPrefix("$") {
            try Self.apply("$set", value, at: try checkedSegments(path)[...], in: &document, field: path, now: "")
        }
        let now = state.timestamp()
        for (field, value) in (onInsert?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            try Self.apply("$set", value, at: try checkedSegments(field)[...], in: &document, field: field, now: now)
        }
        guard case .object(var members) = document else { return BackendAnswer(document) }
        if members["_id"] == nil { members["_id"] = .string(newID(in: collection, &state)) }
        members["__STATE__"] = .string(stateOnInsert(collection, endpoint: endpoint, state))
        members["createdAt"] = .string(now)
        members["creatorId"] = .string(user(request))
        state.collections[collection, default: []].append(.object(members))
        let index = state.documents(collection).count - 1
        try update(
            at: index,
            .object(operators),
            user: user(request),
            collection,
            &state,
            now: now,
            writable: writableColumns(request)
        )
        // The query parser casts a date field's value in the query and in `$setOnInsert` as it does a `$set`'s
        // (`lib/QueryParser.js`, `traverse` and `traverseCommands`): MongoDB seeds the document with the date. Read
        // once the update made the document whole, so that the registered model reads it.
        if case .object(let updated) = state.documents(collection)[index] {
            let seeded = equalities.map(\.0) + (onInsert?.objectValue?.keys.sorted() ?? [])
            let stored = Self.storingDates(updated, at: seeded, of: collection, state)
            state.collections[collection]?[index] = .object(stored)
        }
        try checkInserted(onInsert, in: state.documents(collection)[index], collection, state)
        return BackendAnswer(fields(of: state.documents(collection)[index], request, collection, state))
    }

    /// Refuses an upsert's `$setOnInsert` whose Documents break their schema, as the route's schema does whether the
    /// upsert inserts or not (``checkDocuments(inOperators:at:of:_:in:)``), read in `document`: the document the
    /// upsert inserted, or the one it updated with `$setOnInsert`'s members written into it.
    private func checkInserted(
        _ onInsert: JSONValue?,
        in document: JSONValue,
        _ collection: String,
        _ state: BackendState
    ) throws {
        guard let onInsert else { return }
        try Self.checkDocuments(
            inOperators: ["$setOnInsert": onInsert],
            at: "body",
            of: collection,
            state,
            in: document
        )
    }

    /// The fields a filter sets by equality (its own, and those of an `$and`; `$eq`, and `$in` of one value), as
    /// MongoDB seeds an upserted document with them.
    private static func collectEqualities(_ filter: JSONValue, into equalities: inout [(String, JSONValue)]) {
        guard case .object(let members) = filter else { return }
        for key in members.keys.sorted() {
            let value = members[key]!
            if key == "$and" {
                for inner in value.arrayValue ?? [] { collectEqualities(inner, into: &equalities) }
            } else if !key.hasPrefix("$") {
                if case .object(let conditions) = value, conditions.keys.contains(where: { $0.hasPrefix("$") }) {
                    if let equal = conditions["$eq"], conditions.count == 1 { equalities.append((key, equal)) }
                    if case .array(let values)? = conditions["$in"], values.count == 1, conditions.count == 1 {
                        equalities.append((key, values[0]))
                    }
                } else {
                    equalities.append((key, value))
                }
            }
        }
    }

    /// Applies `body`'s operators (`$set $unset $inc $mul $currentDate $push $pull $addToSet`) to the document at
    /// `index`; a field under two of them is refused, as MongoDB refuses it. A refusal of the schema names the
    /// operators by `pointer`, Fastify's: `body`, or `body/0/update` for a bulk patch's first.
    private func update(
        at index: Int,
        _ body: JSONValue?,
        user: String,
        _ collection: String,
        _ state: inout BackendState,
        now stamp: String? = nil,
        selecting: [JSONValue] = [],
        writable: [String]? = nil,
        pointer: String = "body"
    ) throws {
        // An empty body passes the PATCH schema: the service still sets `updaterId` and `updatedAt`.
        guard case .object(var operators) = body else { throw Self.schemaFault("\(pointer) must be object") }
        try checkUpdateSchema(operators, at: pointer, of: collection, state)
        // Only the fields `acl_write_columns` names may change; the query parser's refusal is no HTTP error, a 500
        // (crud-service `lib/QueryParser.js`, `traverseCommands`).
        if let writable {
            for (name, value) in operators where name != "$unset" && name != "$currentDate" {
                for field in (value.objectValue ?? [:]).keys.sorted() {
                    let topLevel = String(field.split(separator: ".", maxSplits: 1).first ?? "")
                    guard writable.contains(topLevel) else {
                        throw BackendFault(status: 500, code: "acl", message: "You cannot edit \"\(field)\" field")
                    }
                }
            }
        }
        operators = try Self.coercingNulls(
            inOperators: operators,
            at: pointer,
            of: collection,
            state,
            reading: state.documents(collection)[index]
        )
        operators = try Self.coercingAmounts(
            inOperators: operators,
            at: pointer,
            of: collection,
            state,
            reading: state.documents(collection)[index]
        )
        let sent = operators
        operators = try resolvingElementOperators(
            operators,
            in: state.documents(collection)[index],
            selecting,
            filterRules(of: collection, state)
        )
        let fields = operators.values.flatMap { $0.objectValue?.keys.map { $0 } ?? [] }
        if let clash = Dictionary(grouping: fields, by: { $0 }).first(where: { $0.value.count > 1 })?.key {
            throw Self.mongoFault("Updating the path '\(clash)' would create a conflict at '\(clash)'")
        }
        var document = state.documents(collection)[index]
        let now = stamp ?? state.timestamp()
        if case .object(var added)? = operators["$addToSet"] {
            for (field, operand) in added {
                added[field] = try Self.coercedElements(operand, at: field, of: document, collection, state, now: now)
            }
            operators["$addToSet"] = .object(added)
        }
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
        guard case .object(var members) = document else { return }
        members["updatedAt"] = .string(now)
        members["updaterId"] = .string(user)
        members = Self.coercing(.object(members), of: collection, state).objectValue ?? members
        let written = operators["$set"]?.objectValue.map { Array($0.keys) } ?? []
        members = Self.storingDates(members, at: written, of: collection, state)
        do {
            try state.checkDocument(.object(members), of: collection)
        } catch let fault as BackendFault {
            // The PATCH schema types each operator's fields by the key as written: `body/$set/c_count`,
            // `body/$set/metadata.size`, and a value inside one by its JSON pointer below that key:
            // `body/$set/c_parts/0/c_qty` for `{"$set": {"c_parts": [{"c_qty": 1.5}]}}`.
            throw Self.wrongType(
                fault,
                at: Self.operatorPointer(of: fault.path, in: operators, at: pointer),
                in: .object(members)
            )
        }
        try Self.checkDocuments(inOperators: sent, at: pointer, of: collection, state, in: .object(members))
        try state.checkUnique(.object(members), in: collection, replacing: index)
        state.replace(at: index, in: collection, with: .object(members))
    }

    /// `$addToSet`'s operand (a value, or `{"$each": […]}`) with each value coerced as the service's Ajv coerces it to
    /// the array's elements before MongoDB compares it with them (`"5"` for an array of numbers is 5, which an array
    /// holding 5 already has: `tests/httpInterface.patchBulk.test.js`, "$addToSet"): the values pushed onto a copy of
    /// `document`, coerced with it, and read back.
    private static func coercedElements(
        _ operand: JSONValue,
        at field: String,
        of document: JSONValue,
        _ collection: String,
        _ state: BackendState,
        now: String
    ) throws -> JSONValue {
        let each = operand["$each"]?.arrayValue
        let count = each?.count ?? 1
        var probe = document
        let path = try checkedSegments(field)
        try apply("$push", operand, at: path[...], in: &probe, field: field, now: now)
        guard case .array(let elements)? = values(at: path, in: coercing(probe, of: collection, state)).first,
            elements.count >= count
        else { return operand }
        let coerced = Array(elements.suffix(count))
        return each == nil ? coerced[0] : .object(["$each": .array(coerced)])
    }

    /// Fastify's pointer to the value at `path` (a document's dotted path) in an update's `operators`: the operator
    /// and the key it was written under, the key itself (`c_parts.0.c_qty`) or the nearest one above it, then the
    /// rest of the path as the pointer's own segments. Nil where no operator's key is the path or above it.
    private static func operatorPointer(
        of path: String?,
        in operators: [String: JSONValue],
        at pointer: String
    )
        -> String?
    {
        guard let path else { return nil }
        let parts = segments(path)
        for name in updateOperators {
            guard let members = operators[name]?.objectValue else { continue }
            for length in stride(from: parts.count, through: 1, by: -1) {
                let key = parts[..<length].joined(separator: ".")
                if members[key] != nil { return ([pointer, name, key] + parts[length...]).joined(separator: "/") }
            }
        }
        return nil
    }

    /// Refuses an update body the PATCH schema refuses, before the service reads it, as Fastify validates a body
    /// before the route's handler runs (crud-service `lib/JSONSchemaGenerator.js`,
    /// `propertiesPatchCommandsValidation`): an operator it doesn't have, one that is no object, a field the
    /// collection doesn't have or the service sets itself (`__STATE__` too: a document's state changes through its
    /// /state route), `$unset` and `$currentDate` of anything but `true`, a field of a kind the operator doesn't take,
    /// `$unset` of a field the collection requires (its schema lists only the others: `collectionFieldsProperties`;
    /// `tests/httpInterface.patchBulk.test.js`, "unset required property").
    private func checkUpdateSchema(
        _ operators: [String: JSONValue],
        at pointer: String,
        of collection: String,
        _ state: BackendState
    ) throws {
        if let unknown = operators.keys.sorted().first(where: { !Self.updateOperators.contains($0) }) {
            throw Self.additionalProperty(unknown, at: pointer)
        }
        for name in Self.updateOperators {
            guard let value = operators[name] else { continue }
            guard case .object(let members) = value else { throw Self.schemaFault("\(pointer)/\(name) must be object") }
            let readOnly = Self.systemProperties.union(["__STATE__"])
            try checkBodyKeys(members.keys, at: "\(pointer)/\(name)", of: collection, readOnly: readOnly, state)
        }
        let required = state.models[collection]?.createRules.requiredMembers[nil] ?? []
        if let field = (operators["$unset"]?.objectValue ?? [:]).keys.sorted().first(where: required.contains) {
            throw Self.additionalProperty(field, at: "\(pointer)/$unset")
        }
        for name in ["$unset", "$currentDate"] {
            for (field, value) in operators[name]?.objectValue ?? [:] {
                try Self.checkOnlyTrue(value, at: "\(pointer)/\(name)/\(field)")
            }
        }
        try checkOperatorFields(operators, at: pointer, of: collection, state)
    }

    /// Refuses a value other than `true` for a field of `$unset` or `$currentDate`, whose schema is a boolean that is
    /// `true` (crud-service `lib/JSONSchemaGenerator.js`, `getUnsetProperties`): Fastify's Ajv coerces `"true"` and
    /// `1` to it (`tests/httpInterface.patchMany.test.js`, "update Date": `{"$currentDate":{"publishDate":"true"}}`),
    /// and `false`, `"false"`, `0` and `null` to `false`, which the enum refuses; any other value is no boolean.
    private static func checkOnlyTrue(_ value: JSONValue, at pointer: String) throws {
        let coerced: Bool? =
            switch value {
            case .bool(let flag): flag
            case .string("true"): true
            case .string("false"), .null: false
            case .int, .double: value.doubleValue == 1 ? true : value.doubleValue == 0 ? false : nil
            default: nil
            }
        guard let coerced else { throw schemaFault("\(pointer) must be boolean") }
        guard coerced else { throw schemaFault("\(pointer) must be equal to one of the allowed values") }
    }

    /// Refuses an update operator's field of a kind the operator's schema doesn't list, as the PATCH schema refuses
    /// a property it doesn't have, in the words of the service's error handler (crud-service
    /// `lib/JSONSchemaGenerator.js`, `propertiesPatchCommandsValidation`; `index.js`, `customErrorHandler`;
    /// `tests/httpInterface.patchById.special.test.js`, `$addToSet` of a string field: `body/$addToSet must NOT have
    /// additional properties. Property "name" is not defined in validation schema`). A field the registered model
    /// says the kind of: a top-level one, and for `$inc` and `$mul` a nested one too (`c_parts.0.c_qty`), whose
    /// schema lists the number paths of the collection's nested schemas and nothing else of them
    /// (`getRawSchemaPathsFilteredByType(…, 'number')`). `$currentDate` lists only top-level date fields, so it
    /// takes no nested one. A field the model doesn't tell the kind of (a raw object's) is left to the service.
    private func checkOperatorFields(
        _ operators: [String: JSONValue],
        at pointer: String,
        of collection: String,
        _ state: BackendState
    ) throws {
        for name in Self.updateOperators {
            for field in (operators[name]?.objectValue ?? [:]).keys.sorted() {
                let nested = field.contains(".")
                if nested, name == "$currentDate" { throw Self.additionalProperty(field, at: "\(pointer)/\(name)") }
                // An element operator (`c_parts.$.merge`) is the array's, which the service checks on its own; an
                // element by its index (`metadata.somethingArrayOfNumbers.0`) is the element's, whose kind the model
                // doesn't tell apart from its array's (`tests/httpInterface.patchById.test.js`, "patch sub property
                // of raw object with raw schema - $inc").
                let element = Int(segments(field).last ?? "") != nil
                guard !nested || (["$inc", "$mul"].contains(name) && !field.contains(".$.") && !element),
                    let kind = state.fieldKind(at: field, in: collection), Self.schemaRefuses(name, kind)
                else { continue }
                throw Self.additionalProperty(field, at: "\(pointer)/\(name)")
            }
        }
    }

    /// Whether the schema of the update operator `name` leaves out a field of `kind`: `$inc` and `$mul` list only
    /// numbers, `$push`, `$pull` and `$addToSet` only arrays (an object's kind is unknown here: it may be a GeoPoint,
    /// an array), `$currentDate` only dates (a string may be one the model reads as text).
    private static func schemaRefuses(_ name: String, _ kind: FieldKind) -> Bool {
        switch name {
        case "$inc", "$mul": kind != .number
        case "$push", "$pull", "$addToSet": ![.array, .geoPoint, .other].contains(kind)
        case "$currentDate": ![.date, .string].contains(kind)
        default: false
        }
    }

    /// The operators with each `<array>.$.replace` and `<array>.$.merge` (the service's element operators, as its
    /// query parser rewrites them: `lib/QueryParser.js`, `transformArrayCommands`) written as the element's path
    /// they come to: `<array>.<n>`, or `<array>.<n>.<field>` for each field merged, where `n` is the element the
    /// selecting conditions on the array matched first, as MongoDB's positional `$` reads it.
    private func resolvingElementOperators(
        _ operators: [String: JSONValue],
        in document: JSONValue,
        _ selecting: [JSONValue],
        _ rules: FilterRules
    ) throws -> [String: JSONValue] {
        var resolved = operators
        for (name, value) in operators where name != "$unset" && name != "$currentDate" {
            guard case .object(let members) = value,
                members.keys.contains(where: { $0.hasSuffix(".$.merge") || $0.hasSuffix(".$.replace") })
            else { continue }
            var rewritten: [String: JSONValue] = [:]
            for (field, operand) in members {
                let merge = field.hasSuffix(".$.merge")
                guard merge || field.hasSuffix(".$.replace") else {
                    rewritten[field] = operand
                    continue
                }
                let array = String(field.dropLast(merge ? 8 : 10))
                let position = try elementPosition(array, in: document, selecting, rules)
                guard merge else {
                    rewritten["\(array).\(position)"] = operand
                    continue
                }
                guard case .object(let fields) = operand else {
                    throw BackendFault.invalid("Invalid value for array operation")
                }
                for (key, value) in fields { rewritten["\(array).\(position).\(key)"] = value }
            }
            resolved[name] = .object(rewritten)
        }
        return resolved
    }

    /// The position of the first element of the array at `path` that the selecting conditions on it match: what
    /// MongoDB's positional `$` names, compared by the collection's `rules`, as the filter that selected the document
    /// was. Without such a condition MongoDB fails the update.
    private func elementPosition(
        _ path: String,
        in document: JSONValue,
        _ selecting: [JSONValue],
        _ rules: FilterRules
    ) throws -> Int {
        var relevant: [JSONValue] = []
        func collect(_ filter: JSONValue) {
            guard case .object(let members) = filter else { return }
            for (key, value) in members {
                if key == "$and" {
                    for inner in value.arrayValue ?? [] { collect(inner) }
                } else if key == path || key.hasPrefix(path + ".") {
                    relevant.append(.object([key: value]))
                }
            }
        }
        selecting.forEach(collect)
        let failure = BackendFault(
            status: 500,
            code: "positional",
            message: "The positional operator did not find the match needed from the query."
        )
        let parts = try checkedSegments(path)
        guard !relevant.isEmpty, case .array(let elements)? = values(at: parts, in: document).first else {
            throw failure
        }
        let filters = try relevant.map { try rules.compile(try Self.castingDates($0)) }
        for (position, element) in elements.enumerated() {
            // The document with only this element in the array, under the path's own members.
            let probe = parts.reversed().reduce(JSONValue.array([element])) { inner, key in .object([key: inner]) }
            if filters.allSatisfy({ $0.matches(probe) }) { return position }
        }
        throw failure
    }

    private static func apply(
        _ name: String,
        _ operand: JSONValue,
        at path: ArraySlice<String>,
        in value: inout JSONValue,
        field: String,
        now: String
    ) throws {
        let key = path.first!
        // A position in an array names its element, as in MongoDB: `$set` past the end pads with nulls (the element
        // itself an object when the path goes on into it), `$unset` of an element leaves a null in its place.
        if case .array(var elements) = value, let position = Int(key), position >= 0, String(position) == key {
            if position >= elements.count {
                if name == "$unset" { return }
                guard position - elements.count < 10_000 else {
                    throw BackendFault.invalid("\(field) pads the array with more than 10,000 nulls")
                }
                elements += Array(repeating: .null, count: position + 1 - elements.count)
                // A path on past the new element makes it an object, as MongoDB makes an embedded document there
                // (`tests/httpInterface.patchBulk.test.js`, "$set - with nested additional property").
                if path.count > 1 { elements[position] = .object([:]) }
            }
            var wrapper: JSONValue = .object(["element": elements[position]])
            try apply(name, operand, at: (["element"] + path.dropFirst())[...], in: &wrapper, field: field, now: now)
            elements[position] = wrapper["element"] ?? .null
            value = .array(elements)
            return
        }
        guard case .object(var members) = value else {
            throw Self.mongoFault("Cannot create field '\(key)' in a non-object for \(field)")
        }
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
            guard ValueKind(operand) == .number else { throw Self.schemaFault("body/\(name)/\(field) must be number") }
            // A missing field counts as 0 for both: `$inc` sets the amount, `$mul` sets 0.
            let base: JSONValue = current ?? .int(0)
            guard ValueKind(base) == .number else {
                throw Self.mongoFault("Cannot apply \(name) to a value of non-numeric type at \(field)")
            }
            members[key] = arithmetic(base, operand, add: name == "$inc")
        case "$push", "$addToSet", "$pull":
            let elements = current?.arrayValue ?? []
            guard current == nil || current?.arrayValue != nil else {
                throw Self.mongoFault("The field '\(field)' must be an array")
            }
            let operands: [JSONValue]
            if name == "$pull" {
                let pulled = try Self.pullCondition(operand)
                members[key] = .array(elements.filter { !pulled($0) })
            } else if name == "$push", case .object(let modifiers) = operand, modifiers["$each"] != nil {
                members[key] = .array(try Self.pushing(modifiers, to: elements, field: field))
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
    /// `$push` with its modifiers, as MongoDB applies them (the PATCH schema takes `$each`, `$position`, `$slice`
    /// and `$sort`: crud-service `lib/JSONSchemaGenerator.js`, `mongoOperatorSchema`): the elements inserted at
    /// `$position` (from the end when negative) or appended, then sorted by `$sort` (`1`, `-1`, or a document's
    /// fields), then cut to the first `$slice` (the last when negative).
    static func pushing(_ modifiers: [String: JSONValue], to elements: [JSONValue], field: String) throws -> [JSONValue]
    {
        guard case .array(let each)? = modifiers["$each"] else {
            throw BackendFault.invalid("The argument to $each in $push must be an array for \(field)")
        }
        if let unknown = modifiers.keys.sorted().first(where: {
            !["$each", "$position", "$slice", "$sort"].contains($0)
        }) {
            throw BackendFault.invalid("Unrecognized clause in $push: \(unknown)")
        }
        var result = elements
        if let position = modifiers["$position"] {
            guard let offset = position.intValue else { throw BackendFault.invalid("$position must be an integer") }
            let index = offset < 0 ? max(0, result.count + offset) : min(offset, result.count)
            result.insert(contentsOf: each, at: index)
        } else {
            result += each
        }
        if let sort = modifiers["$sort"] {
            let keys: [(path: [String], ascending: Bool)]
            if let direction = sort.intValue, direction == 1 || direction == -1 {
                keys = [([], direction == 1)]
            } else if case .object(let fields) = sort, !fields.isEmpty,
                fields.values.allSatisfy({ $0.intValue == 1 || $0.intValue == -1 })
            {
                keys = try fields.keys.sorted().map { (try checkedSegments($0), fields[$0]?.intValue == 1) }
            } else {
                throw BackendFault.invalid("The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1}")
            }
            // Stable, by each key in turn; a missing field sorts as null, as MongoDB sorts it.
            result = result.enumerated().sorted { a, b in
                for (path, ascending) in keys {
                    let x = path.isEmpty ? a.element : values(at: path, in: a.element).first ?? .null
                    let y = path.isEmpty ? b.element : values(at: path, in: b.element).first ?? .null
                    let order = mongoOrder(x, y)
                    if order != .orderedSame { return (order == .orderedAscending) == ascending }
                }
                return a.offset < b.offset
            }.map(\.element)
        }
        if let slice = modifiers["$slice"] {
            // A whole number past `Int`'s range (JavaScript's 2^63 for `Int.max`) counts as the range's end, as
            // MongoDB's `safeNumberLong` clamps it: every element either way.
            guard let count = slice.intValue ?? slice.doubleValue.flatMap(Self.clampedWholeNumber) else {
                throw BackendFault.invalid("$slice must be an integer")
            }
            // `Int.min` has no negation: its magnitude, clamped, keeps every element as any count past them does.
            result =
                count >= 0 ? Array(result.prefix(count)) : Array(result.suffix(Int(clamping: count.magnitude)))
        }
        return result
    }

    /// A whole `number` as an `Int`, clamped to `Int`'s range; nil when it has a fraction.
    private static func clampedWholeNumber(_ number: Double) -> Int? {
        guard number.rounded() == number else { return nil }
        if number >= 0x1p63 { return .max }
        return number < -0x1p63 ? .min : Int(number)
    }

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

/// `a + b` or `a * b` as MongoDB computes it on the numbers Node.js stored, and as JavaScript then writes it: exactly
/// for two ints a double holds (a result past 2^53 then rounded to the nearest double, which is what the doubles'
/// arithmetic makes of it), else as doubles, from the doubles a stored integer past 2^53 stands for
/// (``javaScriptNumbers(_:)``).
func arithmetic(_ a: JSONValue, _ b: JSONValue, add: Bool) -> JSONValue {
    let exact: UInt = 1 << 53
    if case .int(let x) = a, case .int(let y) = b, x.magnitude <= exact, y.magnitude <= exact {
        let (result, overflow) = add ? x.addingReportingOverflow(y) : x.multipliedReportingOverflow(by: y)
        if !overflow { return javaScriptNumbers(.int(result)) }
    }
    let (x, y) = (a.doubleValue ?? 0, b.doubleValue ?? 0)
    let result = add ? x + y : x * y
    // As JavaScript writes the result: `1` for 0.5 + 0.5, `0` for -0, a fraction as it is.
    return result.isFinite ? javaScriptNumber(result) : .double(result)
}
