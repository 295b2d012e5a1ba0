import Foundation
import ModelRuntime

/// Where an in-memory backend's time comes from.
public enum BackendClock: Sendable {
    /// The machine's clock; a scripted delay waits for real.
    case system
    /// A clock of its own that starts at `start` and moves on by `tick` each time the backend reads it (every
    /// create and update), so `createdAt` and its kin are the same on every run and never tie. A scripted delay moves
    /// it on by the delay, and returns at once.
    case virtual(start: Date, tick: Duration)

    /// A virtual clock from 2026-01-01T00:00:00Z, a second a tick.
    public static let virtual = BackendClock.virtual(
        start: Date(timeIntervalSince1970: 1_767_225_600),
        tick: .seconds(1)
    )
}

/// Makes the ids of created objects from a counter that starts at 1, so a test can name them beforehand.
public struct IDGenerator: Sendable {
    let make: @Sendable (Int) -> String
    /// Makes the UUIDs the backend gives (a Mia-Platform collection's ids where its `_id` is a string, the members
    /// Cortex generates), from a counter of their own.
    let makeUUID: @Sendable (Int) -> String

    /// Ids from `make`, called with 1, 2, 3… in the order objects are created; UUIDs from `uuids`, called with a
    /// counter of their own.
    public init(
        _ make: @escaping @Sendable (Int) -> String,
        uuids: @escaping @Sendable (Int) -> String = { IDGenerator.countingUUID($0) }
    ) {
        self.make = make
        self.makeUUID = uuids
    }

    /// The UUID (version 4, as Mia-Platform's `randomUUID()` and Cortex make them) that counts `counter`:
    /// `00000000-0000-4000-8000-000000000001`….
    public static func countingUUID(_ counter: Int) -> String {
        "00000000-0000-4000-8000-" + String(format: "%012lx", counter)
    }

    /// MongoDB ObjectIds (24 hexadecimal digits), as Cortex and Mia-Platform give: `000000000000000000000001`…
    /// with the given prefix in front.
    public static func objectIDs(prefix: String = "65") -> IDGenerator {
        IDGenerator { counter in
            let hex = String(counter, radix: 16)
            return prefix + String(repeating: "0", count: max(0, 24 - prefix.count - hex.count)) + hex
        }
    }

    /// Parse objectIds (ten letters and digits, as parse-server's `newObjectId` makes them): `obj0000001`….
    public static let parseObjectIDs = IDGenerator { counter in
        let digits = String(counter)
        return "obj" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
    }
}

/// What a model's registered `Create` bodies say of its collection (`generate: [testing]`'s lists), kept when the
/// model itself is registered again.
struct CreateRules: Sendable {
    /// The members a create must send (`generate: [testing]`'s `requiredMembers`), by the variant's `type` (nil
    /// for an object without variants); empty when unknown.
    var requiredMembers: [String?: Set<String>] = [:]
    /// The values the server gives members a create leaves out (`generate: [testing]`'s `defaultMembers`), by the
    /// variant's `type`; empty when unknown.
    var defaultMembers: [String?: [String: JSONValue]] = [:]
    /// The members the server makes a value of itself (`generate: [testing]`'s `generatedMembers`), by the variant's
    /// `type`; empty when unknown.
    var generatedMembers: [String?: Set<String>] = [:]
    /// The dotted paths of the file properties (`generate: [testing]`'s `fileMembers`); nil when unknown.
    var fileMembers: Set<String>?
    /// The dotted paths of the properties that take `null` (`generate: [testing]`'s `nullableMembers`); nil when
    /// unknown.
    var nullableMembers: Set<String>?
    /// The dotted paths of the members a Document must have where a write sends it (`generate: [testing]`'s
    /// `requiredDocumentMembers`).
    var requiredDocumentMembers: Set<String> = []
    /// The dotted paths of the Documents that take no member they don't define (`generate: [testing]`'s
    /// `closedDocuments`).
    var closedDocuments: Set<String> = []
}

