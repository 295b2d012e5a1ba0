import Foundation
import Testing

@testable import ModelGeneratorCore

/// The docs a newcomer follows say what the tool does: the dependency line names this release, every config key has
/// its row, and the plugin's options are the ones Getting Started shows.
@Suite struct DocumentationTests {
    static let root = CommandLineTests.packageRoot
    static let gettingStarted = "Sources/ModelRuntime/ModelRuntime.docc/GettingStarted.md"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The long options (`--check`) a text names.
    static func longOptions(in text: String) -> Set<String> {
        let pattern = /--[a-z][a-z-]*/
        return Set(text.matches(of: pattern).map { String($0.output) })
    }

    @Test(arguments: ["README.md", gettingStarted])
    func theInstallLineNamesThisRelease(_ path: String) throws {
        let lines = try Self.text(path).split(separator: "\n").filter { $0.contains(".package(url:") }
        #expect(lines.count == 1, "\(lines)")
        #expect(
            lines.first?.contains(#".package(url: "\#(Release.repository)", from: "\#(Release.version)")"#) == true,
            "\(lines)"
        )
    }

    @Test func everyConfigKeyHasARowInGettingStarted() throws {
        let rows = try Self.text(Self.gettingStarted).split(separator: "\n").filter { $0.hasPrefix("| `") }
        let documented = Set(rows.compactMap { $0.dropFirst(3).split(separator: "`").first.map(String.init) })
        let keys = GeneratorConfig.keys.filter { $0 != "naming" } + GeneratorConfig.namingKeys.map { "naming.\($0)" }
        #expect(Set(keys).subtracting(documented).isEmpty, "undocumented: \(Set(keys).subtracting(documented))")
        #expect(documented.subtracting(keys).isEmpty, "no such key: \(documented.subtracting(keys))")
    }

    /// The plugin can't share code with the tests, so its help text is read from its source.
    @Test func thePluginsOptionsAreTheOnesGettingStartedShows() throws {
        let plugin = try Self.text("Plugins/GenerateModels/plugin.swift")
        let help = try #require(plugin.split(separator: "\"\"\"").dropFirst().first.map(String.init))
        #expect(help.contains("USAGE: swift package --allow-writing-to-package-directory generate-models"))
        let documented = try Self.text(Self.gettingStarted).split(separator: "\n")
            .filter { $0.hasPrefix("swift package --allow-writing-to-package-directory generate-models") }
            .joined(separator: "\n")
        let options = Self.longOptions(in: help).subtracting(["--allow-writing-to-package-directory"])
        #expect(options == ["--target", "--check", "--dry-run", "--strict", "--help"])
        #expect(Self.longOptions(in: documented).subtracting(["--allow-writing-to-package-directory"]) == options)
    }
}
