import BlockingTestSupport
import Foundation
import Testing

/// The query builder's compile-time guarantees: each snippet in `CompileFailures/` misuses the generated API of
/// `GoldenQueries` and must not type-check, failing on its line marked `// FAILS HERE` with the diagnostic listed
/// below; `MustCompile.swift`, a positive control, must type-check. Each snippet is checked with
/// `swiftc -typecheck` against the `.swiftmodule`s of ModelRuntime and GoldenQueries that this test bundle was
/// built with (the `CompileFailures` folder is excluded from the test target). The tests wait for swiftc on threads of
/// their own.
@Suite(.onOwnThread) struct CompileFailureTests {
    struct Snippet: Sendable, CustomTestStringConvertible {
        var file: String
        /// Texts that must all appear in one error reported on the marked line.
        var diagnostics: [String]
        var testDescription: String { file }
    }

    static let snippets: [Snippet] = [
        Snippet(
            file: "OrderingOnBool.swift",
            diagnostics: [
                "referencing instance method 'gt' on 'ValueConditions' requires that 'Bool' conform to 'QueryComparable'"
            ]
        ),
        Snippet(
            file: "NearSphereOnString.swift",
            diagnostics: [
                "method 'nearSphere(_:minimum:maximum:)' on 'ValueField' requires that 'String' conform to 'GeoPointValue'"
            ]
        ),
        Snippet(
            file: "TextSearchOnNumber.swift",
            diagnostics: ["method 'matchesText' on 'ValueField' requires the types 'Int' and 'String' be equivalent"]
        ),
        Snippet(
            file: "SelectKeyOfAnotherType.swift",
            diagnostics: [
                "cannot convert value of type 'KeyPath<Item.Fields<Item>, ValueField<Item, String, Present>>'",
                "ValueField<Item, Int, Present>",
            ]
        ),
        Snippet(
            file: "RelatedToAnotherModelsRelation.swift",
            diagnostics: [
                "cannot convert value of type 'KeyPath<Item.Fields<Item>, RelationField<Item, Item>>'",
                "RelationField<Item, GameScore>",
            ]
        ),
        Snippet(
            file: "SubqueryOnTheOuterModel.swift",
            diagnostics: [
                "cannot convert value of type '(Player.QueryFields) -> Condition<GameScore>'", "Condition<Player>",
            ]
        ),
        Snippet(
            file: "ClearRequiredElementProperty.swift",
            diagnostics: ["(aka 'NoClearableProperty') has no member 'value'"]
        ),
        Snippet(
            file: "SortOnBool.swift",
            diagnostics: ["property 'ascending' requires that 'Bool' conform to 'QueryComparable'"]
        ),
        Snippet(
            file: "OrderingOnEnum.swift",
            diagnostics: ["method 'gt' on 'ValueConditions' requires that 'Item.Status' conform to 'QueryComparable'"]
        ),
        Snippet(
            file: "PrefixOnNumber.swift",
            diagnostics: [
                "method 'hasPrefix(_:options:)' on 'ValueConditions' requires the types 'Int' and 'String' be equivalent"
            ]
        ),
        Snippet(
            file: "ExistsOnRequiredField.swift",
            diagnostics: [
                "method 'exists' on 'ValueField' requires the types 'Present' and 'MaybeAbsent' be equivalent"
            ]
        ),
        Snippet(
            file: "ContainsAllOnScalar.swift",
            diagnostics: ["value of type 'ValueField<Item, String, Present>' has no member 'containsAll'"]
        ),
        Snippet(
            file: "EqualOnArrayField.swift",
            diagnostics: ["value of type 'ArrayField<Item, String, MaybeAbsent>' has no member 'eq'"]
        ),
        Snippet(
            file: "ElementMatchOnScalar.swift",
            diagnostics: ["value of type 'ValueField<Item, String, Present>' has no member 'elementMatch'"]
        ),
        Snippet(
            file: "ExpandNotExpandable.swift",
            diagnostics: ["value of type 'Thing.ExpandableFields' has no member 'creator'"]
        ),
        Snippet(
            file: "IncludeNotOptional.swift",
            diagnostics: ["value of type 'Thing.IncludableFields' has no member 'name'"]
        ),
        Snippet(
            file: "EnumComparedWithString.swift",
            diagnostics: ["cannot convert value of type 'String' to expected argument type 'Item.Status'"]
        ),
        Snippet(
            file: "DateComparedWithString.swift",
            diagnostics: ["cannot convert value of type 'String' to expected argument type 'Date'"]
        ),
        Snippet(
            file: "OtherModelsCondition.swift",
            diagnostics: [
                "cannot convert value of type 'Condition<Plate>' to expected argument type 'Condition<Thing>'"
            ]
        ),
        Snippet(
            file: "OtherModelsConditionAsWhere.swift",
            diagnostics: [
                "cannot convert value of type '(Thing.QueryFields) -> Condition<Plate>'", "-> Condition<Thing>",
            ]
        ),
        Snippet(
            file: "ElementMatchWithOuterFields.swift",
            diagnostics: ["-> Condition<Item>' to expected argument type", "-> Condition<Item.Part>'"]
        ),
        Snippet(
            file: "MisspelledField.swift",
            diagnostics: ["value of type 'Item.QueryFields' (aka 'Item.Fields<Item>') has no member 'nmae'"]
        ),
        Snippet(
            file: "SystemDateComparedWithString.swift",
            diagnostics: ["cannot convert value of type 'String' to expected argument type 'Date'"]
        ),
        Snippet(
            file: "MisspelledSystemField.swift",
            diagnostics: ["has no dynamic member 'craeted'"]
        ),
        Snippet(
            file: "ConditionOnMiaRawObject.swift",
            diagnostics: ["value of type 'RawObjectField<Books, MaybeAbsent>' has no member 'ne'"]
        ),
        Snippet(
            file: "ElementMatchOnScalarsWithOr.swift",
            diagnostics: ["value of type 'ElementCondition<String>' has no member 'or'"]
        ),
        Snippet(
            file: "ReferenceComparedWithNumber.swift",
            diagnostics: ["instance method 'eq' requires that 'Int' conform to 'ReferenceIdentifier'"]
        ),
    ]

