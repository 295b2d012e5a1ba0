import Foundation
import ModelGeneratorCore

/// System calls on the output folder that never follow a symbolic link, never open a FIFO or device, and never
/// replace what they didn't create, each failing with a ``FileError``.
enum SafeFiles {
    /// What a folder entry is, from lstat(2); nil when there is nothing at `path`.
    static func kind(of path: String) throws -> Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw FileError("look at", path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        case S_IFLNK: return .other("a symbolic link")
        case S_IFIFO: return .other("a FIFO")
        case S_IFSOCK: return .other("a socket")
        case S_IFCHR, S_IFBLK: return .other("a device")
        default: return .other("not a file")
        }
    }

    enum Kind: Equatable {
        case regularFile
        case folder
        /// Anything else, named for a message.
        case other(String)
    }

    /// What is at `path`, read only when it is a regular file: a FIFO is never opened, so never waited on, and a
    /// link never followed.
    static func existing(at path: String) -> OutputPlan.Existing {
        let kind: Kind?
        do {
            kind = try self.kind(of: path)
        } catch let error as FileError {
            return .unreadable(error.reason)
        } catch {
            return .unreadable("\(error)")
        }
        switch kind {
        case nil: return .none
        case .folder?: return .notRegularFile("a folder")
        case .other(let name)?: return .notRegularFile(name)
        case .regularFile?:
            do {
                guard let text = utf8Text(try read(path)) else {
                    return .unreadable("not UTF-8 text")
                }
                return .text(text)
            } catch let error as FileError {
                return .unreadable(error.reason)
            } catch {
                return .unreadable("\(error)")
            }
        }
    }

    /// `bytes` as text when they are UTF-8, else nil. (`String(validating:as:)` says the same, from macOS 15 only.)
    static func utf8Text(_ bytes: some Collection<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        // Each invalid byte became U+FFFD, three bytes of its own: the text's bytes differ from the file's.
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    /// The bytes of the regular file at `path`; a link there is an error unless `followingLinks`.
    ///
    /// The file is opened without waiting (a FIFO would wait for a writer) and its kind is read from the open file,
    /// so a FIFO or device put at `path` after a caller looked there is refused all the same, and never read.
    static func read(_ path: String, followingLinks: Bool = false) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { throw FileError("read", path) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileError("read", path) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileError("read", path, reason: "it is a folder")
        default: throw FileError("read", path, reason: "not a regular file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError("read", path)
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }

    /// A name for a file directly in a folder: no path separators (either kind), nothing hidden (the output
    /// folder's manifest and staging folders are the generator's own), no relative names, and nothing a terminal
    /// or a listing would not show (line breaks, escape sequences, bidi controls).
    static func isPlainName(_ name: String) -> Bool {
        nameProblem(name) == nil
    }

    /// Why `name` can't be a file's name directly in a folder (see ``isPlainName(_:)``), or nil when it can.
    static func nameProblem(_ name: String) -> String? {
        // Bytes, as the file system reads them: "/" with a combining mark after it is one Character.
        let bytes = name.utf8
        if bytes.isEmpty { return "it is empty" }
        if bytes.first == UInt8(ascii: ".") { return "it starts with '.'" }
        if bytes.contains(UInt8(ascii: "/")) || bytes.contains(UInt8(ascii: "\\")) {
            return "it holds a path separator"
        }
        return SwiftText.hiddenCharacter(in: name).map { "it holds \($0)" }
    }

    /// Creates a new file at `path` holding `text`: exclusively (it fails if anything, a link included, is there)
    /// and without syncing (Foundation's `Data.write` syncs every file, which made writing a thousand models take
    /// most of a run; the commit's renames keep the folder consistent). Errors name `shownPath`.
    static func create(_ path: String, holding text: String, shownPath: String) throws {
        try create(path, bytes: Array(text.utf8), shownPath: shownPath)
    }

    /// Creates a new file at `path` holding `bytes`, as ``create(_:holding:shownPath:)`` does.
    static func create(_ path: String, bytes: [UInt8], shownPath: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileError("write", shownPath) }
        var failure: FileError?
        var bytes = bytes[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = FileError("write", shownPath)
                break
            }
            bytes = bytes.dropFirst(count)
        }
        if close(descriptor) != 0, failure == nil { failure = FileError("write", shownPath) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Creates `path` and the folders above it that are missing, returning those it created (outermost first).
    static func createFolders(_ path: String) throws -> [String] {
        var created: [String] = []
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += (prefix.isEmpty || prefix == "/" ? "" : "/") + component
            if mkdir(prefix, 0o755) == 0 {
                created.append(prefix)
                continue
            }
            guard errno == EEXIST else { throw FileError("create the folder", prefix) }
            var info = stat()
            guard stat(prefix, &info) == 0 else {
                throw followError("create the folder", prefix, code: errno)
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw FileError("create the folder", prefix, reason: "a file is in the way")
            }
        }
        return created
    }

    /// The error of a stat(2) or open(2) of `path`, which is there, that failed with `code`. A symbolic link that
    /// leads nowhere says so and names its target (`ENOENT` and `ELOOP` alone read as "no such file or folder" and
    /// "it is a symbolic link").
    static func followError(_ action: String, _ path: String, code: Int32) -> FileError {
        var error = FileError(action, path, code: code)
        guard code == ENOENT || code == ELOOP, (try? kind(of: path)) == .other("a symbolic link"),
            let target = linkTarget(of: path)
        else { return error }
        let link = "it is a symbolic link to '\(SwiftText.commentText(target))'"
        error.reason = code == ENOENT ? "\(link), which does not exist" : "\(link), in a loop of symbolic links"
        return error
    }

    /// What the symbolic link at `path` holds (readlink(2)), as written; nil when it isn't a link.
    static func linkTarget(of path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Which file is at `path` (its device and inode), following links: two paths that name one file, whatever
    /// their spelling or the links between, have one identity. Nil when nothing is there.
    static func identity(of path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether two paths lead to one file (or folder), following links.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        guard let one = identity(of: first), let other = identity(of: second) else { return false }
        return one == other
    }

    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// The files of `directory` that `names` name, for telling whether another name is one of them by another
    /// spelling: on a file system that ignores case (macOS's, by default) `Account.json` is `account.json`, and
    /// deleting it would delete that file. Compared by file, so every folding a file system does counts
    /// (normalization too: APFS takes NFD `Café.json` for NFC's).
    struct Spellings {
        private let directory: String
        private let names: ByteNames
        private let files: Set<FileIdentity>

        init(of names: some Sequence<String>, in directory: String) {
            self.directory = directory
            self.names = ByteNames(names)
            files = Set(self.names.names.compactMap { SafeFiles.identity(of: directory + "/" + $0) })
        }

        /// Whether `name`, which is not one of the names, is the same file as one of them.
        func isAnotherSpelling(_ name: String) -> Bool {
            guard !names.contains(name), let identity = SafeFiles.identity(of: directory + "/" + name) else {
                return false
            }
            return files.contains(identity)
        }
    }

    /// Throws ``ExistingFileError`` when anything is at `path`: a file, a folder, or a link (even to nothing).
    static func refuseExisting(_ path: String, command: String) throws {
        if try kind(of: path) != nil { throw ExistingFileError(path: path, command: command) }
    }

    /// `path` with every symbolic link resolved (realpath(3)); nil when it can't be.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }

    /// The names in a folder, without `.` and `..`.
    static func names(in directory: String) throws -> [String] {
        guard let handle = opendir(directory) else { throw FileError("read the folder", directory) }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: pointer.pointee)) {
                    String(cString: $0)
                }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Removes `path` and, when it is a folder (not a link to one), everything in it.
    static func removeTree(_ path: String) {
        if (try? kind(of: path)) == .folder {
            for name in (try? names(in: path)) ?? [] { removeTree(path + "/" + name) }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}

/// Something already at a path where a command creates a file a person then edits and commits (`init`'s config,
/// `import`'s mapping file): the command stops rather than replace it.
struct ExistingFileError: Error, CustomStringConvertible {
    var path: String
    var command: String
    var description: String { "\(path) exists; \(command) does not overwrite it" }
}
