/// What writing a run's files into the output folder changes, decided file by file as they are rendered, without
/// touching the disk.
public struct OutputPlan: Hashable, Sendable {
    /// What is at a path in the output folder before the run, as the writer found it.
    public enum Existing: Hashable, Sendable {
        case none
        /// A regular file holding this UTF-8 text.
        case text(String)
        /// A regular file that can't be read as UTF-8 text, and why ("not UTF-8 text", "permission denied").
        case unreadable(String)
        /// Something other than a regular file, named ("a symbolic link", "a FIFO", "a folder").
        case notRegularFile(String)
    }

    /// Why a path the run would write is left alone, which makes a real run an error.
    public enum Conflict: Hashable, Sendable {
        /// A file the generator has no record of writing.
        case notGenerated
        /// A file the manifest lists that no longer starts with the generated header: someone edited it.
        case headerRemoved
        /// A file that can't be read, and why: never taken for a missing one and overwritten.
        case unreadable(String)
        /// Not a regular file (named): never opened, followed or waited on.
        case notRegularFile(String)
    }

    /// What one rendered file means for the folder.
    public enum Change: Hashable, Sendable {
        /// The file exists with exactly these bytes.
        case unchanged
        /// The file does not exist yet.
        case missing
        /// A file the generator wrote, with other bytes: overwritten.
        case stale
        /// Something is in the way: never overwritten.
        case conflict(Conflict)

        /// Whether the run writes the file.
        public var writes: Bool { self == .missing || self == .stale }

        /// The change `contents` makes to what is at its path. `recorded` says whether the folder's
        /// ``OutputManifest`` lists the file: only such a file that still starts with the generated header is the
        /// generator's to overwrite. A file with exactly the bytes the run produces is unchanged either way, which
        /// is how a folder written before the manifest existed is taken over.
        public init(contents: String, existing: Existing, recorded: Bool) {
            switch existing {
            case .none: self = .missing
            // By bytes: `String`'s `==` takes canonically equivalent texts (NFC and NFD) for one.
            case .text(let text) where text.utf8.elementsEqual(contents.utf8): self = .unchanged
            case .text(let text) where OutputPlan.isGenerated(text, recorded: recorded): self = .stale
            case .text: self = .conflict(recorded ? .headerRemoved : .notGenerated)
            case .unreadable(let reason): self = .conflict(.unreadable(reason))
            case .notRegularFile(let kind): self = .conflict(.notRegularFile(kind))
            }
        }
    }

    /// Whether a file holding `text` is the generator's to overwrite or delete: the folder's manifest lists it
    /// (`recorded`) and it still starts with the generated header.
    public static func isGenerated(_ text: String, recorded: Bool) -> Bool {
        recorded && text.hasPrefix(Pipeline.headerPrefix)
    }

    /// Each produced file's change, by path inside the output folder.
    public var changes: [String: Change]
    /// Recorded files (listed in the manifest and still carrying the header) that this run no longer produces.
    public var deletions: [String]
    /// The manifest's own change; `.stale` and `.missing` rewrite it.
    public var manifest: Change
    /// Other entries of the folder that are not regular files or folders, by name, with what they are: the
    /// generator doesn't share a folder with links, FIFOs, sockets or devices.
    public var nonRegularFiles: [String: String]

    /// The plan for files with `changes`, given the folder's recorded files (`generatedFiles`): those the run
    /// doesn't produce are deleted.
    public init(
        changes: [String: Change],
        generatedFiles: [String],
        manifest: Change = .unchanged,
        nonRegularFiles: [String: String] = [:]
    ) {
        self.changes = changes
        // A name only canonically equivalent to a produced one (NFD `Café.swift` for NFC's) is another file on
        // Linux: names compare by their bytes.
        let produced = ByteNames(changes.keys)
        deletions = generatedFiles.filter { !produced.contains($0) }.sorted()
        self.manifest = manifest
        self.nonRegularFiles = nonRegularFiles
    }

    /// Paths to create or overwrite, in order (the manifest is not among them).
    public var writes: [String] { paths(where: \.writes) }
    /// Paths the run would write that something else holds, in order.
    public var conflicts: [String] {
        paths {
            if case .conflict = $0 { return true }
            return false
        }
    }

    /// The non-regular files at paths the run doesn't produce, in order; those at its paths are ``conflicts``,
    /// reported once.
    private var nonRegularFilesElsewhere: [String] {
        nonRegularFiles.keys.filter { changes[$0] == nil }.sorted()
    }

    public var isUpToDate: Bool {
        writes.isEmpty && deletions.isEmpty && conflicts.isEmpty && manifest == .unchanged && nonRegularFiles.isEmpty
    }

    /// One line per change, as `--check` and `--dry-run` print them.
    public func describe(in directory: String) -> [String] {
        let manifestLine =
            manifest.writes
            ? ["\(manifest == .stale ? "stale" : "missing"): \(Paths.join(directory, OutputManifest.fileName))"] : []
        return writes.map { "\(changes[$0] == .stale ? "stale" : "missing"): \(Paths.join(directory, $0))" }
            + manifestLine
            + deletions.map { "extra: \(Paths.join(directory, $0))" }
            + conflicts.map { path in
                let why: String
                switch changes[path] {
                case .conflict(.unreadable(let reason)): why = "unreadable (\(reason))"
                case .conflict(.notRegularFile(let kind)): why = "not a regular file (\(kind))"
                case .conflict(.headerRemoved): why = "edited (its generated header is gone)"
                default: why = "not generated"
                }
                return "\(why), left alone: \(Paths.join(directory, path))"
            }
            + nonRegularFilesElsewhere.map {
                "not a regular file (\(nonRegularFiles[$0] ?? "")), left alone: \(Paths.join(directory, $0))"
            }
    }

    /// One sentence per path in the way, for the error a real run stops with.
    public func problems(in directory: String) -> [String] {
        let manifestPath = Paths.join(directory, OutputManifest.fileName)
        return conflicts.map { path in
            let file = Paths.join(directory, path)
            switch changes[path] {
            case .conflict(.unreadable(let reason)):
                return "\(file) exists but can't be read (\(reason)), so it was not generated; move it out of the "
                    + "output folder"
            case .conflict(.notRegularFile(let kind)):
                return "\(file) is \(kind), not a regular file; move it out of the output folder"
            case .conflict(.headerRemoved):
                return "\(file) was generated here (\(manifestPath) lists it) but no longer starts with the generated "
                    + "header, so it was edited; move your changes out of the output folder and delete it, or "
                    + "restore it from version control"
            default:
                return "\(file) exists and was not generated by model-generator here (\(manifestPath) doesn't "
                    + "list it); move it out of the output folder, or delete it if an older model-generator wrote it"
            }
        }
            + nonRegularFilesElsewhere.map {
                "\(Paths.join(directory, $0)) is \(nonRegularFiles[$0] ?? ""), not a regular file; the output folder "
                    + "may hold only files and folders"
            }
    }

    private func paths(where matches: (Change) -> Bool) -> [String] {
        changes.filter { matches($0.value) }.map(\.key).sorted()
    }
}
