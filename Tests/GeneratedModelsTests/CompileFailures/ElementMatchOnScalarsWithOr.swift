// Must NOT type-check: the element condition of an `elementMatch` on an array of scalars has `and` but no `or`, since
// MongoDB's `$elemMatch` on scalars takes operators only.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.tags.elementMatch { $0.gt("a").or($0.lt("b")) } }  // FAILS HERE
}
