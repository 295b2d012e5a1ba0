/// Whether two values are equal: what a generated model's `==` asks of each stored property.
///
/// It answers what `==` answers. Generated code calls it instead of `==` because a generic function with one
/// overload is resolved by the type checker at once, where `==` has hundreds of overloads to choose from; across
/// a hundred models that is a tenth of their compile time (see `Benchmarks/README.md`).
@inlinable
public func equalValues<Value: Equatable>(_ lhs: Value, _ rhs: Value) -> Bool {
    lhs == rhs
}

/// A generated model or Document, whose `==` compares its stored members one by one.
///
/// The type writes that comparison as ``membersAreEqual(_:_:)`` and gets `==` from this protocol. It declares no
/// operator of its own on purpose: the compiler finds an operator's implementations among every type of the module
/// that declares one, so each file that uses `==` (or declares it) depends on all of those types, and adding a
/// property to one model would rebuild every file of the module.
public protocol MemberwiseEquatable: Equatable {
    /// Whether every stored member of `lhs` equals the same member of `rhs`.
    static func membersAreEqual(_ lhs: Self, _ rhs: Self) -> Bool
}

extension MemberwiseEquatable {
    /// Whether `lhs` and `rhs` are equal: ``membersAreEqual(_:_:)``.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        membersAreEqual(lhs, rhs)
    }
}
