/// `value` as `T`, which the caller has checked is `Value`'s own type (and traps if it isn't). Where `T` is known only
/// at run time, or where the optimizer doesn't fold it, `as! T` and `as? T` are calls to the runtime's generic cast even
/// between a type and itself: in the decoders, on every value decoded.
@inlinable
func identical<Value, T>(_ value: Value, _: T.Type) -> T {
    precondition(Value.self == T.self)
    return unsafeBitCast(value, to: T.self)
}
