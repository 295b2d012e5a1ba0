import Foundation
import ModelGeneratorCore

/// The write stage: the config's output folder, locked for the run.
///
/// A run renders every file into a private staging folder inside the output folder (made by mkdtemp(3), files
/// created exclusively), compares each with what the folder holds, and only then, when nothing is in the way,
/// moves the changed files into place, keeping the previous ones aside until the last step has worked: an error
/// or a signal on the way puts everything back. The folder's ``OutputManifest`` says which files are the
/// generator's to overwrite or delete; nothing else is ever touched.
final class OutputFolder {
    let directory: String
    /// The manifest the folder held when the run started.
    private let manifestText: String?
    /// The files the manifest lists, compared by their bytes.
    private let recorded: ByteNames
    /// Entries that are neither regular files nor folders, by name.
    private let nonRegularFiles: [String: String]
    private let newManifest: (_ files: [String]) -> OutputManifest
    /// Folders this run created for the output, outermost first: removed again if the run fails.
    private var createdFolders: [String]
    /// Where this run's files wait for the commit; nil for a run that only compares, or once finished.
    private var staging: String?
    private var lock: OutputFolderLock?

    /// The name every staging folder starts with; one left by a killed run is removed by the next.
    static let stagingPrefix = ".model-generator-staging-"

    /// Whether `name` is one mkdtemp(3) makes from ``stagingPrefix`` (six letters or digits after it): a folder of
    /// the user's that only starts the same way is theirs, and is left alone.
    static func isStagingName(_ name: String) -> Bool {
        let suffix = name.utf8.dropFirst(stagingPrefix.utf8.count)
        return name.hasPrefix(stagingPrefix) && suffix.count == 6
            && suffix.allSatisfy {
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            }
    }

    /// Opens (and when `writing`, creates) the run's output folder, waits for its lock, and reads its manifest.
    init(for run: PreparedRun, writing: Bool, workingDirectory: String) throws {
        directory = run.outputDirectory
        let configPath = run.configPath
        let directory = directory
        newManifest = { files in
            OutputManifest(
                configPath: configPath,
                outputDirectory: directory,
                workingDirectory: workingDirectory,
                files: files
            )
        }
        if !run.allowsOutputAnywhere {
            try Self.checkNoLinkLeadsOut(of: Paths.directory(of: configPath), to: directory)
        }
        let created = writing ? try SafeFiles.createFolders(directory) : []
        var lock: OutputFolderLock?
        var staging: String?
        var nonRegularFiles: [String: String] = [:]
        var manifestText: String?
        var recorded = ByteNames()
        do {
            let exists = writing ? true : try SafeFiles.kind(of: directory) != nil
            if exists {
                lock = try OutputFolderLock(directory, exclusive: writing)
            }
            if writing { try Self.removeLeftStagingFolders(in: directory) }
            for name in exists ? try SafeFiles.names(in: directory) : [] {
                if case .other(let kind)? = try SafeFiles.kind(of: directory + "/" + name) {
                    nonRegularFiles[name] = kind
                }
            }
            let manifestPath = directory + "/" + OutputManifest.fileName
            switch nonRegularFiles[OutputManifest.fileName] == nil ? SafeFiles.existing(at: manifestPath) : .none {
            case .none:
                break
            case .text(let text):
                guard let manifest = OutputManifest.parse(text) else {
                    throw FileError(
                        "use",
                        manifestPath,
                        reason: "it is not a manifest model-generator wrote; restore it from version control"
                    )
                }
                guard
                    manifest.names(
                        configPath: configPath,
                        from: directory,
                        workingDirectory: workingDirectory,
                        isSameFile: SafeFiles.isSameFile
                    )
                else {
                    throw FileError(
                        "write into",
                        directory,
                        reason:
                            "it is the output folder of \(Paths.join(directory, manifest.config)), as its \(OutputManifest.fileName) says; give each config a folder of its own"
                    )
                }
                manifestText = text
                recorded = ByteNames(manifest.files)
            case .unreadable(let reason), .notRegularFile(let reason):
                throw FileError("read", manifestPath, reason: reason)
            }
            if writing { staging = try Self.makeStaging(in: directory) }
        } catch {
            if let staging { SafeFiles.removeTree(staging) }
            for folder in created.reversed() { rmdir(folder) }
            throw error
        }
        self.createdFolders = created
        self.lock = lock
        self.staging = staging
        self.nonRegularFiles = nonRegularFiles
        self.manifestText = manifestText
        self.recorded = recorded
    }

