import Foundation
import ModelGeneratorCore

/// Folders a config wrote before its `output` changed. Their files would be compiled twice (SwiftPM's "multiple
/// producers"), and the generator never deletes outside the current output folder, so it names them with the
/// command that removes them.
enum PreviousOutputFolders {
    /// How many entries of the config's folder tree are looked at, at most: a config at the top of a large tree
    /// costs a bounded walk.
    static let entryLimit = 20_000

    /// One warning per folder below the config's folder, other than the current output folder, whose manifest
    /// names this config, at the config's `output`; errors instead when the run is strict (`--strict`,
    /// `strict: true`), since those files break the build as surely as any warning the run counts. Hidden folders
    /// (`.build`, `.git`) and symbolic links are not entered.
    static func diagnostics(for run: PreparedRun, workingDirectory: String) -> Diagnostics {
        var diagnostics = Diagnostics()
        let location = run.outputLocation ?? .start(of: run.configPath)
        for warning in warnings(for: run, workingDirectory: workingDirectory) {
            diagnostics.warning(warning, at: location)
        }
        return run.isStrict ? diagnostics.treatingWarningsAsErrors() : diagnostics
    }

    private static func warnings(for run: PreparedRun, workingDirectory: String) -> [String] {
        // The output folder, however the walk reaches it: compared as absolute paths, byte for byte (the walk's
        // paths are relative when the config's is, `output` may be absolute, and two spellings of an accented name
        // that Swift's `==` calls equal are two folders on Linux), and by what they lead to (`output` may be a
        // symbolic link to a folder the walk enters by its own name).
        let absolute = { (path: String) in Paths.join(workingDirectory, path) }
        let current = absolute(run.outputDirectory)
        let currentIdentity = SafeFiles.identity(of: run.outputDirectory)
        func isCurrent(_ folder: String) -> Bool {
            absolute(folder).utf8.elementsEqual(current.utf8)
                || (currentIdentity != nil && SafeFiles.identity(of: folder) == currentIdentity)
        }
        var pending = [Paths.directory(of: run.configPath)]
        var seen = 0
        var warnings: [String] = []
        while let folder = pending.popLast(), seen < entryLimit {
            let names = (try? SafeFiles.names(in: folder)) ?? []
            seen += names.count
            if !isCurrent(folder), names.contains(OutputManifest.fileName),
                let warning = warning(for: folder, names: names, run: run, workingDirectory: workingDirectory)
            {
                warnings.append(warning)
            }
            for name in names.reversed() where !name.hasPrefix(".") {
                let path = Paths.join(folder, name)
                if (try? SafeFiles.kind(of: path)) == .folder { pending.append(path) }
            }
        }
        return warnings
    }

    private static func warning(
        for folder: String,
        names: [String],
        run: PreparedRun,
        workingDirectory: String
    )
        -> String?
    {
        let manifestPath = Paths.join(folder, OutputManifest.fileName)
        guard case .text(let text) = SafeFiles.existing(at: manifestPath),
            let manifest = OutputManifest.parse(text),
            manifest.names(
                configPath: run.configPath,
                from: folder,
                workingDirectory: workingDirectory,
                isSameFile: SafeFiles.isSameFile
            )
        else { return nil }
        // Names compare by their bytes: a file of the user's only canonically equivalent to a generated one's name
        // (NFC and NFD `Café.swift`) is another file, which `rm -r` would take with the folder. A recorded name the
        // folder lists in another spelling of the same file (HFS+ lists NFD for a file written as NFC) is the file.
        let present = ByteNames(names)
        let spellings = SafeFiles.Spellings(of: names, in: folder)
        let generated = manifest.files.filter {
            SafeFiles.isPlainName($0) && (present.contains($0) || spellings.isAnotherSpelling($0))
        }
        let removable = ByteNames(generated + [OutputManifest.fileName])
        let onlyGenerated = names.allSatisfy(removable.contains)
        let command =
            onlyGenerated
            ? "rm -r -- \(shellQuoted(folder))"
            : "rm -- "
                + (generated + [OutputManifest.fileName]).map { shellQuoted(Paths.join(folder, $0)) }
                .joined(separator: " ")
        return "\(folder) still holds the files this config generated there before its 'output' changed; "
            + "remove them with: \(command)"
    }

    /// `text` as one word for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || "_-./+@%=:,".unicodeScalars.contains(scalar))
        }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
