import BlockingTestSupport
import Foundation
import Testing

@testable import ModelGeneratorCore

/// Mutated schemas, configs and `.mappings` files, seeded and reproducible: every case ends in generated files or
/// diagnostics, never a crash, and a run with an error produces no files (so nothing is written).
/// On threads of its own, not Swift concurrency's few pool threads: minutes of generation.
@Suite(.onOwnThread) struct FuzzTests {
    static let seeds: [String: String] = [
        "objects.yaml": """
        objects:
          - name: c_object
            label: Object
            properties:
              - { name: c_string, type: String, validators: [{ name: required }, { name: string, definition: { min: 1, max: 9 } }] }
              - { name: c_count, type: Number, integer: true }
              - { name: c_when, type: Date }
              - { name: c_owner, type: Reference, sourceObject: c_object, expandable: true }
              - { name: c_tags, type: String, array: true, canPush: true }
              - { name: c_kind, type: String, validators: [{ name: stringEnum, definition: { values: [a, b] } }] }
              - name: c_doc
                type: Document
                properties: [{ name: c_inner, type: String }]
              - name: c_file
                type: File
                processors: [{ name: content, mimes: [image/png] }]
            objectTypes:
              - { name: c_variant, properties: [{ name: c_extra, type: Boolean }] }
        """,
        "app.mappings": """
        // comment
        { "@import": "base.mappings",
          "$Tweet": { "@class": "Tweet", "@inherits": "$Base", "message": "text",
            "image": { "@keyPath": "user.image", "@type": "URL", "@optional": 1, "@defaultValue": "https://x.test/a" },
            "user": { "@keyPath": "user", "@object": { "@class": "User", "@mappings": { "name": { "@type": "String" } } } } } }
        """,
        "base.mappings": #"{ "$Base": { "id": { "@keyPath": "id_str", "@type": "String" } } }"#,
        "sample.json": #"{ "text": "hi", "id_str": "1", "user": { "name": "n", "image": "https://x.test/b" } }"#,
    ]

    static let config = """
        schemas: [objects.yaml]
        mappings: [app.mappings]
        samples: { Tweet: sample.json }
        generate: [models, queries, bodies]
        naming: { stripPrefixes: [c_], overrides: { c_object.c_count: total } }
        """

    /// Replaces, inserts or deletes bytes, or swaps, duplicates and drops lines: both the syntax and the structure.
    static func mutate(
        _ text: String,
        _ random: inout SeededRandom,
        alphabet: [UInt8] = Array(#"{}[]:,"'-#@$. \n\t0123456789abcXYZ_/\é"#.utf8)
    ) -> String {
        var bytes = Array(text.utf8)
        for _ in 0..<(1 + random.below(4)) {
            switch random.below(7) {
            case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] = alphabet[random.below(alphabet.count)]
            case 1: bytes.insert(alphabet[random.below(alphabet.count)], at: random.below(bytes.count + 1))
            case 2 where !bytes.isEmpty: bytes.remove(at: random.below(bytes.count))
            case 3 where bytes.count > 2:
                let start = random.below(bytes.count)
                bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.below(20)))
            default:
                var lines = String(decoding: bytes, as: UTF8.self).split(
                    separator: "\n",
                    omittingEmptySubsequences: false
                )
                guard lines.count > 1 else { continue }
                let a = random.below(lines.count)
                let b = random.below(lines.count)
                switch random.below(3) {
                case 0: lines.swapAt(a, b)
                case 1: lines.insert(lines[a], at: b)
                default: lines.remove(at: a)
                }
                bytes = Array(lines.joined(separator: "\n").utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func mutatedInputsEndInOutputOrDiagnostics() {
        // FUZZ_SEED=<seed> replays another run.
        let seed = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap(UInt64.init) ?? 20_261_122
        var random = SeededRandom(state: seed)
        let names = ["model-generator.yaml"] + Self.seeds.keys.sorted()
        // 500 cases, 5,000 at CI's TEST_DEPTH=10.
        let cases = TestDepth.cases(quick: 500)
        var outcomes = (generated: 0, rejected: 0)
        for index in 0..<cases {
            var files = Self.seeds
            files["model-generator.yaml"] = Self.config
            let target = names[random.below(names.count)]
            files[target] = Self.mutate(files[target]!, &random)
            let result = Pipeline.generate(configPath: "model-generator.yaml", files: .inMemory(files))
            if result.diagnostics.hasErrors {
                outcomes.rejected += 1
                #expect(result.files.isEmpty, "case \(index) (\(target)): an error run produced files")
                #expect(
                    result.diagnostics.errors.allSatisfy { $0.location.line >= 1 && $0.location.column >= 1 },
                    "case \(index): an error without a location"
                )
            } else {
                outcomes.generated += 1
                #expect(!result.files.isEmpty, "case \(index) (\(target)): no error, yet no files")
            }
        }
        print(
            "fuzz: \(cases) mutated inputs from seed \(seed): \(outcomes.generated) generated, "
                + "\(outcomes.rejected) rejected with diagnostics"
        )
        // Both kinds of outcome happen, so the mutations reach past the parser: each is at least a fiftieth of the
        // cases (at 5,000 cases this is today's bound of 100).
        #expect(outcomes.generated > cases / 50)
        #expect(outcomes.rejected > cases / 50)
    }
}
