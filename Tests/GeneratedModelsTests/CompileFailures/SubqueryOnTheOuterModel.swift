// Must NOT type-check: a reference's subquery (`$inQuery`) is built from the referenced model's own fields;
// `GameScore.owner` references a Player, so a condition on GameScore's `points` can't stand in it.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<GameScore> {
    GameScore.query.where { score in score.owner.in(where: { _ in score.points.gt(1) }) }  // FAILS HERE
}
