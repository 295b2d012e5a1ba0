// Must NOT type-check: the system fields a model's fields offer through dynamic member lookup are the runtime type's
// members, so a misspelled one (`craeted`) is a compile error too.
import GoldenMedable
import ModelRuntime

func snippet() -> Query<Object> {
    Object.query.where { $0.craeted.exists() }  // FAILS HERE
}
