import Foundation
import ModelGeneratorCore

/// The config a run reads when none is named. The plugin finds configs by the same names (a plugin can't share
/// code with the generator, so it lists them too).
enum ConfigFile {
    /// The file names a config may have, in order of preference.
    static let names = ["model-generator.yaml", "model-generator.yml"]

    /// The configs in a folder, by the names above; paths are `directory/name`, or the bare name in `.`.
    static func existing(in directory: String) -> [String] {
        names.map { directory == "." ? $0 : Paths.join(directory, $0) }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }
}
