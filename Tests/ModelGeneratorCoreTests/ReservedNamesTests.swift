import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// A schema object named like a type of `ModelRuntime` that generated code uses (`c_violation` → `Violation`) would
/// hide that type in the module holding the output, and the output wouldn't compile: such names are reserved.
@Suite struct ReservedNamesTests {
    static let repository = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// The top-level public types the runtime library `module` declares, read from its sources.
    static func runtimeTypes(of module: String = "ModelRuntime") throws -> Set<String> {
        let sources = repository.appendingPathComponent("Sources/\(module)")
        let declaration = try Regex(
            #"(?m)^public (?:final |indirect )?(?:struct|enum|protocol|class|typealias|actor) ([A-Z]\w*)"#
        )
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// The text of every Swift file the goldens expect.
    static func expectedSources() throws -> [String] {
        var sources: [String] = []
        let goldens = FileManager.default.enumerator(at: GoldenTests.goldensDirectory, includingPropertiesForKeys: nil)
        while let file = goldens?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.path.contains("/Expected/") else { continue }
            sources.append(try String(contentsOf: file, encoding: .utf8))
        }
        return sources
    }

    @Test func everyRuntimeTypeTheGoldensNameIsReserved() throws {
        let runtime = try Self.runtimeTypes()
        // The control: the runtime's sources were read.
        #expect(runtime.contains("ValueField") && runtime.contains("MemberKey") && runtime.contains("BodyValue"))
        let identifier = try Regex(#"\b[A-Z]\w*\b"#)
        var named: Set<String> = []
        for source in try Self.expectedSources() {
            for match in source.matches(of: identifier) { named.insert(String(match.output[0].substring ?? "")) }
        }
        let unreserved = named.intersection(runtime).subtracting(SwiftNaming.reservedTypeNames)
        #expect(unreserved.isEmpty, "add to SwiftNaming.runtimeTypeNames: \(unreserved.sorted())")
    }

    /// An app names the runtime libraries' types beside the models (`Query<Visit>`, `Page<Visit>`, `ModelClient`):
    /// each is reserved, either because generated code names it too or because an app does.
    @Test func everyPublicTypeOfTheRuntimeLibrariesIsReserved() throws {
        var declared: Set<String> = []
        for module in ["ModelRuntime", "ModelRuntimeClient", "ModelRuntimeTesting"] {
            declared.formUnion(try Self.runtimeTypes(of: module))
        }
        // The control: each library's sources were read.
        #expect(declared.isSuperset(of: ["Query", "ModelClient", "InMemoryBackend"]))
        let unreserved = declared.subtracting(SwiftNaming.reservedTypeNames).subtracting(SwiftNaming.appTypeNames)
        #expect(unreserved.isEmpty, "add to SwiftNaming.runtimeLibraryTypeNames: \(unreserved.sorted())")
    }

    /// A Medable `c_query` with `c_` stripped was `Query`, which hid the runtime's `Query<Model>` in the app's files.
    @Test(arguments: [
        ("c_query", "Query"), ("c_page", "Page"), ("c_in_memory_backend", "InMemoryBackend"), ("c_task", "Task"),
    ])
    func anObjectNamedLikeATypeAnAppNamesIsRenamed(object: String, swiftName: String) throws {
        let config = "schemas: [objects.yaml]\noutput: Generated\nnaming:\n  stripPrefixes: [c_]\n"
        let result = generate(config: config, ["objects.yaml": "objects:\n  - name: \(object)\n"])
        #expect(
            messages(result) == [
                "objects.yaml:2:11: warning: object '\(object)' is named '\(swiftName)Object' in Swift, since '\(swiftName)' would hide the type of that name"
            ]
        )
        #expect(file(result, "\(swiftName)Object.swift") != nil, "\(result.files.map(\.path))")
        let chosen = generate(
            config: config + "  overrides: { \(object): \(swiftName) }\n",
            ["objects.yaml": "objects:\n  - name: \(object)\n"]
        )
        #expect(messages(chosen).isEmpty && file(chosen, "\(swiftName).swift") != nil, "\(messages(chosen))")
    }

