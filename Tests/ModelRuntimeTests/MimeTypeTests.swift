import Foundation
import ModelRuntime
import Testing

/// A facet rule's mime types: exact types, wildcards, and no regard to case or parameters.
@Suite struct MimeTypeTests {
    func violations(_ mime: String, accepted: [String]) -> [Violation] {
        let upload = FileUpload(facets: ["content": .init(data: Data(count: 4), mime: mime)])
        return Validation.file(upload, rules: [FacetRule(name: "content", mimes: accepted)], at: "c_logo")
    }

    @Test(arguments: [
        ("image/png", ["image/png"]), ("image/png", ["image/*"]), ("application/pdf", ["*/*"]),
        ("IMAGE/JPEG", ["image/jpeg"]), ("text/plain; charset=utf-8", ["text/plain"]), ("image/png", ["image/*; q=1"]),
        ("image/gif", ["image/jpeg", "image/gif"]),
        // Cortex's passthru processors accept any file with a bare `*`, whatever its type says.
        ("text/html", ["*"]), ("application/octet-stream", ["*"]), ("not a mime type", ["*"]),
    ])
    func accepted(_ mime: String, _ accepted: [String]) {
        #expect(violations(mime, accepted: accepted).isEmpty)
    }

    @Test(arguments: [
        ("application/pdf", ["image/*"]), ("image/pngx", ["image/png"]), ("image", ["image/*"]),
        ("text/plain", ["image/plain"]), ("image/png", ["*/jpeg"]),
    ])
    func rejected(_ mime: String, _ accepted: [String]) {
        #expect(violations(mime, accepted: accepted).map(\.path) == ["c_logo.content"])
    }
}
