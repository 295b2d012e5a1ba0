import Foundation
import ModelRuntime

/// Parse Server's REST API over the stored objects (`/classes/<Class>`, `/classes/<Class>/<id>`, `/batch`), as
/// Parse's REST guide documents it and parse-server's routers answer.
struct ParseBackend: BackendDialect {
    let idKey = "objectId"
    let pageSize = 100
    var defaultIDs: IDGenerator { .parseObjectIDs }
    /// Whom the request being answered reads and writes as.
    private var access = ParseAccess.everyone

    /// The field parse-server sets itself: a create's body may not give it (105), an update's only as it is.
    static let systemFields: Set<String> = ["objectId"]

    /// The dates parse-server sets itself on every write: a body's Date for one is taken and then overwritten (a
    /// create's both, an update's `updatedAt`) or dropped (an update's `createdAt`), as `RestWrite`'s
    /// `setRequiredFieldsIfNeeded` and `runDatabaseOperation` do; a value of another type is refused by the schema,
    /// whose default columns make both Dates.
    static let timestampFields: Set<String> = ["createdAt", "updatedAt"]

    /// The unique index parse-server's `performInitialization` makes on role names (DatabaseController.js
    /// `ensureUniqueness`); a user's username and email are checked as a sign-up's (`checkUser`).
    var systemUniqueMembers: [String: Set<String>] { ["_Role": ["name"]] }

    /// The fields a write of a class must give (SchemaController.js `requiredColumns.write`): a create each one, not
    /// falsy; an update may not `Delete` one (111, `name is required.`).
    static func checkRequiredColumns(_ body: [String: JSONValue], of className: String, updating: Bool) throws {
        guard className == "_Role" else { return }
        for column in ["name", "ACL"] {
            let missing = updating ? body[column]?["__op"] == "Delete" : !(body[column].map(isTruthy) ?? false)
            if missing { throw BackendFault(status: 400, code: "validation", message: "\(column) is required.") }
        }
    }

    /// The operators the client renders, and the distances of a `$nearSphere` parse-server reads too (which the
    /// in-memory backend, evaluating no `$nearSphere`, refuses as such).
    var filterRules: FilterRules {
        let distances = ["$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles", "$maxDistanceInKilometers"]
        return FilterRules(
            operators: ParseDialect.filter.supportedOperators.union(distances),
            backend: "parse",
            // parse-server passes an `$exists` operand on as it is (MongoTransform.js `transformConstraint`), for
            // MongoDB to read by its truth.
            existsTakesAnyValue: true
        )
    }

    func seeded(
        _ members: [String: JSONValue],
        into collection: String,
        _ state: inout BackendState
    ) -> [String: JSONValue] {
        // A seeded object's fields join the class's schema as a write's do; a value parse-server would refuse as
        // its type (a Pointer without its className) adds nothing.
        Self.addToSchema(
            members.compactMap { key, value in
                key == "ACL" ? nil : (try? Self.parseType(value)).map { (field: key, type: $0) }
            },
            of: collection,
            &state
        )
        var members = members
        // A seeded user's password is kept apart, as a sign-up's is, for `/login`: no read answers it.
        if collection == "_User", let id = members["objectId"]?.stringValue,
            let password = members.removeValue(forKey: "password")
        {
            state.passwords[id] = password.stringValue
        }
        guard members["createdAt"] == nil || members["updatedAt"] == nil else { return members }
        let now = state.timestamp()
        if members["createdAt"] == nil { members["createdAt"] = .string(now) }
        if members["updatedAt"] == nil { members["updatedAt"] = members["createdAt"] }
        return members
    }

    /// parse-server answers a duplicate, like most of its errors, with a 400 and the code.
    func status(of fault: BackendFault) -> Int {
        fault.code == "duplicate" ? 400 : fault.status
    }

    /// Parse's error codes (parse-server `ParseError`): 101 object not found, 102 invalid query, 105 invalid field
    /// name, 107 invalid JSON (a bad operand or constraint too), 108 an operation parse-server doesn't apply, 111
    /// incorrect type (a missing required field too, as `SchemaController.validateRequiredColumns` says it: `title
    /// is required.`), 121 invalid nested key.
    func errorBody(_ fault: BackendFault) -> JSONValue {
        let code: Int =
            switch fault.code {
            case "notFound": 101
            case "duplicate": 137
            case "validation", "readOnly", "required", "unknownProperty": 111
            case "keyName": 105
            case "nestedKey": 121
            case "json", "operand": 107
            case "operation": 108
            case "fileName": 122
            case "fileUpload": 130
            case "invalidEmail": 125
            case "usernameMissing": 200
            case "passwordMissing": 201
            case "sessionMissing": 206
            case "invalidACL": 123
            case "usernameTaken": 202
            case "emailTaken": 203
            case "invalidSessionToken": 209
            case "accountAlreadyLinked": 208
            case "operationForbidden": 119
            case "unsupportedService": 252
            default: 102
            }
        // An error parse-server doesn't handle is answered under `message`, not `error` (middlewares.js,
        // `handleParseErrors`).
        if fault.code == "internal" { return ["code": 1, "message": "Internal server error."] }
        let message =
            switch fault.code {
            case "required": "\(fault.path ?? "") is required."
            // MongoStorageAdapter.js names no field in it.
            case "duplicate": "A duplicate value for a field with unique values was provided"
            default: fault.message
            }
        return ["code": .int(code), "error": .string(message)]
    }

    func answer(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        // parse-server's `handleParseSession` (middlewares.js) looks every request's session token up before any
        // router sees it: one it doesn't have ends the request.
        if let token = Self.sessionToken(of: request), Self.user(ofSession: token, state) == nil {
            throw Self.invalidSession
        }
        var scoped = self
        scoped.access = ParseAccess(user: Self.signedInUser(request, state), state)
        return try scoped.route(Self.overridingMethod(request), &state)
    }

    /// Whether parse-server reads no session token from `request`, whatever it sends: `handleParseHeaders`
    /// (middlewares.js) drops the token of a request whose URL is `/login` exactly, without a query, so that a stale
    /// token doesn't keep a user from signing in again; and FilesRouter.js serves a file's bytes (`GET /files/…`)
    /// without either middleware.
    private static func dropsSessionToken(_ request: BackendRequest) -> Bool {
        (request.segments == ["login"] && request.query.isEmpty)
            || (request.method == "GET" && request.segments.first == "files")
    }

    /// A `POST` whose body has a `_method` as the request it names, as parse-server's `allowMethodOverride`
    /// (middlewares.js) makes it before routing: that method, the body without `_method`, and for a `GET` the body's
    /// members as its query (`handleFind` and `handleGet` read the body merged with the URL's query, which wins). A
    /// query too long for a URL is sent so.
    private static func overridingMethod(_ request: BackendRequest) -> BackendRequest {
        guard request.method == "POST", case .object(var members)? = request.body,
            let method = members.removeValue(forKey: "_method"), isTruthy(method)
        else { return request }
        var overridden = request
        overridden.method = javaScriptString(method).uppercased()
        overridden.body = .object(members)
        if overridden.method == "GET" { overridden.query = queryItems(members) + request.query }
        return overridden
    }

    /// A request routed as parse-server's routers route it (a `/batch`'s requests too, which no middleware sees).
    private func route(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        let segments = request.segments
        if segments == ["batch"], request.method == "POST" { return try batch(request, &state) }
        if segments.count == 2, segments[0] == "files" {
            switch request.method {
            case "POST": return try storeFile(request, name: segments[1], &state)
            case "GET":
                guard let file = state.file(at: "/files/" + (try PathSegment(segments[1]).encoded)) else {
                    throw BackendFault(status: 404, code: "notFound", message: "File not found.")
                }
                var answer = BackendAnswer(200, nil, headers: ["Content-Type": file.mime])
                answer.bytes = file.data
                return answer
            default: break
            }
        }
        switch (request.method, segments) {
        case ("GET", ["login"]), ("POST", ["login"]): return try logIn(request, &state)
        case ("POST", ["logout"]): return logOut(request, &state)
        case ("GET", ["users", "me"]): return try currentUser(request, state)
        default: break
        }
        // UsersRouter serves `_User` at `/users` as ClassesRouter does at `/classes/_User`.
        if segments.first == "users", (1...2).contains(segments.count) {
            var rerouted = request
            rerouted.segments = ["classes", "_User"] + segments.dropFirst()
            return try route(rerouted, &state)
        }
        guard segments.count >= 2, segments[0] == "classes" else {
            throw BackendFault(
                status: 404,
                code: "notFound",
                message: "unknown route /\(segments.joined(separator: "/"))"
            )
        }
        let className = segments[1]
        switch (request.method, segments.count) {
        case ("GET", 2): return try list(request.query, className, state)
        case ("POST", 2):
            try access.enforceClassSecurity(.create, on: className)
            return try create(request.body, className, &state, signedInAs: Self.signedInUser(request, state))
        case ("GET", 3):
            // parse-server's `handleGet` reads only `ALLOWED_GET_QUERY_KEYS` (ClassesRouter.js).
            if request.query.contains(where: { !Self.getParameters.contains($0.name) }) {
                throw BackendFault.invalid("Improper encode of parameter")
            }
            try access.enforceClassSecurity(.get, on: className)
            let document = try instance(segments[2], className, state, readable: true).document
            let options = try ReadOptions(BackendRequest.Query(request.query), of: className, state)
            let projected = try options.selection(at: []).project(document)
            return BackendAnswer(try including([projected], of: className, options, state)[0])
        case ("PUT", 3):
            try access.enforceClassSecurity(.update, on: className)
            return try update(request.body, id: segments[2], className, &state)
        case ("DELETE", 3):
            // rest.js `del`: a user is deleted only in a session (then as its ACL lets the session write it).
            if className == "_User", access.user == nil {
                throw BackendFault(status: 400, code: "sessionMissing", message: "Insufficient auth to delete user")
            }
            try access.enforceClassSecurity(.delete, on: className)
            let (index, _) = try writableInstance(segments[2], className, state)
            state.collections[className]!.remove(at: index)
            // Its password goes with it; its sessions stay, and sign nothing in, since their user is gone (Auth.js
            // `getAuthForSessionToken`).
            if className == "_User" { state.passwords[segments[2]] = nil }
            return BackendAnswer([:])
        default:
            throw BackendFault(status: 404, code: "notFound", message: "unknown route \(request.method) /classes")
        }
    }

    // MARK: Reading

    /// A body's members as the query parameters parse-server reads them with (`handleFind` and `handleGet` merge the
    /// body and the query): text as it is, any other value as its JSON, by name.
    private static func queryItems(_ members: [String: JSONValue]) -> [(name: String, value: String)] {
        members.sorted { $0.key < $1.key }.map { key, value in
            (
                key,
                value.stringValue ?? String(decoding: (try? value.jsonData(sortedKeys: true)) ?? Data(), as: UTF8.self)
            )
        }
    }

    /// The parameters a list reads, as parse-server's `optionsFromBody` allows them (`allowConstraints`); any other
    /// is refused (102).
    private static let listParameters: Set<String> = [
        "skip", "limit", "order", "count", "keys", "excludeKeys", "include", "includeAll", "redirectClassNameForKey",
        "where", "readPreference", "includeReadPreference", "subqueryReadPreference", "hint", "explain", "comment",
    ]

    /// The parameters a read of one object reads (parse-server's `ALLOWED_GET_QUERY_KEYS`); any other is refused.
    private static let getParameters: Set<String> = [
        "keys", "include", "excludeKeys", "readPreference", "includeReadPreference", "subqueryReadPreference",
    ]

    /// What a read asks beyond its filter, as parse-server's `RestQuery` reads `keys`, `excludeKeys` and `include`.
    private struct ReadOptions {
        /// Members every object answered keeps (parse-server's `AlwaysSelectedKeys`).
        static let alwaysSelected = ["objectId", "createdAt", "updatedAt", "ACL"]

        /// `keys` as sent (dotted paths); nil when the read sends none.
        var keys: [String]?
        /// `excludeKeys` as sent (dotted paths).
        var excludeKeys: [String] = []
        /// The paths whose pointers are replaced by their objects: those `include` names, the parent of each dotted
        /// key of `keys` and `excludeKeys` (`owner.name` includes `owner`), and the prefixes of each, shortest first.
        var include: [[String]] = []

        /// The options of a read of `className`'s objects.
        init(_ query: BackendRequest.Query, of className: String, _ state: BackendState) throws {
            keys = ParseBackend.optionText(query, "keys").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            excludeKeys = ParseBackend.optionText(query, "excludeKeys")?.split(separator: ",").map(String.init) ?? []
            var paths = ParseBackend.optionText(query, "include")?.split(separator: ",").map(String.init) ?? []
            for key in (keys ?? []) + excludeKeys where key.contains(".") {
                paths.append(String(key[..<key.lastIndex(of: ".")!]))
            }
            // `*` among the paths (or an `includeAll` that is true, ClassesRouter.js) includes every top-level pointer
            // and array field of the class's schema, and `*` drops the other paths, those of `keys` too (RestQuery.js,
            // its `include` option and `handleIncludeAll`); the fields join `keys` when a read sends them.
            let includesAll = paths.contains("*") || query.item("includeAll").map(ParseBackend.isTrueOption) == true
            if paths.contains("*") { paths = [] }
            var seen: Set<[String]> = []
            for path in paths {
                let parts = try checkedSegments(path)
                for count in 1...parts.count where seen.insert(Array(parts[..<count])).inserted {
                    include.append(Array(parts[..<count]))
                }
            }
            include = include.enumerated().sorted { ($0.element.count, $0.offset) < ($1.element.count, $1.offset) }
                .map(\.element)
            if includesAll {
                let fields = ParseBackend.includableFields(of: className, state)
                include += fields.map { [$0] }.filter { !include.contains($0) }
                keys = keys.map { sent in sent + fields.filter { !sent.contains($0) } }
            }
        }

