// Must NOT type-check: `relatedTo` takes a Relation whose targets are the query's model; `Item.linked` relates
// Items, not GameScores.
import GoldenQueries
import ModelRuntime

func snippet(id: ObjectID) -> Query<GameScore> {
    GameScore.query.where { _ in .relatedTo(\Item.QueryFields.linked, of: id) }  // FAILS HERE
}
