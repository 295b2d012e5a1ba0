import Testing

@testable import ModelGeneratorCore

/// `CodeLayout.declaration`: a type's declaration line as swift-format lays it out, so that long model names still
/// pass its lint (`Tests/Goldens/Naming` holds one, linted in CI). The expected texts are swift-format's own output.
@Suite struct CodeLayoutTests {
    let conformances = ["Codable", "Hashable", "Sendable", "Identifiable", "SystemPropertiesCarrying"]

    /// A string literal is never broken: an argument breaks at a ` = `, a ` + `, a `: ` or a `.` only outside
    /// literals, and a `\"` inside one ends nothing. (A default whose text held ` = ` broke at it, inside the
    /// literal, and the generated code didn't compile.)
    @Test func aStringLiteralIsNeverBroken() {
        let layout = CodeLayout(lineLength: 120, indent: 8)
        let literal =
            #""Shown when no limit is set: limit = the \"monthly\" quota + the plan's. As stated in the terms""#
        let lines = layout.call(
            "self.note = try keyPaths.decode",
            ["String.self", "at: [\"note\"]", "default: \(literal)"]
        )
        #expect(lines.contains { $0.contains(literal) }, "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { CodeLayout.literalCharacters($0 + " ").last == false }, "every line ends outside")
        #expect(CodeLayout.splitAssignment(#"x["a \" = b"] = c"#)?.target == #"x["a \" = b"]"#)
        #expect(CodeLayout.dottedPieces(#"x = "a \".b".count"#) == [#"x = "a \".b""#, ".count"])
        #expect(CodeLayout.splitCall(#"f("a \"(", b)"#)?.arguments == [#""a \"(""#, "b"])
        // A quote is a quote with a combining mark after it, or a prepended letter before it (one `Character` each).
        let marked = "a(\"\u{301} = b\u{D4E}\") = c"
        #expect(CodeLayout.range(of: " = ", outsideLiteralsIn: marked).map { String(marked[$0.upperBound...]) } == "c")
        // A `let` inside a literal is no binding to break before, and a `<` inside one opens no generic argument.
        let narrow = CodeLayout(lineLength: 60, indent: 0)
        let head = #"try (["note": "\#(String(repeating: "a", count: 50)) let me know"] as JSONValue).decoded"#
        let declared = #"label: Set<String> = ["a<b, c>d \#(String(repeating: "e", count: 50))"]"#
        for lines in [narrow.name(head), narrow.parameter(declared, declared: true)] {
            #expect(lines.allSatisfy { CodeLayout.literalCharacters($0 + " ").last == false }, "\(lines)")
        }
    }

