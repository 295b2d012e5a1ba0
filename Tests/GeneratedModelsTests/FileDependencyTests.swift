import BlockingTestSupport
import Foundation
import Testing

/// What an edit of one model rebuilds: the compiler's record of what each generated file depends on (the reference
/// dependencies an incremental build reads) names only the models the file itself names. A model that declared an
/// operator of its own (`static func ==`) would appear in the record of every file, since the compiler looks an
/// operator up among all the types of the module that declare it, and a property added to any model would then
/// rebuild them all. Checked on the Blog golden, whose `BlogPost` names `Author` and no other model.
@Suite(.onOwnThread) struct FileDependencyTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Goldens/Blog/Expected")
    static let moduleName = "Blog"

    /// The names of the top-level structs each file declares.
    static func declaredStructs(in source: String) -> [String] {
        source.components(separatedBy: "\n").compactMap { line in
            guard line.hasPrefix("public struct ") else { return nil }
            return line.dropFirst("public struct ".count).split(whereSeparator: { $0 == ":" || $0 == " " }).first
                .map(String.init)
        }
    }

    /// The module's types a dependency record names as types (nominal dependencies), by their top-level type: the
    /// record holds each as a mangled name (`4Blog6AuthorV`, `4Blog0A4PostV` for `BlogPost`), demangled here by the
    /// toolchain's `swift-demangle`.
    static func nominalDependencies(in record: Data, using typeChecker: TypeChecker) throws -> Set<String> {
        // The record's identifiers are runs of identifier characters in its bitstream.
        var words: [String] = []
        var current: [UInt8] = []
        for byte in record + [0] {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F
            {
                current.append(byte)
            } else {
                if current.count >= 4 { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
            }
        }
        let prefix = "\(moduleName.utf8.count)\(moduleName)"
        let mangled = Set(words.filter { $0.hasPrefix(prefix) && $0.hasSuffix("V") })
        guard !mangled.isEmpty else { return [] }
        let demangled = try typeChecker.demangle(mangled.sorted().map { "$s" + $0 })
        return Set(
            demangled.compactMap { name in
                let parts = name.split(separator: ".")
                return parts.count >= 2 && parts[0] == Substring(moduleName) ? String(parts[1]) : nil
            }
        )
    }

    @Test func eachFileDependsOnlyOnTheModelsItNames() throws {
        let typeChecker = try TypeChecker.shared.get()
        let files = try FileManager.default.contentsOfDirectory(at: Self.golden, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        let sources = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        let structs = sources.map(Self.declaredStructs)
        try #require(structs.joined().count >= 4, "the Blog golden declares its models: \(structs)")

        var namedDependencies = 0
        for (index, file) in files.enumerated() {
            let record = try typeChecker.referenceDependencies(
                primary: file,
                others: files.filter { $0 != file },
                moduleName: Self.moduleName
            )
            let dependencies = try Self.nominalDependencies(in: record, using: typeChecker)
            #expect(
                Set(structs[index]).isSubset(of: dependencies),
                "\(file.lastPathComponent)'s record lists its own types: \(dependencies.sorted())"
            )
            for (otherIndex, others) in structs.enumerated() where otherIndex != index {
                for type in others {
                    let names = sources[index].range(of: "\\b\(type)\\b", options: .regularExpression) != nil
                    if names {
                        namedDependencies += dependencies.contains(type) ? 1 : 0
                    } else {
                        #expect(
                            !dependencies.contains(type),
                            "\(file.lastPathComponent) depends on \(type), which it never names"
                        )
                    }
                }
            }
        }
        // The control: a model named by another's file (BlogPost names Author) shows up in that file's record, so the
        // absence checked above means something.
        #expect(namedDependencies > 0, "no record lists a model its file names; the check above proves nothing")
    }
}

extension TypeChecker {
    /// The reference dependencies the compiler records for `primary` type-checked with `others` as one module: the
    /// file an incremental build reads to decide what an edit rebuilds.
    func referenceDependencies(primary: URL, others: [URL], moduleName: String) throws -> Data {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("model-generator-dependencies-\(UUID().uuidString).swiftdeps")
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = [
            "-frontend", "-typecheck", "-swift-version", "6", "-module-name", moduleName, "-I", modules.path,
            "-module-cache-path", moduleCache.path, "-emit-reference-dependencies-path", output.path,
            "-primary-file", primary.path,
        ]
        if let sdk { arguments += ["-sdk", sdk] }
        arguments += others.map(\.path)
        let (status, text) = try Self.run(swiftc, arguments)
        guard status == 0 else { throw Failure(description: "swiftc failed on \(primary.lastPathComponent):\n\(text)") }
        return try Data(contentsOf: output)
    }

    /// `names` demangled by the toolchain's `swift-demangle` (next to swiftc), one result per name.
    func demangle(_ names: [String]) throws -> [String] {
        let demangler = swiftc.deletingLastPathComponent().appendingPathComponent("swift-demangle")
        let (status, text) = try Self.run(demangler, ["--compact"] + names)
        guard status == 0 else { throw Failure(description: "swift-demangle failed:\n\(text)") }
        return text.split(separator: "\n").map(String.init)
    }
}
