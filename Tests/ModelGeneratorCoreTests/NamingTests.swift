import Testing

@testable import ModelGeneratorCore

@Suite struct NamingTests {
    let naming = SwiftNaming(stripPrefixes: ["c_", "c_x_"])

    @Test(arguments: [
        ("c_string", "string"),
        ("c_stringArray", "stringArray"),
        ("_id", "id"),
        ("c_in_person", "inPerson"),
        ("first-name", "firstName"),
        ("first name", "firstName"),
        ("c_2fa", "_2fa"),
        ("2fa", "_2fa"),
        ("café_crème", "cafeCreme"),
        ("c_URLString", "urlString"),
        ("URL", "url"),
        ("c_x_value", "value"),
        ("c_", "c"),
        ("---", "unnamed"),
        ("iPhone", "iPhone"),
        ("Name", "name"),
    ])
    func propertyNames(_ apiName: String, _ expected: String) {
        #expect(naming.propertyName(apiName) == expected)
    }

    @Test(arguments: [
        ("c_object", "Object"),
        ("c_in_person", "InPerson"),
        ("account", "Account"),
        ("c_3d_model", "_3dModel"),
        ("blog-post", "BlogPost"),
    ])
    func typeNames(_ apiName: String, _ expected: String) {
        #expect(naming.typeName(apiName) == expected)
    }

    @Test(arguments: [
        ("class", "`class`"), ("default", "`default`"), ("self", "`self`"), ("Type", "`Type`"),
        ("protocol", "`protocol`"), ("init", "`init`"), ("Self", "`Self`"), ("name", "name"), ("type", "type"),
    ])
    func keywordsAreEscaped(_ name: String, _ expected: String) {
        #expect(SwiftNaming.escaped(name) == expected)
    }

    @Test(arguments: [
        ("in-progress", "inProgress"), ("", "empty"), ("2x", "_2x"), ("DONE", "done"), ("new", "new"),
    ])
    func enumCases(_ value: String, _ expected: String) {
        #expect(naming.caseName(value) == expected)
    }

    @Test(arguments: [
        ("Notes", "Note"), ("Entries", "Entry"), ("Addresses", "Address"), ("Boxes", "Box"), ("Status", "Status"),
        ("Class", "Class"), ("Days", "Day"), ("Data", "Data"), ("Analysis", "Analysis"),
    ])
    func singulars(_ plural: String, _ expected: String) {
        #expect(Singular.of(plural) == expected)
    }

    @Test func suggestionsFindCloseWords() {
        #expect(Suggestion.closest(to: "schema", in: GeneratorConfig.keys) == "schemas")
        #expect(Suggestion.closest(to: "acessModifier", in: GeneratorConfig.keys) == "accessModifier")
        #expect(Suggestion.closest(to: "zzzzzz", in: GeneratorConfig.keys) == nil)
    }
}
