// Must NOT type-check: `exists` exists only on fields marked `MaybeAbsent`; `Item.name` is required (`Present`), so
// asking whether it is there is a mistake.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.name.exists() }  // FAILS HERE
}
