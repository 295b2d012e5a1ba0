import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// A Cortex NDJSON export with a fault line (mdctl writes one when the export fails partway) is an error at that
/// line, in `generate` as in `pull`: the objects after it are missing, and generating would delete their models.
@Suite(.onOwnThread) struct FaultedExportTests {
    static func definition(_ name: String) -> String {
        #"{"object":"object","name":"\#(name)","properties":[{"name":"c_title","type":"String"}]}"#
    }

    static let complete =
        [
            #"{"object":"env","name":"Test"}"#, definition("c_first"), definition("c_second"),
            #"{"object":"manifest-exports","resources":["object.c_first","object.c_second"]}"#,
        ].joined(separator: "\n") + "\n"

    static let faulted =
        [
            #"{"object":"env","name":"Test"}"#, definition("c_first"),
            #"{"object":"fault","errCode":"cortex.error.unspecified","code":"kError","reason":"Export failed","message":"Export failed on c_second\u001b[2J"}"#,
        ].joined(separator: "\n") + "\n"

    static let message =
        "the export failed after 1 object definition (kError: Export failed on c_second\\u{1b}[2J): the objects "
        + "after this line are missing"

    @Test func theFaultIsAnErrorAtItsLine() {
        let (objects, diagnostics) = SchemaLoader.load(Self.faulted, file: "org.ndjson")
        #expect(
            diagnostics.errors.map(\.description) == [
                "org.ndjson:3:1: error: \(Self.message)\n"
                    + "org.ndjson:3:1: note: export the org again (mdctl env export, or model-generator pull cortex); "
                    + "generating from this file would delete the models of the missing objects"
            ]
        )
        #expect(objects.map(\.name.value) == ["c_first"])
    }

    /// Generated from the whole export, then from one cut off by a fault: the second run fails at the fault and
    /// leaves every file as it was, the missing object's model included.
    @Test func generateWritesAndDeletesNothing() throws {
        let cli = CommandLineTests()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("faulted-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("schemas: [org.ndjson]\noutput: Generated\n".utf8)
            .write(to: directory.appendingPathComponent("model-generator.yaml"))
        let export = directory.appendingPathComponent("org.ndjson")
        try Data(Self.complete.utf8).write(to: export)
        let first = try cli.runBlocking(["generate"], in: directory, timeLimit: .seconds(120))
        #expect(first.status == 0, "\(first.errors)")
        let generated = directory.appendingPathComponent("Generated")
        let before = try cli.snapshot(generated)
        #expect(before.keys.contains("CSecond.swift"), "\(before.keys.sorted())")

        try Data(Self.faulted.utf8).write(to: export)
        let second = try cli.runBlocking(["generate"], in: directory, timeLimit: .seconds(120))
        #expect(second.status == 1)
        #expect(second.errors.hasPrefix("org.ndjson:3:1: error: \(Self.message)\n"), "\(second.errors)")
        #expect(second.output.isEmpty)
        #expect(try cli.snapshot(generated) == before)
    }
}
