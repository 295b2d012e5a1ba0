/// What writing a run's files into the output folder would change, decided without touching the disk.
public struct OutputPlan: Hashable, Sendable {
    /// Files to create or overwrite, with their new contents.
    public var writes: [GeneratedFile] = []
    /// Generated files (they carry the header) that this run no longer produces.
    public var deletions: [String] = []
    /// Files whose bytes are already right.
    public var unchanged: [String] = []
    /// Files the run would produce, but which exist without the generated header: never overwritten.
    public var conflicts: [String] = []

    public var isUpToDate: Bool { writes.isEmpty && deletions.isEmpty && conflicts.isEmpty }

    /// Compares the run's files with the folder's current files (name → contents, nil when unreadable).
    public init(files: [GeneratedFile], existing: [String: String?]) {
        let produced = Set(files.map(\.path))
        for file in files.sorted(by: { $0.path < $1.path }) {
            switch existing[file.path] {
            case .some(let contents?) where contents == file.contents:
                unchanged.append(file.path)
            case .some(let contents?) where !contents.hasPrefix(Pipeline.headerPrefix):
                conflicts.append(file.path)
            case .some:
                stalePaths.insert(file.path)
                writes.append(file)
            case .none:
                writes.append(file)
            }
        }
        for (name, contents) in existing.sorted(by: { $0.key < $1.key }) where !produced.contains(name) {
            if let contents, contents.hasPrefix(Pipeline.headerPrefix) { deletions.append(name) }
        }
    }

    /// One line per change, as `--check` and `--dry-run` print them.
    public func describe(in directory: String) -> [String] {
        writes.map { "\(existedBefore($0.path) ? "stale" : "missing"): \(Paths.join(directory, $0.path))" }
            + deletions.map { "extra: \(Paths.join(directory, $0))" }
            + conflicts.map { "not generated, left alone: \(Paths.join(directory, $0))" }
    }

    /// Paths of `writes` that exist with other contents (the rest are missing).
    public private(set) var stalePaths: Set<String> = []

    private func existedBefore(_ path: String) -> Bool { stalePaths.contains(path) }
}