    /// A model named like a type of Foundation makes the name ambiguous in every file that imports Foundation and the
    /// models, which is nearly every file of an app (`'Notification' is ambiguous for type lookup in this context`).
    @Test(arguments: [
        ("c_notification", "Notification"), ("c_thread", "Thread"), ("c_bundle", "Bundle"), ("c_decimal", "Decimal"),
        ("c_progress", "Progress"), ("NSMutableDictionary", "NSMutableDictionary"), ("NSObject", "NSObject"),
    ])
    func anObjectNamedLikeAFoundationTypeIsRenamed(object: String, swiftName: String) throws {
        let config = "schemas: [objects.yaml]\noutput: Generated\nnaming:\n  stripPrefixes: [c_]\n"
        let result = generate(config: config, ["objects.yaml": "objects:\n  - name: \(object)\n"])
        #expect(
            messages(result) == [
                "objects.yaml:2:11: warning: object '\(object)' is named '\(swiftName)Object' in Swift, since '\(swiftName)' would be ambiguous with Foundation's type of that name in every file that imports both"
            ]
        )
        #expect(file(result, "\(swiftName)Object.swift") != nil, "\(result.files.map(\.path))")
        let chosen = generate(
            config: config + "  overrides: { \(object): \(swiftName) }\n",
            ["objects.yaml": "objects:\n  - name: \(object)\n"]
        )
        #expect(messages(chosen).isEmpty && file(chosen, "\(swiftName).swift") != nil, "\(messages(chosen))")
    }

    #if os(Linux)
    /// Every public top-level type of this toolchain's Foundation modules whose name doesn't start with `NS` is
    /// reserved, as `swift-symbolgraph-extract` lists them: a newer Foundation's types join the list here.
    @Test(.onOwnThread) func everyPublicTypeOfFoundationIsReserved() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("foundation-symbols-\(UUID())")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        #if arch(arm64)
        let target = "aarch64-unknown-linux-gnu"
        #else
        let target = "x86_64-unknown-linux-gnu"
        #endif
        var declared: Set<String> = []
        for module in ["Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking"] {
            let extract = Process()
            extract.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            extract.arguments = [
                "swift-symbolgraph-extract", "-module-name", module, "-target", target, "-output-dir", output.path,
                "-minimum-access-level", "public",
            ]
            try extract.run()
            try waitForExit(extract)
            #expect(extract.terminationStatus == 0, "swift-symbolgraph-extract \(module)")
            let data = try Data(contentsOf: output.appendingPathComponent("\(module).symbols.json"))
            let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            for case let symbol as [String: Any] in graph?["symbols"] as? [Any] ?? [] {
                guard let path = symbol["pathComponents"] as? [String], path.count == 1, let name = path.first,
                    let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String,
                    ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias"].contains(kind),
                    name.first?.isUppercase == true, !name.hasPrefix("NS")
                else { continue }
                declared.insert(name)
            }
        }
        // The control: the symbol graphs were read.
        #expect(declared.isSuperset(of: ["Notification", "URLSession", "AttributedString", "Calendar"]))
        let unreserved = declared.subtracting(SwiftNaming.reservedTypeNames).subtracting(SwiftNaming.appTypeNames)
        #expect(unreserved.isEmpty, "add to SwiftNaming.foundationTypeNames: \(unreserved.sorted())")
    }
    #endif

    /// Inside a generated type, its typealiases (`typealias Model = Visit`) and generic parameters (`Fields<Root>`)
    /// hide a model of the same name: `typealias Model = Model` refers to itself, and `Root.Fields` inside
    /// `Fields<Root>` names the parameter, not the model.
    @Test func everyNameTheGoldensDeclareInsideTheirTypesIsReserved() throws {
        let declaration = try Regex(#"typealias ([A-Z]\w*)|(?:struct|enum|class) \w+<([A-Z]\w*)"#)
        var declared: Set<String> = []
        for source in try Self.expectedSources() {
            for match in source.matches(of: declaration) {
                if let name = match.output[1].substring ?? match.output[2].substring { declared.insert(String(name)) }
            }
        }
        // The control: both kinds of declaration were read.
        #expect(declared.contains("Model") && declared.contains("Root"))
        let unreserved = declared.subtracting(SwiftNaming.reservedTypeNames)
        #expect(unreserved.isEmpty, "add to SwiftNaming.reservedTypeNames: \(unreserved.sorted())")
    }

    @Test(arguments: [
        ("c_violation", "Violation"), ("c_value_field", "ValueField"), ("c_member_key", "MemberKey"),
        ("c_body_value", "BodyValue"), ("c_model", "Model"), ("c_root", "Root"),
    ])
    func anObjectNamedLikeARuntimeTypeIsRenamed(object: String, swiftName: String) throws {
        let result = generate(["objects.yaml": "objects:\n  - name: \(object)\n"])
        #expect(
            messages(result).contains {
                $0.contains("is named '\(swiftName)Object' in Swift, since '\(swiftName)' would hide the type")
            },
            "\(messages(result))"
        )
        #expect(file(result, "\(swiftName)Object.swift") != nil, "\(result.files.map(\.path))")
    }

    /// `Any` becomes `AnyObject` no more: a struct of that name would hide Swift's `AnyObject` in the app's module.
    @Test func aRenamedObjectIsNotRenamedOntoAnotherReservedName() throws {
        let result = generate(["objects.yaml": "objects:\n  - name: c_Any\n"])
        #expect(
            messages(result) == [
                "objects.yaml:2:11: warning: object 'c_Any' is named 'AnyObjectObject' in Swift, since 'Any' would hide the type of that name"
            ]
        )
        #expect(file(result, "AnyObjectObject.swift") != nil, "\(result.files.map(\.path))")
    }
}

