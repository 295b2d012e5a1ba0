import Foundation
import ModelRuntime

/// What a write's answer holds: the object itself, or only its id (read it back with a `GET`).
public enum WriteAnswer: Sendable, Hashable {
    /// The answer is the written object.
    case object
    /// The answer only identifies the object; the client reads the instance `id` back.
    case fetch(id: String)
}

/// One page of a list answer, taken out of the dialect's envelope.
public struct ListEnvelope: Sendable, Hashable {
    /// The listed objects, still as JSON.
    public var items: [JSONValue]
    /// The JSON path of the items array in the answer (`data`, `results`, or empty for a bare array).
    public var itemsPath: String
    /// Whether the server says more results follow; `nil` when the dialect does not say.
    public var hasMore: Bool?

    /// Creates an envelope.
    public init(items: [JSONValue], itemsPath: String, hasMore: Bool?) {
        self.items = items
        self.itemsPath = itemsPath
        self.hasMore = hasMore
    }
}

/// Where a list answer keeps its items and its more-follows flag, so that ``ModelClient`` can decode a page straight
/// from the answer's bytes.
public struct ListLayout: Sendable, Hashable {
    /// The key of the items array in the answer (`data`, `results`); `nil` when the answer is the array itself.
    public var itemsKey: String?
    /// The key of the answer's more-follows flag (`hasMore`); `nil` when it has none.
    public var hasMoreKey: String?

    /// A layout with the items under `itemsKey` (`nil`: a bare array) and the flag under `hasMoreKey`.
    public init(itemsKey: String?, hasMoreKey: String?) {
        self.itemsKey = itemsKey
        self.hasMoreKey = hasMoreKey
    }
}

/// A backend's wire format as ``ModelClient`` needs it: queries and bodies (with the instance path every read,
/// update and delete of one object goes to, `BodyDialect.instancePath(pluralName:id:)`), plus the list envelope,
/// what writes answer, how counts come back and what an error body looks like.
public protocol ClientDialect: QueryDialect & BodyDialect {
    /// The objects of a list answer; `nil` when the answer is not this dialect's envelope.
    func listEnvelope(from answer: JSONValue) -> ListEnvelope?
    /// What a create (`id == nil`) or an update of the instance `id` answered with.
    func writeAnswer(_ answer: JSONValue, method: String, id: String?) -> WriteAnswer?
    /// The number a count request answered with; `nil` when the answer is not a count.
    func count(from answer: JSONValue) -> Int?
    /// The code and message of the server's error body, where it has them.
    func errorDetails(from body: JSONValue) -> (code: String?, message: String?)
    /// What the `GET` that reads a created instance back adds, so that it finds the instance in whatever state the
    /// server created it.
    var createdInstanceQueryItems: [URLQueryItem] { get }
    /// The field that holds an object's id, which ``ModelClient/all(_:pageSize:)`` sorts by last.
    var idFieldName: String { get }
    /// How many objects the server returns at most when a query sets no limit; `nil` when it says itself whether
    /// more follow.
    var serverPageLimit: Int? { get }
    /// Where a list answer keeps its items, when that is fixed: the client then decodes a page in one pass over the
    /// bytes instead of through ``listEnvelope(from:)``. `nil` takes ``listEnvelope(from:)``.
    var listLayout: ListLayout? { get }
}

extension ClientDialect {
    /// None: the instance path alone finds a new instance.
    public var createdInstanceQueryItems: [URLQueryItem] { [] }
    /// `_id`.
    public var idFieldName: String { "_id" }
    /// None.
    public var serverPageLimit: Int? { nil }
    /// None: pages go through ``listEnvelope(from:)``.
    public var listLayout: ListLayout? { nil }
}

extension JSONValue {
    /// A code that a server wrote as a string or a number.
    fileprivate var codeText: String? {
        if let text = stringValue { return text }
        if let number = intValue { return String(number) }
        return nil
    }
}

extension CortexDialect: ClientDialect {
    /// `{"object":"list","data":[…],"hasMore":…}`.
    public func listEnvelope(from answer: JSONValue) -> ListEnvelope? {
        guard let items = answer["data"]?.arrayValue else { return nil }
        return ListEnvelope(items: items, itemsPath: "data", hasMore: answer["hasMore"]?.boolValue)
    }

