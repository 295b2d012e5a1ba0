// Must NOT type-check: an update clears only an element's optional properties; every property of a remote visit's reading
// is required, so its `ClearableProperty` has none.
import GoldenCortexExport
import ModelRuntime

func snippet(id: ObjectID) -> Visit.Remote.Patch {
    var patch = Visit.Remote.Patch()
    patch.readings.clear([.value], inElementWithID: id)  // FAILS HERE
    return patch
}
