// Must NOT type-check: `include` takes only properties marked `optional: true` (Thing's `optional`); `c_name` comes
// back anyway, so `Thing.IncludableFields` has no `name`.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Thing> {
    Thing.query.include { $0.name }  // FAILS HERE
}
