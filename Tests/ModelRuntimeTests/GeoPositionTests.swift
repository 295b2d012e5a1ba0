import Foundation
import ModelRuntime
import Testing

@Suite struct GeoPositionTests {
    /// The CRUD service's GeoPoint, `[longitude, latitude(, altitude)]` (crud-service's `tests/filesFixtures/books.json`
    /// writes `[10, 20, 30.5]`), and its GeoJSON form.
    @Test func bothFormsDecode() throws {
        let position = try JSONDecoder().decode(GeoPosition.self, from: Data("[10, 20, 30.5]".utf8))
        #expect(position == GeoPosition(longitude: 10, latitude: 20, altitude: 30.5))
        let point = try JSONDecoder().decode(
            GeoPosition.self,
            from: Data(#"{"type": "Point", "coordinates": [10, 20]}"#.utf8)
        )
        #expect(point.longitude == 10 && point.latitude == 20)
    }

    /// An array with an element that is no number is refused at that element, as an array: it used to be reported
    /// as no object ("expected to decode Dictionary but found an array"), the other form's error.
    @Test func anArrayWithSomethingElseIsRefusedAtTheElement() throws {
        let payload = Data(#"{"position": [9.19, "45.46"]}"#.utf8)
        for decode in [
            { try JSONDecoder().decode([String: GeoPosition].self, from: payload) },
            { try JSONValue(parsing: payload).decoded(as: [String: GeoPosition].self) },
        ] {
            #expect {
                _ = try decode()
            } throws: { error in
                guard case DecodingError.typeMismatch(let type, let context) = error else { return false }
                return type == Double.self
                    && context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["position", "1"]
            }
        }
    }
}