    /// Writes `files` (by name, directly in `directory`) and deletes `deletions` there in one commit, as `generate`
    /// does: every file staged in a private folder first and moved into place only when all are written, nothing
    /// followed or half-written, and an error puts back what was there. `directory` and the folders above it are
    /// created when missing, and removed again on an error. For `pull` and `import`, which write files of their own.
    static func replace(
        _ files: [(name: String, bytes: [UInt8])],
        deleting deletions: [String],
        in directory: String
    ) throws {
        Interruption.shared.install()
        let created = try SafeFiles.createFolders(directory)
        var staging: String?
        do {
            let lock = try OutputFolderLock(directory, exclusive: true)
            defer { withExtendedLifetime(lock) {} }
            try removeLeftStagingFolders(in: directory)
            let folder = try makeStaging(in: directory)
            staging = folder
            for file in files {
                try SafeFiles.create(
                    folder + "/" + file.name,
                    bytes: file.bytes,
                    shownPath: Paths.join(directory, file.name)
                )
            }
            try commit(writing: files.map(\.name), deleting: deletions, in: directory, staging: folder)
            SafeFiles.removeTree(folder)
        } catch {
            // A commit that could not be undone leaves the previous files in the staging folder it names.
            if let staging, (error as? FileError)?.action != undoFailed { SafeFiles.removeTree(staging) }
            for folder in created.reversed() { rmdir(folder) }
            throw error
        }
    }

    /// Removes the staging folders in `directory` that runs which were killed left behind. Only under the folder's
    /// exclusive lock, which says no other run is using them.
    ///
    /// One whose `old` folder holds files is kept, with a warning: they are the previous versions of files a run
    /// replaced and then could not put back (its error named the folder), or was killed before it finished, and
    /// may be the only copy.
    static func removeLeftStagingFolders(in directory: String) throws {
        for name in try SafeFiles.names(in: directory) where isStagingName(name) {
            let path = directory + "/" + name
            guard try SafeFiles.kind(of: path) == .folder else { continue }
            let hasOld = (try? SafeFiles.kind(of: path + "/old")) == .folder
            let previous = hasOld ? (try? SafeFiles.names(in: path + "/old")) ?? [] : []
            if previous.isEmpty {
                SafeFiles.removeTree(path)
            } else {
                Terminal.error(
                    "warning: \(Paths.join(directory, name))/old holds "
                        + (previous.count == 1 ? "1 previous file" : "\(previous.count) previous files")
                        + " of a run that did not finish; put back what you need, then delete the folder"
                )
            }
        }
    }

