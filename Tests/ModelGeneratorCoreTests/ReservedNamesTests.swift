import Foundation
import Testing

@testable import ModelGeneratorCore

/// A schema object named like a type of `ModelRuntime` that generated code uses (`c_violation` → `Violation`) would
/// hide that type in the module holding the output, and the output wouldn't compile: such names are reserved.
@Suite struct ReservedNamesTests {
    static let repository = GoldenTests.goldensDirectory.deletingLastPathComponent().deletingLastPathComponent()

    /// The top-level public types the runtime declares, read from its sources.
    static func runtimeTypes() throws -> Set<String> {
        let sources = repository.appendingPathComponent("Sources/ModelRuntime")
        let declaration = try Regex(
            #"(?m)^public (?:final )?(?:struct|enum|protocol|class|typealias|actor) ([A-Z]\w*)"#
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

    @Test func everyRuntimeTypeTheGoldensNameIsReserved() throws {
        let runtime = try Self.runtimeTypes()
        // The control: the runtime's sources were read.
        #expect(runtime.contains("ValueField") && runtime.contains("MemberKey"))
        let identifier = try Regex(#"\b[A-Z]\w*\b"#)
        var named: Set<String> = []
        let goldens = FileManager.default.enumerator(at: GoldenTests.goldensDirectory, includingPropertiesForKeys: nil)
        while let file = goldens?.nextObject() as? URL {
            guard file.pathExtension == "swift", file.path.contains("/Expected/") else { continue }
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: identifier) {
                named.insert(String(match.output[0].substring ?? ""))
            }
        }
        let unreserved = named.intersection(runtime).subtracting(SwiftNaming.reservedTypeNames)
        #expect(unreserved.isEmpty, "add to SwiftNaming.runtimeTypeNames: \(unreserved.sorted())")
    }

    @Test(arguments: [("c_violation", "Violation"), ("c_value_field", "ValueField"), ("c_member_key", "MemberKey")])
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
}
