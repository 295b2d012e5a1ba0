// Must NOT type-check: an enum's values (`new`, `open`, `closed`) compare only for equality; the server would order
// them as strings, which says nothing about the enum, so `Item.Status` is a `QueryValue` but not `QueryComparable`.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.status.gt(.open) }  // FAILS HERE
}
