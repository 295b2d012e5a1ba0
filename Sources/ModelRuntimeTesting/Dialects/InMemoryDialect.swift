import Foundation
import ModelRuntime
import ModelRuntimeClient

/// Which backend an ``InMemoryBackend`` is, with the client dialect its clients speak.
public struct InMemoryDialect: Sendable {
    let backend: any BackendDialect
    let makeClient:
        @Sendable (
            URL, any HTTPTransport, @escaping @Sendable () async throws -> [String: String], RetryPolicy, Duration?
        ) -> ModelClient

    init(backend: any BackendDialect, client: some ClientDialect) {
        self.backend = backend
        self.makeClient = { baseURL, transport, headers, retry, timeout in
            ModelClient(
                baseURL: baseURL,
                dialect: client,
                transport: transport,
                headers: headers,
                retry: retry,
                timeout: timeout
            )
        }
    }

    /// Medable Cortex: lists of `{"object":"list","data":…,"hasMore":…}` 100 to a page unless the request asks for
    /// up to 1,000, instances with `created`, `creator`, `owner` and the rest of Cortex's system properties, `PUT` and
    /// `PATCH` operations with element paths, and faults as `{"object":"fault","errCode":…,"code":…}`.
    public static let cortex = InMemoryDialect.cortex()

    /// Medable Cortex, with `pageSize` results a page when a request sets no limit, and `principal` the account
    /// that creates and updates (Cortex's `creator`, `owner`, `updater`).
    public static func cortex(pageSize: Int = 100, principal: String = "000000000000000000000001") -> InMemoryDialect {
        InMemoryDialect(backend: CortexBackend(pageSize: pageSize, principal: principal), client: CortexDialect())
    }

    /// Mia-Platform's CRUD service: bare arrays, 25 to a page without `_l`, `__STATE__` and `_st` (a read sees only
    /// `PUBLIC` documents unless it asks for more), `createdAt`/`creatorId` from the `userid` header, the update
    /// operators, state routes and bulk calls, and errors as `{"statusCode":…,"error":…,"message":…}`.
    public static let mia = InMemoryDialect.mia()

    /// Mia-Platform's CRUD service, creating documents as `defaultState` when neither the body nor the model's
    /// endpoint names one (the service's own default is `DRAFT`), and reading the user that writes (`creatorId`,
    /// `updaterId`) from the header `userIDHeader`, the service's USER_ID_HEADER_KEY (`userid` in its
    /// `default.env`).
    public static func mia(defaultState: MiaState = .draft, userIDHeader: String = "userid") -> InMemoryDialect {
        InMemoryDialect(
            backend: MiaBackend(defaultState: defaultState.rawValue, userIDHeader: userIDHeader.lowercased()),
            client: MiaDialect()
        )
    }

    /// Parse Server: `{"results":…}` 100 to a page, `count`, `keys` and `excludeKeys`, `include` of pointers, `objectId`,
    /// `createdAt` and `updatedAt`, `__op` updates, `/batch`, and errors as `{"code":…,"error":…}`.
    public static let parse = InMemoryDialect(backend: ParseBackend(), client: ParseDialect())
}

/// One backend's routes, answers and errors over the stored documents.
protocol BackendDialect: Sendable {
    /// The member that holds a document's id: `_id` or `objectId`.
    var idKey: String { get }
    /// The ids the backend makes when the app injects none.
    var defaultIDs: IDGenerator { get }
    /// A new id for a document of `collection` that the backend makes (a create, a seeded document without one).
    func newID(in collection: String, _ state: inout BackendState) -> String
    /// The answer to `request`; throws a ``BackendFault`` for an error answer.
    func answer(_ request: BackendRequest, _ state: inout BackendState) throws -> BackendAnswer
    /// A fault in the backend's error shape.
    func errorBody(_ fault: BackendFault) -> JSONValue
    /// The status the backend answers `fault` with.
    func status(of fault: BackendFault) -> Int
    /// A seeded document of `collection` as the backend would hold it (Mia-Platform: `PUBLIC` when it names no
    /// `__STATE__`; Parse: `createdAt` and `updatedAt` now when it has none, and its fields' types in the class's
    /// schema).
    func seeded(
        _ members: [String: JSONValue],
        into collection: String,
        _ state: inout BackendState
    ) -> [String: JSONValue]
    /// The unique indexes the server makes on its own classes when it starts, by collection (Parse: `_Role`'s
    /// `name`).
    var systemUniqueMembers: [String: Set<String>] { get }
}

extension BackendDialect {
    func status(of fault: BackendFault) -> Int { fault.status }

    var systemUniqueMembers: [String: Set<String>] { [:] }

    /// The backend's own kind of id, from the injected ``IDGenerator``.
    func newID(in collection: String, _ state: inout BackendState) -> String { state.newID() }

