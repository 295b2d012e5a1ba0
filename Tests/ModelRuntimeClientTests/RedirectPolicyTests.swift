import Foundation
import ModelRuntime
import Testing

@testable import ModelRuntimeClient

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each redirect policy sends for a redirect, decided before anything goes out.
@Suite struct RedirectPolicyTests {
    static let origin = URL(string: "https://api.example.com/org/v2/objects")!

    static func redirect(to target: String, method: String = "GET") -> URLRequest {
        var request = URLRequest(url: URL(string: target)!)
        request.httpMethod = method
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        request.setValue("client-key", forHTTPHeaderField: "Medable-Client-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if method != "GET" { request.httpBody = Data("{}".utf8) }
        return request
    }

    @Test(arguments: [RedirectPolicy.dropCredentialsCrossOrigin, .refuseCrossOrigin])
    func aRedirectWithinTheOriginIsFollowedAsItIs(policy: RedirectPolicy) throws {
        for target in ["https://api.example.com/org/v2/objects?page=2", "https://API.example.com:443/other"] {
            let redirected = Self.redirect(to: target, method: "POST")
            #expect(policy.follow(redirected, from: Self.origin) == redirected)
        }
    }

    @Test func theDefaultFollowsAnotherOriginWithoutCredentials() throws {
        let followed = try #require(
            RedirectPolicy.dropCredentialsCrossOrigin.follow(
                Self.redirect(to: "https://cdn.example.com/file"),
                from: Self.origin
            )
        )
        #expect(followed.url?.host == "cdn.example.com")
        #expect(followed.allHTTPHeaderFields == ["Accept": "application/json"])
    }

    @Test(arguments: [
        "https://cdn.example.com/file", "http://api.example.com/org/v2/objects", "https://api.example.com:8443/x",
    ])
    func refuseCrossOriginRefusesEveryOtherOrigin(target: String) {
        #expect(RedirectPolicy.refuseCrossOrigin.follow(Self.redirect(to: target), from: Self.origin) == nil)
    }

    @Test(arguments: [RedirectPolicy.dropCredentialsCrossOrigin, .refuseCrossOrigin])
    func aBodyIsNeverResentToAnotherOrigin(policy: RedirectPolicy) {
        let redirected = Self.redirect(to: "https://cdn.example.com/upload", method: "POST")
        #expect(policy.follow(redirected, from: Self.origin) == nil)
    }

    /// After another origin, requests go through a session without what the app's configuration adds to every
    /// request: its cookies (stored, or taken from an answer), its stored credentials, and its additional headers but
    /// those that carry no credential. The app's configuration stays as it was.
    @Test func anotherOriginIsAskedThroughASessionWithoutTheConfigurationsCredentials() throws {
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = HTTPCookieStorage.shared
        configuration.httpAdditionalHeaders = [
            "Authorization": "Bearer secret", "X-Parse-Application-Id": "app-id", "Medable-Client-Key": "client-key",
            "accept-language": "fr", "User-Agent": "app/1",
        ]
        let anonymous = URLSessionTransport.configurationAfterAnotherOrigin(configuration)
        #expect(anonymous.httpCookieStorage == nil)
        #expect(!anonymous.httpShouldSetCookies)
        #expect(anonymous.httpCookieAcceptPolicy == .never)
        #expect(anonymous.urlCredentialStorage == nil)
        let kept = Set((anonymous.httpAdditionalHeaders ?? [:]).keys.compactMap { $0 as? String })
        #expect(kept == ["accept-language", "User-Agent"])
        #expect(anonymous.timeoutIntervalForRequest == configuration.timeoutIntervalForRequest)
        #expect(configuration.httpAdditionalHeaders?.count == 5)
        #expect(configuration.httpCookieStorage != nil)
    }

    static func answer(_ status: Int, location: String?) -> HTTPURLResponse {
        HTTPURLResponse(
            url: origin,
            statusCode: status,
            httpVersion: "HTTP/1.1",
            headerFields: location.map { ["Location": $0] } ?? [:]
        )!
    }

    static func request(_ method: String, body: String? = nil) -> URLRequest {
        var request = URLRequest(url: origin)
        request.httpMethod = method
        request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }

    /// A `303`, and a `301` or `302` after a `POST`, ask for the target with a `GET` and no body, as URLSession and
    /// browsers read them; a `307` or `308` keeps the method and the body. Headers stay: the policy decides them.
    @Test(arguments: [
        (303, "POST", "GET", false), (303, "PUT", "GET", false), (303, "HEAD", "HEAD", false),
        (301, "POST", "GET", false), (302, "POST", "GET", false), (302, "PATCH", "PATCH", true),
        (307, "POST", "POST", true), (308, "PUT", "PUT", true), (301, "GET", "GET", false),
    ])
    func aRedirectAsksForTheMethodHTTPSays(status: Int, method: String, expected: String, keepsBody: Bool) throws {
        let body: String? = method == "GET" || method == "HEAD" ? nil : "{}"
        let next = try #require(
            URLSessionTransport.redirection(
                after: Self.answer(status, location: "https://cdn.example.com/x"),
                of: Self.request(method, body: body)
            )
        )
        #expect(next.url?.absoluteString == "https://cdn.example.com/x")
        #expect(next.httpMethod == expected)
        #expect((next.httpBody != nil) == keepsBody)
        #expect((next.value(forHTTPHeaderField: "Content-Type") != nil) == keepsBody)
        #expect(next.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    }

    /// A relative `Location` is read against the request's URL (RFC 3986): a path without a `/` replaces the last
    /// segment, `//host` keeps the scheme. A scheme is written in lowercase, which FoundationNetworking needs.
    @Test(arguments: [
        ("page", "https://api.example.com/org/v2/page"), ("/root?x=1", "https://api.example.com/root?x=1"),
        ("../v1/objects", "https://api.example.com/org/v1/objects"),
        ("HTTPS://CDN.example.com/f?q=A", "https://CDN.example.com/f?q=A"),
        ("//cdn.example.com/f", "https://cdn.example.com/f"),
    ])
    func aRelativeLocationIsReadAgainstTheRequest(location: String, expected: String) throws {
        let next = try #require(
            URLSessionTransport.redirection(after: Self.answer(302, location: location), of: Self.request("GET"))
        )
        #expect(next.url?.absoluteString == expected)
    }

    /// No redirect to follow: another status, no `Location`, a scheme other than HTTP's, a body in a stream.
    @Test func whatIsNoRedirectComesBackAsTheAnswer() {
        let get = Self.request("GET")
        #expect(URLSessionTransport.redirection(after: Self.answer(300, location: "/x"), of: get) == nil)
        #expect(URLSessionTransport.redirection(after: Self.answer(304, location: "/x"), of: get) == nil)
        #expect(URLSessionTransport.redirection(after: Self.answer(302, location: nil), of: get) == nil)
        #expect(
            URLSessionTransport.redirection(after: Self.answer(302, location: "file:///etc/passwd"), of: get) == nil
        )
        #expect(URLSessionTransport.redirection(after: Self.answer(301, location: "ftp://x.example/f"), of: get) == nil)
        var streamed = Self.request("PUT")
        streamed.httpBodyStream = InputStream(data: Data("{}".utf8))
        #expect(URLSessionTransport.redirection(after: Self.answer(307, location: "/x"), of: streamed) == nil)
        #expect(
            URLSessionTransport.redirection(after: Self.answer(303, location: "/x"), of: streamed)?.httpMethod == "GET"
        )
    }
}
