import Foundation
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import ModelRuntimeTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The in-memory backends' refusals in the words and codes of the services they imitate, so that an app's error
// handling sees in its tests what it sees in production.

@Suite struct InMemoryBackendFaultTests {
    /// Cortex's faults carry the `errCode` an app tests them by, beside `code`, `name`, `status`, `reason` and
    /// `path`, as mdctl's `packages/mdctl-core/fault.js` (`toJSON`) reads a fault: an instance not found is
    /// `cortex.notFound.instance`, a duplicate key `cortex.conflict.duplicateKey`, a missing required property a
    /// `Validation error.` (`cortex.invalidArgument.validation`) whose fault for the property is
    /// `cortex.invalidArgument.required` (`kRequired`), any other bad argument `cortex.invalidArgument.unspecified`.
    @Test func cortexFaultsCarryTheirErrCode() async throws {
        let backend = InMemoryBackend(.cortex)
        await backend.register(Item.Create.self)
        await backend.requireUnique("c_name", in: "c_items")

        var (status, answer) = try await backend.answer(RenderedRequest(path: "/c_items/5f0000000000000000000009"))
        #expect(status == 404)
        #expect(answer["object"] == "fault" && answer["errCode"] == "cortex.notFound.instance", "\(answer)")
        #expect(answer["code"] == "kNotFound" && answer["status"] == 404 && answer["name"] == "db", "\(answer)")

        (status, answer) = try await backend.answer(
            RenderedRequest(method: "POST", path: "/c_items", body: .object([("c_count", .int(1))]))
        )
        #expect(status == 400)
        #expect(answer["errCode"] == "cortex.invalidArgument.validation" && answer["code"] == "kValidationError")
        #expect(answer["reason"] == "Validation error.", "\(answer)")
        let property = try #require(answer["faults"]?[0], "\(answer)")
        #expect(property["errCode"] == "cortex.invalidArgument.required" && property["code"] == "kRequired")
        #expect(property["object"] == "fault" && property["path"] == "c_name" && property["status"] == 400)

        let body = QueryJSON.object([("c_name", .string("a"))])
        (status, _) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: body))
        #expect(status == 200)
        (status, answer) = try await backend.answer(RenderedRequest(method: "POST", path: "/c_items", body: body))
        #expect(status == 409)
        #expect(answer["errCode"] == "cortex.conflict.duplicateKey", "\(answer)")

        (status, answer) = try await backend.answer(
            RenderedRequest(path: "/c_items", queryItems: [URLQueryItem(name: "limit", value: "0")])
        )
        #expect(status == 400)
        #expect(answer["errCode"] == "cortex.invalidArgument.unspecified" && answer["code"] == "kInvalidArgument")
    }
}