    /// The stored document of `collection` whose id is `id`, with its index; else the backend's not-found fault
    /// with `missing` as its message.
    func instance(
        _ id: String,
        in collection: String,
        _ state: BackendState,
        missing: String
    ) throws
        -> (index: Int, document: JSONValue)
    {
        guard let index = state.index(of: id, idKey: idKey, in: collection) else {
            throw BackendFault.notFound(missing)
        }
        return (index, state.documents(collection)[index])
    }

    func seeded(
        _ members: [String: JSONValue],
        into collection: String,
        _ state: inout BackendState
    ) -> [String: JSONValue] { members }
}

extension BackendFault {
    /// A write the model refuses: a property it doesn't have, a value of the wrong type, a missing required one.
    static func validation(_ message: String, path: String? = nil) -> BackendFault {
        BackendFault(status: 400, code: "validation", message: message, path: path)
    }
}

extension BackendState {
    /// Refuses a write to `pluralName` that sets a key the registered model doesn't read, or one of `readOnly`. Of
    /// several, the refusal names the first in code-point order: a body's keys come unordered, and the same write
    /// must be refused the same way in every run.
    func checkKeys(_ keys: some Sequence<String>, of pluralName: String, readOnly: Set<String>) throws {
        let modeled = models[pluralName]?.modeledKeys
        var refused: (property: String, isReadOnly: Bool)?
        for key in keys {
            let topLevel = String(key.split(separator: ".", maxSplits: 1).first ?? "")
            let isReadOnly = readOnly.contains(topLevel)
            guard isReadOnly || modeled.map({ !$0.contains(topLevel) }) == true else { continue }
            if refused.map({ topLevel < $0.property }) ?? true { refused = (topLevel, isReadOnly) }
        }
        guard let (property, isReadOnly) = refused else { return }
        if isReadOnly {
            throw BackendFault(status: 400, code: "readOnly", message: "\(property) is read-only", path: property)
        }
        throw BackendFault(
            status: 400,
            code: "unknownProperty",
            message: "\(pluralName) has no property \(property)",
            path: property
        )
    }

    /// Refuses a document the registered model can't decode: a value of the wrong type, a missing required one.
    func checkDocument(_ document: JSONValue, of pluralName: String) throws {
        guard let model = models[pluralName] else { return }
        try refusingUndecodable(of: pluralName) { try model.check(document) }
    }

    /// What `decode` returns; its `DecodingError` becomes the backend's validation fault for a document of
    /// `pluralName`, with the value's path.
    func refusingUndecodable<T>(of pluralName: String, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as DecodingError {
            var fault = BackendFault.validation("\(pluralName): \(Self.describe(error))", path: Self.path(of: error))
            if case .typeMismatch(let type, _) = error { fault.expected = ExpectedKind(type) }
            throw fault
        }
    }

    /// `checkDocument(_:of:)`, which also refuses a document that has a member, below its top level, that neither
    /// the registered model nor any Document in it defines (when the model keeps unknown members) and that `before`
    /// (the document as stored, nil for a create) didn't have at that property path (in any element of an array on
    /// the way): the first such path in code-point order, as a property the object doesn't have. An element's `_id`,
    /// which the backend gives every element of a document array, is its own whether or not the Document reads it.
    func checkDocument(_ document: JSONValue, of pluralName: String, refusingMembersAddedTo before: JSONValue?) throws {
        guard let model = models[pluralName], model.modeledKeys != nil else {
            return try checkDocument(document, of: pluralName)
        }
        let unknown = try refusingUndecodable(of: pluralName) { try model.checkListingUnknownMembers(document) }
        let added = unknown.filter { path in
            path.count > 1 && path.last != "_id" && !(before.map { Self.has(path[...], in: $0) } ?? false)
        }
        guard let path = added.map({ $0.joined(separator: ".") }).min() else { return }
        throw BackendFault(
            status: 400,
            code: "unknownProperty",
            message: "\(pluralName) has no property \(path)",
            path: path
        )
    }

    /// Whether `value` has a member at the property path `path`, in any element of an array on the way.
    private static func has(_ path: ArraySlice<String>, in value: JSONValue) -> Bool {
        guard let first = path.first else { return true }
        switch value {
        case .object(let members):
            guard let member = members[first] else { return false }
            return has(path.dropFirst(), in: member)
        case .array(let elements):
            return elements.contains { has(path, in: $0) }
        default:
            return false
        }
    }

