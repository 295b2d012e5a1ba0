// Must NOT type-check: `expand` takes only references marked `expandable` (Thing's `owner`); `creator` is a reference
// but not expandable, so `Thing.ExpandableFields` has no such member.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Thing> {
    Thing.query.expand { $0.creator }  // FAILS HERE
}
