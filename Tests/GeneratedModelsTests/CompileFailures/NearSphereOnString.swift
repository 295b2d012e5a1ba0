// Must NOT type-check: geo conditions exist only on point fields (a Mia GeoPoint, a Parse GeoPoint); `Item.name` is
// a String.
import GoldenQueries
import ModelRuntime

func snippet() -> Query<Item> {
    Item.query.where { $0.name.nearSphere(GeoPosition(longitude: 0, latitude: 0)) }  // FAILS HERE
}
