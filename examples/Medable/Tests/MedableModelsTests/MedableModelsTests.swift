import Foundation
import MedableModels
import ModelRuntime
import Testing

/// The create body of Medable's iOS SDK documentation, a query and an update, with the models generated from the Cortex export.
@Suite struct MedableModelsTests {
    static let createBody = #"""
        {"c_date": "2026-11-22T10:15:30.000Z", "c_bool": true, "c_reference": "5a2f1b7c9d3e4f5a6b7c8d9e",
         "c_number": 42, "c_document": {"c_stringOne": "String One", "c_stringTwo": "String Two"},
         "c_string": "String Value", "c_any": {"c_anyKey": "any value"},
         "c_stringArray": ["value 1", "value 2", "value 3"]}
        """#

    @Test func theSDKsCreateBodyComesFromTheTypedCreate() throws {
        var create = Object.Create(string: "String Value")
        create.date = ISO8601DateCoding.date(from: "2026-11-22T10:15:30.000Z")
        create.isEnabled = true
        create.reference = ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e")
        create.number = 42
        create.document = .init()
        create.document?.stringOne = "String One"
        create.document?.stringTwo = "String Two"
        create.any = ["c_anyKey": "any value"]
        create.stringArray = ["value 1", "value 2", "value 3"]
        let request = try create.rendered(for: .cortex)
        #expect(request.method == "POST")
        #expect(request.path == "/c_objects")
        let sent = try JSONDecoder().decode(JSONValue.self, from: Data(request.body!.serialized.utf8))
        #expect(sent == (try JSONDecoder().decode(JSONValue.self, from: Data(Self.createBody.utf8))))
    }

    @Test func decodesTheObjectTheServerReturns() throws {
        var json = try JSONDecoder().decode(JSONValue.self, from: Data(Self.createBody.utf8))
        if case .object(var fields) = json {
            // What a read adds to the body: the id and Cortex's name of the object.
            fields["_id"] = "5a2f1b7c9d3e4f5a6b7c8d9f"
            fields["object"] = "c_object"
            json = .object(fields)
        }
        let object = try JSONDecoder().decode(Object.self, from: JSONEncoder().encode(json))
        #expect(object.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d9f"))
        #expect(object.object == "c_object")
        #expect(object.isEnabled == true)
        #expect(object.document?.stringTwo == "String Two")
        #expect(object.reference?.id == ObjectID("5a2f1b7c9d3e4f5a6b7c8d9e"))
    }

    @Test func aTypedQueryInCortexsWireFormat() throws {
        let query = Object.query
            .where { $0.number.gte(5) }
            .where { $0.number.lte(10) }
            .where { $0.string.hasPrefix("Str") }
            .sort { $0.number.descending }
            .limit(20)
            .expand { $0.reference }
        let items = try query.queryItems(dialect: .cortex)
        #expect(items.map(\.name) == ["where", "sort", "limit", "expand[]"])
        #expect(items[0].value == #"{"c_number":{"$gte":5,"$lte":10},"c_string":{"$regex":"/^Str/"}}"#)
        #expect(items[1].value == #"{"c_number":-1}"#)
    }

    @Test func anUpdateSaysExactlyWhatChanges() throws {
        var patch = Object.Patch()
        patch.string = .set("New")
        patch.number = .null
        patch.stringArray.push(["value 4"])
        let requests = try patch.rendered(id: ObjectID("5a2f1b7c9d3e4f5a6b7c8d9f")!, for: .cortex)
        // Sets, clears and a push go as one PATCH of operations, which Cortex applies all or nothing.
        #expect(requests.map(\.method) == ["PATCH"])
        #expect(requests.first?.path == "/c_objects/5a2f1b7c9d3e4f5a6b7c8d9f")
        #expect(
            requests.first?.body?.serialized
                == #"[{"op":"remove","path":"c_number"},{"op":"set","path":"c_string","value":"New"},"#
                + #"{"op":"push","path":"c_stringArray","value":["value 4"]}]"#
        )
    }

    @Test func picturesAreNamedFacetsThatUploadAfterTheCreate() throws {
        var create = Office.Create()
        create.stringProperty = "value of the string property"
        create.pictures = [
            FileUpload(facets: ["content": .init(data: Data([1, 2, 3]), mime: "image/jpeg")]),
            FileUpload(facets: [
                "c_original": .init(data: Data([4]), mime: "image/jpeg"),
                "c_overlay": .init(data: Data([5]), mime: "image/png"),
            ]),
        ]
        let body = try create.rendered(for: .cortex).body!.serialized
        #expect(
            body
                == #"{"c_stringProperty":"value of the string property","c_pictures":[{"content":"content.jpg"},{"c_original":"c_original.jpg","c_overlay":"c_overlay.png"}]}"#
        )
        #expect(create.files.map(\.path) == ["c_pictures[0]", "c_pictures[1]"])
    }
}
