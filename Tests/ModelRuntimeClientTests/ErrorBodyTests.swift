import Foundation
import ModelRuntime
import ModelRuntimeClient
import Testing

/// Real error bodies, and what the client makes of them.
@Suite struct ErrorBodyTests {
    /// The field paths of a 400 the Mia-Platform CRUD service answers with `body`.
    private func fields(_ body: String) throws -> [String]? {
        let json = try JSONValue(parsing: Data(body.utf8))
        let error = ModelClientError.server(
            status: 400,
            code: json["error"]?.stringValue,
            message: json["message"]?.stringValue,
            body: Data(body.utf8)
        )
        guard case .validation(let fields) = error.refusal else { return nil }
        return fields
    }

    /// The CRUD service's validation answers, as its tests assert them (mia-platform/crud-service @
    /// bd427899a7d7b52090203447a868f889b1e559ef, `tests/httpInterface.postList.test.js` lines 352-356, 390-394,
    /// 429-434 and 468-472, `tests/httpInterface.postBulk.test.js` line 592): each names the field it refuses,
    /// a missing or undefined property included, once.
    @Test func aMiaValidationMessageNamesEveryFieldItRefuses() throws {
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/metadata must have required property 'somethingNumber'","code":"FST_ERR_VALIDATION"}"#
            ) == ["metadata.somethingNumber"]
        )
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/metadata must NOT have additional properties. Property \"unexpectedField\" is not defined in validation schema"}"#
            ) == ["metadata.unexpectedField"]
        )
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/attachments/0 must have required property 'name', body/attachments must be object, body/attachments must match a schema in anyOf","code":"FST_ERR_VALIDATION"}"#
            ) == ["attachments.0.name", "attachments"]
        )
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/attachments/0 must NOT have additional properties, body/attachments must be object, body/attachments must match a schema in anyOf. Property \"unexpectedField\" is not defined in validation schema"}"#
            ) == ["attachments.0.unexpectedField", "attachments"]
        )
        // A pattern whose text holds `, ` is part of its error, not the start of another.
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/0/publishDate must match pattern \"^\\d{4}, x\""}"#
            ) == ["0.publishDate"]
        )
        // A message whose property's quote is the suffix's own names no undefined property (its range trapped).
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body must NOT have additional properties. Property \" is not defined in validation schema"}"#
            ) == []
        )
        #expect(
            try fields(#"{"statusCode":400,"message":". Property \" is not defined in validation schema"}"#) == []
        )
        // Fastify names a missing member of the body itself after `body` and a space.
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body must have required property 'name'"}"#
            ) == ["name"]
        )
        #expect(try fields(#"{"statusCode":400,"error":"Bad Request","message":"body must be object"}"#) == [])
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body.metadata should have required property 'somethingNumber'"}"#
            ) == ["metadata.somethingNumber"]
        )
    }
}

extension ErrorBodyTests {
    /// A PATCH's refusal points into the update operator (crud-service @ bd427899,
    /// `tests/httpInterface.patchById.special.test.js`: `body/$addToSet must NOT have additional properties. Property
    /// "name" …`, `body/$set/tagIds.$.replace must be number`); the fields it names are the properties' paths in the
    /// object, as a create's are, without the operator.
    @Test func aMiaPatchRefusalNamesThePropertyNotTheOperator() throws {
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/$addToSet must NOT have additional properties. Property \"name\" is not defined in validation schema"}"#
            ) == ["name"]
        )
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/$set/c_count must be number","code":"FST_ERR_VALIDATION"}"#
            ) == ["c_count"]
        )
        #expect(
            try fields(
                #"{"statusCode":400,"error":"Bad Request","message":"body/$set/metadata.size must be number","code":"FST_ERR_VALIDATION"}"#
            ) == ["metadata.size"]
        )
    }

    /// A `$push` or `$addToSet` of an element the collection refuses (crud-service @ bd427899,
    /// `tests/httpInterface.patchById.special.test.js` lines 870-875, 902-906, 1100-1105 and 1130-1134): Fastify
    /// also lists what each other form of the operator's value lacks (`{"$each": […]}`, `{"$": …}`), keys that
    /// start with `$` and are no property of the element. The fields are the element's own.
    @Test func aMiaPushRefusalNamesTheElementsFieldsNotTheOperatorsForms() throws {
        let forms = ["$", "$each", "$sort", "$in", "$position", "$each"]
        for operation in ["$push", "$addToSet"] {
            let others = forms.map { "body/\(operation)/attachments must have required property '\($0)'" }
            let anyOf = "body/\(operation)/attachments must match a schema in anyOf"
            let missing =
                (["body/\(operation)/attachments must have required property 'name'"] + others + [anyOf, anyOf])
                .joined(separator: ", ")
            #expect(
                try fields(
                    #"{"statusCode":400,"error":"Bad Request","message":"\#(missing)","code":"FST_ERR_VALIDATION"}"#
                )
                    == ["attachments.name", "attachments"],
                "\(operation)"
            )
            let additional =
                (["body/\(operation)/attachments must NOT have additional properties"] + others + [anyOf, anyOf])
                .joined(separator: ", ")
                + #". Property \"unknownField\" is not defined in validation schema"#
            #expect(
                try fields(#"{"statusCode":400,"error":"Bad Request","message":"\#(additional)"}"#)
                    == ["attachments.unknownField", "attachments"],
                "\(operation)"
            )
        }
    }
}

