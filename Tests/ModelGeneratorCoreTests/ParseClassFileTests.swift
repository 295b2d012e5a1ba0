import Testing

@testable import ModelGeneratorCore

/// `@openinc/parse-server-schema` (open-inc/node-parse-server-schema, `down` and `up`) keeps a server's schema as one
/// file per class, `schema/classes/<className>.json`, each `{"fields": …, "classLevelPermissions": …}` as
/// `GET /schemas` gives them, without the `className`: the file's name is the class's name, and `up` reads it from
/// there (`getLocalSchema`). The generator reads such a file the same way.
@Suite struct ParseClassFileTests {
    /// The shape `down` writes (`JSON.stringify({ fields, classLevelPermissions }, null, 2)`), fields in order of
    /// their names and without the four every class has, as `pickSchema` leaves them out.
    static let dashboard = """
        {
          "fields": {
            "name": {
              "type": "String"
            },
            "user": {
              "type": "Pointer",
              "targetClass": "_User",
              "required": true
            },
            "widgets": {
              "type": "Array"
            }
          },
          "classLevelPermissions": {
            "find": {
              "requiresAuthentication": true
            }
          }
        }

        """

    @Test func aClassFileWithoutItsNameIsTheClassOfTheFilesName() throws {
        let result = generate(
            config: "schemas: [schema/classes]\noutput: Generated\n",
            ["schema/classes/Dashboard.json": Self.dashboard]
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        let schema = try #require(result.schema)
        #expect(schema.objects.map(\.apiName) == ["Dashboard"])
        let (classes, _) = SchemaLoader.load(Self.dashboard, file: "schema/classes/Dashboard.json")
        #expect(classes.map(\.format) == [.parse])
        let dashboard = try #require(file(result, "Dashboard.swift"))
        #expect(dashboard.contains("public var widgets: Optional<[JSONValue]>"), "\(dashboard)")
        #expect(dashboard.contains("public var name: Optional<String>"), "\(dashboard)")
    }

    /// A file name Parse Server would refuse as a class name (a copy's, with a space) is an error at the start of the
    /// file, and nothing is written; the other class files are read as ever.
    @Test func aFileNameNoClassCanHaveIsALocatedError() {
        let result = generate(
            config: "schemas: [schema/classes]\noutput: Generated\n",
            ["schema/classes/Dashboard copy.json": Self.dashboard, "schema/classes/Dashboard.json": Self.dashboard]
        )
        #expect(
            messages(result) == [
                "schema/classes/Dashboard copy.json:1:1: error: this Parse class has no 'className', and the name of its file, 'Dashboard copy', is no Parse class name"
            ]
        )
        #expect(result.files.isEmpty)
    }

    /// A system class's file keeps its underscore, and gets the fields the server gives it.
    @Test func aSystemClassFileIsThatClass() throws {
        let result = generate(
            config: "schemas: [schema/classes]\noutput: Generated\n",
            ["schema/classes/_User.json": #"{"fields": {"nickname": {"type": "String"}}}"#]
        )
        #expect(messages(result).isEmpty, "\(messages(result))")
        #expect(result.schema?.objects.map(\.apiName) == ["_User"])
        let user = try #require(file(result, "User.swift"))
        #expect(user.contains("public var username: Optional<String>"), "\(user)")
    }
}
