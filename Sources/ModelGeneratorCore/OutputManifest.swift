/// The generator's record, kept in the output folder, of the files it wrote there and for which config.
///
/// A file is the generator's to overwrite or delete only when this record lists it (and it still starts with the
/// generated header): the header alone could be carried by any file, and a folder named by mistake, such as the
/// package root, holds files the generator never wrote. The record lists names only, sorted, so it changes only
/// when the set of generated files changes and reads well in a diff; a merge conflict inside it is read as both
/// sides together.
public struct OutputManifest: Hashable, Sendable {
    /// The record's file name in the output folder. Hidden, so SwiftPM doesn't treat it as a resource.
    public static let fileName = ".model-generator-manifest"

    /// The config that generated the files, relative to the output folder.
    public var config: String
    /// The generated files' names, sorted.
    public var files: [String]

    public init(config: String, files: [String]) {
        self.config = config
        self.files = files.sorted()
    }

    /// The record for the files a run of `configPath` produces in `outputDirectory` (both as the run was given
    /// them). `workingDirectory` makes both absolute first, so the config's path is relative to the folder even
    /// when one of them is absolute and the other not.
    public init(configPath: String, outputDirectory: String, workingDirectory: String, files: [String]) {
        let config = Paths.join(workingDirectory, configPath)
        let folder = Paths.join(workingDirectory, outputDirectory)
        self.init(config: Self.oneSpelling(Paths.relative(config, to: folder)), files: files)
    }

    /// `model-generator.yml` is recorded and compared as `model-generator.yaml`: the two names a config may have
    /// (only one can exist) are one config, so renaming it keeps its folder and leaves the manifest unchanged.
    static func oneSpelling(_ configPath: String) -> String {
        let other = "model-generator.yml"
        guard configPath == other || configPath.hasSuffix("/" + other) else { return configPath }
        return String(configPath.dropLast(other.count)) + "model-generator.yaml"
    }

    /// Whether this record was written for `configPath`, given as the run was (relative to the working directory),
    /// with the record in `outputDirectory`. The paths compare by their bytes; two spellings that Swift's `==` calls
    /// equal (NFC and NFD `Café`) are one folder where the file system folds them (macOS) and two where it doesn't
    /// (Linux), and the file system says which (`isSameFile`, the command line's, which may look at the disk): the
    /// other folder's config is not this one.
    public func names(
        configPath: String,
        from outputDirectory: String,
        workingDirectory: String,
        isSameFile: (String, String) -> Bool
    ) -> Bool {
        let recorded = Self.oneSpelling(Paths.join(Paths.join(workingDirectory, outputDirectory), config))
        let given = Self.oneSpelling(Paths.join(workingDirectory, configPath))
        if recorded.utf8.elementsEqual(given.utf8) { return true }
        guard recorded == given else { return false }
        // `oneSpelling` stands for `model-generator.yml` too: the folders then, each name being the same bytes.
        let (recordedFolder, givenFolder) = (Paths.directory(of: recorded), Paths.directory(of: given))
        let sameName = recorded.utf8.dropFirst(recordedFolder.utf8.count).elementsEqual(
            given.utf8.dropFirst(givenFolder.utf8.count)
        )
        return sameName ? isSameFile(recordedFolder, givenFolder) : isSameFile(recorded, given)
    }

    public var text: String {
        """
        # Written by model-generator: the files it generated in this folder, and for which config. It overwrites and
        # deletes only the files listed here. Commit this file with them; don't edit it.
        config: \(config)
        files:

        """ + files.map { "- \($0)\n" }.joined()
    }

    /// The record in `text`, or nil when it isn't one. Lines of a git merge conflict are skipped, so a conflict in
    /// the list yields the files of both sides.
    public static func parse(_ text: String) -> OutputManifest? {
        // Each name once by its bytes: a `Set<String>` keeps one of two canonically equivalent names (NFC and NFD
        // `Café.swift`, a merge of two branches), which are two files on Linux.
        var config: String?
        var files = ByteNames()
        var sawFilesKey = false
        let conflictMarkers = ["<<<<<<<", "|||||||", "=======", ">>>>>>>"]
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            if conflictMarkers.contains(where: { line.hasPrefix($0) }) { continue }
            if line.hasPrefix("config: ") {
                let named = String(line.dropFirst("config: ".count))
                // Two configs (a conflict between two) name no one config.
                if let config, !config.utf8.elementsEqual(named.utf8) { return nil }
                config = named
            } else if line == "files:" {
                sawFilesKey = true
            } else if line.hasPrefix("- "), sawFilesKey {
                files.insert(String(line.dropFirst(2)))
            } else {
                return nil
            }
        }
        guard let config, sawFilesKey else { return nil }
        return OutputManifest(config: config, files: files.names)
    }
}
