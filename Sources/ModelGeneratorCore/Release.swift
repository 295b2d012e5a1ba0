/// This release of swift-model-generator: the version `--version` prints and the published copy of the config's
/// JSON Schema, which editors read from a config's `yaml-language-server` line.
public enum Release {
    public static let version = "0.1.0"
    public static let repository = "https://github.com/swift-model-generator/swift-model-generator"
    /// Where this package keeps the config's JSON Schema.
    public static let configSchemaPath = "Schemas/model-generator.schema.json"
    /// Where this package keeps the JSON Schema of object-definition files.
    public static let objectSchemaPath = "Schemas/object-definitions.schema.json"
    /// The config's JSON Schema of this version, online: for a config with no copy of this package nearby.
    public static let configSchemaURL = publishedURL(of: configSchemaPath)

    /// A file of this version of the package, online.
    public static func publishedURL(of path: String) -> String {
        "https://raw.githubusercontent.com/swift-model-generator/swift-model-generator/\(version)/\(path)"
    }
}