    private static func path(of error: DecodingError) -> String? {
        let context: DecodingError.Context? =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context): context
            case .keyNotFound(let key, let context):
                DecodingError.Context(
                    codingPath: context.codingPath + [key],
                    debugDescription: context.debugDescription
                )
            @unknown default: nil
            }
        guard let context, !context.codingPath.isEmpty else { return nil }
        return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "\(key.stringValue) is required"
        case .typeMismatch(let type, _): "\(path(of: error) ?? "a value") is not a \(type)"
        case .valueNotFound(let type, _): "\(path(of: error) ?? "a value") is null, not a \(type)"
        case .dataCorrupted(let context): "\(path(of: error) ?? "a value"): \(context.debugDescription)"
        @unknown default: "the document does not decode"
        }
    }

    /// The collection a request's path names, the path that named it and the segments after: the longest
    /// registered name or endpoint its first segments spell (a Mia-Platform base path may have several:
    /// `internal/books`), else its first segment.
    func collection(in segments: [String]) -> (name: String, path: String, rest: [String])? {
        guard let first = segments.first, !first.isEmpty else { return nil }
        // Only as many segments as the longest name the backend knows: linear in the path, whatever its length.
        let names = Array(aliases.keys) + Array(models.keys) + Array(collections.keys)
        let longest = names.map { $0.split(separator: "/").count }.max() ?? 1
        for count in stride(from: min(segments.count, longest), to: 1, by: -1) {
            let path = segments[..<count].joined(separator: "/")
            if let name = aliases[path] { return (name, path, Array(segments[count...])) }
            if models[path] != nil || collections[path] != nil { return (path, path, Array(segments[count...])) }
        }
        return (aliases[first] ?? first, first, Array(segments.dropFirst()))
    }
}

/// The keys of a JSON object's text in the order written (a `[String: JSONValue]` has none), for the sort
/// parameters whose order is their meaning. Linear in the text; nil when it is not an object.
func orderedKeys(ofObjectText text: String) -> [String]? {
    guard case .object(let members) = try? JSONValue(parsing: Data(text.utf8), maximumDepth: 64) else { return nil }
    var keys: [String] = []
    var depth = 0
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    var expectingKey = false
    while index < scalars.endIndex {
        let scalar = scalars[index]
        switch scalar {
        case "{":
            depth += 1
            expectingKey = depth == 1
        case "[": depth += 1
        case "}", "]": depth -= 1
        case ",": expectingKey = depth == 1
        case "\"":
            var end = scalars.index(after: index)
            var raw = ""
            while end < scalars.endIndex, scalars[end] != "\"" {
                if scalars[end] == "\\" {
                    raw.unicodeScalars.append(scalars[end])
                    end = scalars.index(after: end)
                    if end == scalars.endIndex { break }
                }
                raw.unicodeScalars.append(scalars[end])
                end = scalars.index(after: end)
            }
            if expectingKey, case .string(let key)? = try? JSONValue(parsing: Data("\"\(raw)\"".utf8)) {
                keys.append(key)
                expectingKey = false
            }
            index = end
        default: break
        }
        if index < scalars.endIndex { index = scalars.index(after: index) }
    }
    return keys.count == members.count ? keys : Array(members.keys.sorted())
}

/// Whether `members` are a Cortex file value: a facet's `name` with the other `facets`.
func isFileValue(_ members: [String: JSONValue]) -> Bool {
    members["name"]?.stringValue != nil && members["facets"]?.arrayValue != nil
}

/// Gives every object element of an array (at any depth) an `_id` of its own, as Cortex gives each element of a
/// document array one.
func givingElementIDs(_ value: JSONValue, _ state: inout BackendState) -> JSONValue {
    switch value {
    case .array(let elements):
        var given: [JSONValue] = []
        for element in elements {
            var element = givingElementIDs(element, &state)
            // A file value is no document: Cortex gives it no id.
            if case .object(var members) = element, members["_id"] == nil, !isFileValue(members) {
                members["_id"] = .string(state.newID())
                element = .object(members)
            }
            given.append(element)
        }
        return .array(given)
    case .object(let members):
        var given: [String: JSONValue] = [:]
        for key in members.keys.sorted() { given[key] = givingElementIDs(members[key]!, &state) }
        return .object(given)
    default:
        return value
    }
}

/// The kind of value a model reads where a write sent another, which each backend names in its refusal: a JSON
/// Schema type for Mia-Platform's CRUD service (Fastify's `must be number`), a Parse type for parse-server
/// (`expected Number`).
enum ExpectedKind: Sendable {
    case string, number, boolean, array, object, date
    /// A whole number: what an `Int` reads, a JSON Schema `integer` (Fastify's `must be integer`), a Parse Number.
    case integer
    /// A Parse pointer, to the class its Swift type names (`ParsePointer<Player>` → `Player`).
    case pointer(String)

    /// The kind a model's decoding asked for when it threw `typeMismatch(type, …)`; nil for a type of its own that
    /// names no kind.
    init?(_ type: Any.Type) {
        switch type {
        case is String.Type, is Substring.Type, is URL.Type, is Data.Type: self = .string
        case is Bool.Type: self = .boolean
        case is any BinaryInteger.Type: self = .integer
        case is any BinaryFloatingPoint.Type, is Decimal.Type: self = .number
        case is Date.Type: self = .date
        case is [Any].Type: self = .array
        case is [String: Any].Type, is [String: JSONValue].Type: self = .object
        default:
            // A pointer of any target, described as `ParsePointer<Player>`.
            let description = String(describing: type)
            guard description.hasPrefix("ParsePointer<"), description.hasSuffix(">") else { return nil }
            self = .pointer(String(description.dropFirst("ParsePointer<".count).dropLast()))
        }
    }
}
