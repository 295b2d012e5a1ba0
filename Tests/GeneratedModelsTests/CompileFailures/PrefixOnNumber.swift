// Must NOT type-check: `hasPrefix` (a regular expression) exists only on String fields; `Item.count` is an Int.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.count.hasPrefix("1") }  // FAILS HERE
}