    /// Items under `data`, the flag under `hasMore`.
    public var listLayout: ListLayout? { ListLayout(itemsKey: "data", hasMoreKey: "hasMore") }

    /// Cortex answers every write with the object.
    public func writeAnswer(_ answer: JSONValue, method: String, id: String?) -> WriteAnswer? { .object }

    /// The aggregation's answer: a list whose only element holds `count` (no element: nothing matched).
    public func count(from answer: JSONValue) -> Int? {
        if let count = answer.intValue { return count }
        guard let data = answer["data"]?.arrayValue else { return nil }
        guard let first = data.first else { return 0 }
        return first["count"]?.intValue
    }

    /// `{"object":"fault","code":…,"reason":…,"message":…}`.
    public func errorDetails(from body: JSONValue) -> (code: String?, message: String?) {
        (body["code"]?.codeText, body["message"]?.stringValue ?? body["reason"]?.stringValue)
    }
}

extension MiaDialect: ClientDialect {
    /// A bare array.
    public func listEnvelope(from answer: JSONValue) -> ListEnvelope? {
        answer.arrayValue.map { ListEnvelope(items: $0, itemsPath: "", hasMore: nil) }
    }

    /// A bare array.
    public var listLayout: ListLayout? { ListLayout(itemsKey: nil, hasMoreKey: nil) }

    /// A create answers `{"_id":…}`; a `PATCH` answers the object.
    public func writeAnswer(_ answer: JSONValue, method: String, id: String?) -> WriteAnswer? {
        if id == nil {
            guard let created = answer["_id"]?.stringValue else { return nil }
            return answer.objectValue?.count == 1 ? .fetch(id: created) : .object
        }
        return .object
    }

    /// `GET /<plural>/count` answers a number.
    public func count(from answer: JSONValue) -> Int? { answer.intValue }

    /// 25: the CRUD service's page when `_l` is absent (the list schema's default, with `CRUD_LIMIT_CONSTRAINT_ENABLED`
    /// on, as it is by default; `lib/schemaGetters.js`). A page of 25 may have more after it. A service with the
    /// constraint off answers every document, and a last page of 25 or more costs one more request.
    public var serverPageLimit: Int? { 25 }

    /// Every state (`_st=PUBLIC,DRAFT,TRASH,DELETED`): a collection creates documents as `DRAFT` unless configured
    /// otherwise or the body sets `__STATE__`, and a `GET` without `_st` finds only `PUBLIC` ones.
    public var createdInstanceQueryItems: [URLQueryItem] {
        [URLQueryItem(name: "_st", value: "PUBLIC,DRAFT,TRASH,DELETED")]
    }

    /// `{"statusCode":…,"error":…,"message":…}`.
    public func errorDetails(from body: JSONValue) -> (code: String?, message: String?) {
        (body["error"]?.codeText ?? body["statusCode"]?.codeText, body["message"]?.stringValue)
    }
}

extension ParseDialect: ClientDialect {
    /// `{"results":[…]}`.
    public func listEnvelope(from answer: JSONValue) -> ListEnvelope? {
        guard let items = answer["results"]?.arrayValue else { return nil }
        return ListEnvelope(items: items, itemsPath: "results", hasMore: nil)
    }

    /// Items under `results`.
    public var listLayout: ListLayout? { ListLayout(itemsKey: "results", hasMoreKey: nil) }

    /// A create answers `{"objectId":…,"createdAt":…}`, an update `{"updatedAt":…}`: both are read back.
    public func writeAnswer(_ answer: JSONValue, method: String, id: String?) -> WriteAnswer? {
        if let id { return answer.objectValue == nil ? nil : .fetch(id: id) }
        return answer["objectId"]?.stringValue.map { .fetch(id: $0) }
    }

    /// `{"results":[],"count":N}`.
    public func count(from answer: JSONValue) -> Int? { answer["count"]?.intValue }

    /// `objectId`.
    public var idFieldName: String { "objectId" }

    /// 100: parse-server's limit when a query sets none.
    public var serverPageLimit: Int? { 100 }

    /// `{"code":…,"error":…}`.
    public func errorDetails(from body: JSONValue) -> (code: String?, message: String?) {
        (body["code"]?.codeText, body["error"]?.stringValue)
    }
}
