/// Loads the Objective-C headers a config names: files, or folders searched (with their subfolders) for `.h` files.
public enum HeaderFiles {
    static func load(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> ObjCHeaders {
        var tokenizers: [ObjCTokenizer] = []
        for entry in config.headers {
            let path = Paths.join(configDirectory, entry.value)
            for header in paths(path, files) {
                do {
                    tokenizers.append(ObjCTokenizer(try files.read(header), file: header))
                } catch {
                    diagnostics.error("cannot read header '\(header)': \(error)", at: entry.location)
                }
            }
        }
        return ObjCHeaders(reading: tokenizers)
    }

    /// The `.h` files under `path` in name order when it is a folder, else `path` itself: what `headers:` and
    /// `import --headers` read.
    public static func paths(_ path: String, _ files: InputFiles) -> [String] {
        headerPaths(path, files) ?? [path]
    }

    /// The `.h` files under a folder in name order, or nil when `path` is no folder.
    private static func headerPaths(_ path: String, _ files: InputFiles, depth: Int = 0) -> [String]? {
        guard !path.hasSuffix(".h"), depth < 16, let names = try? files.list(path) else { return nil }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = Paths.join(path, name)
            if name.hasSuffix(".h") {
                found.append(child)
            } else if let inner = headerPaths(child, files, depth: depth + 1) {
                found += inner
            }
        }
        return found
    }
}
