// Must NOT type-check: an `ArrayField` has `contains`, `containsAll` and `size`, not `eq`: MongoDB's equality on an
// array matches one element or the whole array in order, which reads ambiguously.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.tags.eq(["a"]) }  // FAILS HERE
}
