import Foundation
import ModelRuntime
import ModelRuntimeClient
import Testing

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
}