        /// The members kept of each object at `path` (the objects answered when empty, else the objects included
        /// there): parse-server projects an object to top-level names only, so `keys=address.city` keeps all of
        /// `address`, while an object included at `owner` keeps only the `name` that `owner.name` asks for, and
        /// loses the `secret` that `excludeKeys=owner.secret` leaves out.
        func selection(at path: [String]) -> DocumentSelection {
            var selection = DocumentSelection(alwaysIncluded: Self.alwaysSelected)
            // The names one level below `path` the options name (`a.b.c` at `[a]` is `b`).
            func below(_ options: [String], exactly: Bool) -> [String] {
                options.compactMap { option in
                    let parts = segments(option)
                    guard parts.count > path.count, parts.starts(with: path), !exactly || parts.count == path.count + 1
                    else { return nil }
                    return parts[path.count]
                }
            }
            let excluded = below(excludeKeys, exactly: true).filter { !Self.alwaysSelected.contains($0) }
            if path.isEmpty, let keys {
                // The answered objects keep the keys sent, whatever `excludeKeys` names exactly, by top-level name.
                let kept = keys.filter { !$0.isEmpty && !excludeKeys.contains($0) }.map { segments($0)[0] }
                selection.included = kept + Self.alwaysSelected
            } else if !path.isEmpty, case let kept = below(keys ?? [], exactly: false), !kept.isEmpty {
                selection.included = kept.filter { !excluded.contains($0) } + Self.alwaysSelected
            } else {
                selection.excluded = excluded
            }
            return selection
        }
    }

    private func list(
        _ items: [(name: String, value: String)],
        _ requestedClass: String,
        _ state: BackendState
    ) throws
        -> BackendAnswer
    {
        if let unknown = items.first(where: { !Self.listParameters.contains($0.name) }) {
            throw BackendFault.invalid("Invalid parameter for query: \(unknown.name)")
        }
        try access.enforceClassSecurity(.find, on: requestedClass)
        let query = BackendRequest.Query(items)
        let redirected = Self.redirectedClass(of: requestedClass, query.item("redirectClassNameForKey"), state)
        let className = redirected ?? requestedClass
        let options = try ReadOptions(query, of: className, state)
        var selection = options.selection(at: [])
        let selected = try matching(try Self.whereFilter(query), in: className, state)
        if let order = Self.optionText(query, "order", truthy: true) {
            // A key into a field MongoDB holds as no document sorts by nothing there, as a filter's finds nothing.
            selection.order = try Self.sortKeys(order).map {
                (Self.storedPath($0.path, in: className, state), $0.ascending)
            }
        }
        selection.skip = try query.intItem("skip") ?? 0
        selection.limit = try query.intItem("limit") ?? pageSize
        if selection.limit != 0, let explain = query.item("explain") { try Self.refuseExplain(explain) }
        var results = try including(try page(of: selected, selection), of: className, options, state)
        if let redirected { results = results.map { Self.withMember("className", .string(redirected), in: $0) } }
        var answer: [String: JSONValue] = ["results": .array(results)]
        if let count = query.item("count"), Self.isTrueOption(count) {
            answer["count"] = .int(selected.count)
        }
        return BackendAnswer(.object(answer))
    }

    /// A list's `where` as JSON; nil without one. Text that is no JSON fails `handleFind`'s `JSON.parse`
    /// (ClassesRouter.js) with a SyntaxError, no Parse error, which parse-server answers as an internal error.
    private static func whereFilter(_ query: BackendRequest.Query) throws -> JSONValue? {
        do {
            return try query.jsonItem("where")
        } catch {
            throw internalError("where is not JSON")
        }
    }

    /// An `order`'s sort keys as parse-server reads them: each trimmed (`order=n, -m`), `-` descending, and gathered
    /// in an object (RestQuery.js), so that a key named twice sorts where it was first named, as it was last named;
    /// `_created_at` and `_updated_at` sort as `createdAt` and `updatedAt`, and a key whose top-level name is no field
    /// name is refused (105, DatabaseController.js `find`). `$score`, a text search's, is not evaluated.
    private static func sortKeys(_ order: String) throws -> [(path: String, ascending: Bool)] {
        var keys: [(path: String, ascending: Bool)] = []
        // Each key's place in `keys`, so that gathering an `order` of many keys stays linear in its length.
        var places: [String: Int] = [:]
        func sort(_ path: String, ascending: Bool) {
            if let index = places[path] {
                keys[index].ascending = ascending
            } else {
                places[path] = keys.count
                keys.append((path, ascending))
            }
        }
        for field in order.split(separator: ",", omittingEmptySubsequences: false) {
            let key = field.trimmingCharacters(in: .whitespacesAndNewlines)
            if key == "$score" || key == "-$score" {
                throw BackendFault.invalid("the in-memory parse backend does not evaluate $score")
            }
            if key.hasPrefix("-") {
                sort(String(key.dropFirst()), ascending: false)
            } else {
                sort(key, ascending: true)
            }
        }
        // `find` moves a stored name's key to the end, under the field's own name.
        for (stored, field) in [("_created_at", "createdAt"), ("_updated_at", "updatedAt")] {
            guard let index = places.removeValue(forKey: stored) else { continue }
            let ascending = keys.remove(at: index).ascending
            for later in keys[index...] { places[later.path]? -= 1 }
            sort(field, ascending: ascending)
        }
        for (path, _) in keys {
            let name = String(path.prefix { $0 != "." })
            guard isValidName(name), name != "length", name != "className" else {
                throw BackendFault(status: 400, code: "keyName", message: "Invalid field name: \(path).", path: path)
            }
        }
        return keys
    }

    /// Refuses a list's `explain` that is true: one MongoDB's driver doesn't take as parse-server refuses it (102,
    /// MongoStorageAdapter.js `validateExplainValue`), any other as not evaluated (parse-server answers MongoDB's
    /// plan, not the objects).
    private static func refuseExplain(_ text: String) throws {
        let explain = (try? BackendRequest.json(text, what: "explain")) ?? .string(text)
        guard isTruthy(explain) else { return }
        let allowed: [JSONValue] = [
            "queryPlanner", "queryPlannerExtended", "executionStats", "allPlansExecution", true,
        ]
        guard allowed.contains(explain) else { throw BackendFault.invalid("Invalid value for explain") }
        throw BackendFault.invalid("the in-memory parse backend does not evaluate explain")
    }

    /// The class a list reads instead of `className` for a `redirectClassNameForKey` naming one of its relation fields:
    /// the relation's class (RestQuery.js `redirectClassNameForKey`, DatabaseController.js); nil for none, or a key
    /// that names no relation field, which leaves the class as it is.
    private static func redirectedClass(of className: String, _ key: String?, _ state: BackendState) -> String? {
        guard let key, isTrueOption(key), let type = state.fieldTypes[className]?[key], type.hasPrefix("Relation<")
        else { return nil }
        return String(type.dropFirst("Relation<".count).dropLast())
    }

    /// `object` with `value` at `key`, as parse-server's `runFind` sets each redirected result's `className`.
    private static func withMember(_ key: String, _ value: JSONValue, in object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        members[key] = value
        return .object(members)
    }

    /// The objects answered, with the pointers at each path `include` names replaced by the objects they point to
    /// (each projected as `keys` and `excludeKeys` ask), through arrays, as parse-server's `includePath` replaces
    /// them: a pointer to no object is left out.
    private func including(
        _ objects: [JSONValue],
        of className: String,
        _ options: ReadOptions,
        _ state: BackendState
    ) throws
        -> [JSONValue]
    {
        // Each class's relation fields, found once when the class's objects are first answered.
        var relations: [String: [String: JSONValue]] = [:]
        func answered(_ object: JSONValue, of className: String) -> JSONValue {
            if relations[className] == nil { relations[className] = Self.relationFields(of: className, state) }
            var object = object
            // DatabaseController.js `filterSensitiveData`: another user's `email` (the default `protectedFields`)
            // and `authData` are not answered.
            if className == "_User", case .object(var members) = object,
                members["objectId"]?.stringValue != access.user
            {
                members["email"] = nil
                members["authData"] = nil
                object = .object(members)
            }
            let answered = withRelations(withFileURLs(object, state), relations[className] ?? [:])
            return Self.withDatesAsAnswered(answered)
        }
        var results = objects.map { answered($0, of: className) }
        // Each class's objects by objectId, indexed once when a pointer first names the class.
        var byID: [String: [String: JSONValue]] = [:]
        for path in options.include {
            // RestQuery.js `includePath` gets the objects a path's pointers name, class by class: one by its
            // objectId, more by a query, each as the request may. The first class refused, in the order its
            // pointers come, ends the request.
            var targets: [String] = []
            var pointed: [String: Set<JSONValue>] = [:]
            for pointer in Self.pointers(in: .array(results), at: path[...]) {
                guard let target = pointer["className"]?.stringValue, !target.isEmpty else { continue }
                if pointed[target] == nil { targets.append(target) }
                pointed[target, default: []].insert(pointer["objectId"] ?? .null)
            }
            for target in targets {
                try access.enforceClassSecurity(pointed[target]?.count == 1 ? .get : .find, on: target)
            }
            let selection = options.selection(at: path)
            func included(_ pointer: [String: JSONValue]) throws -> JSONValue? {
                guard let target = pointer["className"]?.stringValue, let id = pointer["objectId"]?.stringValue
                else { return nil }
                if byID[target] == nil {
                    var objects: [String: JSONValue] = [:]
                    for object in state.documents(target) where access.mayRead(object) {
                        if let id = object[idKey]?.stringValue, objects[id] == nil { objects[id] = object }
                    }
                    byID[target] = objects
                }
                guard let found = byID[target]?[id],
                    case .object(var object) = answered(try selection.project(found), of: target)
                else { return nil }
                object["__type"] = "Object"
                object["className"] = .string(target)
                return .object(object)
            }
            // parse-server's `replacePointers`: through arrays, down the path, a pointer at its end replaced (nil:
            // left out); a missing or falsy member on the way leaves the object as it is.
            func replacing(_ value: JSONValue, _ rest: ArraySlice<String>) throws -> JSONValue? {
                switch value {
                case .array(let elements): return .array(try elements.compactMap { try replacing($0, rest) })
                case .object(var members):
                    guard let key = rest.first else {
                        return members["__type"] == "Pointer" ? try included(members) : value
                    }
                    guard let member = members[key], Self.isTruthy(member) else { return value }
                    members[key] = try replacing(member, rest.dropFirst())
                    return .object(members)
                default: return value
                }
            }
            results = try results.compactMap { try replacing($0, path[...]) }
        }
        return results
    }

    /// The pointers at the end of `path` in `value`, through arrays, as RestQuery.js `findPointers` finds them: a
    /// missing or falsy member on the way has none.
    private static func pointers(in value: JSONValue, at path: ArraySlice<String>) -> [[String: JSONValue]] {
        switch value {
        case .array(let elements): return elements.flatMap { pointers(in: $0, at: path) }
        case .object(let members):
            guard let key = path.first else { return members["__type"] == "Pointer" ? [members] : [] }
            guard let member = members[key], isTruthy(member) else { return [] }
            return pointers(in: member, at: path.dropFirst())
        default: return []
        }
    }

    /// An ACL a client sends as parse-server keeps and answers it (DatabaseController.js `transformObjectACL`, then
    /// `untransformObjectACL`); nil for one JavaScript reads as false (`!ACL`: `null`, `false`, `0`, `""`), which is
    /// none. Else each key `for…in` walks (an object's, an array's positions) with the permissions its entry grants,
    /// `true`, and one granted none is gone: any other value (text, a number, `true`, `{"__op":"Delete"}`'s text)
    /// grants no one anything. The ACL of the `_User` `user` gives the user read and write (RestWrite.js, "make sure
    /// the user is not locked down"). JavaScript fails on an entry that is `null` (`ACL[entry].read`), and, in strict
    /// mode, on a user's ACL it can't add the user to (text, a number, `true`): internal errors.
    static func storedACL(_ acl: JSONValue, ownedBy user: String? = nil) throws -> JSONValue? {
        guard isTruthy(acl) else { return nil }
        // The JS SDK's placeholder for a user not saved yet (RestWrite.js `runDatabaseOperation`: 123).
        if acl["*unresolved"].map(isTruthy) == true {
            throw BackendFault(status: 400, code: "invalidACL", message: "Invalid ACL.")
        }
        var entries: [String: JSONValue] = [:]
        switch acl {
        case .object(let members): entries = members
        case .array(let elements):
            for (position, element) in elements.enumerated() { entries[String(position)] = element }
        default:
            if let user {
                throw internalError("Cannot create property '\(user)' on \(javaScriptString(acl))")
            }
        }
        if let user { entries[user] = ["read": true, "write": true] }
        var stored: [String: JSONValue] = [:]
        for key in entries.keys.sorted() {
            guard case .object(let permissions) = entries[key]! else {
                if entries[key] == .null { throw internalError("Cannot read properties of null (reading 'read')") }
                continue
            }
            var granted: [String: JSONValue] = [:]
            for permission in ["read", "write"] where permissions[permission].map(isTruthy) == true {
                granted[permission] = true
            }
            if !granted.isEmpty { stored[key] = .object(granted) }
        }
        return .object(stored)
    }

