// Must NOT type-check: a reference compares with an id (`ObjectID`, or a String id for parse), never with a number.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Thing> {
    Thing.query.where { $0.owner.eq(42) }  // FAILS HERE
}
