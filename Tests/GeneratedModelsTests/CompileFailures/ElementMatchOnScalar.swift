// Must NOT type-check: `elementMatch` exists only on arrays of documents (`DocumentArrayField`); `Item.name` is a
// scalar.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.name.elementMatch { $0.label.eq("x") } }  // FAILS HERE
}
