import Foundation
import ModelRuntime
import Testing

/// A rendered request's URL stays below the base URL whatever its path says: the path is pasted after the base URL's
/// text, so one that starts with neither `/` nor `?` would continue its host or its last segment.
@Suite struct RequestURLTests {
    /// After a base URL without a path, `.evil.example/x` and `@evil.example/x` would name another host and `:8443/x`
    /// another port; after `…/v2`, `x` would be the route `…/v2x`. Each is refused before a URL is made.
    @Test(arguments: [
        ".evil.example/steal", "@evil.example/steal", ":8443/admin", "x", "evil.example", "%2Fx", "-x", "~x",
    ])
    func aPathThatDoesNotStartWithASlashIsRefused(path: String) throws {
        for text in ["https://api.example.com", "https://api.example.com/", "https://api.example.com/v2"] {
            let base = try #require(URL(string: text))
            let error = #expect(throws: RequestPathError.self) { try RenderedRequest(path: path).url(relativeTo: base) }
            #expect(error?.reason == .notAURL, "\(path) after \(text)")
            #expect(error?.value == path)
        }
    }

    /// A path from `/` on, a query alone, and no path at all stay on the base URL's host and below its path.
    @Test(arguments: [
        ("/c_items", "https://api.example.com/v2/c_items"), ("?where=1", "https://api.example.com/v2?where=1"),
        ("", "https://api.example.com/v2"), ("//evil.example/x", "https://api.example.com/v2//evil.example/x"),
        ("/@evil.example", "https://api.example.com/v2/@evil.example"),
    ])
    func aPathFromASlashOnStaysBelowTheBaseURL(path: String, expected: String) throws {
        let base = try #require(URL(string: "https://api.example.com/v2"))
        let url = try RenderedRequest(path: path).url(relativeTo: base)
        #expect(url.absoluteString == expected)
        #expect(url.host == "api.example.com")
        #expect(url.port == nil)
    }
}
