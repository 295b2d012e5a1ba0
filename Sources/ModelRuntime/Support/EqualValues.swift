/// Whether two values are equal: what a generated model's `==` asks of each stored property.
///
/// It answers what `==` answers. Generated code calls it instead of `==` because a generic function with one
/// overload is resolved by the type checker at once, where `==` has hundreds of overloads to choose from; across
/// a hundred models that is a tenth of their compile time (see `Benchmarks/README.md`).
@inlinable
public func equalValues<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
    lhs == rhs
}
