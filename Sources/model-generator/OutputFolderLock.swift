import Foundation

/// An advisory lock (flock(2)) on the output folder itself, held for a whole run, so two runs on one folder take
/// turns instead of interleaving their files. No lock file is left in the folder.
final class OutputFolderLock {
    private let descriptor: Int32

    /// How long a run waits for another one before it gives up.
    static let patience: Duration = .seconds(120)

    /// Locks `directory` (exclusively for a run that writes, shared for `--check` and `--dry-run`), waiting for
    /// another run that holds it.
    init(_ directory: String, exclusive: Bool) throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SafeFiles.followError("open the folder", directory, code: errno) }
        self.descriptor = descriptor
        let operation = exclusive ? LOCK_EX : LOCK_SH
        let clock = ContinuousClock()
        let deadline = clock.now + Self.patience
        var announced = false
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                close(descriptor)
                throw FileError("lock", directory)
            }
            if !announced {
                Terminal.error("waiting for another model-generator run to finish with \(directory)")
                announced = true
            }
            do {
                try Interruption.shared.check()
            } catch {
                close(descriptor)
                throw error
            }
            if clock.now > deadline {
                close(descriptor)
                throw FileError(
                    "write into",
                    directory,
                    reason: "another model-generator run has been writing it for over two minutes; try again later"
                )
            }
            usleep(50_000)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
