import Foundation
import ModelGeneratorCore
import ModelRuntime
import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The org's object definitions through Cortex's environment export, the route `mdctl env export` uses, written as
/// mdctl writes them: one file per object, `<name>.json`, the layout of mdctl's `env/objects/`.
///
/// What mdctl does, read in Medable/mdctl (MIT) at 3f84f15578e6bdefb3f72b2b0328163054f3603a:
/// - `packages/mdctl-cli/lib/env/export.js`: `POST <org API>/developer/environment/export` with the JSON body
///   `{"manifest": …}`, the query `preferUrls` and `silent` (both false unless asked for; `backup` only matters to an
///   import), and `Accept: application/x-ndjson`. The answer is read as NDJSON, one document a line.
/// - `packages/mdctl-api/client.js` and `packages/mdctl-secrets/secrets/{base,token}.js`: every request carries
///   `Medable-Client-Key` (the app's API key) and, with token credentials, `Authorization: Bearer <JWT>`.
/// - `packages/mdctl-core/streams/export_stream.js`: a line `{"object": "fault", …}` ends the export with that fault,
///   a line without `object` is an error, and the export is complete only once the `manifest-exports` line came;
///   without it mdctl fails with "Export not complete!". No paging: one request streams the whole export.
/// - `packages/mdctl-core/streams/section.js` and `packages/mdctl-export-adapter-tree/index.js`: a line whose
///   `object` is `"object"` goes to `env/objects/<name>.json`, without its top-level `resource`, written by
///   `JSON.stringify(definition, null, 2)` (`packages/mdctl-core-utils/values.js`, `stringifyContent`).
/// - `packages/mdctl-cli/README.md` ("Manifest") and `packages/mdctl-manifest/manifest.js`: `objects` is a list of
///   `{"name", "includes"}`, where `"*"` matches every name; `dependencies: false` leaves out what the objects refer
///   to (roles, scripts), which a schema doesn't need.
///
/// One file per object rather than the NDJSON as served: it is the layout an mdctl-managed repository already has
/// (the files are byte for byte the ones mdctl writes, so the two tools never fight over them), a schema change
/// shows as a diff of the objects it touched, and the answer's other lines (the manifest, its dependencies) change
/// with every export without saying anything about the schema.
enum CortexExport {
    /// The route below the org's API URL (`https://api.dev.medable.com/<org>/v2`).
    static let route = "developer/environment/export"

    /// Every object of the org, all of each one's properties, nothing they depend on.
    static let body = Data(
        #"{"manifest":{"object":"manifest","dependencies":false,"objects":[{"name":"*","includes":["*"]}]}}"#.utf8
    )

    /// The export request for the org whose API is `base`.
    static func request(base: URL, clientKey: String, accessToken: String) -> URLRequest {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        components.path = components.path.hasSuffix("/") ? components.path + route : components.path + "/" + route
        components.queryItems = [.init(name: "preferUrls", value: "false"), .init(name: "silent", value: "false")]
        var request = URLRequest(url: components.url!)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/x-ndjson", forHTTPHeaderField: "Accept")
        request.setValue(clientKey, forHTTPHeaderField: "Medable-Client-Key")
        request.setValue("Bearer \(accessToken)", forHTTPHeaderField: "Authorization")
        return request
    }

    /// One file per object definition of the NDJSON `answer`, in the order they came. Throws on a fault line, a line
    /// that isn't a JSON object with `object`, two definitions of one name, and an answer cut short before its
    /// `manifest-exports` line.
    static func objectFiles(in answer: Data) throws -> [PulledFile] {
        guard let text = String(data: answer, encoding: .utf8) else {
            throw PullError("the export is not UTF-8 text")
        }
        let (lines, problems) = DocumentParser.parseLines(text, file: "the export")
        if let problem = problems.errors.first {
            throw PullError("the export is not NDJSON: \(problem)")
        }
        var files: [PulledFile] = []
        var names: Set<String> = []
        var complete = false
        for line in lines {
            guard let kind = line["object"]?.scalarText else {
                throw PullError("line \(line.location.line) of the export has no 'object'")
            }
            if let fault = CortexFault.description(of: line) {
                throw PullError("the server reported an error after \(files.count) object definitions: \(fault)")
            }
            switch kind {
            case "object":
                guard let name = line["name"], name.isString, let text = name.scalarText else {
                    throw PullError("the object definition on line \(line.location.line) has no usable 'name'")
                }
                // The name becomes a file name: it must be one, and one a listing or a terminal shows as it is.
                if let problem = SafeFiles.nameProblem(text + ".json") {
                    throw PullError(
                        "the object definition on line \(line.location.line) is named '\(SwiftText.commentText(text))', "
                            + "which can't be a file name: \(problem)"
                    )
                }
                // Compared without case: on a file system that ignores it (macOS's), two would share one file.
                guard names.insert(text.lowercased()).inserted else {
                    throw PullError("the export defines the object \(SwiftText.commentText(text)) twice")
                }
                var definition = line
                definition.value = .mapping((line.entries ?? []).filter { $0.name != "resource" })
                files.append(PulledFile(name: text + ".json", data: Data(StringifiedJSON.text(definition).utf8)))
            case "manifest-exports":
                complete = true
            default:
                continue
            }
        }
        guard complete else {
            throw PullError(
                "the export ended after \(files.count) object definitions without its last line (manifest-exports): "
                    + "the answer was cut short"
            )
        }
        return files
    }
}

/// A file `pull` writes: its name in the output folder and its bytes.
struct PulledFile {
    var name: String
    var data: Data
}

/// JSON text as JavaScript's `JSON.stringify(value, null, 2)` writes it, which is how mdctl writes every file: keys
/// in the order they came, two spaces a level, `"key": value`, and numbers as they were read. Strings are escaped by
/// the runtime's JSON writer (``QueryJSON``), as `JSON.stringify` does but for backspace and form feed, which come
/// out as `\u0008` and `\u000c` instead of `\b` and `\f` (the same string when read).
enum StringifiedJSON {
    static func text(_ node: SyntaxNode) -> String {
        var text = ""
        write(node, indent: "", into: &text)
        return text
    }

    private static func write(_ node: SyntaxNode, indent: String, into text: inout String) {
        switch node.value {
        case .scalar(let scalar, .string): text += QueryJSON.string(scalar).serialized
        case .scalar(let scalar, .bool): text += scalar.lowercased() == "true" ? "true" : "false"
        case .scalar(_, .null): text += "null"
        case .scalar(let scalar, .int), .scalar(let scalar, .double): text += scalar
        case .sequence(let elements):
            writeMembers(elements.map { (nil, $0) }, brackets: ("[", "]"), indent: indent, into: &text)
        case .mapping(let entries):
            writeMembers(entries.map { ($0.name, $0.value) }, brackets: ("{", "}"), indent: indent, into: &text)
        }
    }

    /// An array's elements (no keys) or an object's members, one a line; `[]` and `{}` when there are none.
    private static func writeMembers(
        _ members: [(key: String?, value: SyntaxNode)],
        brackets: (open: String, close: String),
        indent: String,
        into text: inout String
    ) {
        text += brackets.open
        let inner = indent + "  "
        for (index, member) in members.enumerated() {
            text += (index == 0 ? "\n" : ",\n") + inner
            if let key = member.key { text += QueryJSON.string(key).serialized + ": " }
            write(member.value, indent: inner, into: &text)
        }
        text += (members.isEmpty ? "" : "\n" + indent) + brackets.close
    }
}
