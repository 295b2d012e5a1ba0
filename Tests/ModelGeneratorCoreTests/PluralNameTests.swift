import ModelGeneratorCore
import Testing

/// An object's plural name is its collection's place in every request path. One that names the collection's parent or
/// nothing (`..`, `.`, an empty segment of a Mia-Platform base path) could never be sent, and the runtime refuses it at
/// every request: the generator says so at the object, and writes nothing.
@Suite struct PluralNameTests {
    @Test(arguments: ["..", ".", "%2E%2E", "%252E%252e"]) func aCortexPluralNameThatNamesAFolderIsAnError(
        _ plural: String
    ) {
        let schema = #"{"object": "object", "name": "c_a", "label": "A", "pluralName": "\#(plural)", "properties": []}"#
        let result = generate(config: "schemas: [a.json]\noutput: Generated\n", ["a.json": schema])
        #expect(
            messages(result) == [
                "a.json:1:30: error: object 'c_a' has the plural name '\(plural)', which can't be part of a request "
                    + "path: it names the collection's parent or nothing"
            ],
            "\(messages(result))"
        )
        #expect(result.files.isEmpty)
    }

    /// A Mia-Platform base path may have several segments (`orders/v2`); each is checked, decoded as often as the
    /// runtime decodes it.
    @Test(arguments: ["..", "%252e%252E"]) func aMiaBasePathWithAFolderSegmentIsAnError(_ folder: String) {
        let collection = """
            {"defaultName": "books", "type": "collection",
             "fields": [{"name": "title", "type": "string", "required": true, "nullable": false}],
             "internalEndpoints": [{"basePath": "/books/\(folder)/users"}]}
            """
        let result = generate(config: "schemas: [books.json]\noutput: Generated\n", ["books.json": collection])
        #expect(
            messages(result).contains {
                $0.contains("plural name 'books/\(folder)/users', whose segment '\(folder)' can't")
            },
            "\(messages(result))"
        )
        let fine = collection.replacingOccurrences(of: "/books/\(folder)/users", with: "/orders/v2")
        let accepted = generate(config: "schemas: [books.json]\noutput: Generated\n", ["books.json": fine])
        #expect(!accepted.diagnostics.hasErrors, "\(messages(accepted))")
        #expect(accepted.files.contains { $0.contents.contains(#""orders/v2""#) })
    }
}