/// A keyword is no type or module name: `import class`, `extension class` and `formatter: Coordinate.Type.self`
/// don't compile or don't mean the name. Properties may be keywords (they are written in backticks); types and
/// modules are errors where they are named.
@Suite struct KeywordTypeNameTests {
    @Test func keywordsWhereTheConfigNamesATypeOrModuleAreLocatedErrors() {
        let config = """
            schemas: [objects.yaml]
            output: Generated
            additionalImports: [Foundation, class, Foundation.Type]
            naming:
              overrides: { c_a: struct, c_a.c_x: class }
            """
        let result = generate(
            config: config,
            ["objects.yaml": "objects:\n  - name: c_a\n    properties: [{ name: c_x, type: String }]\n"]
        )
        #expect(
            messages(result) == [
                "model-generator.yaml:3:33: error: 'class' in 'additionalImports' is not a module name: 'class' is a Swift keyword, which can't name a type or module",
                "model-generator.yaml:3:40: error: 'Foundation.Type' in 'additionalImports' is not a module name: 'Type' is a Swift keyword, which can't name a type or module",
                "model-generator.yaml:5:21: error: the override of 'c_a' is not a Swift name: 'struct' is a Swift keyword, which can't name a type or module",
            ]
        )
        #expect(result.files.isEmpty)
    }

    @Test func keywordsWhereAMappingNamesATypeAreLocatedErrors() {
        let mapping = """
            mappings:
              enum:
                properties:
                  v: { keyPath: v, type: String, formatter: Coordinate.Type }
            """
        let result = generate(config: "mappings: [m.yaml]\noutput: Generated\n", ["m.yaml": mapping])
        #expect(
            messages(result) == [
                "m.yaml:2:3: error: 'enum' is not a Swift type name: 'enum' is a Swift keyword, which can't name a type or module",
                "m.yaml:4:49: error: formatter 'Coordinate.Type' is not a Swift type name: 'Type' is a Swift keyword, which can't name a type or module",
            ]
        )
        #expect(result.files.isEmpty)
    }
}
