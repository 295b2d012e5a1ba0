import Dispatch
import Foundation

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while the output folder is being written: instead of dying with staged files
/// on disk, the run notes the signal, stops at its next step, puts the folder back as it was, and exits with the
/// signal's status. (SIGKILL can't be caught; the next run removes what such a run left behind.)
final class Interruption: @unchecked Sendable {
    static let shared = Interruption()

    /// Thrown at the first step after a signal.
    struct Interrupted: Error, CustomStringConvertible {
        var signal: Int32
        var description: String { "interrupted; the output folder was left as it was" }
        /// The shell's status for a process ended by `signal`.
        var exitCode: Int32 { 128 + signal }
    }

    private let lock = NSLock()
    private var received: Int32?
    private var sources: [any DispatchSourceSignal] = []

    /// Starts catching the signals; until then they end the process as usual (nothing is on disk yet).
    func install() {
        lock.lock()
        defer { lock.unlock() }
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.record(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func record(_ number: Int32) {
        lock.lock()
        defer { lock.unlock() }
        if received == nil { received = number }
    }

    /// Throws ``Interrupted`` once a signal has arrived.
    func check() throws {
        lock.lock()
        defer { lock.unlock() }
        if let received { throw Interrupted(signal: received) }
    }
}