/// What the backend knows of a model an app registered (by seeding it, or with `register(_:)`): its object name,
/// the keys it reads, and how to check a document against it.
struct RegisteredModel: Sendable {
    var apiName: String
    /// The keys the model reads (its `modeledKeys`), when it keeps unknown members; nil when unknown.
    var modeledKeys: Set<String>?
    /// What the model's registered `Create` bodies say of the collection (`generate: [testing]`).
    var createRules = CreateRules()
    /// The `__STATE__` a Mia-Platform create gets when its body names none, by base path.
    var defaultStates: [String: String]
    /// Whether the model's `id` is a `String` (a Mia-Platform collection whose `_id` is a string, not an ObjectId).
    var idIsString = false
    /// Throws when the document doesn't decode as the model: a value of the wrong type, a missing required one.
    var check: @Sendable (JSONValue) throws -> Void
    /// `check`, which also lists the property paths, as segments, of the members the document has that the model,
    /// or a Document in it, keeps without defining them (its `unknownMembers`), an array's elements under the
    /// array's path (`c_parts`, `c_nope`); empty when the model keeps none.
    var checkListingUnknownMembers: @Sendable (JSONValue) throws -> [[String]]
    /// The kinds found so far of the fields the model reads (``BackendState/fieldKind(at:in:reading:)``), new with
    /// each registration.
    let fieldKinds = FoundFieldKinds()
}

/// Everything an in-memory backend stores: its collections, in the order documents were stored, and the state of
/// its clock and ids.
struct BackendState {
    var collections: [String: [JSONValue]] = [:]
    var models: [String: RegisteredModel] = [:]
    /// Other paths a collection is served at (a Mia-Platform collection's further endpoints), to its name.
    var aliases: [String: String] = [:]
    var clock: BackendClock
    var ids: IDGenerator
    /// The members each collection holds unique values of (a unique index), by collection.
    var unique: [String: Set<String>] = [:]
    /// The unique values of the collections a request is writing many documents of, while it does
    /// (``openUniqueValues(of:nullIsAValue:)``).
    private var uniqueValuesInUse: [String: UniqueValues] = [:]
    /// Parse's relations: the objectIds each relation field of each object holds, by `<Class>/<objectId>/<field>`.
    var relations: [String: [String]] = [:]
    /// Parse's schemas: the type of each field of each class (`Number`, `Pointer<Player>`, …), by class and field, as
    /// parse-server's `_SCHEMA` keeps them. A field gets the type of the first typed value a write or a seeded
    /// object gives it, and keeps it when the objects that hold it are gone.
    var fieldTypes: [String: [String: String]] = [:]
    /// Uploaded files, by where the backend serves them, in the order stored.
    var files: [StoredFile] = []
    /// Parse's sessions: the objectId of the `_User` each session token signs in, as parse-server's `_Session`
    /// class keeps them.
    var sessions: [String: String] = [:]
    /// Parse users' passwords, by objectId, for `/login` to check: parse-server keeps only a hash
    /// (`_hashed_password`), which no read answers, and so no document here holds them.
    var passwords: [String: String] = [:]
    /// Cortex's pending uploads: the collection and instance each upload key is for.
    var uploadTargets: [String: (collection: String, id: String)] = [:]
    private var virtualNow: Date?
    private var idCounter = 0
    private var uploadCounter = 0
    private var sessionCounter = 0
    private var uuidCounter = 0

    /// The backend's base URL, for the URLs it answers with (uploads, files).
    var baseURL: URL

    init(clock: BackendClock, ids: IDGenerator, baseURL: URL) {
        self.baseURL = baseURL
        self.clock = clock
        self.ids = ids
        if case .virtual(let start, _) = clock { virtualNow = start }
    }

    /// The time now, moving a virtual clock on by one tick.
    mutating func now() -> Date {
        guard case .virtual(_, let tick) = clock, let current = virtualNow else { return Date() }
        virtualNow = current.addingTimeInterval(tick.timeInterval)
        return current
    }

