/// A Mia-Platform CRUD document's state (`__STATE__`). A collection creates documents as `DRAFT` unless configured
/// otherwise, and every read, update and delete sees only `PUBLIC` ones unless it names others in `_st`.
public enum MiaState: String, Sendable, Hashable, CaseIterable {
    case `public` = "PUBLIC"
    case draft = "DRAFT"
    case trash = "TRASH"
    case deleted = "DELETED"

}