    static let controlFile = "MustCompile.swift"
    static let marker = "// FAILS HERE"

    // One snippet at a time: each swiftc uses a core for seconds.
    @Test(.serialized, arguments: snippets) func snippetDoesNotTypeCheck(_ snippet: Snippet) throws {
        let typeChecker = try TypeChecker.shared.get()
        let url = TypeChecker.snippetsDirectory.appendingPathComponent(snippet.file)
        let source = try String(contentsOf: url, encoding: .utf8)
        let markedLines = Set(
            source.components(separatedBy: "\n").enumerated().filter { $0.element.contains(Self.marker) }.map {
                $0.offset + 1
            }
        )
        try #require(markedLines.count == 1, "\(snippet.file) must mark exactly one line with '\(Self.marker)'")
        let comment = source.components(separatedBy: "\n").prefix { $0.hasPrefix("//") }
        #expect(comment.joined().contains("Must NOT type-check"), "\(snippet.file) must start by saying why it fails")

        let result = try typeChecker.typecheck(url)
        #expect(result.status != 0, "\(snippet.file) type-checked, but must not:\n\(result.output)")
        let errors = result.errors(in: url)
        #expect(!errors.isEmpty, "swiftc reported no error in \(snippet.file):\n\(result.output)")
        // Every error is the intended one, on the marked line: nothing else is wrong with the snippet.
        for error in errors where !markedLines.contains(error.line) {
            Issue.record("unexpected error at \(snippet.file):\(error.line): \(error.message)\n\(result.output)")
        }
        let matching = errors.filter { error in
            markedLines.contains(error.line) && snippet.diagnostics.allSatisfy { error.message.contains($0) }
        }
        #expect(
            !matching.isEmpty,
            "no error on the marked line of \(snippet.file) says \(snippet.diagnostics); swiftc said:\n\(result.output)"
        )
    }

    /// The positive control: a snippet using the same operators correctly type-checks, with the same harness.
    @Test func controlSnippetTypeChecks() throws {
        let typeChecker = try TypeChecker.shared.get()
        let url = TypeChecker.snippetsDirectory.appendingPathComponent(Self.controlFile)
        let result = try typeChecker.typecheck(url)
        #expect(result.status == 0, "\(Self.controlFile) must type-check:\n\(result.output)")
        #expect(result.errors(in: url).isEmpty, "\(result.output)")
    }

    /// Every snippet in the folder is checked, so a new one cannot be forgotten.
    @Test func everySnippetIsListed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TypeChecker.snippetsDirectory.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(Set(files) == Set(Self.snippets.map(\.file) + [Self.controlFile]))
        #expect(Self.snippets.count == Set(Self.snippets.map(\.file)).count)
    }
}

/// Runs `swiftc -typecheck` on a snippet, importing the modules built next to this test bundle.
struct TypeChecker: Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    struct Result {
        var status: Int32
        var output: String

