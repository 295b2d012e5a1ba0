/// What writing a run's files into the output folder changes, decided file by file as they are rendered, without
/// touching the disk.
public struct OutputPlan: Hashable, Sendable {
    /// What one rendered file means for the folder.
    public enum Change: Hashable, Sendable {
        /// The file exists with exactly these bytes.
        case unchanged
        /// The file does not exist yet.
        case missing
        /// A generated file (it carries the header) with other bytes: overwritten.
        case stale
        /// A file with this name exists without the generated header: never overwritten.
        case conflict

        /// Whether the run writes the file.
        public var writes: Bool { self == .missing || self == .stale }

        /// The change `contents` makes to a file that now holds `existing` (nil when there is none).
        public init(contents: String, existing: String?) {
            switch existing {
            case nil: self = .missing
            case contents?: self = .unchanged
            case let existing? where existing.hasPrefix(Pipeline.headerPrefix): self = .stale
            default: self = .conflict
            }
        }
    }

    /// Each produced file's change, by path inside the output folder.
    public var changes: [String: Change]
    /// Generated files (they carry the header) that this run no longer produces.
    public var deletions: [String]

    /// The plan for files with `changes`, given the folder's generated files (`generatedFiles`, names of files
    /// that carry the header): those the run doesn't produce are deleted.
    public init(changes: [String: Change], generatedFiles: [String]) {
        self.changes = changes
        deletions = generatedFiles.filter { changes[$0] == nil }.sorted()
    }

    /// Paths to create or overwrite, in order.
    public var writes: [String] { paths(where: \.writes) }
    /// Paths that exist without the generated header, in order.
    public var conflicts: [String] { paths { $0 == .conflict } }

    public var isUpToDate: Bool { writes.isEmpty && deletions.isEmpty && conflicts.isEmpty }

    /// One line per change, as `--check` and `--dry-run` print them.
    public func describe(in directory: String) -> [String] {
        writes.map { "\(changes[$0] == .stale ? "stale" : "missing"): \(Paths.join(directory, $0))" }
            + deletions.map { "extra: \(Paths.join(directory, $0))" }
            + conflicts.map { "not generated, left alone: \(Paths.join(directory, $0))" }
    }

    private func paths(where matches: (Change) -> Bool) -> [String] {
        changes.filter { matches($0.value) }.map(\.key).sorted()
    }
}