    /// The text of the option `name` (`keys`, `excludeKeys`, `include`, `order`) as parse-server reads it
    /// (ClassesRouter.js): `JSONFromQuery` reads a parameter as JSON where it is JSON, and `optionsFromBody` takes
    /// JavaScript's `String` of it, so that `keys=["foo","bar"]` is `foo,bar`; a parameter sent several times is, as
    /// Express reads it, the array of its values, which `String` joins with commas. Nil for none, or `null`; when
    /// `truthy`, as `optionsFromBody` tests `order`, for any value JavaScript reads as false too (`order=`, `0`,
    /// `false`).
    private static func optionText(_ query: BackendRequest.Query, _ name: String, truthy: Bool = false) -> String? {
        let values = query.items(name)
        guard let first = values.first else { return nil }
        guard values.count == 1 else { return values.joined(separator: ",") }
        let json = (try? BackendRequest.json(first, what: name)) ?? .string(first)
        guard json != .null, !truthy || isTruthy(json) else { return nil }
        return javaScriptString(json)
    }

    /// Whether a query parameter is true as parse-server's `optionsFromBody` tests `count` and `includeAll`: its JSON,
    /// or else its text, as JavaScript reads it (`count=1`, `count=true`; not `0`, `false` or nothing).
    private static func isTrueOption(_ text: String) -> Bool {
        isTruthy((try? BackendRequest.json(text, what: "an option")) ?? .string(text))
    }

