// Must NOT type-check: a `where` closure of Thing must return a `Condition<Thing>`; one built from another model's
// fields (`Condition<Plate>`) is refused.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Thing> {
    Thing.query.where { _ in Plate.Fields<Plate>(.root).name.eq("x") }  // FAILS HERE
}
