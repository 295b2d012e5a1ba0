// Must NOT type-check: sort keys (`ascending`/`descending`) need an ordered value, like `gt`; `Item.active` is a Bool.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.sort { $0.active.ascending }  // FAILS HERE
}
