// Must NOT type-check: `$select` compares the field with another object's key of the same type; `Item.count` is an
// Int and `Item.name` a String.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.count.in(\Item.QueryFields.name, where: { $0.count.gt(1) }) }  // FAILS HERE
}
