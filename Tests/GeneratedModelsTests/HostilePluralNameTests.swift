import Foundation
import GoldenQueries
import ModelRuntime
import Testing

// An object's plural name (Cortex's `pluralName`, a Parse class, a Mia-Platform endpoint's base path) comes from a
// schema, and a schema is input like any other: the generator writes it into a string literal, escaped, and every
// request path takes it through `PathSegment`. A name can't climb into another collection (`a/../_User`), add a
// query (`?`) or cut the path (`#`); a name that could only name the collection's parent is refused before anything
// is sent.

/// Names that must stay one segment of their own.
private let hostileNames = [
    "a/../_User", "../_User", "_User/victim", "x?admin=1", "x#y", "a b", "%2F", "e\u{301}", "\u{202E}x", "line\nbreak",
]

/// Names no path can hold: the collection's parent, or nothing.
private let refusedNames = ["", ".", "..", "%2E%2E", "%252E%252E"]

/// `path` split at its `/`s, after the leading one.
private func segments(_ path: String) -> [String] {
    path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
}

@Suite struct HostilePluralNameTests {
    /// Cortex's and Parse's collections are one segment: a query, a count, a create and an instance's path.
    @Test(arguments: hostileNames) func aCortexOrParseCollectionIsOneSegment(_ name: String) throws {
        var parts = GameScore.query.parts
        parts.pluralName = name
        let cortex = CortexDialect()
        let cortexPaths = [
            try cortex.render(parts).path, try cortex.renderCount(parts).path,
            try cortex.renderCreate([], pluralName: name).path,
            try cortex.instancePath(pluralName: name, id: "5f0000000000000000000001"),
        ]
        for path in cortexPaths {
            let parts = segments(path)
            #expect(parts.first?.removingPercentEncoding == name, "\(path)")
            #expect(parts.count <= 2, "\(path)")
        }
        let parse = ParseDialect()
        let parsePaths = [
            try parse.render(parts).path, try parse.renderCount(parts).path,
            try parse.renderCreate([], pluralName: name).path,
            try parse.instancePath(pluralName: name, id: "Ed1nuqPvcm"),
        ]
        for path in parsePaths {
            let parts = segments(path)
            #expect(parts.first == "classes", "\(path)")
            #expect(parts.dropFirst().first?.removingPercentEncoding == name, "\(path)")
            #expect(parts.count <= 3, "\(path)")
        }
        // The encoded path makes a URL below the base, with no query or fragment of its own.
        let base = URL(string: "https://api.example.com/org/v2")!
        let url = try cortex.renderCreate([], pluralName: name).url(relativeTo: base)
        #expect(url.query == nil && url.fragment == nil, "\(url)")
        #expect(url.absoluteString.hasPrefix("https://api.example.com/org/v2/"), "\(url)")
    }

    /// A Mia-Platform base path keeps its own segments (`orders/v2`), and each of them is one segment: a hostile
    /// character stays inside its segment, and a segment that names a parent or the folder itself is refused.
    @Test func aMiaBasePathKeepsItsSegmentsAndEncodesEach() throws {
        let mia = MiaDialect()
        var parts = GameScore.query.parts
        parts.pluralName = "orders/v2"
        #expect(try mia.render(parts).path == "/orders/v2/")
        #expect(try mia.renderCount(parts).path == "/orders/v2/count")
        #expect(try mia.renderCreate([], pluralName: "/orders/v2").path == "/orders/v2/")
        #expect(try mia.instancePath(pluralName: "orders/v2", id: "a/b") == "/orders/v2/a%2Fb")
        parts.pluralName = "v2/x?admin=1#y"
        #expect(try mia.render(parts).path == "/v2/x%3Fadmin%3D1%23y/")
        // `/`s in a row count as one, as a router reads them.
        #expect(try mia.instancePath(pluralName: "orders//v2/", id: "p-1") == "/orders/v2/p-1")
        for name in ["orders/../_User", "orders/./x", "/", "//", "orders/%2E%2E"] + refusedNames {
            parts.pluralName = name
            #expect(throws: RequestPathError.self, "\(String(reflecting: name))") { try mia.render(parts) }
            #expect(throws: RequestPathError.self, "\(String(reflecting: name))") {
                try mia.renderCreate([], pluralName: name)
            }
            #expect(throws: RequestPathError.self, "\(String(reflecting: name))") {
                try mia.instancePath(pluralName: name, id: "p-1")
            }
        }
    }

    /// A Cortex or Parse collection named `..`, `.` or nothing is refused, in every request.
    @Test(arguments: refusedNames) func aCollectionThatNamesAFolderIsRefused(_ name: String) throws {
        var parts = GameScore.query.parts
        parts.pluralName = name
        #expect(throws: RequestPathError.self) { try CortexDialect().render(parts) }
        #expect(throws: RequestPathError.self) { try CortexDialect().renderCreate([], pluralName: name) }
        #expect(throws: RequestPathError.self) { try ParseDialect().renderCount(parts) }
        #expect(throws: RequestPathError.self) {
            try ParseDialect().instancePath(pluralName: name, id: "Ed1nuqPvcm")
        }
    }
}
