// Must NOT type-check: `gt` (and every ordering operator) exists only on fields whose value is `QueryComparable`
// (numbers, strings, dates, ids). A Bool has no order, so `Item.active` offers `eq`/`ne`/`in`/`notIn` only.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.active.gt(true) }  // FAILS HERE
}
