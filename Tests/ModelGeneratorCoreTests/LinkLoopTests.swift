import BlockingTestSupport
import Foundation
import ModelGeneratorCore
import Testing

@testable import model_generator

/// Header folders and mapping imports on disk, with symbolic links that lead back to where they are: each real file
/// and folder is read once, a link loop is a located warning (an import cycle an error, as without links), and the
/// walk ends however many links there are. Three links to `.` made the header walk exponential (4^16 paths), and a
/// mapping file importing itself through two links read 2^n files until the paths got too long.
@Suite struct LinkLoopTests {
    static let deadline = 60.0

    /// A fresh folder for one test, removed by `body`'s caller.
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("link-loops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try Data(text.utf8).write(to: url)
    }

    private static func link(_ path: String, to destination: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(path).path,
            withDestinationPath: destination
        )
    }

    /// The disk, with how often each real file was read, by path.
    private final class CountingReads: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        var files: InputFiles {
            let disk = FileSystem.inputFiles
            return InputFiles(
                read: { path in
                    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
                    self.lock.withLock { self.counts[real, default: 0] += 1 }
                    return try disk.read(path)
                },
                list: disk.list,
                identity: disk.identity
            )
        }

        var reads: [String: Int] { lock.withLock { counts } }
    }

    /// `H` holds two headers and four links back into itself: three to `.`, one in a subfolder to `..`.
    private static func headersWithLoops(in folder: URL) throws {
        try write(
            "@interface Article : NSObject\n@property (nonatomic, copy) NSString *title;\n@end\n",
            to: "H/Article.h",
            in: folder
        )
        try write(
            "@interface Author : NSObject\n@property (nonatomic, copy) NSString *name;\n@end\n",
            to: "H/sub/Author.h",
            in: folder
        )
        for name in ["l1", "l2", "l3"] { try link("H/\(name)", to: ".", in: folder) }
        try link("H/sub/up", to: "..", in: folder)
    }

    /// `import --headers H`: each header once, a warning at each link that loops.
    @Test func aHeaderFolderWithLinkLoopsIsWalkedOnce() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.headersWithLoops(in: folder)
        let root = folder.path + "/H"
        let found = await finishing(within: Self.deadline, "searching a header folder with link loops") {
            var search = HeaderFiles.Search(files: FileSystem.inputFiles)
            let paths = search.paths(root, at: nil)
            return (paths, search.diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" })
        }
        #expect(found?.0 == [root + "/Article.h", root + "/sub/Author.h"])
        #expect(
            found?.1 == [
                "\(root)/l1:1:1: warning: '\(root)/l1' leads back to '\(root)', which is being searched (a symbolic link loop); it is skipped",
                "\(root)/l2:1:1: warning: '\(root)/l2' leads back to '\(root)', which is being searched (a symbolic link loop); it is skipped",
                "\(root)/l3:1:1: warning: '\(root)/l3' leads back to '\(root)', which is being searched (a symbolic link loop); it is skipped",
                "\(root)/sub/up:1:1: warning: '\(root)/sub/up' leads back to '\(root)', which is being searched (a symbolic link loop); it is skipped",
            ]
        )
    }

    /// The config's `headers:` entry: each header read once, the warnings at the entry, and the run generates.
    @Test func configHeadersWithLinkLoopsReadEachHeaderOnce() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.headersWithLoops(in: folder)
        try Self.write("mappings:\n  Article:\n    properties:\n      title: title\n", to: "m.yaml", in: folder)
        try Self.write("mappings: [m.yaml]\nheaders: [H]\noutput: Generated\n", to: "model-generator.yaml", in: folder)
        let counter = CountingReads()
        let files = counter.files
        let config = folder.path + "/model-generator.yaml"
        let result = await finishing(within: Self.deadline, "generating with a header folder with link loops") {
            Pipeline.generate(configPath: config, files: files)
        }
        #expect(result?.diagnostics.hasErrors == false)
        let warnings = result?.diagnostics.warnings ?? []
        #expect(warnings.count == 4)
        #expect(warnings.allSatisfy { $0.location.description == "\(config):2:11" && $0.message.contains("link loop") })
        #expect(result.flatMap { file($0, "Article.swift") }?.contains("var title: Optional<String>") == true)
        let real = folder.resolvingSymlinksInPath().path
        let headerReads = counter.reads.filter { $0.key.hasSuffix(".h") }
        #expect(headerReads == [real + "/H/Article.h": 1, real + "/H/sub/Author.h": 1])
    }

    /// A mapping file that imports itself through two links to its own folder: an import cycle at each import, as
    /// `imports: [m.yaml]` is, and the file read once.
    @Test func mappingImportsThroughLinksReadEachFileOnce() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(
            "imports: [l1/m.yaml, l2/m.yaml]\nmappings:\n  Article:\n    properties:\n      title: { keyPath: title, type: String }\n",
            to: "m.yaml",
            in: folder
        )
        try Self.link("l1", to: ".", in: folder)
        try Self.link("l2", to: ".", in: folder)
        try Self.write("mappings: [m.yaml]\noutput: Generated\n", to: "model-generator.yaml", in: folder)
        let counter = CountingReads()
        let files = counter.files
        let config = folder.path + "/model-generator.yaml"
        let result = await finishing(within: Self.deadline, "generating with mapping imports through links") {
            Pipeline.generate(configPath: config, files: files)
        }
        let mapping = folder.path + "/m.yaml"
        #expect(
            result.map(messages) == [
                "\(mapping):1:11: error: import cycle: \(mapping) → \(folder.path)/l1/m.yaml ('\(folder.path)/l1/m.yaml' is '\(mapping)', through a link)",
                "\(mapping):1:22: error: import cycle: \(mapping) → \(folder.path)/l2/m.yaml ('\(folder.path)/l2/m.yaml' is '\(mapping)', through a link)",
            ]
        )
        #expect(counter.reads[folder.resolvingSymlinksInPath().path + "/m.yaml"] == 1)
    }

    /// In memory, where `.` and `..` are all that lead to one file, a file that imports itself by another path is
    /// the same cycle.
    @Test func aSelfImportByAnotherPathIsACycleInMemoryToo() {
        let result = generate(
            config: "mappings: [m.yaml]\noutput: Generated\n",
            [
                "m.yaml":
                    "imports: [sub/../m.yaml]\nmappings:\n  Article:\n    properties:\n      title: { keyPath: title, type: String }\n"
            ]
        )
        #expect(messages(result) == ["m.yaml:1:11: error: import cycle: m.yaml → m.yaml"])
    }
}
