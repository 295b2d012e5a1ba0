/// Loads the Objective-C headers a config names: files, or folders searched (with their subfolders) for `.h` files.
public enum HeaderFiles {
    static func load(
        _ config: GeneratorConfig,
        configDirectory: String,
        _ files: InputFiles,
        _ diagnostics: inout Diagnostics
    ) -> ObjCHeaders {
        var tokenizers: [ObjCTokenizer] = []
        var search = Search(files: files)
        for entry in config.headers {
            let path = Paths.join(configDirectory, entry.value)
            for header in search.paths(path, at: entry.location) {
                do {
                    let tokenizer = ObjCTokenizer(try files.read(header), file: header)
                    if let problem = tokenizer.unterminatedCommentDiagnostic { diagnostics.append(problem) }
                    tokenizers.append(tokenizer)
                } catch {
                    diagnostics.error("cannot read header '\(header)': \(error)", at: entry.location)
                }
            }
        }
        diagnostics.append(contentsOf: search.diagnostics)
        return ObjCHeaders(reading: tokenizers)
    }

    /// The walk through the header folders of one run. It visits each real file and folder once, however many
    /// paths (symbolic links among them) lead there: a link back to a folder it is inside would otherwise be
    /// searched again at every level, and three such links make the walk exponential.
    public struct Search {
        /// How many entries of header folders one run lists, at most: `headers: [/usr]` would otherwise read every
        /// header of the system (a minute and a gigabyte), where an app's own are a few hundred.
        public static let entryLimit = 20_000

        let files: InputFiles
        /// The endings of the files a folder yields: `.h`, and `.m` where the import looks for the app's own
        /// implementation of MMDataObject.
        let suffixes: [String]
        /// What the walk has visited, by ``InputFiles/identity``.
        private var visited: Set<String> = []
        /// The entries of the folders listed so far; the walk stops at ``entryLimit``.
        private var listed = 0
        /// The link loops found.
        public private(set) var diagnostics = Diagnostics()
        /// The Core Data models (`.xcdatamodeld` and `.xcdatamodel` folders) the walk came across, in the order
        /// found; it does not search inside them.
        public private(set) var models: [String] = []

        public init(files: InputFiles, suffixes: [String] = [".h"]) {
            self.files = files
            self.suffixes = suffixes
        }

        /// The `.h` files (the files of ``suffixes``) under `path` in name order when it is a folder, else `path`
        /// itself: what `headers:` and `import --headers` read. Files and folders found before are left out; a folder
        /// that leads back to one being searched is a warning at `location` (at the folder's own path when nil). A
        /// Core Data model, `path` or a folder inside it, goes to ``models``.
        public mutating func paths(_ path: String, at location: SourceLocation?) -> [String] {
            if CoreDataModelFiles.isModelFolder(path) {
                if visited.insert(files.visitKey(path)).inserted { models.append(path) }
                return []
            }
            var ancestors: [(path: String, key: String)] = []
            return headerPaths(path, at: location, ancestors: &ancestors)
                ?? (visited.insert(files.visitKey(path)).inserted ? [path] : [])
        }

        /// The `.h` files under a folder in name order, or nil when `path` is no folder.
        private mutating func headerPaths(
            _ path: String,
            at location: SourceLocation?,
            ancestors: inout [(path: String, key: String)]
        ) -> [String]? {
            guard !isFound(path), ancestors.count < 16, let names = try? files.list(path) else { return nil }
            let key = files.visitKey(path)
            if let ancestor = ancestors.first(where: { $0.key == key }) {
                diagnostics.warning(
                    "'\(path)' leads back to '\(ancestor.path)', which is being searched (a symbolic link loop); it is skipped",
                    at: location ?? .start(of: path)
                )
                return []
            }
            guard visited.insert(key).inserted else { return [] }
            if listed <= Self.entryLimit, listed + names.count > Self.entryLimit {
                diagnostics.error(
                    "the header folders hold more than \(Self.entryLimit) entries; '\(path)' and what follows are not searched",
                    at: location ?? .start(of: path),
                    hint: "name the folders of the app's own headers, not a folder above them"
                )
            }
            listed += names.count
            guard listed <= Self.entryLimit else { return [] }
            ancestors.append((path, key))
            defer { ancestors.removeLast() }
            var found: [String] = []
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = Paths.join(path, name)
                if isFound(name) {
                    if visited.insert(files.visitKey(child)).inserted { found.append(child) }
                } else if CoreDataModelFiles.isModelFolder(name) {
                    if visited.insert(files.visitKey(child)).inserted { models.append(child) }
                } else if let inner = headerPaths(child, at: location, ancestors: &ancestors) {
                    found += inner
                }
            }
            return found
        }

        private func isFound(_ name: String) -> Bool {
            suffixes.contains { name.hasSuffix($0) }
        }
    }
}
