import Testing

@testable import ModelGeneratorCore

/// Tables of Mia-Platform's CRUD SQL service: their configurations look like CRUD service collections (`name`,
/// `endpointBasePath`, a JSON Schema `schema`) but have a `metadata` with the primary key, and are refused there.
/// The real table of Mia-Platform's template is in `RealSchemaTests`.
@Suite struct MiaCRUDSQLTests {
    /// A table as CRUD SQL's configuration page documents it: documented types only, a primary key of two columns,
    /// `manageIdColumn` as a boolean.
    static let table = """
        {
          "version": 1,
          "id": "loans",
          "name": "loans",
          "endpointBasePath": "/loans",
          "schema": {
            "type": "object",
            "required": ["branch", "number"],
            "properties": {
              "branch": {"type": "string"},
              "number": {"type": "integer"},
              "amount": {"type": "number"},
              "open": {"type": "boolean"},
              "createdAt": {"type": "string", "format": "date-time"}
            }
          },
          "metadata": {
            "primaryKey": ["branch", "number"],
            "manageIdColumn": false,
            "createdAt": "createdAt"
          }
        }
        """

    static let refusal =
        "error: this is a table configuration of Mia-Platform's CRUD SQL service ('loans'), not a CRUD service collection: its 'metadata' names the table's primary key. The generator doesn't read CRUD SQL tables"

    @Test func aTableIsRefusedAtItsMetadataAndNothingIsWritten() {
        let result = generate(
            config: "schemas: [loans.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n",
            ["loans.json": Self.table]
        )
        #expect(messages(result) == ["loans.json:17:3: \(Self.refusal)"])
        #expect(result.files.isEmpty)
    }

    /// Without `endpointBasePath` or `schema` the file is still recognized by its `metadata`, and refused as a
    /// table rather than read as some other format.
    @Test func aTableIsRecognizedByItsMetadataAlone() {
        let (objects, diagnostics) = SchemaLoader.load(
            #"{"name": "loans", "metadata": {"manageIdColumn": "true"}}"#,
            file: "loans.json"
        )
        #expect(objects.isEmpty)
        #expect(
            diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "loans.json:1:19: \(Self.refusal)"
            ]
        )
    }

    /// In a list of definitions, the table is refused and the CRUD service collections beside it are read as ever,
    /// also one with a property called `metadata` that has a `primaryKey` of its own.
    @Test func aTableInAListIsRefusedAndTheCollectionsBesideItAreRead() throws {
        let collection = """
            {"name": "books", "endpointBasePath": "/books", "schema": {"type": "object", "properties": {
              "metadata": {"type": "object", "properties": {"primaryKey": {"type": "string"}}}
            }}}
            """
        let (objects, diagnostics) = SchemaLoader.load("[\(collection),\n\(Self.table)]", file: "all.json")
        #expect(objects.map(\.name.value) == ["books"])
        #expect(objects.first?.format == .mia)
        #expect(
            diagnostics.sorted.map { "\($0.location): \($0.severity.rawValue): \($0.message)" } == [
                "all.json:20:3: \(Self.refusal)"
            ]
        )
    }
}
