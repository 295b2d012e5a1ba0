/// A value kept behind one reference and copied only when it is changed while shared (copy on write).
///
/// The runtime's values that every generated model stores, such as system properties and references, keep their
/// fields in one of these. Copying, assigning or destroying a model then handles one reference for each of them
/// rather than one per field, so the code the compiler writes to copy each model is smaller and the generated models
/// compile faster (`Benchmarks/README.md`, "Where the compile time goes").
struct OutOfLine<Value: Sendable>: Sendable {
    /// Changed only while `OutOfLine` holds the only reference to it, so no two threads ever see a change.
    private final class Box: @unchecked Sendable {
        var value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    private var box: Box

    init(_ value: Value) {
        box = Box(value)
    }

    /// The value.
    var value: Value { box.value }

    /// Changes the value in place, first copying it if another `OutOfLine` shares it.
    mutating func update<Result>(_ change: (inout Value) throws -> Result) rethrows -> Result {
        if !isKnownUniquelyReferenced(&box) {
            box = Box(box.value)
        }
        return try change(&box.value)
    }
}

extension OutOfLine: Equatable where Value: Equatable {
    static func == (lhs: OutOfLine, rhs: OutOfLine) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }
}

extension OutOfLine: Hashable where Value: Hashable {
    func hash(into hasher: inout Hasher) {
        box.value.hash(into: &hasher)
    }
}

extension OutOfLine {
    /// A mirror of `subject` whose children are the stored value's fields, so that printing or dumping a type that
    /// keeps its fields out of line shows them as its own, as it did before they moved.
    func mirror<Subject>(of subject: Subject) -> Mirror {
        Mirror(subject, children: Mirror(reflecting: value).children, displayStyle: .struct)
    }
}