    /// A new staging folder in `directory`, made by mkdtemp(3) (a unique name, created exclusively, only ours to
    /// read), with the `old` folder the commit keeps previous files in.
    static func makeStaging(in directory: String) throws -> String {
        var template = Array((directory + "/" + stagingPrefix + "XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw FileError("write into", directory) }
        let staging = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard mkdir(staging + "/old", 0o700) == 0 else {
            let error = FileError("write into", directory)
            SafeFiles.removeTree(staging)
            throw error
        }
        return staging
    }

    /// Renders the run's files, compares each with the folder as it arrives, and when writing stages each changed
    /// one at once: only the files being rendered are ever in memory. Nothing in the folder changes yet.
    func plan(_ run: PreparedRun) throws -> OutputPlan {
        let progress = StagingProgress()
        let directory = directory
        let staging = staging
        let recorded = recorded
        // A file recorded under another spelling that the file system takes for the same file (`Visitlog.swift` for
        // `VisitLog.swift`, ignoring case) is the run's own: a type renamed by case alone replaces it.
        let recordedSpellings = SafeFiles.Spellings(of: recorded.names, in: directory)
        let nonRegularFiles = nonRegularFiles
        let renderFailures = run.render { file in
            do {
                try Interruption.shared.check()
                guard SafeFiles.isPlainName(file.path) else {
                    throw FileError("write", Paths.join(directory, file.path), reason: "it is not a plain file name")
                }
                let target = directory + "/" + file.path
                let existing = nonRegularFiles[file.path].map { .notRegularFile($0) } ?? SafeFiles.existing(at: target)
                let change = OutputPlan.Change(
                    contents: file.contents,
                    existing: existing,
                    recorded: recorded.contains(file.path) || recordedSpellings.isAnotherSpelling(file.path)
                )
                if let staging, change.writes {
                    try SafeFiles.create(
                        staging + "/" + file.path,
                        holding: file.contents,
                        shownPath: Paths.join(directory, file.path)
                    )
                }
                progress.record(file.path, change)
            } catch {
                progress.fail(error)
            }
        }
        let (changes, failure) = progress.result
        if renderFailures.hasErrors { throw RenderFailed(diagnostics: renderFailures) }
        if let failure { throw failure }

        // Recorded files the run no longer produces are deleted while they still carry the header, unless the file
        // system takes the name for one the run produces (`Office.swift` for `office.swift`, ignoring case).
        // By bytes: a name only canonically equivalent to one the run produces (NFD `Café.swift` for NFC's) is
        // another file on Linux, left behind if it counted as produced.
        let producedNames = ByteNames(changes.keys)
        let gone = recorded.names.filter { !producedNames.contains($0) }
        let produced = SafeFiles.Spellings(of: gone.isEmpty ? [] : Array(changes.keys), in: directory)
        let extras = gone.filter { name in
            guard SafeFiles.isPlainName(name), nonRegularFiles[name] == nil, !produced.isAnotherSpelling(name),
                case .text(let text) = SafeFiles.existing(at: directory + "/" + name)
            else { return false }
            return OutputPlan.isGenerated(text, recorded: true)
        }
        let manifest = newManifest(Array(changes.keys)).text
        let manifestChange: OutputPlan.Change =
            manifestText == nil
            ? .missing : manifestText?.utf8.elementsEqual(manifest.utf8) == true ? .unchanged : .stale
        if let staging, manifestChange.writes {
            try SafeFiles.create(
                staging + "/" + OutputManifest.fileName,
                holding: manifest,
                shownPath: Paths.join(directory, OutputManifest.fileName)
            )
        }
        return OutputPlan(
            changes: changes,
            generatedFiles: Array(extras),
            manifest: manifestChange,
            nonRegularFiles: nonRegularFiles
        )
    }

    /// Moves the plan's staged files into place and deletes the files it no longer produces, the manifest last;
    /// on any error everything is put back as it was.
    func commit(_ plan: OutputPlan) throws {
        guard let staging else { return }
        let names = plan.writes + (plan.manifest.writes ? [OutputManifest.fileName] : [])
        do {
            try Self.commit(writing: names, deleting: plan.deletions, in: directory, staging: staging)
        } catch let error as FileError where error.action == Self.undoFailed {
            self.staging = nil  // it holds the only copy of the previous files
            throw error
        }
        SafeFiles.removeTree(staging)
        self.staging = nil
        createdFolders = []
    }

    /// Removes what the run staged, and the folders it created, leaving the disk as it was.
    func discard() {
        if let staging { SafeFiles.removeTree(staging) }
        staging = nil
        for folder in createdFolders.reversed() { rmdir(folder) }
        createdFolders = []
        lock = nil
    }

    deinit { discard() }

    /// The action of the error for a commit that could not be undone.
    static let undoFailed = "put back"

    /// What the commit has done so far, to be undone.
    private enum Step {
        /// `target` was there before; its previous version is at `previous`.
        case replaced(target: String, previous: String)
        /// `target` is new.
        case created(target: String)
    }

    /// Moves each of `names` from `staging` into `directory` (each file changes in one step: a reader finds the
    /// previous version or the new one), and moves each of `deletions` out of it, keeping every previous file in
    /// `staging/old` until all have worked.
    static func commit(
        writing names: [String],
        deleting deletions: [String],
        in directory: String,
        staging: String
    )
        throws
    {
        var steps: [Step] = []
        do {
            for name in names {
                try Interruption.shared.check()
                let target = directory + "/" + name
                let previous = staging + "/old/" + name
                let shown = Paths.join(directory, name)
                switch try SafeFiles.kind(of: target) {
                case nil:
                    try place(staging + "/" + name, at: target, shown: shown)
                    steps.append(.created(target: target))
                case .regularFile?:
                    try replace(target, with: staging + "/" + name, keepingItAt: previous, shown: shown)
                    steps.append(.replaced(target: target, previous: previous))
                case .folder?: throw FileError("write", shown, reason: "a folder is in the way")
                case .other(let kind)?: throw FileError("write", shown, reason: "\(kind) is in the way")
                }
            }
            let written = SafeFiles.Spellings(of: deletions.isEmpty ? [] : names, in: directory)
            for name in deletions {
                try Interruption.shared.check()
                // The callers leave out the names of files they keep; a file that became one since (on a file
                // system that ignores case) is not deleted. Nor is a file already gone: another run on the folder,
                // which waited for this one's lock after listing it, deleted it.
                if written.isAnotherSpelling(name) { continue }
                let target = directory + "/" + name
                let kind = try SafeFiles.kind(of: target)
                if kind == nil { continue }
                guard kind == .regularFile, rename(target, staging + "/old/" + name) == 0
                else { throw FileError("delete", Paths.join(directory, name)) }
                steps.append(.replaced(target: target, previous: staging + "/old/" + name))
            }
        } catch {
            var failures: [String] = []
            for step in steps.reversed() {
                switch step {
                case .replaced(let target, let previous):
                    if rename(previous, target) != 0 { failures.append(target) }
                case .created(let target):
                    if unlink(target) != 0 { failures.append(target) }
                }
            }
            if !failures.isEmpty {
                throw FileError(
                    undoFailed,
                    failures.joined(separator: ", "),
                    reason: "\(error), and undoing the run failed too; the previous files are in \(staging)/old"
                )
            }
            throw error
        }
    }

    /// Replaces the file `target` with `staged` in one step, its previous version kept at `previous` to undo with:
    /// a second link to it, then rename(2) over it, so that a reader of the folder (a build, an editor, a file
    /// watcher) finds the previous file or the new one, never none. A file system without hard links moves it aside
    /// first, as ``place(_:at:shown:)`` then needs.
    private static func replace(
        _ target: String,
        with staged: String,
        keepingItAt previous: String,
        shown: String
    )
        throws
    {
        if link(target, previous) == 0 {
            guard rename(staged, target) == 0 else {
                unlink(previous)
                throw FileError("replace", shown)
            }
        } else if Self.linksUnsupported.contains(errno) {
            guard rename(target, previous) == 0 else { throw FileError("replace", shown) }
            do {
                try place(staged, at: target, shown: shown)
            } catch {
                rename(previous, target)
                throw error
            }
        } else {
            throw FileError("replace", shown)
        }
    }

    /// What link(2) fails with on a file system without hard links (an array: `ENOTSUP` and `EOPNOTSUPP` are one
    /// number on Linux).
    private static let linksUnsupported: [Int32] = [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK, ENOSYS]

    /// Moves `staged` to `target`, where nothing is: link(2) fails if something appeared there since it was
    /// checked, where rename(2) would replace it. A file system without hard links gets a rename.
    private static func place(_ staged: String, at target: String, shown: String) throws {
        if link(staged, target) == 0 {
            unlink(staged)
        } else if Self.linksUnsupported.contains(errno) {
            guard rename(staged, target) == 0 else { throw FileError("write", shown) }
        } else {
            throw FileError("write", shown)
        }
    }

    /// Refuses an output folder that a symbolic link (the folder itself or one above it) puts outside the config's
    /// folder, as `output: ..` would be: the config's rules apply to where files really go. Only the part of the
    /// path that exists is resolved; what the run creates below it are plain folders.
    static func checkNoLinkLeadsOut(of configDirectory: String, to directory: String) throws {
        var existing = directory
        while (try? SafeFiles.kind(of: existing)) == nil, existing != ".", existing != "/" {
            existing = Paths.directory(of: existing)
        }
        guard let root = SafeFiles.realPath(configDirectory), let real = SafeFiles.realPath(existing) else { return }
        if real != root && !real.hasPrefix(root == "/" ? "/" : root + "/") || (real == root && existing == directory) {
            throw FileError(
                "write into",
                directory,
                reason:
                    "a symbolic link leads it to \(real), outside the config's folder; set 'allowOutputAnywhere: true' if this is meant"
            )
        }
    }

}

/// What planning has found so far, recorded from the rendering threads.
private final class StagingProgress: @unchecked Sendable {
    private var changes: [String: OutputPlan.Change] = [:]
    private var failure: (any Error)?
    private let lock = NSLock()

    func record(_ path: String, _ change: OutputPlan.Change) {
        lock.lock()
        defer { lock.unlock() }
        changes[path] = change
    }

    func fail(_ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = error }
    }

    var result: (changes: [String: OutputPlan.Change], failure: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (changes, failure)
    }
}

/// Files a template rendered past the bound on one file's size: the run writes nothing.
struct RenderFailed: Error {
    var diagnostics: Diagnostics
}
