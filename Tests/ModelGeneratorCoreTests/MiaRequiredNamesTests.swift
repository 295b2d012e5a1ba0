import Testing

@testable import ModelGeneratorCore

/// A JSON Schema `required` that names no property of its schema. crud-service keeps the name in its request schemas
/// (`JSONSchemaGenerator.js`, `collectionFieldsProperties`, at mia-platform/crud-service@bd427899, leaves out only the
/// fields it gives every document), and Ajv checks `required` before it removes members the schema doesn't define
/// (its validation vocabulary comes before the applicator one), so every create without the member fails; no
/// generated body has it. A warning at the name.
@Suite struct MiaRequiredNamesTests {
    /// Collection `things`, whose `required` is at column 91, and an object property `box` with its own.
    static func collection(required: String, boxRequired: String = "[]") -> String {
        #"{"name": "things", "endpointBasePath": "/things", "schema": {"type": "object", "required": \#(required), "properties": {"_id": {"type": "string", "__mia_configuration": {"type": "ObjectId"}}, "name": {"type": "string"}, "box": {"type": "object", "required": \#(boxRequired), "properties": {"size": {"type": "number"}}}}}}"#
    }

    static func warnings(_ text: String) -> [String] {
        let (_, diagnostics) = SchemaLoader.load(text, file: "things.json")
        return diagnostics.all.map { "\($0.location): \($0.severity) \($0.message)" }
    }

    @Test func aRequiredNameThatIsNoPropertyIsAWarningAtIt() {
        #expect(
            Self.warnings(Self.collection(required: #"["_id", "nmae"]"#)) == [
                "things.json:1:100: warning 'required' of 'things' names 'nmae', which is none of its properties: the CRUD service refuses every create without it, and no generated body sends it"
            ]
        )
        let (_, diagnostics) = SchemaLoader.load(Self.collection(required: #"["nmae"]"#), file: "things.json")
        #expect(diagnostics.all.first?.hint == "did you mean 'name'?")
    }

    /// An object property's schema is kept whole in the request schemas: its `required` counts too.
    @Test func anObjectPropertysRequiredNameThatIsNoPropertyIsAWarning() {
        let warnings = Self.warnings(Self.collection(required: #"["name"]"#, boxRequired: #"["sizes"]"#))
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'required' of 'box' names 'sizes'") == true, "\(warnings)")
    }

    /// The fields the service gives every document may be required without being listed: it leaves them out of the
    /// collection's `required` itself. Inside an object property, they are names like any other.
    @Test func theServicesOwnFieldsMayBeRequiredUnlisted() {
        let required = #"["_id", "creatorId", "createdAt", "updaterId", "updatedAt", "__STATE__", "name"]"#
        #expect(Self.warnings(Self.collection(required: required)).isEmpty)
        let inBox = Self.warnings(Self.collection(required: "[]", boxRequired: #"["createdAt"]"#))
        #expect(inBox.count == 1, "\(inBox)")
    }
}
