import Foundation
import ModelGeneratorCore

/// How the pipeline reads its inputs from disk. The output folder is written by `OutputFolder`.
enum FileSystem {
    static let inputFiles = InputFiles(
        read: { path in
            // A FIFO or a device is never opened: reading one would wait, or never end. `SafeFiles.read` checks the
            // file it opened again, for one put there after this look. Links are followed, as a schema may be one.
            var info = stat()
            if stat(path, &info) == 0, ![S_IFREG, S_IFDIR].contains(info.st_mode & S_IFMT) {
                throw ReadError(description: "not a regular file")
            }
            let bytes: [UInt8]
            do {
                bytes = try SafeFiles.read(path, followingLinks: true)
            } catch let error as FileError {
                switch error.code {
                case ENOENT?: throw ReadError(description: "no such file")
                case ELOOP?: throw ReadError(description: "a loop of symbolic links")
                default: throw ReadError(description: error.reason)
                }
            }
            // A byte order mark is not text, as Foundation's readers agree.
            let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
            guard let decoded = SafeFiles.utf8Text(text) else {
                throw ReadError(description: "not UTF-8 text")
            }
            return decoded
        },
        list: { directory in
            do {
                return try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw ReadError(error)
            }
        },
        // Device and inode, after following links: one key for every path to a file or folder.
        identity: { path in
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            return "\(info.st_dev):\(info.st_ino)"
        },
        workingDirectory: FileManager.default.currentDirectoryPath
    )

    /// Why a file could not be read, in the words a diagnostic needs ("no such file") rather than Foundation's
    /// error dump.
    struct ReadError: Error, CustomStringConvertible {
        var description: String

        init(description: String) {
            self.description = description
        }

        init(_ error: any Error) {
            switch (error as? CocoaError)?.code {
            case .fileReadNoSuchFile?, .fileNoSuchFile?: description = "no such file"
            case .fileReadNoPermission?: description = "permission denied"
            // Foundation on Linux reports bytes that aren't UTF-8 as a corrupt file.
            case .fileReadInapplicableStringEncoding?, .fileReadCorruptFile?: description = "not UTF-8 text"
            default:
                var isDirectory: ObjCBool = false
                let path = (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? ""
                let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                description =
                    exists && isDirectory.boolValue ? "it is a folder" : (error as NSError).localizedDescription
            }
        }
    }
}
