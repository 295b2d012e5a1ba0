import Foundation
import Testing

@testable import ModelGeneratorCore

/// Inputs that cost far more than their size, or recurse, end in a located error rather than minutes of work, gigabytes
/// of memory, a flood of output or a crash.
@Suite struct InputBoundsTests {
    /// Nine levels of nine aliases: about four hundred bytes that expand to 387 million values.
    static func aliasBomb(asKey: Bool = false) -> String {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        let names = "abcdefghi".map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            let aliases = Array(repeating: "*\(previous)", count: 9).joined(separator: ", ")
            lines.append("\(name): &\(name) [\(aliases)]")
        }
        lines.append(asKey ? "? *i\n: boom" : "objects: *i")
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [false, true]) func anAliasBombIsALocatedError(asKey: Bool) throws {
        let text = Self.aliasBomb(asKey: asKey)
        let started = Date()
        let result = DocumentParser.parse(text, file: "objects.yaml")
        print("alias bomb (as key: \(asKey)) rejected after \(Date().timeIntervalSince(started)) s")
        guard case .failure(let diagnostic) = result else {
            Issue.record("the alias bomb was accepted")
            return
        }
        #expect(diagnostic.message.contains("aliases expand this document past"))
        #expect(diagnostic.location.file == "objects.yaml")
        #expect(diagnostic.location.line >= 1 && diagnostic.location.line <= 10)
    }

    @Test func aliasesWithinTheLimitStillWork() throws {
        let text = """
            base: &base { type: String, indexed: true }
            objects:
              - name: c_a
                properties:
                  - { name: c_one, <<: *base }
                  - *base
            """
        guard case .success(let root?) = DocumentParser.parse(text, file: "objects.yaml") else {
            Issue.record("a document with a few aliases was rejected")
            return
        }
        #expect(root["objects"]?.elements?.first?["properties"]?.elements?.count == 2)
    }
}
