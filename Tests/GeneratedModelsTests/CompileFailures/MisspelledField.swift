// Must NOT type-check: fields are generated members, so a misspelled name (`nmae`) is a compile error, not a query
// the server silently answers with nothing.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.nmae.eq("x") }  // FAILS HERE
}