        /// `file:line:column: error: message` diagnostics in `file`.
        func errors(in file: URL) -> [(line: Int, message: String)] {
            let name = file.lastPathComponent
            return output.components(separatedBy: "\n").compactMap { line in
                guard let range = line.range(of: ": error: ") else { return nil }
                let location = line[..<range.lowerBound].split(separator: ":")
                guard location.count >= 3, location[location.count - 3].hasSuffix(name),
                    let number = Int(location[location.count - 2])
                else { return nil }
                return (number, String(line[range.upperBound...]))
            }
        }
    }

    var swiftc: URL
    var modules: URL
    var moduleCache: URL
    var sdk: String?

    static let snippetsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("CompileFailures")

    /// Found once; a clear error if the compiler or the modules cannot be found.
    static let shared: Swift.Result<TypeChecker, Failure> = {
        guard let modules = findModules() else {
            return .failure(
                Failure(
                    description:
                        "could not find GoldenQueries.swiftmodule and ModelRuntime.swiftmodule near the test bundle "
                        + "(looked from \(anchors().map(\.path))); build with `swift build --build-tests` first"
                )
            )
        }
        guard let swiftc = findSwiftc() else {
            return .failure(
                Failure(
                    description: "could not find swiftc (not next to the running toolchain's runtime, nor on PATH); "
                        + "set SWIFTC to its path"
                )
            )
        }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-compile-failures")
        return .success(TypeChecker(swiftc: swiftc, modules: modules, moduleCache: cache, sdk: findSDK()))
    }()

    func typecheck(_ file: URL) throws -> Result {
        var arguments = [
            "-typecheck", "-swift-version", "6", "-diagnostic-style", "llvm", "-I", modules.path,
            "-module-cache-path", moduleCache.path,
        ]
        if let sdk { arguments += ["-sdk", sdk] }
        arguments.append(file.path)
        let (status, output) = try Self.run(swiftc, arguments)
        return Result(status: status, output: output)
    }

    static func run(_ executable: URL, _ arguments: [String]) throws -> (Int32, String) {
        let run = try runProgram(executable, arguments, mergingErrors: true)
        return (run.status, run.output)
    }

    // MARK: - Finding the modules

    final class BundleMarker {}

    /// Where the running test code lives: `<bin>/<package>PackageTests.xctest` (a file on Linux, a bundle on macOS).
    static func anchors() -> [URL] {
        var anchors: [URL] = []
        #if os(Linux)
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            anchors.append(URL(fileURLWithPath: exe))
        }
        #endif
        anchors.append(Bundle(for: BundleMarker.self).bundleURL)
        anchors += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        if let executable = Bundle.main.executableURL { anchors.append(executable) }
        if let argument = CommandLine.arguments.first { anchors.append(URL(fileURLWithPath: argument)) }
        return anchors
    }

    /// The directory holding the built `.swiftmodule`s: `<bin>/Modules` (SwiftPM 5.9 and later) or `<bin>`, found from
    /// the test bundle's location, so that it works with any `--scratch-path`; `.build/debug` as a last resort.
    static func findModules() -> URL? {
        let fileManager = FileManager.default
        func holdsModules(_ directory: URL) -> Bool {
            ["GoldenQueries", "ModelRuntime"].allSatisfy {
                fileManager.fileExists(atPath: directory.appendingPathComponent("\($0).swiftmodule").path)
            }
        }
        let package = snippetsDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fallback = package.appendingPathComponent(".build").appendingPathComponent("debug")
        for anchor in anchors() + [fallback.appendingPathComponent("x")] {
            var directory = anchor.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                for candidate in [directory.appendingPathComponent("Modules"), directory] where holdsModules(candidate)
                {
                    return candidate
                }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }

    // MARK: - Finding the compiler

    /// `SWIFTC` if set; else the swiftc of the toolchain whose runtime this process runs on (Linux), else `swiftc` on
    /// PATH, else `xcrun --find swiftc` (macOS).
    static func findSwiftc() -> URL? {
        let fileManager = FileManager.default
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], fileManager.isExecutableFile(atPath: explicit) {
            return URL(fileURLWithPath: explicit)
        }
        #if os(Linux)
        // `<toolchain>/usr/lib/swift/linux/libswiftCore.so` → `<toolchain>/usr/bin/swiftc`.
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
            let line = maps.components(separatedBy: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let start = line.firstIndex(of: "/")
        {
            let library = URL(fileURLWithPath: String(line[start...]))
            let usr = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let candidate = usr.appendingPathComponent("bin").appendingPathComponent("swiftc")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        #endif
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        #if os(macOS)
        if let (status, output) = try? run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--find", "swiftc"]), status == 0 {
            return URL(fileURLWithPath: output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #endif
        return nil
    }

    /// The macOS SDK, which a toolchain's swiftc needs when not started through `xcrun`.
    static func findSDK() -> String? {
        #if os(macOS)
        if let (status, output) = try? run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--show-sdk-path"]), status == 0 {
            return output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #endif
        return nil
    }
}
