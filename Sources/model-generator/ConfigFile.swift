import Foundation
import ModelGeneratorCore

/// The config a run reads when none is named. The plugin finds configs by the same names (a plugin can't share
/// code with the generator, so it lists them too).
enum ConfigFile {
    /// The file names a config may have, in order of preference.
    static let names = ["model-generator.yaml", "model-generator.yml"]

    /// The config at `path` under the other name of the two (`model-generator.yml` for `model-generator.yaml` and
    /// back), in the same folder; `nil` for a config of another name.
    static func otherSpelling(of path: String) -> String? {
        let name = Paths.fileName(of: path)
        guard let index = names.firstIndex(of: name) else { return nil }
        let other = names[1 - index]
        return String(path.dropLast(name.utf8.count)) + other
    }

    /// Why the config at `path` can't be used, when the other spelling of its name exists beside it: the generator
    /// takes the two for one config (an output folder's manifest records either as `model-generator.yaml`), so each
    /// would see the other's output as its own.
    static func conflict(for path: String) -> String? {
        existingOtherSpelling(of: path).map {
            "both \(path) and \($0) exist; the generator takes them for one config, so keep one"
        }
    }

    /// ``otherSpelling(of:)``, when a file is there.
    static func existingOtherSpelling(of path: String) -> String? {
        otherSpelling(of: path).flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
    }

    /// The configs in a folder, by the names above; paths are `directory/name`, or the bare name in `.`.
    static func existing(in directory: String) -> [String] {
        names.map { directory == "." ? $0 : Paths.join(directory, $0) }
            .filter { FileManager.default.fileExists(atPath: $0) }
    }
}
