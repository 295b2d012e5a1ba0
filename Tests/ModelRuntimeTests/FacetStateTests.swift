import Foundation
import ModelRuntime
import Testing

@Suite struct FacetStateTests {
    @Test(arguments: [
        (0, FacetState.pending),
        (1, .processing),
        (2, .ready),
        (3, .error),
        (4, .unknown(4)),
        (7, .unknown(7)),
        (-1, .unknown(-1)),
    ])
    func mapsCortexNumbersBothWays(rawValue: Int, state: FacetState) throws {
        #expect(FacetState(rawValue: rawValue) == state)
        #expect(state.rawValue == rawValue)
        #expect(try decode(FacetState.self, from: "\(rawValue)") == state)
        #expect(try encodedJSON(state) == .int(rawValue))
    }

    @Test func unknownNumbersKeepTheirValue() throws {
        let state = try decode(FacetState.self, from: "7")
        guard case .unknown(let rawValue) = state else {
            Issue.record("Expected .unknown, got \(state)")
            return
        }
        #expect(rawValue == 7)
    }

    @Test func equalityFollowsTheNumber() {
        #expect(FacetState.unknown(2) == .ready)
        #expect(FacetState.unknown(2).hashValue == FacetState.ready.hashValue)
        #expect(FacetState.unknown(5) != .unknown(6))
        #expect(Set<FacetState>([.pending, .unknown(0), .ready]).count == 2)
    }

    @Test func nonNumberThrowsTypeMismatch() {
        #expect {
            try decode([FacetState].self, from: #"["ready"]"#)
        } throws: { error in
            guard case DecodingError.typeMismatch(_, let context) = error else { return false }
            return pathDescription(context.codingPath) == "[0]"
        }
    }
}
