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

    /// The top-level `.swift` files of the output folder, with their contents (nil when unreadable).
    static func existingFiles(in directory: String) -> [String: String?] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [String: String?] = [:]
        for name in names where name.hasSuffix(".swift") {
            files[name] = try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        return files
    }

    /// Writes every new file next to its target first and only then moves them into place, so a failure while
    /// writing leaves the folder as it was.
    static func apply(_ plan: OutputPlan, in directory: String) throws {
        guard !plan.writes.isEmpty || !plan.deletions.isEmpty else { return }
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var staged: [(temporary: URL, target: URL)] = []
        do {
            for file in plan.writes {
                let target = URL(fileURLWithPath: directory).appendingPathComponent(file.path)
                let temporary = URL(fileURLWithPath: directory).appendingPathComponent(
                    ".\(file.path).model-generator-tmp"
                )
                try writeWithoutSync(file.contents, to: temporary.path)
                staged.append((temporary, target))
            }
        } catch {
            for file in staged { try? manager.removeItem(at: file.temporary) }
            throw error
        }
        // rename(2) replaces the target in one step.
        for file in staged where rename(file.temporary.path, file.target.path) != 0 {
            let reason = String(cString: strerror(errno))
            for file in staged { try? manager.removeItem(at: file.temporary) }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.target.path, "reason": reason])
        }
        for name in plan.deletions {
            try manager.removeItem(atPath: directory + "/" + name)
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
