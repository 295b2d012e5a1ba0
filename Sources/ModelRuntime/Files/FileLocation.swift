import Foundation

/// A File property of one instance, or one facet of it, as a path below the API's base URL: `/c_offices/<id>/c_logo`
/// reads the file (its facets and their states), `/c_offices/<id>/c_pictures/0/thumbnail` streams one facet (Cortex
/// answers with the facet's bytes or a redirect to them).
///
/// The id is checked as the dialect's ids are (an ObjectID on Cortex), and the id, each property name, the index
/// and the facet each become one percent-encoded ``PathSegment``: no value, however it was typed or whatever a
/// server sent, can reach another object's path.
///
/// ```swift
/// let picture = try FileLocation(Office.self, id: office.id, file: { $0.pictures }, index: 0)
/// let ready = try await uploader.waitUntilReady(fileAt: picture.url(relativeTo: baseURL))
/// let thumbnail = try FileLocation(Office.self, id: office.id, file: { $0.pictures }, index: 0, facet: "thumbnail")
/// let (bytes, _) = try await transport.send(URLRequest(url: thumbnail.url(relativeTo: baseURL)))
/// ```
public struct FileLocation: Sendable, Hashable, CustomStringConvertible {
    /// The path below the base URL, each part one percent-encoded segment.
    public let path: String

    /// The file `file` (a field of the model or of one of its documents: `{ $0.logo }`, `{ $0.document.file }`) of
    /// the instance `id`, the element `index` of a file array, and its `facet`, or the whole file when `nil`.
    ///
    /// - Throws: ``RequestPathError`` for an id the dialect's backend can't have, or an empty facet name, `.` or
    ///   `..`.
    public init<M: QueryableModel, Presence>(
        _ type: M.Type,
        id: some ReferenceIdentifier,
        file: (M.QueryFields) -> FileField<M, Presence>,
        index: Int? = nil,
        facet: String? = nil,
        dialect: some BodyDialect = CortexDialect.cortex
    ) throws {
        let keys = file(M.QueryFields(.root)).fieldPath.components
        try self.init(
            instance: dialect.instancePath(pluralName: M.pluralName, id: id.referenceID),
            steps: keys + (index.map { [String($0)] } ?? []),
            facet: facet
        )
    }

    /// The file at the body path `file` (`c_logo`, `c_pictures[1]`, `c_document.c_file`: the form
    /// `UploadProgress.property` and `UploadError.property` report) of the instance `id`, and its `facet`, or the
    /// whole file when `nil`.
    ///
    /// - Throws: ``RequestPathError`` for an id the dialect's backend can't have, or a part of `file` or `facet`
    ///   that is `.` or `..` (or empty, for a facet).
    public init<M: SchemaObject>(
        _ type: M.Type,
        id: some ReferenceIdentifier,
        file: String,
        facet: String? = nil,
        dialect: some BodyDialect = CortexDialect.cortex
    ) throws {
        try self.init(
            instance: dialect.instancePath(pluralName: M.pluralName, id: id.referenceID),
            steps: BodyPath.steps(of: file).map(\.text),
            facet: facet
        )
    }

    private init(instance: String, steps: [String], facet: String?) throws {
        var path = instance
        for step in steps + (facet.map { [$0] } ?? []) { path += "/" + (try PathSegment(step)).encoded }
        self.path = path
    }

    /// The location's URL below `baseURL` (the API's root, such as `https://api.dev.medable.com/example/v2`).
    public func url(relativeTo baseURL: URL) throws -> URL {
        try RenderedRequest(path: path).url(relativeTo: baseURL)
    }

    /// The path.
    public var description: String { path }
}

/// A body path such as `c_pictures[1]` or `c_document.c_file`, the form files are named by in progress reports and
/// errors, taken apart into keys and array indexes.
package enum BodyPath {
    /// One step of a body path.
    package enum Step: Hashable {
        case key(String)
        case index(Int)

        /// The step as the text of a path segment: the key, or the index's digits.
        package var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// The steps of `path`: its dot-separated keys, each followed by the indexes in brackets after it. Empty keys
    /// are left out.
    package static func steps(of path: String) -> [Step] {
        var steps: [Step] = []
        for component in path.split(separator: ".") {
            var name = Substring(component)
            var indexes: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]"),
                let index = Int(name[name.index(after: open)..<name.index(before: name.endIndex)])
            {
                indexes.insert(index, at: 0)
                name = name[..<open]
            }
            steps.append(.key(String(name)))
            steps += indexes.map(Step.index)
        }
        return steps
    }
}
