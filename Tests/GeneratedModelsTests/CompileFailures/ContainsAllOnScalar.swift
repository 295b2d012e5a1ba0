// Must NOT type-check: `containsAll` (`$all`) is an array operator; `Item.name` is a scalar `ValueField`.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.name.containsAll(["a", "b"]) }  // FAILS HERE
}
