import Testing

@testable import ModelGeneratorCore

/// A Parse Server on Postgres keeps each class's schema as a row of its `_SCHEMA` table: `GET /schemas`' class with
/// the fields the server stores for itself, which its answers leave out (parse-server
/// `src/Adapters/Storage/Postgres/PostgresStorageAdapter.js`, `toPostgresSchema` and `toParseSchema`). Given the
/// rows, the generator reads what the server answers, as it does for `GET /schemas`.
@Suite struct ParseStoredSchemaTests {
    /// The rows in the shape `toPostgresSchema` writes them: `_rperm` and `_wperm` in every class, with a `contents`
    /// type, and `_User`'s `_hashed_password` and `_password_history`.
    static let postgresRows = #"""
        {"results": [
          {"className": "_User", "fields": {
            "objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"},
            "_rperm": {"type": "Array", "contents": {"type": "String"}},
            "_wperm": {"type": "Array", "contents": {"type": "String"}},
            "_hashed_password": {"type": "String"}, "_password_history": {"type": "Array"},
            "username": {"type": "String"}, "email": {"type": "String"}, "nickname": {"type": "String"}},
           "classLevelPermissions": {"find": {"*": true}}},
          {"className": "Survey", "fields": {
            "objectId": {"type": "String"}, "createdAt": {"type": "Date"}, "updatedAt": {"type": "Date"},
            "_rperm": {"type": "Array", "contents": {"type": "String"}},
            "_wperm": {"type": "Array", "contents": {"type": "String"}},
            "title": {"type": "String"}, "owner": {"type": "Pointer", "targetClass": "_User"}}}
        ]}
        """#

    @Test func theFieldsParseServerKeepsForItselfAreNoProperties() throws {
        let config = ServerDefaultTests.config("schema.json", "parse")
        let result = generate(config: config, ["schema.json": Self.postgresRows])
        // Read as the server's answer is: no error, and no warning about the storage form's `contents`.
        #expect(messages(result).isEmpty, "\(messages(result))")
        let user = try #require(file(result, "User.swift"))
        let survey = try #require(file(result, "Survey.swift"))
        for output in [user, survey] {
            for name in ["rperm", "wperm", "hashedPassword", "passwordHistory", "_rperm", "_hashed_password"] {
                #expect(!output.contains(name), "\(name) in \(output)")
            }
        }
        #expect(user.contains("public var nickname: Optional<String>"), "\(user)")
        #expect(survey.contains("public var title: Optional<String>"), "\(survey)")
    }
}
