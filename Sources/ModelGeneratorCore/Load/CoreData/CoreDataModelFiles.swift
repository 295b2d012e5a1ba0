import Foundation

/// Where a Core Data model's `contents` file is, for the model paths `import` is given or finds: a `.xcdatamodeld`
/// (the version its `.xccurrentversion` names), a `.xcdatamodel`, or the `contents` file inside one.
public enum CoreDataModelFiles {
    /// Whether `path` names a Core Data model rather than mapping code or a header.
    public static func isModel(_ path: String) -> Bool {
        let trimmed = trimmingSlash(path)
        if isModelFolder(trimmed) { return true }
        return Paths.fileName(of: trimmed) == "contents" && Paths.directory(of: trimmed).hasSuffix(".xcdatamodel")
    }

    /// Whether a folder's name is a model's: `App.xcdatamodeld`, or one version, `App 2.xcdatamodel`.
    public static func isModelFolder(_ path: String) -> Bool {
        let trimmed = trimmingSlash(path)
        return trimmed.hasSuffix(".xcdatamodeld") || trimmed.hasSuffix(".xcdatamodel")
    }

    /// The `contents` file of the model at `path`; an error naming the path when there is none to read.
    public static func contentsPath(of path: String, files: InputFiles) -> Result<String, Diagnostic> {
        let folder = trimmingSlash(path)
        if folder.hasSuffix(".xcdatamodeld") { return currentVersion(of: folder, files: files) }
        if folder.hasSuffix(".xcdatamodel") { return versionContents(folder, files: files) }
        return .success(path)
    }

    /// The current version of a versioned model: the one `.xccurrentversion` names, else its only version.
    private static func currentVersion(of folder: String, files: InputFiles) -> Result<String, Diagnostic> {
        let marker = Paths.join(folder, ".xccurrentversion")
        if let text = try? files.read(marker) {
            guard text.utf8.count <= 65_536, let name = currentVersionName(text), !name.contains("/"),
                name.hasSuffix(".xcdatamodel")
            else {
                return .failure(
                    Diagnostic(
                        .error,
                        "'.xccurrentversion' names no .xcdatamodel of this model",
                        at: .start(of: marker),
                        hint: "name the current version's .xcdatamodel folder instead"
                    )
                )
            }
            return versionContents(Paths.join(folder, name), files: files)
        }
        let versions: [String]
        do {
            versions = try files.list(folder).filter { $0.hasSuffix(".xcdatamodel") }.sorted()
        } catch {
            return .failure(
                Diagnostic(.error, "cannot read the Core Data model '\(folder)': \(error)", at: .start(of: folder))
            )
        }
        guard versions.count == 1 else {
            return .failure(
                Diagnostic(
                    .error,
                    versions.isEmpty
                        ? "'\(folder)' holds no .xcdatamodel"
                        : "'\(folder)' holds \(versions.count) versions and no .xccurrentversion says which is current",
                    at: .start(of: folder),
                    hint: "name the version the app's store uses, its .xcdatamodel folder"
                )
            )
        }
        return versionContents(Paths.join(folder, versions[0]), files: files)
    }

    /// A version's `contents`; Xcode 3 saved a model as binary `elements` and `layout` files instead.
    private static func versionContents(_ folder: String, files: InputFiles) -> Result<String, Diagnostic> {
        let names: [String]
        do {
            names = try files.list(folder)
        } catch {
            return .failure(
                Diagnostic(.error, "cannot read the Core Data model '\(folder)': \(error)", at: .start(of: folder))
            )
        }
        if names.contains("contents") { return .success(Paths.join(folder, "contents")) }
        return .failure(
            Diagnostic(
                .error,
                names.contains("elements")
                    ? "'\(folder)' is in Xcode 3's binary format (an 'elements' file, no 'contents'), which the import does not read"
                    : "'\(folder)' has no 'contents' file",
                at: .start(of: folder),
                hint: "open the model in a current Xcode, which saves it as XML, and import again"
            )
        )
    }

    /// `_XCCurrentVersionName` of the property list Xcode writes.
    private static func currentVersionName(_ text: String) -> String? {
        guard
            let list = try? PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
                as? [String: Any]
        else { return nil }
        return list["_XCCurrentVersionName"] as? String
    }

    private static func trimmingSlash(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
