import Foundation
import ModelGeneratorCore

/// All of the generator's file I/O.
enum FileSystem {
    static let inputFiles = InputFiles(
        read: { path in
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw ReadError(error)
            }
        },
        list: { directory in
            do {
                return try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw ReadError(error)
            }
        }
    )

    /// Why a file could not be read, in the words a diagnostic needs ("no such file") rather than Foundation's
    /// error dump.
    struct ReadError: Error, CustomStringConvertible {
        var description: String

        init(_ error: any Error) {
            switch (error as? CocoaError)?.code {
            case .fileReadNoSuchFile?, .fileNoSuchFile?: description = "no such file"
            case .fileReadNoPermission?: description = "permission denied"
            case .fileReadInapplicableStringEncoding?: description = "not UTF-8 text"
            default:
                var isDirectory: ObjCBool = false
                let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? ""
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                description =
                    exists && isDirectory.boolValue ? "it is a folder" : (error as NSError).localizedDescription
            }
        }
    }

    /// A file written next to its target, moved into place only when the whole run has been written.
    struct StagedFile: Sendable {
        var temporary: String
        var target: String
    }

    /// Renders the run's files, compares each with the output folder as it arrives, and when `writing` writes each
    /// changed one next to its target at once: only the files being rendered are ever in memory. Nothing in the
    /// folder changes yet; `commit` or `discard` finishes.
    static func stage(_ run: PreparedRun, writing: Bool) throws -> (plan: OutputPlan, staged: [StagedFile]) {
        let directory = run.outputDirectory
        let manager = FileManager.default
        if writing { try manager.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let progress = StagingProgress()
        run.render { file in
            let target = directory + "/" + file.path
            let change = OutputPlan.Change(
                contents: file.contents,
                existing: try? String(contentsOfFile: target, encoding: .utf8)
            )
            var staged: StagedFile?
            var failure: (any Error)?
            if writing, change.writes {
                let temporary = directory + "/." + file.path + ".model-generator-tmp"
                do {
                    try writeWithoutSync(file.contents, to: temporary)
                    staged = StagedFile(temporary: temporary, target: target)
                } catch {
                    failure = error
                }
            }
            progress.record(file.path, change, staged: staged, failure: failure)
        }
        let (changes, staged, failure) = progress.result
        if let failure {
            discard(staged)
            throw failure
        }
        let extras = generatedFiles(in: directory, except: Set(changes.keys))
        let plan = OutputPlan(changes: changes, generatedFiles: extras)
        return (plan, staged)
    }

    /// Moves every staged file into place (rename(2) replaces a target in one step) and deletes the generated files
    /// the run no longer produces.
    static func commit(_ staged: [StagedFile], deleting deletions: [String], in directory: String) throws {
        for file in staged where rename(file.temporary, file.target) != 0 {
            let reason = String(cString: strerror(errno))
            discard(staged)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.target, "reason": reason])
        }
        for name in deletions {
            try FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    /// Removes staged files, leaving the folder as it was.
    static func discard(_ staged: [StagedFile]) {
        for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) }
    }

    /// The top-level `.swift` files of the folder that start with the generated header, other than `produced` (the
    /// run's own files, already compared in full).
    private static func generatedFiles(in directory: String, except produced: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let header = Data(Pipeline.headerPrefix.utf8)
        return names.filter { name in
            guard name.hasSuffix(".swift"), !produced.contains(name),
                let handle = FileHandle(forReadingAtPath: directory + "/" + name)
            else {
                return false
            }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: header.count)) == header
        }
    }

    /// Writes a file with plain stdio. Foundation's `Data.write` syncs every file to disk, which made writing a
    /// thousand models take most of a run; the staged rename already keeps the folder consistent.
    private static func writeWithoutSync(_ text: String, to path: String) throws {
        guard let handle = fopen(path, "wb") else {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: path, "reason": String(cString: strerror(errno))]
            )
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, handle) }
        if fclose(handle) != 0 || written != bytes.count {
            throw CocoaError(
                .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: path, "reason": String(cString: strerror(errno))]
            )
        }
    }
}

/// What staging has done so far, recorded from the rendering threads.
private final class StagingProgress: @unchecked Sendable {
    private var changes: [String: OutputPlan.Change] = [:]
    private var staged: [FileSystem.StagedFile] = []
    private var failure: (any Error)?
    private let lock = NSLock()

    func record(_ path: String, _ change: OutputPlan.Change, staged file: FileSystem.StagedFile?, failure: (any Error)?)
    {
        lock.lock()
        defer { lock.unlock() }
        changes[path] = change
        if let file { staged.append(file) }
        if let failure, self.failure == nil { self.failure = failure }
    }

    var result: (changes: [String: OutputPlan.Change], staged: [FileSystem.StagedFile], failure: (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return (changes, staged.sorted { $0.target < $1.target }, failure)
    }
}
