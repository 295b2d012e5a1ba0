// Must NOT type-check: a Date field compares with a `Date`; the dialect writes it in its own format (an ISO string
// in cortex and mia, a `{"__type":"Date"}` object in parse), so a hand-written string is refused.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.when.gt("2015-01-01T00:00:00.000Z") }  // FAILS HERE
}
