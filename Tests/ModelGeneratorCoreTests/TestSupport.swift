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
