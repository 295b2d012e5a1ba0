// Must NOT type-check: a full-text search exists only on String fields; `Item.count` is an Int.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.count.matchesText(TextSearch("1")) }  // FAILS HERE
}
