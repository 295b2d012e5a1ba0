// Must NOT type-check: a system property's field is typed as the model's own fields are, though it sits in the
// model's `system` fields: `created` compares with a `Date`, not a hand-written string.
import GoldenMedable
import ModelRuntime

func snippet() -> Query<Object> {
    Object.query.where { $0.created.gt("2015-01-01T00:00:00.000Z") }  // FAILS HERE
}
