// Writes the default templates into a Swift source file as string literals, at build time.
// usage: EmbedTemplates OUTPUT.swift TEMPLATE.mustache...
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: EmbedTemplates OUTPUT.swift TEMPLATE.mustache...\n".utf8))
    exit(2)
}

var source = """
    // Generated at build time from Templates/ by EmbedTemplates. Do not edit.

    enum DefaultTemplates {
        static let all: [String: String] = [

    """
for path in arguments.dropFirst().sorted() {
    let url = URL(fileURLWithPath: path)
    let name = url.deletingPathExtension().lastPathComponent
    let text = try String(contentsOf: url, encoding: .utf8)
    // A raw string with one more `#` than the longest run in the text can hold the text unchanged.
    var longestRun = 0
    var run = 0
    for character in text {
        run = character == "#" ? run + 1 : 0
        longestRun = max(longestRun, run)
    }
    let hashes = String(repeating: "#", count: longestRun + 1)
    source += "        \"\(name)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),\n"
}
source += "    ]\n}\n"
try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