    /// Moves a virtual clock on by `duration`; false for the system clock, where the caller waits for real.
    mutating func advance(by duration: Duration) -> Bool {
        guard case .virtual = clock, let current = virtualNow else { return false }
        virtualNow = current.addingTimeInterval(duration.timeInterval)
        return true
    }

    /// `now()` as the backends write dates: ISO 8601 with milliseconds, in UTC.
    mutating func timestamp() -> String {
        ISO8601DateCoding.string(from: now())
    }

    mutating func newID() -> String {
        idCounter += 1
        return ids.make(idCounter)
    }

    /// A new key for an upload (Cortex's storage key, Parse's stored name prefix): its own counter, so that uploads
    /// don't move the ids of objects.
    mutating func newUploadKey() -> String {
        uploadCounter += 1
        return String(format: "%032lx", uploadCounter)
    }

    /// A new session token, as parse-server makes them (`r:` and 32 hexadecimal digits): its own counter, so that
    /// sign-ups don't move the ids of objects.
    mutating func newSessionToken() -> String {
        sessionCounter += 1
        return "r:" + String(format: "%032lx", sessionCounter)
    }

    func file(at path: String) -> StoredFile? {
        files.last { $0.path == path }
    }

    /// Makes `type` known (see `InMemoryBackend.register(_:)`).
    mutating func register<M: SchemaObject>(_ type: M.Type) {
        var defaultStates: [String: String] = [:]
        if let endpoints = type as? any MiaEndpoints.Type {
            for endpoint in endpoints.internalEndpoints {
                defaultStates[endpoint.basePath] = endpoint.defaultState?.rawValue
                if endpoint.basePath != M.pluralName { aliases[endpoint.basePath] = M.pluralName }
            }
        }
        var model = RegisteredModel(
            apiName: M.apiName,
            modeledKeys: (type as? any KeepsUnknownMembers.Type)?.modeledKeys,
            defaultStates: defaultStates,
            idIsString: Self.identifiesByString(type),
            check: { document in _ = try JSONValueDecoder().decode(M.self, from: document) },
            checkListingUnknownMembers: { document in
                let model = try JSONValueDecoder().decode(M.self, from: document)
                let encoder = JSONValueEncoder()
                _ = try? encoder.encode(model)
                return encoder.keptValues.map { kept in kept.keyPath.filter { $0.intValue == nil }.map(\.stringValue) }
            }
        )
        // What a registered `Create` said stays known when the model is registered again (by seeding it, say).
        model.createRules = models[M.pluralName]?.createRules ?? CreateRules()
        models[M.pluralName] = model
    }

    /// Whether `type` is `Identifiable` by a `String`: the generator makes a model's `id` one where the schema's
    /// `_id` is a string.
    private static func identifiesByString(_ type: Any.Type) -> Bool {
        guard let identifiable = type as? any Identifiable.Type else { return false }
        return idType(of: identifiable) == String.self
    }

    private static func idType<T: Identifiable>(of _: T.Type) -> Any.Type {
        T.ID.self
    }

    /// Makes `Body.Model` known, with the members its creates must send.
    mutating func register<Body: RequiredCreateMembers>(create body: Body.Type) {
        register(Body.Model.self)
        models[Body.Model.pluralName]?.createRules.requiredMembers[Body.variantType] = Body.requiredMembers
        models[Body.Model.pluralName]?.createRules.defaultMembers[Body.variantType] = Body.defaultMembers
        models[Body.Model.pluralName]?.createRules.generatedMembers[Body.variantType] = Body.generatedMembers
        if let files = Body.fileMembers {
            let known = models[Body.Model.pluralName]?.createRules.fileMembers ?? []
            models[Body.Model.pluralName]?.createRules.fileMembers = known.union(files)
        }
        // A collection's schema is one for every variant's `Create`: what each says, together.
        if let nullable = Body.nullableMembers {
            let known = models[Body.Model.pluralName]?.createRules.nullableMembers ?? []
            models[Body.Model.pluralName]?.createRules.nullableMembers = known.union(nullable)
        }
        models[Body.Model.pluralName]?.createRules.requiredDocumentMembers.formUnion(Body.requiredDocumentMembers)
        models[Body.Model.pluralName]?.createRules.closedDocuments.formUnion(Body.closedDocuments)
    }

