// Must NOT type-check: an enum field compares with its enum's values (`.open`), not with a String, so a misspelled
// value cannot slip through.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.status.eq("open") }  // FAILS HERE
}
