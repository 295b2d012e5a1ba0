// Must NOT type-check: conditions carry their model (`Condition<Plate>`), so a condition built from Plate's fields
// cannot be combined into a query of Thing (`Condition<Thing>` expected).
import GoldenQueries
import ModelRuntime

func snippet(plates: Plate.Fields<Plate>) -> Query<Thing> {
    Thing.query.where { $0.name.eq("a").and(plates.name.eq("b")) }  // FAILS HERE
}
