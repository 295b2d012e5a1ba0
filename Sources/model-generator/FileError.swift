#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation that failed, as one plain sentence naming the path ("cannot write Generated/A.swift: the disk
/// is full") rather than Foundation's error dump.
struct FileError: Error, CustomStringConvertible {
    /// What was being done, as a verb phrase: "write", "create the folder", "replace".
    var action: String
    var path: String
    var reason: String
    /// The system call's `errno`, when a system call failed.
    var code: Int32?

    init(_ action: String, _ path: String, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    /// The error of the system call that just failed, read from `errno`.
    init(_ action: String, _ path: String, code: Int32 = errno) {
        self.init(action, path, reason: Self.reason(code))
        self.code = code
    }

    var description: String { "cannot \(action) \(path): \(reason)" }

    /// The words for an `errno` value.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "the disk is full"
        case EDQUOT: return "the disk quota is used up"
        case EROFS: return "the file system is read-only"
        case ENAMETOOLONG: return "the name is too long"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is not a folder"
        case EISDIR: return "it is a folder"
        case ELOOP: return "it is a symbolic link"
        case EEXIST: return "something already exists there"
        case ENOTEMPTY: return "the folder is not empty"
        case EMFILE, ENFILE: return "too many files are open"
        case EIO: return "the disk reported an input/output error"
        case EBUSY: return "it is in use"
        default: return String(cString: strerror(code))
        }
    }
}