    /// Whether JavaScript reads `value` as true, as parse-server tests a member or an option: not `null`, `false`,
    /// `0` or `""`.
    static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .int, .double, .bigInteger: (value.doubleValue ?? 1) != 0
        case .array, .object: true
        }
    }

    /// The stored objects of `className` that `filter` selects (all when there is none), compared as parse-server's
    /// MongoDB holds them: `createdAt` and `updatedAt` are Dates, and so is a plain string a filter compares them
    /// with for equality (parse-server's `transformQueryKeyValue`); any other string stays a string, which no Date
    /// equals.
    private func matching(
        _ filter: JSONValue?,
        in className: String,
        _ state: BackendState,
        depth: Int = 0
    ) throws
        -> [JSONValue]
    {
        guard let filter else { return state.documents(className).filter(access.mayRead) }
        // RestQuery.js `denyProtectedFields`: without the master key, a query's own key on a field the default
        // `protectedFields` keep from others (`_User`'s `email`) is refused, where JavaScript reads its value as
        // true, unless the query's `objectId` is one of the request's group (`addProtectedFields`).
        if className == "_User", filter["email"].map(Self.isTruthy) == true,
            filter["objectId"]?.stringValue.map(access.group.contains) != true
        {
            throw BackendFault(
                status: 400,
                code: "operationForbidden",
                message: "This user is not allowed to query email on class _User"
            )
        }
        let objects = state.documents(className).filter(access.mayRead)
        let resolved = try resolvingRelations(filter, in: className, state, depth: depth)
        let compiled = try filterRules.compile(resolved)
        // Each object is read with its dates as Dates only when the filter compares one: it copies the object.
        guard Self.comparesDates(resolved) else { return objects.filter(compiled.matches) }
        return objects.filter { compiled.matches(Self.withDates($0)) }
    }

    /// The page `selection` asks for of `objects`, sorted by `createdAt` and `updatedAt` as the instants
    /// parse-server's MongoDB holds (`_created_at`, `_updated_at`), whatever their ISO 8601 spelling; answered as text.
    private func page(of objects: [JSONValue], _ selection: DocumentSelection) throws -> [JSONValue] {
        guard selection.order.contains(where: { Self.dateFields.contains($0.path) }) else {
            return try selection.page(of: objects)
        }
        return try selection.page(of: objects.map(Self.withDates)).map(Self.withDatesAsText)
    }

    /// An object as parse-server answers the Dates its MongoDB holds (MongoTransform.js `mongoObjectToParseObject`,
    /// `nestedMongoObjectToNestedParseObject`): `createdAt`, `updatedAt` and each Date's `iso`, at any depth, in
    /// JavaScript's `toISOString` form (`2026-01-01T00:00:00.000Z`, to the millisecond), whatever spelling was stored.
    private static func withDatesAsAnswered(_ object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        for key in dateFields {
            if case .string(let iso)? = members[key], let text = isoText(of: asDate(.string(iso))) {
                members[key] = .string(text)
            }
        }
        return withCanonicalDates(.object(members))
    }

    /// `value` with each Date's `iso`, at any depth, in `toISOString` form.
    private static func withCanonicalDates(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(withCanonicalDates))
        case .object(var members):
            if let text = isoText(of: value) {
                members["iso"] = .string(text)
                return .object(members)
            }
            for (key, member) in members { members[key] = withCanonicalDates(member) }
            return .object(members)
        default: return value
        }
    }

    /// The instant a Date names, as JavaScript's `toISOString` writes it; nil for any other value, or a Date whose
    /// `iso` names no instant.
    private static func isoText(of date: JSONValue) -> String? {
        instant(date).map { ISO8601DateCoding.string(from: Date(timeIntervalSince1970: $0 / 1000)) }
    }

    /// The object with its ``dateFields`` as Dates (a copy).
    private static func withDates(_ object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        for key in dateFields { members[key] = members[key].map(asDate) }
        return .object(members)
    }

    /// The object with its ``dateFields`` as the ISO 8601 text of their Dates, as parse-server answers them.
    private static func withDatesAsText(_ object: JSONValue) -> JSONValue {
        guard case .object(var members) = object else { return object }
        for key in dateFields { members[key] = members[key].map { $0["iso"] ?? $0 } }
        return .object(members)
    }

    /// The members parse-server keeps as Dates that the in-memory backend stores as ISO 8601 text.
    private static let dateFields = ["createdAt", "updatedAt"]

    /// Whether a resolved filter names one of the ``dateFields`` or a path in one: in one of its keys, or of a filter
    /// in its `$and`, `$or` or `$nor` (no deeper than ``resolvingRelations(_:in:_:depth:)`` let it be).
    private static func comparesDates(_ filter: JSONValue) -> Bool {
        guard case .object(let members) = filter else { return false }
        return members.contains { key, value in
            dateFields.contains(String(key.prefix { $0 != "." }))
                || (["$and", "$or", "$nor"].contains(key) && (value.arrayValue ?? []).contains(where: comparesDates))
        }
    }

    /// ISO 8601 text as the Parse Date it names; any other value as it is.
    private static func asDate(_ value: JSONValue) -> JSONValue {
        guard case .string(let iso) = value else { return value }
        return ["__type": "Date", "iso": .string(iso)]
    }

    /// The filter with Parse's relational conditions resolved against the stored objects, as parse-server's
    /// `RestQuery` resolves them before MongoDB sees the query: `$inQuery` and `$notInQuery` become `$in` and `$nin`
    /// of pointers to the objects their query selects, `$select` and `$dontSelect` `$in` and `$nin` of a key's values
    /// in them, and `$relatedTo` an `objectId` `$in` the relation's members; and a condition on a relation field an
    /// `objectId` condition on the objects whose relation holds what it names, as `DatabaseController.reduceInRelation`
    /// reads it outside a `$nor` (`reducesRelationFields`).
    private func resolvingRelations(
        _ filter: JSONValue,
        in className: String,
        _ state: BackendState,
        depth: Int,
        reducesRelationFields: Bool = true
    ) throws
        -> JSONValue
    {
        guard depth < FilterRules.maximumDepth else {
            throw BackendFault.invalid("the filter nests deeper than \(FilterRules.maximumDepth)")
        }
        guard case .object(let members) = filter else { return filter }
        // parse-server's `validateQuery` refuses a query on `ACL`, in `$or`, `$and` and `$nor` too
        // (DatabaseController.js).
        if let acl = members["ACL"], Self.isTruthy(acl) { throw BackendFault.invalid("Cannot query on ACL.") }
        var resolved: [String: JSONValue] = [:]
        var related: JSONValue?
        // The conditions that stand beside the filter's own, all of them met: its fields' regular expressions in an
        // `$all`, `$in` or `$nin`, its relation fields' owners and its `$relatedTo`.
        var alongside: [JSONValue] = []
        // In key order, so that of several refused keys the same one is named every time.
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            // parse-server's `validateQuery` takes no other `$` key (105); `$relatedTo` is resolved before it
            // (RestQuery.js). It checks a field's name too, but not with the master key, which the backend doesn't
            // model: a query on `_id` is then MongoDB's.
            if key.hasPrefix("$"), !["$and", "$or", "$nor", "$relatedTo"].contains(key) {
                throw BackendFault(status: 400, code: "keyName", message: "Invalid key name: \(key)", path: key)
            }
            switch key {
            case "$and", "$or", "$nor":
                guard case .array(let filters) = value, key != "$nor" || !filters.isEmpty else {
                    let format = key == "$nor" ? "an array of at least 1 value" : "an array value"
                    throw BackendFault.invalid("Bad \(key) format - use \(format).")
                }
                resolved[key] = .array(
                    try filters.map { filter in
                        try resolvingRelations(
                            filter,
                            in: className,
                            state,
                            depth: depth + 1,
                            reducesRelationFields: reducesRelationFields && key != "$nor"
                        )
                    }
                )
            case "$relatedTo":
                guard case .object(let pointer)? = value["object"], let owner = pointer["className"]?.stringValue,
                    let id = pointer["objectId"]?.stringValue, let field = value["key"]?.stringValue
                else { throw BackendFault.invalid("$relatedTo takes an object pointer and a key") }
                let ids = state.relations["\(owner)/\(id)/\(field)"] ?? []
                related = ["objectId": ["$in": .array(ids.map(JSONValue.string))]]
            case _ where state.fieldTypes[className]?[key]?.hasPrefix("Relation<") == true:
                // MongoDB holds no such field (the relation is a join table): left as it is, it reaches nothing.
                guard reducesRelationFields else {
                    resolved["#" + key] = value
                    continue
                }
                alongside += Self.relationConditions(value, field: key, in: className, state)
            case _ where !key.hasPrefix("$"):
                let key = Self.storedPath(key, in: className, state)
                try Self.checkRegexOptions(value)
                if Self.isRefusedEquality(key, value, isArray: state.fieldTypes[className]?[key] == "Array") {
                    throw BackendFault.badOperand(
                        "You cannot use \(javaScriptString(value)) as a query parameter.",
                        path: key
                    )
                }
                // An empty array is an empty constraint to `transformConstraint`, which MongoDB reads as the empty
                // document the field equals.
                if value == .array([]), !Self.verbatimKeys.contains(key) {
                    resolved[key] = .object([:])
                    continue
                }
                guard case .object(var conditions) = value else {
                    resolved[key] = Self.dateFields.contains(key) ? Self.asDate(value) : value
                    continue
                }
                // RestQuery.js (`transformInQuery`, `transformSelect` and their kin) appends what each selects to
                // the field's `$in` or `$nin` when that is an array, and else puts it in its place.
                for name in ["$inQuery", "$notInQuery", "$select", "$dontSelect"] {
                    guard let operand = conditions.removeValue(forKey: name) else { continue }
                    let operatorName = name == "$notInQuery" || name == "$dontSelect" ? "$nin" : "$in"
                    let given = conditions[operatorName]?.arrayValue ?? []
                    conditions[operatorName] = .array(given + (try selected(name, operand, state, depth: depth)))
                }
                // `transformConstraint` flattens an `$in`'s and a `$nin`'s arrays one level (`_.flatMap`); the keys
                // it takes as they are never reach it.
                for name in ["$in", "$nin"] where !Self.verbatimKeys.contains(key) {
                    if case .array(let operands)? = conditions[name] {
                        conditions[name] = .array(operands.flatMap { $0.arrayValue ?? [$0] })
                    }
                }
                if !Self.verbatimKeys.contains(key) {
                    try Self.checkAtoms(conditions, field: key, isArray: state.fieldTypes[className]?[key] == "Array")
                }
                if Self.dateFields.contains(key) { conditions = Self.withTextApartFromDates(conditions) }
                var regexes = try Self.regexesOfAll(&conditions, field: key)
                if state.fieldTypes[className]?[key] == "Array" {
                    regexes += Self.regexesOfInAndNin(&conditions, field: key)
                }
                alongside += regexes
                // A field whose every condition went beside it has none left (`{}` would be an equality).
                if !conditions.isEmpty || regexes.isEmpty {
                    resolved[key] = .object(withPointers(conditions, field: key, in: className, state))
                }
            default:
                resolved[key] = value
            }
        }
        if let related { alongside.append(related) }
        guard !alongside.isEmpty else { return .object(resolved) }
        let conditions = (resolved.isEmpty ? [] : [.object(resolved)]) + alongside
        return conditions.count == 1 ? conditions[0] : ["$and": .array(conditions)]
    }

    /// The pattern of the regular expression parse-server's `transformInteriorAtom` makes of a `{"$regex":…}` value
    /// (`new RegExp(value.$regex)`, which reads its pattern as JavaScript's `String(…)`); nil for any other value.
    private static func interiorPattern(of value: JSONValue) -> String? {
        guard case .object(let members) = value, let regex = members["$regex"] else { return nil }
        return regex == .null ? "null" : javaScriptString(regex)
    }

    /// Takes out of an Array field's `$in` and `$nin` the values that are `{"$regex":…}`, which parse-server passes on
    /// as regular expressions (`transformConstraint` reads an Array field's atoms with `transformInteriorAtom`: the
    /// pattern alone), and returns what MongoDB makes of them: an `$in` matches an element equal to one of its other
    /// values or matching one of them (an `$or`), a `$nin` neither (a `$nor` beside the rest of the `$nin`).
    private static func regexesOfInAndNin(_ conditions: inout [String: JSONValue], field: String) -> [JSONValue] {
        var clauses: [JSONValue] = []
        for name in ["$in", "$nin"] {
            guard case .array(let values)? = conditions[name] else { continue }
            let patterns = values.compactMap(interiorPattern)
            guard !patterns.isEmpty else { continue }
            let others = values.filter { interiorPattern(of: $0) == nil }
            let matching = patterns.map { JSONValue.object([field: ["$regex": .string($0)]]) }
            if name == "$in" {
                conditions[name] = nil
                let equal: [JSONValue] = others.isEmpty ? [] : [[field: ["$in": .array(others)]]]
                clauses.append(["$or": .array(equal + matching)])
            } else {
                conditions[name] = others.isEmpty ? nil : .array(others)
                clauses.append(["$nor": .array(matching)])
            }
        }
        return clauses
    }

    /// The conditions of `createdAt` or `updatedAt` with each operand that is text kept apart from the Dates they are:
    /// parse-server reads a date from text only for the field's equality (`transformQueryKeyValue`'s `valueAsDate`),
    /// and passes an operator's text on as text (`transformTopLevelAtom`), which no MongoDB Date equals or orders
    /// with. The in-memory comparison reads ISO 8601 text as a date, so the text is wrapped as a value of its own.
    private static func withTextApartFromDates(_ conditions: [String: JSONValue]) -> [String: JSONValue] {
        func apart(_ value: JSONValue) -> JSONValue {
            guard case .string = value else { return value }
            return ["#text": value]
        }
        var kept = conditions
        for name in ["$eq", "$ne", "$lt", "$lte", "$gt", "$gte"] { kept[name] = conditions[name].map(apart) }
        for name in ["$in", "$nin"] { kept[name] = conditions[name].map { .array(($0.arrayValue ?? [$0]).map(apart)) } }
        return kept
    }

    /// A condition on the relation field `field` as parse-server's `reduceInRelation` reads it (DatabaseController.js):
    /// a pointer, or an `$in`, `$nin` or `$ne` of pointers, selects the objects whose relation holds (for `$nin` and
    /// `$ne`, doesn't hold) one of them, by their `objectId` (`owningIds`); any other condition selects none.
    private static func relationConditions(
        _ condition: JSONValue,
        field: String,
        in className: String,
        _ state: BackendState
    ) -> [JSONValue] {
        // The objects whose relation holds one of `ids`, as the join table's rows name their owners.
        func owners(of ids: [String]) -> JSONValue {
            // A set: a request's `$in` may name many, and every object's relation is read against them.
            let wanted = Set(ids)
            return .array(
                state.documents(className).compactMap { object in
                    guard let id = object["objectId"]?.stringValue,
                        (state.relations["\(className)/\(id)/\(field)"] ?? []).contains(where: wanted.contains)
                    else { return nil }
                    return .string(id)
                }
            )
        }
        guard case .object(let members) = condition,
            ["$in", "$ne", "$nin"].contains(where: { members[$0].map(isTruthy) == true })
                || members["__type"] == "Pointer"
        else { return [["objectId": ["$in": []]]] }
        var clauses: [JSONValue] = []
        for key in members.keys.sorted() {
            let pointers = key == "$in" || key == "$nin" ? members[key]?.arrayValue ?? [] : [members[key] ?? .null]
            let ids = pointers.compactMap { $0["objectId"]?.stringValue }
            switch key {
            case "objectId": clauses.append(["objectId": ["$in": owners(of: [members[key]?.stringValue ?? ""])]])
            case "$in": clauses.append(["objectId": ["$in": owners(of: ids)]])
            case "$nin", "$ne": clauses.append(["objectId": ["$nin": owners(of: ids)]])
            default: continue
            }
        }
        return clauses
    }

    /// Takes out of a field's `$all` the values that are `{"$regex":…}`, which parse-server passes on as regular
    /// expressions (`transformInteriorAtom`: the pattern alone, without `$options`), and returns each as the field's
    /// `$regex`, as MongoDB's `$all` (an `$and` of its values) matches one. Refused (107, `transformConstraint`) where
    /// they aren't all or none of the values, as `isAllValuesRegexOrNone` reads them: all starting-with expressions
    /// (`^\Q…\E`) or none, and a lone one must be one.
    private static func regexesOfAll(_ conditions: inout [String: JSONValue], field: String) throws -> [JSONValue] {
        guard case .array(let values)? = conditions["$all"] else { return [] }
        let patterns = values.map(interiorPattern)
        guard patterns.contains(where: { $0 != nil }) else { return [] }
        func startsWith(_ pattern: String?) -> Bool {
            guard let pattern else { return false }
            return pattern.hasPrefix(#"^\Q"#) && pattern.hasSuffix(#"\E"#) && !pattern.contains("\n")
        }
        let kind = startsWith(patterns[0])
        guard patterns.count == 1 ? kind : patterns.allSatisfy({ startsWith($0) == kind }) else {
            let listed = zip(values, patterns).map { value, pattern in
                pattern.map { "/\($0)/" } ?? javaScriptString(value)
            }
            throw BackendFault.badOperand(
                "All $all values must be of regex type or none: \(listed.joined(separator: ","))",
                path: field
            )
        }
        let plain = zip(values, patterns).filter { $0.1 == nil }.map(\.0)
        conditions["$all"] = plain.isEmpty ? nil : .array(plain)
        return patterns.compactMap { $0 }.map { [field: ["$regex": .string($0)]] }
    }

    /// Refuses a field's `$regex` whose `$options` are text with another letter than `i`, `m`, `x` and `s`, or none,
    /// as parse-server's `validateQuery` refuses it (102, DatabaseController.js); it checks only a `$regex` that
    /// JavaScript reads as true.
    private static func checkRegexOptions(_ conditions: JSONValue) throws {
        guard let regex = conditions["$regex"], isTruthy(regex), case .string(let options)? = conditions["$options"]
        else { return }
        guard options.isEmpty || !options.allSatisfy("imxs".contains) else { return }
        throw BackendFault.invalid("Bad $options value for query: \(options)")
    }

    /// The Parse types parse-server's MongoDB holds as no document (a File as its name, a Date as a Date, a GeoPoint as
    /// `[longitude, latitude]`, Bytes as binary: MongoTransform.js `transformTopLevelAtom`), so that a path into a
    /// field of one reaches nothing.
    private static let typesStoredAsNoDocument = ["Date", "File", "GeoPoint", "Bytes"]

    /// The path a filter's key names in the stored objects as parse-server's MongoDB holds them: a dotted key into a
    /// field of one of the ``typesStoredAsNoDocument``, a Pointer (stored apart, as `_p_<field>` text) or a Relation
    /// (stored in a join table) reaches nothing there (`owner.objectId`, `when.iso`), so it is read as a path no object
    /// has (`#owner.objectId`), which matches as a missing value does.
    private static func storedPath(_ key: String, in className: String, _ state: BackendState) -> String {
        guard let dot = key.firstIndex(of: "."), let type = schemaType(of: String(key[..<dot]), in: className, state),
            typesStoredAsNoDocument.contains(type) || type.hasPrefix("Pointer<") || type.hasPrefix("Relation<")
        else { return key }
        return "#" + key
    }

    /// The top-level keys parse-server's `transformQueryKeyValue` takes any value of as it is.
    private static let verbatimKeys: Set<String> = [
        "objectId", "_rperm", "_wperm", "_perishable_token", "_email_verify_token", "timesUsed",
    ]

    /// The Parse types parse-server's `transformTopLevelAtom` takes of an object (MongoTransform.js): any other object,
    /// or an array, is no atom it can store or compare.
    private static let atomTypes: Set<String> = ["Pointer", "Date", "Bytes", "GeoPoint", "Polygon", "File"]

    /// The operators whose operand `transformConstraint` reads as one atom, and those whose operand's elements it
    /// reads so (MongoTransform.js).
    private static let atomOperators = ["$eq", "$ne", "$lt", "$lte", "$gt", "$gte", "$exists"]
    private static let atomListOperators = ["$in", "$nin", "$containedBy"]

    /// Refuses a field's condition whose operand parse-server can't read as an atom, as `transformConstraint` refuses
    /// it (107, `bad atom: <the operand's JSON>`): a plain object or an array as the operand of `$eq`, `$ne`, `$lt`,
    /// `$lte`, `$gt`, `$gte` or `$exists`, or as an element of `$in`, `$nin` or `$containedBy` (once flattened). A field
    /// whose schema type is an Array reads them as `transformInteriorAtom` does, which takes any value. A
    /// `$relativeTime`, which parse-server turns into a date, is refused as not evaluated. An operand of the wrong
    /// shape is refused as ``checkOperandShape(_:_:field:)`` says. The operators are read in reverse alphabetical
    /// order, as `transformConstraint` reads them, so that the first refused is the one parse-server names.
    private static func checkAtoms(_ conditions: [String: JSONValue], field: String, isArray: Bool) throws {
        for name in conditions.keys.sorted().reversed() {
            try checkOperandShape(name, conditions[name]!, field: field)
            let operands =
                atomOperators.contains(name)
                ? [conditions[name]!] : atomListOperators.contains(name) ? conditions[name]!.arrayValue ?? [] : []
            for operand in operands {
                if operand["$relativeTime"] != nil {
                    throw BackendFault.invalid(
                        "the in-memory parse backend does not evaluate $relativeTime",
                        path: field
                    )
                }
                guard !isArray, !isAtom(operand) else { continue }
                let text = String(decoding: (try? operand.jsonData(sortedKeys: true)) ?? Data(), as: UTF8.self)
                throw BackendFault.badOperand("bad atom: \(text)", path: field)
            }
        }
    }

    /// Refuses an operand of the wrong shape as `transformConstraint` refuses it (MongoTransform.js, 107): an `$in`,
    /// `$nin` or `$all` of no array (`bad $in value`), a `$containedBy` of no array (`bad $containedBy: should be an
    /// array`), a `$regex` of no string (`bad regex: 5`, the operand as JavaScript writes it), and an operator it has
    /// no case for (`bad constraint: $size`: MongoDB's `$size`, `$not` and `$elemMatch` too).
    private static func checkOperandShape(_ name: String, _ operand: JSONValue, field: String) throws {
        switch name {
        case "$in", "$nin", "$all":
            guard operand.arrayValue == nil else { return }
            throw BackendFault.badOperand("bad \(name) value", path: field)
        case "$containedBy":
            guard operand.arrayValue == nil else { return }
            throw BackendFault.badOperand("bad $containedBy: should be an array", path: field)
        case "$regex":
            guard operand.stringValue == nil else { return }
            throw BackendFault.badOperand(
                "bad regex: \(operand == .null ? "null" : javaScriptString(operand))",
                path: field
            )
        default:
            guard name.hasPrefix("$"), !constraintOperators.contains(name) else { return }
            throw BackendFault.badOperand("bad constraint: \(name)", path: field)
        }
    }

    /// The operators `transformConstraint` has a case for (MongoTransform.js); `$select` and `$dontSelect` (and
    /// `$inQuery`, `$notInQuery`) are resolved before it.
    private static let constraintOperators: Set<String> = [
        "$lt", "$lte", "$gt", "$gte", "$exists", "$ne", "$eq", "$in", "$nin", "$all", "$regex", "$containedBy",
        "$options", "$text", "$nearSphere", "$maxDistance", "$maxDistanceInRadians", "$maxDistanceInMiles",
        "$maxDistanceInKilometers", "$within", "$geoWithin", "$geoIntersects",
    ]

    /// Whether `transformTopLevelAtom` takes `value`: any value but an array or an object, and an object of one of
    /// the ``atomTypes``.
    private static func isAtom(_ value: JSONValue) -> Bool {
        switch value {
        case .array: false
        case .object(let members): atomTypes.contains(members["__type"]?.stringValue ?? "")
        default: true
        }
    }

    /// Whether parse-server refuses `value` as what `key` equals (MongoTransform.js): a non-empty array, or an object
    /// with a key not starting with `$`, is no constraint (`transformConstraint`), and a top-level key's atom must
    /// then be a Pointer, Date, Bytes, GeoPoint, Polygon or File (`transformTopLevelAtom`); a dotted key's is taken
    /// as it is (`transformInteriorAtom`), and so is an object a field whose schema type is an Array equals
    /// (`transformQueryKeyValue` makes it `$all` of the object: an element equal to it).
    private static func isRefusedEquality(_ key: String, _ value: JSONValue, isArray: Bool) -> Bool {
        guard !key.contains("."), !verbatimKeys.contains(key) else { return false }
        // An array's keys are its positions, none a constraint; only an empty one makes an (empty) constraint.
        if case .array(let elements) = value { return !elements.isEmpty }
        guard !isArray else { return false }
        guard case .object(let members) = value, members.keys.contains(where: { !$0.hasPrefix("$") }) else {
            return false
        }
        return !isAtom(value)
    }

    /// A field's conditions with each bare objectId compared with a pointer field read as a pointer to the class the
    /// field's pointers point to, as parse-server reads one against its schema (`transformTopLevelAtom` with the
    /// field): `{"owner":{"$in":["p1"]}}` is `$in` a pointer to `p1`. The in-memory backend's schema is the stored
    /// objects: the class of the first pointer one holds in that field.
    private func withPointers(
        _ conditions: [String: JSONValue],
        field: String,
        in className: String,
        _ state: BackendState
    ) -> [String: JSONValue] {
        let names = ["$eq", "$ne", "$lt", "$lte", "$gt", "$gte", "$in", "$nin"]
        let bareIDs = names.contains { name in
            guard let operand = conditions[name] else { return false }
            return (operand.arrayValue ?? [operand]).contains { $0.stringValue != nil }
        }
        guard bareIDs, !field.contains("."),
            let target = state.documents(className).lazy.compactMap({ object -> String? in
                guard case .object(let pointer)? = object[field], pointer["__type"] == "Pointer" else { return nil }
                return pointer["className"]?.stringValue
            }).first
        else { return conditions }
        func pointer(_ value: JSONValue) -> JSONValue {
            guard case .string(let id) = value else { return value }
            return ["__type": "Pointer", "className": .string(target), "objectId": .string(id)]
        }
        var read = conditions
        for name in names {
            guard let operand = conditions[name] else { continue }
            read[name] = operand.arrayValue.map { .array($0.map(pointer)) } ?? pointer(operand)
        }
        return read
    }

    /// The pointers (`$inQuery`, `$notInQuery`) or values (`$select`, `$dontSelect`) a relational condition's query
    /// selects.
    private func selected(_ name: String, _ operand: JSONValue, _ state: BackendState, depth: Int) throws -> [JSONValue]
    {
        let query = name.hasSuffix("nQuery") ? operand : operand["query"]
        guard let className = query?["className"]?.stringValue else {
            throw BackendFault.invalid("\(name) names the className of its query")
        }
        try access.enforceClassSecurity(.find, on: className)
        let objects = try matching(query?["where"], in: className, state, depth: depth + 1)
        if name.hasSuffix("nQuery") {
            return objects.compactMap { object in
                object["objectId"].map { ["__type": "Pointer", "className": .string(className), "objectId": $0] }
            }
        }
        guard let key = operand["key"]?.stringValue else { throw BackendFault.invalid("\(name) names a key") }
        let path = try checkedSegments(key)
        return try objects.map { try Self.selectedValue(at: path[...], in: $0) }
    }

    /// The value a `$select` or `$dontSelect` takes of an object, as parse-server follows a dotted key down it
    /// (RestQuery.js `transformSelect`, `getDeepestObjectFromKey`): an object's member, an array's element by its
    /// index. Where the object has none, JavaScript's `undefined`, which MongoDB's driver sends as a null (so the `$in`
    /// matches a missing or null field too); a key that goes on from any other value fails JavaScript's `in`, which
    /// parse-server answers as an internal error.
    private static func selectedValue(at path: ArraySlice<String>, in value: JSONValue) throws -> JSONValue {
        guard let segment = path.first else { return value }
        let next: JSONValue?
        switch value {
        case .object(let members): next = members[segment]
        case .array(let elements):
            let index = Int(segment).flatMap { String($0) == segment ? $0 : nil }
            // `.none`, not `nil`: a `nil` where a JSONValue is expected is JSON's null, an element it would read on.
            next = index.flatMap { elements.indices.contains($0) ? .some(elements[$0]) : .none }
        default: throw internalError("Cannot use 'in' operator to search for '\(segment)' in a \(describe(value))")
        }
        guard let next else { return .null }
        return try selectedValue(at: path.dropFirst(), in: next)
    }

    /// The fields of `className`'s schema that `include=*` includes: those whose type is a Pointer or an Array
    /// (RestQuery.js `handleIncludeAll`), in name order.
    private static func includableFields(of className: String, _ state: BackendState) -> [String] {
        let schema = state.fieldTypes[className] ?? [:]
        return schema.keys.sorted().filter { field in
            schema[field] == "Array" || schema[field]?.hasPrefix("Pointer<") == true
        }
    }

    /// The relation fields of `className`'s schema, each with the Relation value parse-server answers for it
    /// (`{"__type":"Relation","className":…}`).
    private static func relationFields(of className: String, _ state: BackendState) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [:]
        for (field, type) in state.fieldTypes[className] ?? [:] where type.hasPrefix("Relation<") {
            let target = type.dropFirst("Relation<".count).dropLast()
            fields[field] = ["__type": "Relation", "className": .string(String(target))]
        }
        return fields
    }

    /// The object with every relation field of its class, as parse-server answers each object it reads, whatever
    /// its `keys` (MongoTransform.js `mongoObjectToParseObject`: a Relation lives in a join table, not the object).
    private func withRelations(_ object: JSONValue, _ fields: [String: JSONValue]) -> JSONValue {
        guard !fields.isEmpty, case .object(var members) = object else { return object }
        members.merge(fields) { _, relation in relation }
        return .object(members)
    }

    /// The object with each File value's `url`, as parse-server's FilesController adds it on every read.
    private func withFileURLs(_ document: JSONValue, _ state: BackendState) -> JSONValue {
        guard case .object(var members) = document else { return document }
        for (key, value) in members {
            guard case .object(var file) = value, file["__type"] == "File", let name = file["name"]?.stringValue,
                let segment = try? PathSegment(name)
            else { continue }
            file["url"] = .string(state.baseURL.absoluteString + "/files/" + segment.encoded)
            members[key] = .object(file)
        }
        return .object(members)
    }

    /// `POST /files/<name>`: the raw bytes with their `Content-Type`, stored under a new prefix and the name, as
    /// parse-server's FilesRouter does: 201 `{"url","name"}`. An empty body is 130, a name its FilesAdapter refuses
    /// (longer than 128, or not `[_a-zA-Z0-9][a-zA-Z0-9@. ~_-]*`) 122.
    private func storeFile(_ request: BackendRequest, name: String, _ state: inout BackendState) throws -> BackendAnswer
    {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@. ~_-")
        let firstAllowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
        guard name.count <= 128, let first = name.first, firstAllowed.contains(first), name.allSatisfy(allowed.contains)
        else { throw BackendFault(status: 400, code: "fileName", message: "Filename contains invalid characters.") }
        guard !request.rawBody.isEmpty else {
            throw BackendFault(status: 400, code: "fileUpload", message: "Invalid file upload.")
        }
        let stored = state.newUploadKey() + "_" + name
        let path = "/files/" + (try PathSegment(stored).encoded)
        let mime = request.headers["content-type"] ?? "application/octet-stream"
        state.files.append(StoredFile(path: path, mime: mime, data: request.rawBody))
        let url = state.baseURL.absoluteString + path
        return BackendAnswer(201, ["url": .string(url), "name": .string(stored)], headers: ["Location": url])
    }

    /// The stored object `id` of `className`, which the request may read (`readable`) or write (`writable`): one it
    /// may not is not found, as parse-server's ACL query finds none (101, `Object not found.`).
    private func instance(
        _ id: String,
        _ className: String,
        _ state: BackendState,
        readable: Bool = false,
        writable: Bool = false
    ) throws -> (index: Int, document: JSONValue) {
        let found = try instance(id, in: className, state, missing: "Object not found.")
        if (readable && !access.mayRead(found.document)) || (writable && !access.mayWrite(found.document)) {
            throw BackendFault(status: 404, code: "notFound", message: "Object not found.")
        }
        return found
    }

    /// The stored object `id` of `className`, which the request may write. One it may not, or that isn't there, is
    /// not found (101); for a `_User`, rest.js's `handleSessionMissingError` answers that as 206, `Insufficient auth.`
    /// (a request without the master key, which the backend doesn't model).
    private func writableInstance(
        _ id: String,
        _ className: String,
        _ state: BackendState
    ) throws -> (index: Int, document: JSONValue) {
        do {
            return try instance(id, className, state, writable: true)
        } catch let fault as BackendFault where className == "_User" && fault.code == "notFound" {
            throw BackendFault(status: 400, code: "sessionMissing", message: "Insufficient auth.")
        }
    }

    // MARK: Writing

    /// parse-server's system classes, which a class name may be although they start with `_`.
    private static let systemClasses: Set<String> = [
        "_User", "_Installation", "_Role", "_Session", "_Product", "_PushStatus", "_JobStatus", "_JobSchedule",
        "_Audience", "_Idempotency",
    ]

    /// Whether `name` is `[A-Za-z][A-Za-z0-9_]*`, as parse-server's class and field names are.
    private static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
    }

    /// Whether a value holds, at any depth, an object key with a `$` or a `.`, which MongoDB can't store.
    private static func hasInvalidNestedKey(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            members.keys.contains { $0.contains("$") || $0.contains(".") }
                || members.values.contains(where: hasInvalidNestedKey)
        case .array(let elements): elements.contains(where: hasInvalidNestedKey)
        default: false
        }
    }

    /// Refuses a write as parse-server refuses it: to a class it can't create (`[A-Za-z][A-Za-z0-9_]*` or a system
    /// class; 107 "schema class name does not revalidate", from `enforceClassExists`), of a field whose top-level
    /// name isn't `[A-Za-z][A-Za-z0-9_]*` or is `length` or `className`, or on a create an `objectId` or `id` that
    /// JavaScript reads as true (105, RestWrite.js: a falsy one is no id, and the create gets its own), and of a value
    /// with a nested key holding `$` or `.` (121).
    private func checkFields(_ members: [String: JSONValue], of className: String, creating: Bool) throws {
        guard Self.isValidName(className) || Self.systemClasses.contains(className) else {
            throw BackendFault(status: 400, code: "json", message: "schema class name does not revalidate")
        }
        for key in members.keys.sorted() {
            let name = String(key.prefix { $0 != "." })
            if creating, Self.systemFields.contains(key) || key == "id", Self.isTruthy(members[key]!) {
                throw BackendFault(status: 400, code: "keyName", message: "\(key) is an invalid field name.", path: key)
            }
            guard Self.isValidName(name), name != "length", name != "className" else {
                throw BackendFault(status: 400, code: "keyName", message: "Invalid field name: \(key).", path: key)
            }
            // A dotted key names a nested field, which MongoDB nests at most 100 deep: a longer one is refused before
            // anything follows it (a create's answer nests under each segment), after parse-server's own checks.
            _ = try checkedSegments(key)
        }
        for (key, value) in members where key != "ACL" && value["__op"] == nil && Self.hasInvalidNestedKey(value) {
            throw BackendFault(
                status: 400,
                code: "nestedKey",
                message: "Nested keys should not contain the '$' or '.' characters",
                path: key
            )
        }
    }

    /// The type a create's or an update's `members` give each field, once the checks parse-server makes of a write
    /// after its field names pass, in its order: one GeoPoint a write, each field's type against the class's schema,
    /// the request keyword denylist, and the columns a class requires.
    private func validatedTypes(
        _ members: [String: JSONValue],
        of className: String,
        updating: Bool,
        _ state: BackendState
    ) throws -> [(field: String, type: String)] {
        try Self.refuseSeveralGeoPoints(members)
        let types = try Self.writtenTypes(members)
        try checkTypes(types, of: className, state)
        try Self.refuseProhibitedKeywords(members)
        try Self.checkRequiredColumns(members, of: className, updating: updating)
        return types
    }

    /// `signedInAs` is the objectId of the user whose session the request sends, if any.
    private func create(
        _ body: JSONValue?,
        _ className: String,
        _ state: inout BackendState,
        signedInAs signedIn: String? = nil
    ) throws -> BackendAnswer {
        guard case .object(let body) = body else {
            throw BackendFault(status: 400, code: "json", message: "This is not a valid JSON object.")
        }
        try checkFields(body, of: className, creating: true)
        if className == "_User" {
            try Self.checkSignUp(body, signedIn: signedIn)
            if let login = try Self.logIn(withAuthData: body, signedIn: signedIn, &state) { return login }
        }
        let types = try validatedTypes(body, of: className, updating: false, state)
        // DatabaseController.js `create` reads the ACL before the operations (`transformObjectACL`): an ACL of
        // `{"__op":"Delete"}` is an ACL that grants nothing.
        var (document, relations) = try flattenedOperations(
            body.filter { !Self.timestampFields.contains($0.key) && $0.key != "ACL" }
        )
        try state.checkRequiredMembers(document, of: className)
        if className == "_User" { try Self.checkUser(&document, id: nil, state) }
        // parse-server gives a field its `defaultValue` on create (`RestWrite`), and answers with it, as a field
        // the server changed.
        let given = Set(document.keys)
        document = state.withDefaultMembers(document, of: className)
        let defaulted = document.filter { !given.contains($0.key) }
        let id = state.newID()
        let now = state.timestamp()
        document["objectId"] = .string(id)
        document["createdAt"] = .string(now)
        document["updatedAt"] = .string(now)
        if className == "_User" {
            // RestWrite.js: a new user may read and write itself, and no one else may (`enforcePrivateUsers`, true
            // by default), beside what an ACL it is sent gives.
            let sent = body["ACL"].flatMap { Self.isTruthy($0) ? $0 : nil } ?? [:]
            document["ACL"] = try Self.storedACL(sent, ownedBy: id)
        } else if let acl = body["ACL"] {
            document["ACL"] = try Self.storedACL(acl)
        }
        // parse-server's `_validateUserName` gives a sign-up with `authData` alone a username of 25 random letters
        // and digits, which its answer holds (`responseShouldHaveUsername`); here one made from the id, so that a
        // test can name it.
        let generatedUsername = className == "_User" && document["username"] == nil ? "user" + id : nil
        if let generatedUsername { document["username"] = .string(generatedUsername) }
        try checkDocument(document, of: className, state)
        try state.checkUnique(.object(document), in: className, replacing: nil, nullIsAValue: true)
        Self.addToSchema(types, of: className, &state)
        state.collections[className, default: []].append(.object(document))
        for (key, members) in relations { state.relations["\(className)/\(id)/\(key)"] = members }
        var answer = Self.operationResults(body, document).merging(defaulted) { result, _ in result }
        answer["objectId"] = .string(id)
        answer["createdAt"] = .string(now)
        if className == "_User" {
            // RestWrite.js `createSessionTokenIfNeeded`, and `responseShouldHaveUsername` for one it made. A user
            // signed up with `authData` in another user's session gets none ("linking via sessionToken").
            if signedIn == nil || body["authData"] ?? .null == .null {
                answer["sessionToken"] = .string(Self.newSession(of: id, &state))
            }
            if let generatedUsername { answer["username"] = .string(generatedUsername) }
            state.passwords[id] = body["password"]?.stringValue
        }
        answer = Self.withDatesAsAnswered(.object(answer)).objectValue ?? answer
        // parse-server's `location` (RestWrite.js): the mount URL, then `/users/` for a `_User`, else the class's path.
        let location = state.baseURL.absoluteString + (className == "_User" ? "/users/" : "/classes/\(className)/") + id
        return BackendAnswer(201, .object(answer), headers: ["Location": location])
    }

    /// A create's operations as the values they make on a new object, as parse-server's
    /// `flattenUpdateOperatorsForCreate` turns them: `Add` and `AddUnique` their objects as they are (no element
    /// left out), `Remove` an empty array, `Increment` its amount, `Delete` no field; and its relation operations
    /// (`collectRelationUpdates`) the relation's class, with the members each relation gets. Any other is refused.
    private func flattenedOperations(
        _ members: [String: JSONValue]
    ) throws -> (document: [String: JSONValue], relations: [String: [String]]) {
        var flattened = members
        var relations: [String: [String]] = [:]
        for (key, value) in members.sorted(by: { $0.key < $1.key }) {
            guard let operation = value["__op"]?.stringValue else { continue }
            switch operation {
            case "Add", "AddUnique": flattened[key] = .array(try Self.objects(of: value, operation, creating: true))
            case "Remove":
                _ = try Self.objects(of: value, operation, creating: true)
                flattened[key] = []
            case "Increment": flattened[key] = try Self.amount(of: value, creating: true)
            case "Delete": flattened[key] = nil
            default:
                (relations[key], flattened[key]) = try Self.related(Self.relationOperations(value, key), [], key: key)
            }
        }
        return (flattened, relations)
    }

    /// What parse-server answers of a write's operations besides its own fields (`_sanitizeDatabaseResult`): the
    /// value each `Increment`, `Add`, `AddUnique` and `Remove` made of its field; of a dotted key's, nested under
    /// the key's segments (`{"a":{"b":2}}` for `a.b`), and the whole array where the key names its element.
    private static func operationResults(
        _ body: [String: JSONValue],
        _ stored: [String: JSONValue]
    ) -> [String: JSONValue] {
        var results: [String: JSONValue] = [:]
        for key in body.keys.sorted() {
            guard let operation = body[key]?["__op"]?.stringValue,
                ["Increment", "Add", "AddUnique", "Remove"].contains(operation)
            else { continue }
            let path = segments(key)
            if path.count > 1, path[1].allSatisfy({ ("0"..."9").contains($0) }), stored[path[0]]?.arrayValue != nil {
                results[path[0]] = stored[path[0]]
                continue
            }
            // Each segment's object, as `_expandResultOnKeyPath` builds it, with the stored value at its end.
            func expanded(_ answered: JSONValue?, _ value: JSONValue?, _ rest: ArraySlice<String>) -> JSONValue? {
                guard let first = rest.first else { return value }
                var members = answered?.objectValue ?? [:]
                members[first] = expanded(members[first], value?[first], rest.dropFirst())
                return .object(members)
            }
            results[path[0]] = expanded(results[path[0]], stored[path[0]], path.dropFirst())
        }
        return results
    }

    /// The relation operations an `__op` holds, as parse-server's `collectRelationUpdates` collects them: an
    /// `AddRelation` or `RemoveRelation`, or those of a `Batch` (its other operations left aside); any other
    /// operation is refused as parse-server refuses it (108).
    private static func relationOperations(_ change: JSONValue, _ key: String) throws -> [JSONValue] {
        let operation = change["__op"]?.stringValue ?? ""
        let relational: Set<String> = ["AddRelation", "RemoveRelation"]
        let operations =
            operation == "Batch"
            ? (change["ops"]?.arrayValue ?? []).filter { relational.contains($0["__op"]?.stringValue ?? "") }
            : relational.contains(operation) ? [change] : []
        guard !operations.isEmpty else { throw unsupported(operation) }
        return operations
    }

    /// The members of a relation after `operations` (`AddRelation`, `RemoveRelation`) from `current`, and what the
    /// object holds for it: the relation's class (its members are the relation's own, Parse's join table).
    private static func related(
        _ operations: [JSONValue],
        _ current: [String],
        key: String
    ) throws -> (members: [String], value: JSONValue) {
        var related = current
        var target: String?
        for change in operations {
            let operation = change["__op"]?.stringValue ?? ""
            guard case .array(let objects)? = change["objects"] else {
                throw BackendFault.invalid("\(operation) takes an array of pointers")
            }
            let pointers = objects.compactMap { $0.objectValue }
            target = target ?? pointers.first?["className"]?.stringValue
            guard pointers.count == objects.count, let target,
                pointers.allSatisfy({ $0["__type"] == "Pointer" && $0["className"]?.stringValue == target })
            else { throw BackendFault.validation("\(key): a relation takes pointers to one class", path: key) }
            for member in pointers.compactMap({ $0["objectId"]?.stringValue }) {
                if operation == "RemoveRelation" {
                    related.removeAll { $0 == member }
                } else if !related.contains(member) {
                    related.append(member)
                }
            }
        }
        guard let target else { throw BackendFault.validation("\(key): a relation takes pointers", path: key) }
        return (related, ["__type": "Relation", "className": .string(target)])
    }

    /// The `objects` of an `Add`, `AddUnique` or `Remove`, which must be an array: refused (107) in the words of
    /// `transformUpdate` (MongoTransform.js) on an update, of `flattenUpdateOperatorsForCreate` (DatabaseController.js)
    /// on a create, which says `add` for all three.
    private static func objects(of operation: JSONValue, _ name: String, creating: Bool) throws -> [JSONValue] {
        guard case .array(let objects)? = operation["objects"] else {
            throw BackendFault.badOperand(
                "objects to \(name == "Remove" && !creating ? "remove" : "add") must be an array"
            )
        }
        return objects
    }

    /// The `amount` of an `Increment`, which must be a number: refused (107) in the words of `transformUpdate` on an
    /// update, of `flattenUpdateOperatorsForCreate` on a create (which says what it says of an `Add`).
    private static func amount(of operation: JSONValue, creating: Bool) throws -> JSONValue {
        guard let amount = operation["amount"], ValueKind(amount) == .number else {
            throw BackendFault.badOperand(
                creating ? "objects to add must be an array" : "incrementing must provide a number"
            )
        }
        return amount
    }

    /// An `__op` parse-server doesn't apply, refused as it refuses one (108).
    private static func unsupported(_ operation: String) -> BackendFault {
        BackendFault(status: 400, code: "operation", message: "The \(operation) operator is not supported yet.")
    }

    /// A value's Parse type as parse-server's `getType` and `getObjectType` name it (SchemaController.js): `String`,
    /// `Number`, `Boolean`, `Array`, `Object`, `Pointer<Class>`, `Relation<Class>`, `Date`, `File`, `GeoPoint`,
    /// `Bytes` and `Polygon`, the type an `__op` makes; nil for `null` and a `Delete`, which have none. A `__type`
    /// without the members it needs is refused as parse-server refuses it (111, `This is not a valid Pointer`); an
    /// `__op` `getObjectType` doesn't know, or a relation operation or `Batch` without its first element, fails it
    /// with no Parse error (`throw 'unexpected op: …'`, a TypeError), which parse-server answers as an internal error.
    static func parseType(_ value: JSONValue) throws -> String? {
        switch value {
        case .null: return nil
        case .bool: return "Boolean"
        case .string: return "String"
        case .int, .double, .bigInteger: return "Number"
        case .array: return "Array"
        case .object(let members):
            if let type = members["__type"]?.stringValue {
                // Each type, and the members it needs: set (a GeoPoint's), else true as JavaScript reads them.
                let present: Bool
                if type == "GeoPoint" {
                    present = [members["latitude"], members["longitude"]].allSatisfy { $0 != nil && $0 != .null }
                } else {
                    let required = [
                        "Pointer": "className", "Relation": "className", "File": "name", "Date": "iso",
                        "Bytes": "base64", "Polygon": "coordinates",
                    ]
                    present = required[type].flatMap { members[$0] }.map(isTruthy) ?? false
                }
                guard present else { throw BackendFault.validation("This is not a valid \(type)") }
                let target = members["className"]?.stringValue ?? ""
                return type == "Pointer" || type == "Relation" ? "\(type)<\(target)>" : type
            }
            switch members["__op"]?.stringValue {
            case nil: return "Object"
            case "Increment": return "Number"
            case "Add", "AddUnique", "Remove": return "Array"
            case "AddRelation", "RemoveRelation":
                guard let first = members["objects"]?[0] else {
                    throw internalError("a relation operation has no objects")
                }
                return first["className"]?.stringValue.map { "Relation<\($0)>" }
            case "Batch":
                guard let first = members["ops"]?[0] else { throw internalError("a Batch has no ops") }
                return try parseType(first)
            case "Delete": return nil
            case let operation?: throw internalError("unexpected op: \(operation)")
            }
        }
    }

    /// The type the class's schema holds for `field`: a Date for the ``timestampFields`` (parse-server's default
    /// columns), else the type the write or seeded object that added the field gave it; nil for a field the schema
    /// doesn't have yet.
    private static func schemaType(of field: String, in className: String, _ state: BackendState) -> String? {
        if systemFields.contains(field) { return "String" }
        return timestampFields.contains(field) ? "Date" : state.fieldTypes[className]?[field]
    }

    /// The type a write gives each of its fields, as parse-server's `SchemaController.validateObject` reads them
    /// (`getType`): a dotted key is an Object for its field, or an Array where it names an element by its index. A
    /// value without a type (`null`, a `Delete`) and the ACL give none.
    private static func writtenTypes(_ members: [String: JSONValue]) throws -> [(field: String, type: String)] {
        var types: [(field: String, type: String)] = []
        for key in members.keys.sorted() where key != "ACL" {
            var field = key
            var type = try parseType(members[key]!)
            if let dot = key.firstIndex(of: ".") {
                field = String(key[..<dot])
                let rest = key[key.index(after: dot)...].prefix { $0 != "." }
                type = rest.allSatisfy { ("0"..."9").contains($0) } ? "Array" : "Object"
            }
            if let type { types.append((field, type)) }
        }
        return types
    }

    /// Refuses a write that gives more than one of its fields a GeoPoint, as parse-server's `validateObject`
    /// (SchemaController.js) refuses it before it checks any field's type (111).
    private static func refuseSeveralGeoPoints(_ members: [String: JSONValue]) throws {
        let geoPoints = members.values.filter { $0["__type"] == "GeoPoint" && isTruthy($0) }
        guard geoPoints.count > 1 else { return }
        throw BackendFault.validation("there can only be one geopoint field in a class")
    }

    /// parse-server's default `requestKeywordDenylist` (Options/Definitions.js), in its order: a key (a string's
    /// pattern) alone, or a key and the pattern of its value.
    private static let prohibitedKeywords: [(key: String, value: String?, described: String)] = [
        ("_bsontype", "Code", #"{"key":"_bsontype","value":"Code"}"#),
        ("constructor", nil, #"{"key":"constructor"}"#),
        ("__proto__", nil, #"{"key":"__proto__"}"#),
    ]

    /// Refuses a write whose body holds, at any depth, a key of parse-server's `requestKeywordDenylist` (105,
    /// DatabaseController.js `create` and `update`, Utils.js `checkProhibitedKeywords`): a key that contains
    /// `constructor` or `__proto__` (a dotted key's segment too, `obj.constructor.x`), or `_bsontype` with text
    /// holding `Code`, each a pattern JavaScript's `RegExp` tests. parse-server's scan goes no further in an object
    /// than its first member that is an object or an array, in the body's order, which a parsed body doesn't keep:
    /// here every member is scanned.
    private static func refuseProhibitedKeywords(_ body: [String: JSONValue]) throws {
        func holds(_ value: JSONValue, _ keyword: (key: String, value: String?, described: String)) -> Bool {
            switch value {
            case .object(let members):
                members.contains { key, member in
                    guard key.contains(keyword.key) else { return holds(member, keyword) }
                    guard let pattern = keyword.value else { return true }
                    return member.stringValue?.contains(pattern) == true || holds(member, keyword)
                }
            case .array(let elements): elements.contains { holds($0, keyword) }
            default: false
            }
        }
        for keyword in prohibitedKeywords where holds(.object(body), keyword) {
            throw BackendFault(
                status: 400,
                code: "keyName",
                message: "Prohibited keyword in request data: \(keyword.described)."
            )
        }
    }

    /// Refuses a write whose value for a field has another type than the class's schema holds for it, as
    /// parse-server's `SchemaController.enforceFieldExists` refuses it (111, `schema mismatch for <Class>.<field>;
    /// expected <Type> but got <Type>`), and one adding a GeoPoint field to a class that has one (111).
    private func checkTypes(
        _ types: [(field: String, type: String)],
        of className: String,
        _ state: BackendState
    ) throws {
        for (field, type) in types {
            guard let expected = Self.schemaType(of: field, in: className, state) else {
                // MongoSchemaCollection.js `addFieldIfNotExists`: a class holds one GeoPoint field at most.
                if type == "GeoPoint", state.fieldTypes[className]?.values.contains("GeoPoint") == true {
                    throw BackendFault.validation("MongoDB only supports one GeoPoint field in a class.", path: field)
                }
                continue
            }
            guard expected != type else { continue }
            throw Self.schemaMismatch(className, field, expected: expected, got: type)
        }
    }

    /// Adds each field the class's schema doesn't have yet with its type, as parse-server's `enforceFieldExists`
    /// adds it; a field keeps its first type, whatever happens to the objects that hold it.
    private static func addToSchema(
        _ types: [(field: String, type: String)],
        of className: String,
        _ state: inout BackendState
    ) {
        for (field, type) in types where !timestampFields.contains(field) && !systemFields.contains(field) {
            if state.fieldTypes[className]?[field] == nil { state.fieldTypes[className, default: [:]][field] = type }
        }
    }

    /// parse-server's refusal of a value of the wrong type (111).
    private static func schemaMismatch(
        _ className: String,
        _ field: String,
        expected: String,
        got: String
    )
        -> BackendFault
    {
        BackendFault.validation(
            "schema mismatch for \(className).\(field); expected \(expected) but got \(got)",
            path: field
        )
    }

    /// Refuses an object the registered model can't read. A field whose value has another type than the model's is
    /// refused in parse-server's words for a schema mismatch, the model standing for the class's schema.
    private func checkDocument(_ document: [String: JSONValue], of className: String, _ state: BackendState) throws {
        do {
            try state.checkDocument(.object(document), of: className)
        } catch let fault as BackendFault {
            guard let expected = fault.expected, let field = fault.path, !field.contains("."),
                let got = try document[field].flatMap(Self.parseType)
            else { throw fault }
            let name =
                switch expected {
                case .string: "String"
                case .number, .integer: "Number"
                case .boolean: "Boolean"
                case .array: "Array"
                case .object: "Object"
                case .date: "Date"
                case .pointer(let target): "Pointer<\(target)>"
                }
            throw Self.schemaMismatch(className, field, expected: name, got: got)
        }
    }

    /// Applies plain values and `__op` `Delete`, `Increment`, `Add`, `AddUnique` and `Remove`, all or nothing.
    private func update(
        _ body: JSONValue?,
        id: String,
        _ className: String,
        _ state: inout BackendState
    ) throws
        -> BackendAnswer
    {
        guard case .object(var changes) = body else {
            throw BackendFault(status: 400, code: "json", message: "This is not a valid JSON object.")
        }
        // RestWrite.js `validateAuthData`, before the schema: `authData` set to nothing unlinks no provider.
        if className == "_User", let authData = changes["authData"], !Self.isTruthy(authData) {
            throw Self.unsupportedService
        }
        try checkFields(changes, of: className, creating: false)
        let types = try validatedTypes(changes, of: className, updating: true, state)
        if className == "_User" { try Self.checkUserChanges(changes, id: id, state) }
        // RestWrite.js `runDatabaseOperation`, after `validateSchema` and `transformUser`: a user is changed only in
        // a session (then as its ACL lets the session write it), and an ACL the user sends keeps the user's own access
        // to itself ("Force the user to not lockout"); the object is looked for (as the session may write it) after
        // that.
        if className == "_User", access.user == nil {
            throw BackendFault(status: 400, code: "sessionMissing", message: "Cannot modify user \(id).")
        }
        if let acl = changes["ACL"] {
            // One JavaScript reads as false is no change (`transformObjectACL` takes it out of the update).
            changes["ACL"] = try Self.storedACL(acl, ownedBy: className == "_User" ? id : nil)
        }
        let (index, document) = try writableInstance(id, className, state)
        for field in Self.timestampFields { changes[field] = nil }
        // parse-server passes an update's `objectId` on to MongoDB as `_id` (MongoTransform.js
        // `transformKeyValueForUpdate`), which takes the object's own and fails on any other value, immutable.
        if let given = changes.removeValue(forKey: "objectId"), given != .string(id) {
            throw Self.internalError("Performing an update on the path '_id' would modify the immutable field '_id'")
        }
        guard case .object(let stored) = document else { return BackendAnswer(500, nil) }
        try Self.refuseConflictingPaths(changes.keys)
        var members: JSONValue = .object(stored)
        // Relations change with the rest, or not at all.
        var relations: [String: [String]] = [:]
        for key in changes.keys.sorted() {
            let change = changes[key]!
            // A dotted key names a nested field, as MongoDB's `$set`, `$unset`, `$inc`, `$push`, `$addToSet` and
            // `$pullAll` of it (MongoTransform.js `transformUpdate`) change it.
            let path = try checkedSegments(key)[...]
            guard let operation = change["__op"]?.stringValue else {
                try Self.change(&members, at: path, key: key) { _ in change }
                continue
            }
            switch operation {
            case "Delete":
                // MongoDB's `$unset` of a path the object doesn't have creates nothing on the way.
                if Self.reachesNothing(path, in: members) == true { continue }
                try Self.change(&members, at: path, key: key) { _ in nil }
            case "Increment":
                let amount = try Self.amount(of: change, creating: false)
                try Self.change(&members, at: path, key: key) { current in
                    let base = current ?? .int(0)
                    // The schema let the value through (a null, a nested one): MongoDB's `$inc` fails on it.
                    guard ValueKind(base) == .number else {
                        throw Self.internalError("Cannot apply $inc to a value of non-numeric type: \(key)")
                    }
                    return arithmetic(base, amount, add: true)
                }
            case "AddRelation", "RemoveRelation", "Batch":
                let relation = "\(className)/\(id)/\(key)"
                var value: JSONValue
                (relations[relation], value) = try Self.related(
                    Self.relationOperations(change, key),
                    relations[relation] ?? state.relations[relation] ?? [],
                    key: key
                )
                try Self.change(&members, at: path, key: key) { _ in value }
            case "Add", "AddUnique", "Remove":
                let objects = try Self.objects(of: change, operation, creating: false)
                // MongoDB's `$pullAll` creates no array where the object has none, nor anything on the way.
                if operation == "Remove", Self.reachesNothing(path, in: members) == true { continue }
                try Self.change(&members, at: path, key: key) { current in
                    // The schema let the value through (a null, a nested one): MongoDB's `$push`, `$addToSet` and
                    // `$pullAll` fail on it.
                    guard current == nil || current?.arrayValue != nil else {
                        throw Self.internalError("The field \(key) must be an array")
                    }
                    var elements = current?.arrayValue ?? []
                    if operation == "Remove" {
                        elements.removeAll { element in objects.contains { sameValue(element, $0) } }
                    } else {
                        elements = appending(objects, to: elements, unique: operation == "AddUnique")
                    }
                    return .array(elements)
                }
            default: throw Self.unsupported(operation)
            }
        }
        guard case .object(var members) = members else { return BackendAnswer(500, nil) }
        // The password is kept apart (below), never with the user.
        if className == "_User" { members["password"] = nil }
        let now = state.timestamp()
        members["updatedAt"] = .string(now)
        try checkDocument(members, of: className, state)
        try state.checkUnique(.object(members), in: className, replacing: index, nullIsAValue: true)
        Self.addToSchema(types, of: className, &state)
        state.collections[className]![index] = .object(members)
        state.relations.merge(relations) { _, new in new }
        // parse-server answers an update with `updatedAt` and what each operation made of its field
        // (`_sanitizeDatabaseResult`): an Increment's new number, an array operation's new array; but not a field
        // the update left as it was, which `_updateResponseWithData` drops (RestWrite.js: equal to `originalData`).
        var answer = Self.operationResults(changes, members).filter { key, value in
            !(stored[key].map { sameValue($0, value) } ?? false)
        }
        answer["updatedAt"] = .string(now)
        // A new password ends the user's sessions and starts a new one (RestWrite.js `transformUser`'s
        // `generateNewSession`, for a request without the master key, which the backend doesn't model).
        if className == "_User", let password = changes["password"] {
            // `handleFollowup`: `clearSessions` (`revokeSessionOnPasswordReset`, on by default), then
            // `generateNewSession`.
            state.sessions = state.sessions.filter { $0.value != id }
            state.passwords[id] = password.stringValue
            answer["sessionToken"] = .string(Self.newSession(of: id, &state))
        }
        return BackendAnswer(Self.withDatesAsAnswered(.object(answer)))
    }

    // MARK: Users

    /// parse-server's refusal of a session token it doesn't have, or whose user is gone (Auth.js
    /// `getAuthForSessionToken`, `UsersRouter.handleMe`): 209, a 400.
    private static let invalidSession = BackendFault(
        status: 400,
        code: "invalidSessionToken",
        message: "Invalid session token"
    )

    /// The session token a request sends (`X-Parse-Session-Token`, whatever its case, as Express reads headers), where
    /// parse-server reads one (``dropsSessionToken(_:)``); an empty one is none, as parse-server's
    /// `!info.sessionToken` reads it.
    private static func sessionToken(of request: BackendRequest) -> String? {
        guard !dropsSessionToken(request),
            let token = request.headers.first(where: { $0.key.lowercased() == "x-parse-session-token" })?.value,
            !token.isEmpty
        else { return nil }
        return token
    }

    /// The objectId of the user whose session `request` sends, when parse-server reads one.
    private static func signedInUser(_ request: BackendRequest, _ state: BackendState) -> String? {
        sessionToken(of: request).flatMap { user(ofSession: $0, state)?["objectId"]?.stringValue }
    }

    /// A sign-up whose `authData` a user already has is that user's log-in (RestWrite.js `handleAuthData`,
    /// `Auth.findUsersWithAuthData`: a user whose `authData.<provider>.id` is the one sent, for any provider): the
    /// user, a 200, with a new session unless the request is in that user's session already
    /// (`createSessionTokenIfNeeded`). Two users, or a user other than the one whose session the request sends, is
    /// 208 (`this auth is already used`). `nil` where no user has it, for the sign-up to go on. The rest of `body` is
    /// written nowhere, but its username and email are refused as a sign-up's would be where another user has them
    /// (`transformUser` runs before the write it skips).
    ///
    /// The log-in writes each provider sent over the user's, a null one unlinking it (`handleAuthData`'s
    /// `database.update`, DatabaseController.js `transformAuthData`), unless the request is in the user's session
    /// and changes nothing; the answer shows the providers that changed, but `anonymous`'s
    /// (`Auth.hasMutatedAuthData`), and no null one (`cleanUserAuthData`). So a new token is kept, and a provider
    /// sent beside the one that found the user is linked to it.
    private static func logIn(
        withAuthData body: [String: JSONValue],
        signedIn: String?,
        _ state: inout BackendState
    ) throws -> BackendAnswer? {
        guard case .object(let providers)? = body["authData"] else { return nil }
        // `Auth.findUsersWithAuthData` looks up only the providers whose `id` is truthy.
        let ids = providers.compactMapValues { $0["id"].flatMap { isTruthy($0) ? $0 : nil } }
        guard !ids.isEmpty else { return nil }
        let users = state.documents("_User").compactMap(\.objectValue).filter { user in
            ids.contains { provider, id in user["authData"]?[provider]?["id"].map { sameValue($0, id) } ?? false }
        }
        guard let user = users.first, let id = user["objectId"]?.stringValue else { return nil }
        if users.count > 1 || (signedIn != nil && signedIn != id) {
            throw BackendFault(status: 400, code: "accountAlreadyLinked", message: "this auth is already used")
        }
        var rest = body
        try checkUser(&rest, id: id, state)
        // A null provider is no value (a `nil` in `? nil :` would be JSONValue's null).
        let provided: (JSONValue) -> JSONValue? = { $0 == .null ? .none : $0 }
        let stored = user["authData"]?.objectValue ?? [:]
        var (written, answered, mutated) = (stored, stored, false)
        for (provider, value) in providers {
            written[provider] = provided(value)
            guard provider != "anonymous", !(stored[provider].map { sameValue($0, value) } ?? false) else { continue }
            mutated = true
            answered[provider] = provided(value)
        }
        var answer = user
        if signedIn == nil || mutated, let index = state.index(of: id, idKey: "objectId", in: "_User") {
            var updated = user
            // Never empty: the provider that found the user is sent, not null.
            updated["authData"] = .object(written)
            state.collections["_User"]![index] = .object(updated)
        }
        answer["authData"] = .object(answered)
        if signedIn == nil { answer["sessionToken"] = .string(newSession(of: id, &state)) }
        let location = state.baseURL.absoluteString + "/users/" + id
        return BackendAnswer(200, withDatesAsAnswered(.object(answer)), headers: ["Location": location])
    }

    /// The user a session signs in, while it exists.
    private static func user(ofSession token: String, _ state: BackendState) -> [String: JSONValue]? {
        guard let id = state.sessions[token] else { return nil }
        return state.documents("_User").first(where: BackendState.hasID(id, idKey: "objectId"))?.objectValue
    }

    /// A new session for the user `id`, and its token.
    private static func newSession(of id: String, _ state: inout BackendState) -> String {
        let token = state.newSessionToken()
        state.sessions[token] = id
        return token
    }

    /// The user as `/login` and `/users/me` answer it: its fields, without the password, its dates as parse-server
    /// answers them, and the session's token.
    private static func signedIn(_ user: [String: JSONValue], token: String) -> BackendAnswer {
        var answer = user
        answer["sessionToken"] = .string(token)
        return BackendAnswer(withDatesAsAnswered(.object(answer)))
    }

    /// `GET` or `POST /login` (UsersRouter.js `_authenticateUserFromRequest`, `handleLogIn`): the username (or an
    /// email, in its place or beside it) and the password from the body, or from the query when the body has
    /// neither; a missing one is 200 or 201, and a user that isn't there or a wrong password 101, each worded as
    /// parse-server words it. The answer is the user with a new session's token.
    private func logIn(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        // JavaScript's `!value`: absent, `null`, `false`, `0` or `""`.
        func isGiven(_ value: JSONValue?) -> Bool { value.map(Self.isTruthy) ?? false }
        var credentials = request.body?.objectValue ?? [:]
        let query = Dictionary(request.query.map { ($0.name, JSONValue.string($0.value)) }) { _, last in last }
        if (!isGiven(credentials["username"]) && isGiven(query["username"]))
            || (!isGiven(credentials["email"]) && isGiven(query["email"]))
        {
            credentials = query
        }
        let (username, email, password) = (credentials["username"], credentials["email"], credentials["password"])
        if !isGiven(username) && !isGiven(email) {
            throw BackendFault(status: 400, code: "usernameMissing", message: "username/email is required.")
        }
        if !isGiven(password) {
            throw BackendFault(status: 400, code: "passwordMissing", message: "password is required.")
        }
        let invalid = BackendFault(status: 404, code: "notFound", message: "Invalid username/password.")
        // A value given that isn't text is refused as a wrong one.
        func text(_ value: JSONValue?) throws -> String? {
            guard let value, isGiven(value) else { return nil }
            guard let text = value.stringValue else { throw invalid }
            return text
        }
        let (name, address, given) = (try text(username), try text(email), try text(password))
        // `{email, username}` together, `{email}` alone, or a username that may be an email.
        let users = state.documents("_User").compactMap(\.objectValue).filter { user in
            let (userName, userEmail) = (user["username"]?.stringValue, user["email"]?.stringValue)
            switch (name, address) {
            case (let name?, let address?): return userName == name && userEmail == address
            case (nil, let address?): return userEmail == address
            case (let name?, nil): return userName == name || userEmail == name
            case (nil, nil): return false
            }
        }
        // A username that is another user's email: the one whose username it is.
        guard let user = users.count > 1 ? users.first(where: { $0["username"]?.stringValue == name }) : users.first,
            let id = user["objectId"]?.stringValue, let given, state.passwords[id] == given
        else { throw invalid }
        // A user whose ACL is empty is locked out.
        if case .object(let acl)? = user["ACL"], acl.isEmpty { throw invalid }
        return Self.signedIn(user, token: Self.newSession(of: id, &state))
    }

    /// `GET /users/me` (`handleMe`): the user the request's session signs in, with its token; 209 without one.
    private func currentUser(_ request: BackendRequest, _ state: BackendState) throws -> BackendAnswer {
        guard let token = Self.sessionToken(of: request), let user = Self.user(ofSession: token, state) else {
            throw Self.invalidSession
        }
        return Self.signedIn(user, token: token)
    }

    /// `POST /logout` (`handleLogOut`): the request's session ends, and the answer is `{}`, with a session or
    /// without.
    private func logOut(_ request: BackendRequest, _ state: inout BackendState) -> BackendAnswer {
        if let token = Self.sessionToken(of: request) { state.sessions[token] = nil }
        return BackendAnswer([:])
    }

    /// parse-server's refusal of `authData` it can't handle (252).
    private static let unsupportedService = BackendFault(
        status: 400,
        code: "unsupportedService",
        message: "This authentication method is unsupported."
    )

    /// Refuses a sign-up as parse-server's `validateAuthData` does (RestWrite.js): without `authData` (or with a
    /// false one, as JavaScript's `!authData` reads it), a `_User` needs a username (200, `bad or missing username`)
    /// and a password (201, `password is required`), each text that isn't empty. An `authData` sent false is then
    /// 252, and so is one whose providers each lack an `id` and none is null (an unlinking), unless the body has a
    /// username and a password or the request is in a user's session (`signedIn`): the providers' tokens aren't
    /// checked, so nothing else would refuse it.
    private static func checkSignUp(_ body: [String: JSONValue], signedIn: String?) throws {
        let authData = body["authData"]
        if !(authData.map(isTruthy) ?? false) {
            if body["username"]?.stringValue?.isEmpty ?? true {
                throw BackendFault(status: 400, code: "usernameMissing", message: "bad or missing username")
            }
            if body["password"]?.stringValue?.isEmpty ?? true {
                throw BackendFault(status: 400, code: "passwordMissing", message: "password is required")
            }
        }
        guard let authData else { return }
        guard isTruthy(authData) else { throw unsupportedService }
        // An empty object is nothing to validate; a value of another type is left to the schema's types.
        guard case .object(let providers) = authData, !providers.isEmpty else { return }
        let canHandle = providers.values.contains { $0 == .null || ($0["id"].map(isTruthy) ?? false) }
        let hasUsernameAndPassword = body["username"]?.stringValue != nil && body["password"]?.stringValue != nil
        if !canHandle && !hasUsernameAndPassword && signedIn == nil { throw unsupportedService }
    }

    /// What parse-server's `transformUser` does with an update of a `_User` (RestWrite.js), before it looks at the
    /// request's session or the user's access: a password it is sent, whatever it is but undefined, is hashed, which
    /// fails for one the schema let through that is no text (a `Delete`, a `null`: bcrypt throws, an error
    /// parse-server answers as an internal one); then the username and email it sets are checked as a new user's are.
    private static func checkUserChanges(_ changes: [String: JSONValue], id: String, _ state: BackendState) throws {
        if let password = changes["password"], password.stringValue == nil {
            throw internalError("Illegal arguments: a password of \(describe(password))")
        }
        var given = changes
        try checkUser(&given, id: id, state)
    }

    /// What parse-server's `transformUser` does with a `_User` it writes (RestWrite.js): the password is kept only as
    /// a hash that no read answers, so it isn't stored here at all; a username another user has, whatever its case,
    /// is refused (202, `_validateUserName`), and so are an email without an `@` (125) and one another user has,
    /// whatever its case (203, `_validateEmail`). Only a username and an email given as text, and not empty, are
    /// checked: both functions pass over one JavaScript reads as false (`""`), and an update's `Delete` of its email.
    private static func checkUser(_ document: inout [String: JSONValue], id: String?, _ state: BackendState) throws {
        document["password"] = nil
        let others = state.documents("_User").filter { $0["objectId"]?.stringValue != id }
        func taken(_ field: String) -> Bool {
            guard let value = document[field]?.stringValue, !value.isEmpty else { return false }
            let folded = value.lowercased()
            return others.contains { $0[field]?.stringValue?.lowercased() == folded }
        }
        if taken("username") {
            throw BackendFault(
                status: 400,
                code: "usernameTaken",
                message: "Account already exists for this username."
            )
        }
        if let email = document["email"]?.stringValue, !email.isEmpty {
            // `^.+@.+$`: an `@` with something on either side, and no line break (which `.` doesn't match).
            let characters = Array(email)
            let lineBreaks: Set<Character> = ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"]
            guard !characters.contains(where: lineBreaks.contains),
                characters.indices.dropFirst().dropLast().contains(where: { characters[$0] == "@" })
            else {
                throw BackendFault(status: 400, code: "invalidEmail", message: "Email address format is invalid.")
            }
        }
        if taken("email") {
            throw BackendFault(
                status: 400,
                code: "emailTaken",
                message: "Account already exists for this email address."
            )
        }
    }

    /// Changes the value at `path` (a dotted key's segments) in `value` to what `body` makes of it (nil: none), as
    /// MongoDB changes a nested field: a missing object on the way is created, a segment of digits on an array names
    /// its element (a set past the end pads with nulls, a removed element becomes a null); a path through any other
    /// value fails MongoDB's update, which parse-server answers as an internal error.
    private static func change(
        _ value: inout JSONValue,
        at path: ArraySlice<String>,
        key: String,
        _ body: (JSONValue?) throws -> JSONValue?
    ) throws {
        let segment = path.first!
        let rest = path.dropFirst()
        func changed(_ current: JSONValue?) throws -> JSONValue? {
            guard !rest.isEmpty else { return try body(current) }
            var inner = current ?? .object([:])
            try change(&inner, at: rest, key: key, body)
            return inner
        }
        switch value {
        case .object(var members):
            members[segment] = try changed(members[segment])
            value = .object(members)
        case .array(var elements):
            guard let position = Int(segment), position >= 0, String(position) == segment else {
                throw internalError("Cannot create field '\(segment)' in an array for \(key)")
            }
            guard position - elements.count < 10_000 else {
                throw BackendFault.invalid("\(key) pads the array with more than 10,000 nulls")
            }
            // No element past the end, and not a JSON `null` (which a path can't go through, as MongoDB can't
            // through an element that is null; a `nil` literal is one where a JSONValue is read): `items.1.count`
            // on `[]` makes `[null,{"count":…}]`, as MongoDB's `$inc` and `$set` make it.
            let current = elements.indices.contains(position) ? Optional(elements[position]) : Optional.none
            guard let new = try changed(current) else {
                if position < elements.count { elements[position] = .null }
                value = .array(elements)
                return
            }
            if position >= elements.count { elements += Array(repeating: .null, count: position + 1 - elements.count) }
            elements[position] = new
            value = .array(elements)
        default:
            throw internalError("Cannot create field '\(segment)' in a non-object for \(key)")
        }
    }

    /// Whether `path` (an update's dotted key) names nothing in `value`: a member missing on the way, or an array's
    /// element past its end; nil where it goes on from a value that is neither an object nor an array, or names an
    /// array's member by other than a position (a path MongoDB can't follow).
    private static func reachesNothing(_ path: ArraySlice<String>, in value: JSONValue) -> Bool? {
        guard let segment = path.first else { return false }
        let next: JSONValue?
        switch value {
        case .object(let members): next = members[segment]
        case .array(let elements):
            guard let position = Int(segment), position >= 0, String(position) == segment else { return nil }
            // Past the end is nothing, not the JSON `null` a `nil` literal would be here.
            next = elements.indices.contains(position) ? Optional(elements[position]) : Optional.none
        default: return nil
        }
        guard let next else { return true }
        return reachesNothing(path.dropFirst(), in: next)
    }

    /// Refuses an update that names a field and a path inside it (`a` and `a.b`), which MongoDB refuses as a
    /// conflict and parse-server answers as an internal error.
    private static func refuseConflictingPaths(_ keys: some Collection<String>) throws {
        for key in keys {
            var prefix = Substring(key)
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if keys.contains(String(prefix)) {
                    throw internalError("Updating the path '\(key)' would create a conflict at '\(prefix)'")
                }
            }
        }
    }

    /// An error parse-server doesn't handle (a MongoDB failure), answered `{"code":1,"message":"Internal server
    /// error."}` with a 500 (middlewares.js, `handleParseErrors`); `message` says why, for the backend's own record.
    private static func internalError(_ message: String) -> BackendFault {
        BackendFault(status: 500, code: "internal", message: message)
    }

    /// `POST /batch`: each request in order, each answered `{"success":…}` or `{"error":{"code","error"}}`; their
    /// paths start at the server's root (the base URL's path, then `/classes/…`).
    private func batch(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer {
        guard case .array(let requests)? = request.body?["requests"] else {
            throw BackendFault.invalid("requests must be an array")
        }
        // With `transaction: true` the requests run in one MongoDB transaction, aborted when one fails: nothing is
        // written, and the batch's rejection, which is no Parse error, is answered as an internal error (batch.js,
        // middlewares.js `handleParseErrors`).
        guard request.body?["transaction"] != .bool(true) else {
            var transaction = state
            let answers = try answers(to: requests, request, &transaction)
            if answers.contains(where: { $0["error"] != nil }) {
                throw Self.internalError("a request of the transaction failed, and none was applied")
            }
            state = transaction
            return BackendAnswer(.array(answers))
        }
        return BackendAnswer(.array(try answers(to: requests, request, &state)))
    }

    /// Each request of a `/batch`, in order, answered `{"success":…}` or `{"error":{"code","error"}}`.
    private func answers(
        to requests: [JSONValue],
        _ request: BackendRequest,
        _ state: inout BackendState
    ) throws -> [JSONValue] {
        var answers: [JSONValue] = []
        for entry in requests {
            guard let method = entry["method"]?.stringValue, let path = entry["path"]?.stringValue else {
                throw BackendFault.invalid("a batch request needs a method and a path")
            }
            // parse-server routes a batch path only below its mount path (the base URL's path).
            let mount = state.baseURL.path.split(separator: "/").map(String.init)
            var segments = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
            guard segments.starts(with: mount) else {
                throw BackendFault.invalid("cannot route batch path \(path)")
            }
            segments.removeFirst(mount.count)
            // A GET's body is its query: parse-server routes it as the request's body, which `handleFind` and
            // `handleGet` read as the query (batch.js, ClassesRouter.js).
            var query: [(name: String, value: String)] = []
            if method.uppercased() == "GET", case .object(let members)? = entry["body"] {
                query = Self.queryItems(members)
            }
            let inner = BackendRequest(
                method: method.uppercased(),
                segments: segments,
                query: query,
                headers: request.headers,
                body: entry["body"]
            )
            do {
                answers.append(["success": try route(inner, &state).body ?? [:]])
            } catch let fault as BackendFault {
                answers.append(["error": errorBody(fault)])
            }
        }
        return answers
    }
}
