import Foundation
import GoldenQueries
import ModelRuntime
import Testing

@Suite struct QuerySmokeTests {
    @Test func cortexExample() throws {
        let query = Thing.query
            .where { $0.created.gt(ISO8601DateCoding.date(from: "2015-01-01T00:00:00.000Z")!).and($0.bpm.lte(70)) }
            .sort { [$0.bpm.descending, $0.id.ascending] }
            .skip(100).limit(20)
            .paths { [$0.name, $0.creator.name.first] }
            .include { $0.optional }
            .expand { $0.owner }
        let rendered = try query.rendered(for: .cortex)
        print(rendered.path + "?" + rendered.queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        #expect(
            rendered.queryItems.first?.value
                == #"{"$and":[{"created":{"$gt":"2015-01-01T00:00:00.000Z"}},{"c_bpm":{"$lte":70}}]}"#
        )
    }
}