extension ErrorBodyTests {
    /// The field of a parse-server refusal (`{"code":…,"error":…}`, status 400).
    private func parseFields(_ code: Int, _ error: String) -> [String]? {
        let body = Data(#"{"code":\#(code),"error":"\#(error)"}"#.utf8)
        guard
            case .validation(let fields) = ModelClientError.server(
                status: 400,
                code: String(code),
                message: error,
                body: body
            ).refusal
        else { return nil }
        return fields
    }

    /// parse-server's messages, as its specs assert them (parse-community/parse-server @
    /// 7ea2a2953e9202d43ddb53ded309fbd26245d45c: `spec/PurchaseValidation.spec.js` line 211, `spec/Schema.spec.js`
    /// line 1275, `spec/schemas.spec.js` line 642, `spec/ParseObject.spec.js` line 804 and
    /// `spec/Schema.spec.js` line 540; `src/RestWrite.js` line 59 and `src/Controllers/DatabaseController.js` line
    /// 563 for the last two).
    @Test func aParseRefusalNamesItsField() {
        #expect(parseFields(111, "title is required.") == ["title"])
        #expect(
            parseFields(111, "schema mismatch for AnObject.number; expected Number but got Pointer<SomeObject>")
                == ["number"]
        )
        #expect(
            parseFields(
                111,
                "schema mismatch for NewClassWithValidation.foo default value; expected String but got Number"
            )
                == ["foo"]
        )
        #expect(parseFields(105, "Invalid field name: objectId.") == ["objectId"])
        #expect(parseFields(105, "invalid field name: 0InvalidName") == ["0InvalidName"])
        #expect(parseFields(105, "objectId is an invalid field name.") == ["objectId"])
        #expect(parseFields(105, "Invalid field name for update: _hashed_password") == ["_hashed_password"])
        // A message that names no field, or names a field with another code, names none.
        #expect(parseFields(111, "Invalid type for key") == [])
        #expect(parseFields(200, "username/email is required.") == [])
    }
}

extension ErrorBodyTests {
    /// parse-server refuses a `_User` whose username or email another user has with 202 or 203, and status 400
    /// (parse-community/parse-server @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c: `src/RestWrite.js` lines 742-745
    /// and 787-790, asserted in `spec/ParseUser.spec.js` lines 2269-2271 and 2299-2301; `src/middlewares.js` gives
    /// every code but 1 and 101 the status 400): a duplicate value, as its 137 is, not a field to correct.
    @Test func aParseUsernameOrEmailAnotherUserHasIsAConflict() {
        for (code, message) in [
            (202, "Account already exists for this username."), (203, "Account already exists for this email address."),
        ] {
            let error = ModelClientError.server(
                status: 400,
                code: String(code),
                message: message,
                body: Data(#"{"code":\#(code),"error":"\#(message)"}"#.utf8)
            )
            #expect(error.refusal == .conflict, "\(code)")
        }
    }
}

extension ErrorBodyTests {
    /// Cortex answers a request to an object the org doesn't have with a 400 whose `path` is the object's name, as its
    /// Faults page shows for `mdctl api GET /missing` (https://docs.medable.com/cortex-api/faults): the request is
    /// wrong, but no property of it is.
    @Test func aCortexFaultAboutAnUnknownObjectNamesNoField() {
        let body = Data(
            #"{"object":"fault","name":"error","code":"kInvalidObject","errCode":"cortex.invalidArgument.object","status":400,"message":"Invalid or unknown object.","path":"c_nopes"}"#
                .utf8
        )
        let error = ModelClientError.server(
            status: 400,
            code: "kInvalidObject",
            message: "Invalid or unknown object.",
            body: body
        )
        #expect(error.refusal == .validation(fields: []))
    }
}