    /// `body` with the members the registered `Create` of its variant says the server gives a create that leaves them
    /// out (a `null` is a value the create gave): a Document's, by their dotted paths, where the body has the
    /// Document, and in each element of a document array, as Cortex and Ajv's `useDefaults` fill them in; and a new
    /// UUID for each member the server generates (Cortex's `autoGenerate`), one for each element.
    mutating func withDefaultMembers(_ body: [String: JSONValue], of pluralName: String) -> [String: JSONValue] {
        let variant = body["type"]?.stringValue
        let defaults = models[pluralName]?.createRules.defaultMembers[variant] ?? [:]
        let generated = models[pluralName]?.createRules.generatedMembers[variant] ?? []
        var filled = body
        for (path, value) in defaults.sorted(by: { $0.key < $1.key }) {
            filled = Self.filling(filled, at: path.split(separator: ".").map(String.init)[...]) { value }
        }
        for path in generated.sorted() {
            filled = Self.filling(filled, at: path.split(separator: ".").map(String.init)[...]) { .string(newUUID()) }
        }
        return filled
    }

    /// A new UUID (a member the server generates, a Mia-Platform id where the collection's `_id` is a string): a
    /// counter of its own, so that UUIDs don't move the other ids, and every run gives the same ones.
    mutating func newUUID() -> String {
        uuidCounter += 1
        return ids.makeUUID(uuidCounter)
    }

    /// `object` with `value()` at `path` where it has none; below a member only where the object has it, in each
    /// element of an array.
    private static func filling(
        _ object: [String: JSONValue],
        at path: ArraySlice<String>,
        with value: () -> JSONValue
    ) -> [String: JSONValue] {
        guard let key = path.first else { return object }
        var object = object
        let rest = path.dropFirst()
        switch object[key] {
        case nil where rest.isEmpty: object[key] = value()
        case .object(let inner)? where !rest.isEmpty: object[key] = .object(filling(inner, at: rest, with: value))
        case .array(let elements)? where !rest.isEmpty:
            object[key] = .array(
                elements.map { element in
                    guard case .object(let inner) = element else { return element }
                    return .object(filling(inner, at: rest, with: value))
                }
            )
        default: break
        }
        return object
    }

    /// Refuses a create of `pluralName` whose body leaves out a member the registered `Create` of its variant (its
    /// `type`) requires: the first in code-point order, and every other in ``BackendFault/alsoRefused``. A member
    /// sent `null` is left out too, unless `nullIsAbsent` is false (a JSON Schema's `required`, which `null` meets).
    func checkRequiredMembers(
        _ body: [String: JSONValue],
        of pluralName: String,
        nullIsAbsent: Bool = true
    ) throws {
        let required = models[pluralName]?.createRules.requiredMembers[body["type"]?.stringValue] ?? []
        let missing = required.sorted().filter { body[$0] == nil || (nullIsAbsent && body[$0] == .null) }
        guard let first = missing.first else { return }
        var fault = BackendFault(status: 400, code: "required", message: "\(first) is required", path: first)
        fault.alsoRefused = Array(missing.dropFirst())
        throw fault
    }

    /// Stores `models` as they encode, and registers their type.
    mutating func insert<M: SchemaObject>(_ models: [M], _ dialect: any BackendDialect) throws {
        register(M.self)
        let encoder = JSONEncoder()
        try insert(try models.map { try JSONValue(parsing: try encoder.encode($0)) }, into: M.pluralName, dialect)
    }

    /// Stores documents as they are, but for their numbers, which are JavaScript's (``javaScriptNumbers(_:)``), as the
    /// server reads anything its database holds; one without an id gets one, and the dialect adds what it holds for a
    /// seeded document.
    mutating func insert(_ documents: [JSONValue], into pluralName: String, _ dialect: any BackendDialect) throws {
        for document in documents {
            guard case .object(var members) = javaScriptNumbers(document) else {
                throw InMemoryBackendError("a stored document is an object, not \(describe(document))")
            }
            if members[dialect.idKey] == nil { members[dialect.idKey] = .string(dialect.newID(in: pluralName, &self)) }
            let seeded = dialect.seeded(members, into: pluralName, &self)
            collections[pluralName, default: []].append(.object(seeded))
        }
    }

