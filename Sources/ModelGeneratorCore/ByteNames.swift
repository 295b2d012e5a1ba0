/// File names compared by their bytes, as Linux's file systems compare them: `String`'s `==` takes two canonically
/// equivalent names (NFC and NFD `Café.swift`) for one, where ext4 holds two files. The manifest, the output plan
/// and the command line's writes and deletions all hold names this way.
public struct ByteNames: Sendable {
    private var bytes: Set<[UInt8]> = []
    /// The names, each once, in their first order.
    public private(set) var names: [String] = []

    /// No name.
    public init() {}

    /// `names`, each once by its bytes.
    public init(_ names: some Sequence<String>) {
        for name in names { insert(name) }
    }

    /// Adds `name` unless a name of the same bytes is here already.
    public mutating func insert(_ name: String) {
        if bytes.insert(Array(name.utf8)).inserted { names.append(name) }
    }

    /// Whether a name of the same bytes as `name` is here.
    public func contains(_ name: String) -> Bool { bytes.contains(Array(name.utf8)) }
}