    /// An `if` of `||`s, as a mapped model writes an object of optional properties back: each expected text is
    /// swift-format's own output at 120 columns, eight in.
    @Test func aDisjunctionFillsItsLinesBreakingBeforeItsOperators() {
        let layout = CodeLayout(lineLength: 120, indent: 8)
        let a = "self." + String(repeating: "a", count: 40) + " != nil"
        func b(_ count: Int) -> String { "self." + String(repeating: "b", count: count) + " != nil" }
        #expect(layout.disjunction("if", [a, b(39)]) == ["if \(a) || \(b(39)) {"])
        // The terms fit, the brace doesn't: it goes alone.
        #expect(layout.disjunction("if", [a, b(40)]) == ["if \(a) || \(b(40))", "{"])
        let terms = [
            "self.homepage != nil", #"self.unknownMembers.keepsMembers(under: ["links"])"#,
            #"self._nullKeys.containsNull(below: ["links"])"#, "self.aaaa != nil", "self.bbbbbbb != nil",
            "self.cccccccccccc != nil", "self.dddddddddddd != nil", "self.eeeeeeeeeeeeee != nil",
        ]
        #expect(
            layout.disjunction("if", terms) == [
                #"if self.homepage != nil || self.unknownMembers.keepsMembers(under: ["links"])"#,
                #"    || self._nullKeys.containsNull(below: ["links"]) || self.aaaa != nil || self.bbbbbbb != nil"#,
                "    || self.cccccccccccc != nil || self.dddddddddddd != nil || self.eeeeeeeeeeeeee != nil",
                "{",
            ]
        )
    }

    /// A call among the arguments breaks inside its own parentheses, one argument a line, as a document's body
    /// value names the keys it leaves out. The expected text is swift-format's own output.
    @Test func aCallTooLongForItsArgumentsLineBreaksOneArgumentALine() {
        let layout = CodeLayout(lineLength: 120, indent: 8)
        let keys = ["c_consent_document_file", "c_organization_logo_file", "c_study_logo_file", "c_more"]
        let nulls = "nulls: _nullKeys.leavingOut(" + keys.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        #expect(
            ["return " + layout.call(".document", ["members", "id: self.id", nulls, "kept: unknownMembers"])[0]]
                + layout.call(".document", ["members", "id: self.id", nulls, "kept: unknownMembers"]).dropFirst() == [
                    "return .document(",
                    "    members,",
                    "    id: self.id,",
                    "    nulls: _nullKeys.leavingOut(",
                    "        \"c_consent_document_file\",",
                    "        \"c_organization_logo_file\",",
                    "        \"c_study_logo_file\",",
                    "        \"c_more\"",
                    "    ),",
                    "    kept: unknownMembers",
                    ")",
                ]
        )
    }

    /// A term or an argument too long for its line breaks inside its array literal, as a mapped model deep in nested
    /// objects writes its key paths back (`containsNull(below: […])`, `path: […]`); it went over the line's limit,
    /// or moved whole after its label's colon, and swift-format's lint failed. Each expected text is swift-format's
    /// own output at 120 columns, sixteen in (two `if`s deep).
    @Test func anArrayTooLongForItsLineBreaksInsideItsBrackets() {
        let layout = CodeLayout(lineLength: 120, indent: 16)
        let path = #"["response", "organization_settings", "notification_preferences", "quiet_hours"]"#
        let elements = #""response", "organization_settings", "notification_preferences", "quiet_hours","#
        #expect(
            layout.disjunction("if", ["self.quiet != nil", "self._nullKeys.containsNull(below: \(path))"]) == [
                "if self.quiet != nil",
                "    || self._nullKeys.containsNull(below: [",
                "        " + elements,
                "    ])",
                "{",
            ]
        )
        let terms = [
            "self.quiet != nil", "self._nullKeys.containsNull(below: \(path))", "self.a != nil", "self.b != nil",
        ]
        #expect(
            layout.disjunction("if", terms) == [
                "if self.quiet != nil",
                "    || self._nullKeys.containsNull(below: [",
                "        " + elements,
                "    ]) || self.a != nil || self.b != nil",
                "{",
            ]
        )
        let long = #""response", "organization_settings", "notification_preferences", "email_digest_frequency""#
        let arguments = ["self.digest", #"forKey: JSONKey("email_digest_frequency")"#, "nulls: _nullKeys"]
        #expect(
            layout.call("try container.encodeOrNull", arguments + ["path: [\(long), \"a\", \"b\"]"])
                == [
                    "try container.encodeOrNull(",
                    "    self.digest,",
                    #"    forKey: JSONKey("email_digest_frequency"),"#,
                    "    nulls: _nullKeys,",
                    "    path: [",
                    "        " + long + #", "a","#,
                    #"        "b","#,
                    "    ]",
                    ")",
                ]
        )
        // A lone element takes no trailing comma.
        let lone = "\"" + String(repeating: "response", count: 12) + "\""
        #expect(
            layout.call("try container.encodeOrNull", arguments + ["path: [\(lone)]"]).suffix(4) == [
                "    path: [", "        " + lone, "    ]", ")",
            ]
        )
        // The `else if` of an object that was `null` keeps its brace after the array.
        #expect(
            layout.bracketed(
                "} else if self._nullKeys.contains(path: ",
                ["response", "organization_settings", "notification_preferences", "quiet_hours"].map { "\"\($0)\"" },
                ") {"
            ) == ["} else if self._nullKeys.contains(path: [", "    " + elements, "]) {"]
        )
    }

    @Test func aDeclarationThatFitsStaysOnOneLine() {
        let layout = CodeLayout(lineLength: 120, indent: 0)
        #expect(
            layout.declaration("public struct Visit", conformances: conformances)
                == ["public struct Visit: Codable, Hashable, Sendable, Identifiable, SystemPropertiesCarrying {"]
        )
    }

    @Test func aLongDeclarationFillsItsFirstLineThenContinuesOneLevelInWithTheBraceAlone() {
        let layout = CodeLayout(lineLength: 120, indent: 0)
        #expect(
            layout.declaration(
                "public struct AbWorkflowConfigurationLongName",
                conformances: conformances + ["MemberwiseEquatable"]
            ) == [
                "public struct AbWorkflowConfigurationLongName: Codable, Hashable, Sendable, Identifiable, "
                    + "SystemPropertiesCarrying,",
                "    MemberwiseEquatable",
                "{",
            ]
        )
    }

    @Test func continuationLinesFillUpToTheLimitAtTheirIndentation() {
        // Nested one level: 4 columns fewer for every line.
        let layout = CodeLayout(lineLength: 60, indent: 4)
        let lines = layout.declaration("public struct Remote", conformances: conformances + ["MemberwiseEquatable"])
        #expect(
            lines == [
                "public struct Remote: Codable, Hashable, Sendable,",
                "    Identifiable, SystemPropertiesCarrying,",
                "    MemberwiseEquatable",
                "{",
            ]
        )
        #expect(lines.allSatisfy { $0.count + 4 <= 60 })
    }

    @Test func aNameThatDoesNotFitWithItsColonMovesToALineOfItsOwn() {
        let layout = CodeLayout(lineLength: 120, indent: 0)
        let name =
            "CScheduleDependencyParticipantAssignmentAvailabilityNotification"
            + "ScheduleDependencyParticipantAssignmentAvail"
        #expect(
            layout.declaration(
                "public enum \(name)",
                conformances: ["Codable", "Hashable", "Sendable", "OpenEnumeration"]
            ) == [
                "public enum",
                "    \(name):",
                "        Codable, Hashable, Sendable, OpenEnumeration",
                "{",
            ]
        )
    }

    @Test func aConformanceTooLongForALineOfItsOwnBreaksBeforeItsDots() {
        let layout = CodeLayout(lineLength: 120, indent: 0)
        let name = "CScheduleDependencyParticipantAssignmentAvailabilityNotificationSc"
        let member = ".FacetsMoreeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
        #expect(
            layout.declaration("extension \(name)", conformances: ["Codable", name + member, "Hashable"]) == [
                "extension \(name): Codable,",
                "    \(name)",
                "        \(member), Hashable",
                "{",
            ]
        )
    }

    // Names too long for their lines at 60 columns; each expected text is what swift-format writes at that length.

    @Test func anAssignmentWhoseCallDoesNotFitBreaksAfterItsEqualsSign() {
        let layout = CodeLayout(lineLength: 60, indent: 8)
        #expect(
            layout.call(
                "self.participantAssignmentAvailability = try container.decodeOrNull",
                ["String.self", #"forKey: JSONKey("c_participant")"#]
            ) == [
                "self.participantAssignmentAvailability =",
                "    try container.decodeOrNull(",
                "        String.self,",
                #"        forKey: JSONKey("c_participant")"#,
                "    )",
            ]
        )
    }

    @Test func aTargetTooLongForItsLineBreaksBeforeItsDotTheValueStayingOneLevelIn() {
        let layout = CodeLayout(lineLength: 60, indent: 8)
        #expect(
            layout.assignment("self.participantAssignmentAvailabilityNotifications", ".null") == [
                "self", "    .participantAssignmentAvailabilityNotifications =", "    .null",
            ]
        )
    }

    @Test func aMemberChainBreaksBeforeTheDotThatDoesNotFitAndALongStringAfterItsLabel() {
        let layout = CodeLayout(lineLength: 60, indent: 8)
        #expect(
            layout.call(
                "violations.append",
                label: "contentsOf: ",
                "self.participantAssignmentAvailab.operations",
                [#"at: "c_participant_assignment_availability""#]
            ) == [
                "violations.append(",
                "    contentsOf: self.participantAssignmentAvailab",
                "        .operations(",
                "            at:",
                #"                "c_participant_assignment_availability""#,
                "        )",
                ")",
            ]
        )
    }

    @Test func tryStaysWithTheNameItCallsWhileThatFits() {
        let layout = CodeLayout(lineLength: 60, indent: 12)
        #expect(
            layout.parameter("try ParticipantAssignmentAvailabilityNotif(from: decoder)") == [
                "try ParticipantAssignmentAvailabilityNotif(", "    from: decoder", ")",
            ]
        )
    }

    @Test func aPropertyWhoseNameDoesNotFitBreaksAfterItsModifiers() {
        let layout = CodeLayout(lineLength: 60, indent: 4)
        #expect(
            layout.property("public var participantAssignmentAvailabilityNotificationSchedules", type: "String") == [
                "public", "    var participantAssignmentAvailabilityNotificationSchedules:", "    String",
            ]
        )
    }

    @Test func aDeclaredParameterBreaksInsideTheGenericArgumentsOfItsType() {
        let layout = CodeLayout(lineLength: 60, indent: 8)
        #expect(
            layout.parameters(
                ["participant: Reference<ParticipantAssignmentAvailabilityNotificationSch>? = nil"],
                declared: true
            ) == [
                "participant: Reference<",
                "    ParticipantAssignmentAvailabilityNotificationSch",
                ">? = nil",
            ]
        )
    }

    @Test func anExtensionWhoseFirstComponentDoesNotFitMovesItAfterTheKeyword() {
        let layout = CodeLayout(lineLength: 60, indent: 0)
        #expect(
            layout.declaration("extension ParticipantAssignmentAvailabilityNotificationScheduleDep.Fields") == [
                "extension", "    ParticipantAssignmentAvailabilityNotificationScheduleDep", "    .Fields", "{",
            ]
        )
    }
}