    /// Refuses `document` when another document of `collection` (not the one at `index`) holds the same value of a
    /// member the collection keeps unique: a duplicate key, as MongoDB's unique index refuses it. A null is a value
    /// only where `nullIsAValue` (parse-server's sparse index leaves out a missing member, not a null one).
    func checkUnique(
        _ document: JSONValue,
        in collection: String,
        replacing index: Int?,
        nullIsAValue: Bool = false
    ) throws {
        guard let members = unique[collection], !members.isEmpty else { return }
        let open = uniqueValuesInUse[collection].flatMap { $0.nullIsAValue == nullIsAValue ? $0 : nil }
        let values = open ?? UniqueValues(documents(collection), members: members, nullIsAValue: nullIsAValue)
        if let key = values.duplicatedMember(of: document, replacing: index) {
            throw BackendFault(
                status: 409,
                code: "duplicate",
                message: "A duplicate value for a field with unique values was provided: \(key)",
                path: key
            )
        }
    }

    /// Indexes the unique values of `collection` for a request that writes many of its documents: until
    /// ``closeUniqueValues(of:)``, ``checkUnique(_:in:replacing:nullIsAValue:)`` finds a duplicate in the index, which
    /// ``append(_:to:)`` and ``replace(at:in:with:)`` keep up to date, instead of in a pass over the collection.
    /// Between the two, the request writes the collection through those two only, and checks with the same
    /// `nullIsAValue`.
    mutating func openUniqueValues(of collection: String, nullIsAValue: Bool = false) {
        guard let members = unique[collection], !members.isEmpty else { return }
        uniqueValuesInUse[collection] = UniqueValues(
            documents(collection),
            members: members,
            nullIsAValue: nullIsAValue
        )
    }

    /// Drops the index ``openUniqueValues(of:nullIsAValue:)`` made.
    mutating func closeUniqueValues(of collection: String) {
        uniqueValuesInUse[collection] = nil
    }

    /// Stores `document` last in `collection`.
    mutating func append(_ document: JSONValue, to collection: String) {
        let position = documents(collection).count
        uniqueValuesInUse[collection]?.insert(document, at: position)
        collections[collection, default: []].append(document)
    }

    /// Stores `document` in place of the one at `index` of `collection`.
    mutating func replace(at index: Int, in collection: String, with document: JSONValue) {
        if uniqueValuesInUse[collection] != nil, let old = collections[collection]?[index] {
            uniqueValuesInUse[collection]?.remove(old, at: index)
            uniqueValuesInUse[collection]?.insert(document, at: index)
        }
        collections[collection]![index] = document
    }

    func documents(_ pluralName: String) -> [JSONValue] {
        collections[pluralName] ?? []
    }

    /// The index of the document whose `idKey` is `id`.
    func index(of id: String, idKey: String, in pluralName: String) -> Int? {
        documents(pluralName).firstIndex(where: Self.hasID(id, idKey: idKey))
    }

    /// Whether a document's id (its `idKey`) is `id`, with `id` read once for every document tested. An `_id` is a
    /// MongoDB ObjectId in Cortex and Mia-Platform, which bson parses in either case: `5F0A…` is `5f0a…`, unless
    /// `idIsString` (a Mia-Platform collection whose `_id` is a string). Parse's `objectId` is a string whose case
    /// counts.
    static func hasID(_ id: String, idKey: String, idIsString: Bool = false) -> (JSONValue) -> Bool {
        if idKey == "_id", !idIsString, let requested = ObjectID(id) {
            return { $0[idKey]?.stringValue.flatMap(ObjectID.init) == requested }
        }
        return { document in document[idKey].map { sameValue($0, .string(id)) } ?? false }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
