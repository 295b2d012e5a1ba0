import BlockingTestSupport
import Foundation
import Testing

/// `import --output` never writes over a file it reads (however the path names it), and replaces an existing file
/// only when an earlier import wrote it; anything else there is left alone, as `init` leaves an existing config.
/// On threads of its own: the tests wait for the command line they start.
@Suite(.onOwnThread) struct ImportOutputTests {
    let cli = CommandLineTests()
    let manager = FileManager.default

    static let mapping = """
        @implementation Author
        + (RKObjectMapping *)objectMapping {
            RKObjectMapping *mapping = [RKObjectMapping mappingForClass:self.class];
            [mapping addAttributeMappingsFromArray:@[ @"name" ]];
            return mapping;
        }
        @end

        """

    static let header = """
        @interface Author : NSObject
        @property (nonatomic, copy) NSString *name;
        @end

        """

    /// A folder with the app's mapping code (`App.m`) and its header (`Models/Author.h`), links to the code
    /// (`link.m`, symbolic; `hard.m`, hard), and the arguments that import them.
    func app() throws -> URL {
        let directory = manager.temporaryDirectory.appendingPathComponent("import-output-\(UUID().uuidString)")
        try manager.createDirectory(at: directory.appendingPathComponent("Models"), withIntermediateDirectories: true)
        try Data(Self.mapping.utf8).write(to: directory.appendingPathComponent("App.m"))
        try Data(Self.header.utf8).write(to: directory.appendingPathComponent("Models/Author.h"))
        try manager.createSymbolicLink(
            atPath: directory.appendingPathComponent("link.m").path,
            withDestinationPath: "App.m"
        )
        try manager.linkItem(
            at: directory.appendingPathComponent("App.m"),
            to: directory.appendingPathComponent("hard.m")
        )
        return directory
    }

    func importing(to output: String, in directory: URL) throws -> CommandLineTests.Run {
        try cli.runBlocking(
            ["import", "--from", "restkit", "App.m", "--headers", "Models", "--output", output],
            in: directory,
            timeLimit: .seconds(120)
        )
    }

    func inputs(in directory: URL) throws -> [Data] {
        try ["App.m", "Models/Author.h"].map { try Data(contentsOf: directory.appendingPathComponent($0)) }
    }

    @Test(arguments: [
        ("App.m", "--output App.m is one of the files import reads"),
        ("./App.m", "--output ./App.m is App.m, one of the files import reads"),
        ("Models/../App.m", "--output Models/../App.m is App.m, one of the files import reads"),
        ("link.m", "--output link.m is App.m, one of the files import reads"),
        ("hard.m", "--output hard.m is App.m, one of the files import reads"),
        ("Models/Author.h", "--output Models/Author.h is one of the files import reads"),
    ])
    func anInputIsNeverTheOutput(output: String, message: String) throws {
        let directory = try app()
        defer { try? manager.removeItem(at: directory) }
        let before = try inputs(in: directory)
        let run = try importing(to: output, in: directory)
        #expect(run.status == 1)
        #expect(run.errors == "error: \(message); name a new file for the mapping YAML\n")
        #expect(try inputs(in: directory) == before)
        #expect(
            try manager.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("link.m").path) == "App.m"
        )
    }

    /// A file import did not write (a hand-written mapping), a link (even to nothing) and a folder stay as they are.
    @Test(arguments: ["file", "link", "folder"])
    func somethingElseAtTheOutputIsLeftAlone(kind: String) throws {
        let directory = try app()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("mappings.yaml")
        switch kind {
        case "file": try Data("mappings: {}  # mine\n".utf8).write(to: output)
        case "link": try manager.createSymbolicLink(atPath: output.path, withDestinationPath: "nowhere.yaml")
        default: try manager.createDirectory(at: output, withIntermediateDirectories: false)
        }
        let run = try importing(to: "mappings.yaml", in: directory)
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: mappings.yaml exists; import does not overwrite it (only a mapping file an earlier import wrote)\n"
        )
        switch kind {
        case "file": #expect(try String(contentsOf: output, encoding: .utf8) == "mappings: {}  # mine\n")
        case "link": #expect(try manager.destinationOfSymbolicLink(atPath: output.path) == "nowhere.yaml")
        default: #expect(try manager.contentsOfDirectory(atPath: output.path).isEmpty)
        }
        #expect(!manager.fileExists(atPath: directory.appendingPathComponent("nowhere.yaml").path))
    }

    /// What an earlier import wrote, edited since, is written again: that is how an import is redone.
    @Test func aFileAnEarlierImportWroteIsReplaced() throws {
        let directory = try app()
        defer { try? manager.removeItem(at: directory) }
        let first = try importing(to: "Mappings/api.yaml", in: directory)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output == "wrote Mappings/api.yaml\n")
        let output = directory.appendingPathComponent("Mappings/api.yaml")
        let written = try String(contentsOf: output, encoding: .utf8)
        try Data((written + "# edited\n").utf8).write(to: output)
        let again = try importing(to: "Mappings/api.yaml", in: directory)
        #expect(again.status == 0, "\(again.errors)")
        #expect(try String(contentsOf: output, encoding: .utf8) == written)
        #expect(
            try manager.contentsOfDirectory(atPath: directory.appendingPathComponent("Mappings").path) == ["api.yaml"]
        )
    }
}
