import ModelGeneratorCore

/// Runs the whole pipeline on files held in memory; the config is `model-generator.yaml`.
func generate(config: String = defaultConfig, _ files: [String: String]) -> GenerationResult {
    var all = files
    all["model-generator.yaml"] = config
    return Pipeline.generate(configPath: "model-generator.yaml", files: .inMemory(all))
}

let defaultConfig = """
    schemas: [objects.yaml]
    output: Generated
    naming:
      stripPrefixes: [c_]
    """

/// The diagnostics as `file:line:column: severity: message` lines, without hints.
func messages(_ result: GenerationResult) -> [String] {
    result.diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }
}

func file(_ result: GenerationResult, _ path: String) -> String? {
    result.files.first { $0.path == path }?.contents
}

/// A small deterministic generator (SplitMix64), so a failing fuzz or random-schema case can be replayed from its
/// seed and number.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with the given probability.
    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }

    /// One of `choices`, which must not be empty.
    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
