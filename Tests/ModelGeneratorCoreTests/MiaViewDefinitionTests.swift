import Foundation
import Testing

@testable import ModelGeneratorCore

/// The CRUD service loads views from a folder of their own (`VIEWS_DEFINITION_FOLDER`, crud-service `index.js`): each
/// a name, a source collection and a pipeline, whose fields are those of the collection definition of the same name
/// (`lib/mergeViewsInCollections.js`). Given to the generator, a view definition is refused with what to give instead;
/// the collection definition of a view, which has its fields, is read as a collection.
@Suite struct MiaViewDefinitionTests {
    /// crud-service's own `tests/viewsDefinitions/felines.js` @ bd42789 (Apache-2.0), its object as JSON.
    static let felinesView = """
        {
          "name": "felines",
          "source": "animals",
          "type": "view",
          "pipeline": [
            {"$match": {"family": "felines"}},
            {"$project": {"_id": 1, "name": 1, "updaterId": 1, "updatedAt": 1, "creatorId": 1, "createdAt": 1,
                          "weight": 1, "__STATE__": 1}}
          ]
        }
        """

    /// crud-service's own `tests/viewsDefinitions/store-open.js` @ bd42789 (Apache-2.0), its object as JSON. A view
    /// needs no `type`: the service makes every definition of its views folder one (`lib/mergeViewsInCollections.js`
    /// sets `type: 'view'`).
    static let storeOpenView = """
        {
          "name": "store-open",
          "source": "store",
          "pipeline": [
            {"$match": {"currentlyWorking": true}},
            {"$project": {"_id": 1, "name": 1, "updaterId": 1, "updatedAt": 1, "creatorId": 1, "createdAt": 1,
                          "address": 1, "__STATE__": 1}}
          ]
        }
        """

    /// With `type: view` or without it, with the Mia-Platform dialect or the one the file implies.
    @Test(
        arguments: [("felines", "animals", felinesView), ("store-open", "store", storeOpenView)],
        ["", "dialect: mia\n"]
    )
    func aViewDefinitionIsRefusedWithWhereItsFieldsAre(
        view: (name: String, source: String, text: String),
        dialect: String
    ) {
        let result = generate(
            config: "schemas: [views]\noutput: Generated\n\(dialect)",
            ["views/\(view.name).json": view.text]
        )
        #expect(
            messages(result) == [
                "views/\(view.name).json:1:1: error: this is a view definition of the CRUD service over '\(view.source)', not a collection definition: the service takes the view's fields from the collection definition '\(view.name)'"
            ]
        )
        #expect(result.diagnostics.sorted.first?.hint?.contains("COLLECTION_DEFINITION_FOLDER") == true)
        #expect(result.files.isEmpty)
    }

    /// In a list of definitions, the view is refused at its place and nothing is written: one run, one answer.
    @Test func aViewInAListIsRefusedAtItsPlace() {
        let collection = #"{"name": "felines", "endpointBasePath": "/felines", "fields": []}"#
        let result = generate(
            config: "schemas: [all.json]\noutput: Generated\ndialect: mia\n",
            ["all.json": "[\(collection),\n\(Self.felinesView)]"]
        )
        let refusals = messages(result)
        #expect(refusals.count == 1 && refusals[0].hasPrefix("all.json:2:1: error: this is a view definition"))
        #expect(result.files.isEmpty)
    }

    /// crud-service's `canines`, a view's collection definition (`type: view` with its `fields`), stays a model.
    @Test func aViewsCollectionDefinitionIsACollection() throws {
        let path = RealSchemaTests.directory.appendingPathComponent("mia/collections/canines.json").path
        let (objects, diagnostics) = SchemaLoader.load(try TestFiles.disk.read(path), file: "canines.json")
        #expect(!diagnostics.hasErrors, "\(diagnostics.sorted)")
        #expect(objects.map(\.name.value) == ["canines"])
        #expect(objects.first?.properties.isEmpty == false)
    }
}
