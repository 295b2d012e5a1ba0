import ModelRuntime

/// Whom a Parse request reads and writes as, and what each object's `ACL` lets it do, as parse-server works it out
/// for a request without the master key (which the backend doesn't model).
///
/// The request's group is everyone (`*`) and, in a user's session, the user's objectId and `role:<name>` of each
/// role that holds the user, in its `users` relation or through a role in the `roles` relation of another
/// (Auth.js `getUserRoles`, `_getAllRolesNamesForRoleIds`). An object may be read when it has no `ACL`, or when its
/// ACL gives one of the group `read`; written (updated or deleted) likewise with `write` (DatabaseController.js
/// `addReadACL`, `addWriteACL`, over `transformObjectACL`'s `_rperm` and `_wperm`).
struct ParseAccess: Sendable {
    /// The objectId of the user whose session the request sends.
    let user: String?
    /// `*`, the user's objectId and its roles' `role:<name>`.
    let group: Set<String>

    /// A request without a session.
    static let everyone = ParseAccess(user: nil, group: [ParseACL.everyone])

    private init(user: String?, group: Set<String>) {
        self.user = user
        self.group = group
    }

    /// The access of `user`'s session (everyone's when nil), with the roles `state` gives the user.
    init(user: String?, _ state: BackendState) {
        guard let user else {
            self = .everyone
            return
        }
        self.user = user
        var group: Set<String> = [ParseACL.everyone, user]
        for name in Self.roleNames(of: user, state) { group.insert(ParseACL.role(name)) }
        self.group = group
    }

    /// What a request does to a class, as SharedRest.js `enforceRoleSecurity` names it: a query (`find`), a read by
    /// objectId (`get`; an `include` of one object too), a create, an update or a delete.
    enum Operation: String, Sendable { case find, get, create, update, delete }

    /// The classes only the master key reads or writes (SharedRest.js `classesWithMasterOnlyAccess`).
    private static let masterKeyOnlyClasses: Set<String> = [
        "_JobStatus", "_PushStatus", "_Hooks", "_GlobalConfig", "_JobSchedule", "_Idempotency",
    ]

    /// Refuses `operation` on `className` as SharedRest.js `enforceRoleSecurity` refuses it without the master key
    /// (119): anything on a class only the master key uses, and a find or delete of installations.
    func enforceClassSecurity(_ operation: Operation, on className: String) throws {
        let collection: String
        if className == "_Installation", operation == .find || operation == .delete {
            collection = "installation"
        } else if Self.masterKeyOnlyClasses.contains(className) {
            collection = className
        } else {
            return
        }
        throw BackendFault(
            status: 400,
            code: "operationForbidden",
            message:
                "Clients aren't allowed to perform the \(operation.rawValue) operation on the \(collection) collection."
        )
    }

    /// Whether the request may read `object`.
    func mayRead(_ object: JSONValue) -> Bool { permits(object, "read") }

    /// Whether the request may update or delete `object`.
    func mayWrite(_ object: JSONValue) -> Bool { permits(object, "write") }

    private func permits(_ object: JSONValue, _ permission: String) -> Bool {
        // No ACL (or one parse-server's `transformObjectACL` reads as none, `null`) is everyone's.
        guard case .object(let entries)? = object["ACL"] else { return true }
        return entries.contains { key, entry in
            guard group.contains(key), let granted = entry[permission] else { return false }
            // `if (ACL[entry].read)`: JavaScript's truth.
            return ParseBackend.isTruthy(granted)
        }
    }

    /// The names of the roles that hold `user`: those whose `users` relation has it, then, again and again, those
    /// whose `roles` relation has one of them. Each relation is read once. Only the roles there are count: a role
    /// deleted keeps its relations' rows, as parse-server's join tables keep them, but `getRolesForUser` and
    /// `getRolesByIds` find roles by query, which finds no deleted one, so none is reached through it.
    private static func roleNames(of user: String, _ state: BackendState) -> [String] {
        let prefix = "_Role/"
        // Each role there is, by its objectId, with its name.
        var roles: [String: String?] = [:]
        for role in state.documents("_Role") {
            if let id = role["objectId"]?.stringValue, roles[id] == nil { roles[id] = role["name"]?.stringValue }
        }
        var holding: [String] = []
        // Each role's parents: the roles whose `roles` relation names it.
        var parents: [String: [String]] = [:]
        for (key, members) in state.relations where key.hasPrefix(prefix) {
            let parts = key.dropFirst(prefix.count).split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2, roles[parts[0]] != nil else { continue }
            switch parts[1] {
            case "users" where members.contains(user): holding.append(parts[0])
            case "roles": for child in members { parents[child, default: []].append(parts[0]) }
            default: break
            }
        }
        var found = Set(holding)
        var next = holding
        while let role = next.popLast() {
            for parent in parents[role] ?? [] where found.insert(parent).inserted { next.append(parent) }
        }
        return found.compactMap { roles[$0] ?? nil }
    }
}
