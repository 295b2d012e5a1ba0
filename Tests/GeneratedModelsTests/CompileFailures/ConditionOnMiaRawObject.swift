// Must NOT type-check: Mia-Platform's CRUD service takes only `$exists` on a `RawObject` without a schema
// (crud-service lib/QueryParser.js: `callExists` is the only operator whose `supportedTypes` has `RawObject`), so its
// field, a `RawObjectField`, has `exists` and no `ne`.
import GoldenRealMia
import ModelRuntime

func snippet() -> Query<Books> {
    Books.query.where { $0.additionalInfo.ne(.string("x")) }  // FAILS HERE
}
