import Foundation
import ModelGeneratorCore

/// The Swift files SwiftPM compiles for the config's target, as the plugin lists them: output in a folder the
/// target excludes would be written and never compiled.
enum TargetSources {
    struct Excluded: Error, CustomStringConvertible {
        var outputDirectory: String
        var description: String {
            "the output folder \(outputDirectory) is excluded from its target, so SwiftPM compiles none of its "
                + "files; remove it from the target's 'exclude' list, or point 'output' at a folder the target compiles"
        }
    }

    /// Throws ``Excluded`` when the output folder holds Swift files and the target compiles none of them. A folder
    /// without Swift files yet tells nothing.
    static func checkCompiles(_ outputDirectory: String, listedIn listFile: String) throws {
        let names = ((try? SafeFiles.names(in: outputDirectory)) ?? []).filter { name in
            name.hasSuffix(".swift") && (try? SafeFiles.kind(of: outputDirectory + "/" + name)) == .regularFile
        }
        guard !names.isEmpty else { return }
        let list = String(decoding: try SafeFiles.read(listFile), as: UTF8.self)
        let folder = realFolder(outputDirectory)
        let compiled = list.split(separator: "\n").map { URL(fileURLWithPath: String($0)) }
        let compilesOne = compiled.contains { file in
            names.contains(file.lastPathComponent) && realFolder(file.deletingLastPathComponent().path) == folder
        }
        if !compilesOne { throw Excluded(outputDirectory: outputDirectory) }
    }

    /// The folder's path with links resolved, so the plugin's paths and the working directory's compare.
    private static func realFolder(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }
}
