import Foundation
import Testing

/// The runtime's two layers stay apart: the core (`ModelRuntime`), which generated code imports, names no module but
/// Foundation, so an app that only wants models links no networking; the client layer (`ModelRuntimeClient`) builds
/// on the core. ConsumerPackageTests shows the same from an app's side.
@Suite struct RuntimeLayerTests {
    static let sources = GeneratedPackage.repositoryRoot.appendingPathComponent("Sources")

    /// Each `import` line of the Swift files below `folder`, with the file it is in.
    static func imports(below folder: URL) throws -> [(file: String, module: String)] {
        var found: [(file: String, module: String)] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
                    words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "internal", "package"].contains($0) })
                else { continue }
                found.append((url.lastPathComponent, String(words[index + 1])))
            }
        }
        return found
    }

    @Test func theCoreImportsFoundationAlone() throws {
        let imports = try Self.imports(below: Self.sources.appendingPathComponent("ModelRuntime"))
        #expect(imports.count > 40, "the scan found too few imports to mean anything: \(imports.count)")
        let others = imports.filter { $0.module != "Foundation" }
        #expect(others.isEmpty, "\(others.map { "\($0.file) imports \($0.module)" })")
    }

    @Test func theClientLayerBuildsOnTheCoreAndBringsTheNetworking() throws {
        let imports = try Self.imports(below: Self.sources.appendingPathComponent("ModelRuntimeClient"))
        let modules = Set(imports.map(\.module))
        #expect(modules == ["Foundation", "FoundationNetworking", "ModelRuntime"])
    }

    @Test func theCommandLineToolsPullGoesThroughTheClientLayer() throws {
        let imports = try Self.imports(below: Self.sources.appendingPathComponent("model-generator"))
        #expect(imports.contains { $0.module == "ModelRuntimeClient" })
        let manifest = try String(
            contentsOf: GeneratedPackage.repositoryRoot.appendingPathComponent("Package.swift"),
            encoding: .utf8
        )
        // The core's target names no dependency; the client's names the core.
        #expect(manifest.contains(#".target(name: "ModelRuntime"),"#))
        #expect(manifest.contains(#".target(name: "ModelRuntimeClient", dependencies: ["ModelRuntime"]),"#))
    }
}
