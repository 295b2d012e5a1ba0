// Must NOT type-check: inside `elementMatch`, conditions are on the element (`Condition<Item.Part>`); a condition on
// the item itself (`Condition<Item>`) cannot stand there.
import GoldenQueries
import ModelRuntime

func snippet(item: Item.Fields<Item>) -> Query<Item> {
    Item.query.where { $0.parts.elementMatch { _ in item.name.eq("x") } }  // FAILS HERE
}
