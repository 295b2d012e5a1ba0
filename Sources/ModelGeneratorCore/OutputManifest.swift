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
    /// with the record in `outputDirectory`.
    public func names(configPath: String, from outputDirectory: String, workingDirectory: String) -> Bool {
        Self.oneSpelling(Paths.join(Paths.join(workingDirectory, outputDirectory), config))
            == Self.oneSpelling(Paths.join(workingDirectory, configPath))
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
        var configs: Set<String> = []
        var files: Set<String> = []
        var sawFilesKey = false
        let conflictMarkers = ["<<<<<<<", "|||||||", "=======", ">>>>>>>"]
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
            if conflictMarkers.contains(where: { line.hasPrefix($0) }) { continue }
            if line.hasPrefix("config: ") {
                configs.insert(String(line.dropFirst("config: ".count)))
            } else if line == "files:" {
                sawFilesKey = true
            } else if line.hasPrefix("- "), sawFilesKey {
                files.insert(String(line.dropFirst(2)))
            } else {
                return nil
            }
        }
        guard configs.count == 1, let config = configs.first, sawFilesKey else { return nil }
        return OutputManifest(config: config, files: Array(files))
    }
}
