import Testing

@testable import ModelGeneratorCore

/// Typos that would silently change a generated type are errors, and strict mode makes every warning one.
@Suite struct StrictnessTests {
    static func schema(_ property: String) -> [String: String] {
        ["objects.yaml": "objects:\n  - name: c_a\n    properties:\n      - \(property)\n"]
    }

    @Test func aMisspelledValidatorIsAnErrorWithTheIntendedName() throws {
        let result = generate(
            Self.schema(
                "{ name: c_kind, type: String, validators: [{ name: stringenum, definition: { values: [a, b] } }] }"
            )
        )
        #expect(messages(result) == ["objects.yaml:4:60: error: unknown validator 'stringenum' on 'c_kind'"])
        #expect(result.diagnostics.errors.first?.hint == "did you mean 'stringEnum'?")
        #expect(result.files.isEmpty)
    }

    @Test func aValidatorNothingLikeAKnownOneListsTheKnownOnes() {
        let result = generate(Self.schema("{ name: c_b, type: String, validators: [{ name: frobnicate }] }"))
        #expect(result.diagnostics.errors.count == 1)
        #expect(result.diagnostics.errors.first?.hint?.hasPrefix("Cortex's validators are required, string") == true)
    }

    @Test func everyKnownValidatorPasses() {
        let validators = PropertyChecks.validatorNames.map { "{ name: \($0), definition: { values: [a] } }" }.joined(
            separator: ", "
        )
        let result = generate(Self.schema("{ name: c_b, type: String, validators: [\(validators)] }"))
        #expect(!result.diagnostics.hasErrors, "\(messages(result))")
    }

    @Test(arguments: [
        (
            "{ name: c_b, type: String, integer: true }",
            "objects.yaml:4:45: error: 'integer: true' only applies to Number properties; 'c_b' is a String"
        ),
        (
            "{ name: c_b, type: Number, dateOnly: true }",
            "objects.yaml:4:46: error: 'dateOnly: true' only applies to Date properties; 'c_b' is a Number"
        ),
        (
            "{ name: c_b, type: String, expandable: true }",
            "objects.yaml:4:48: error: 'expandable: true' only applies to Reference properties; 'c_b' is a String"
        ),
    ])
    func aFlagOnATypeItMeansNothingForIsAnError(_ property: String, _ expected: String) {
        let result = generate(Self.schema(property))
        #expect(messages(result) == [expected])
        #expect(result.files.isEmpty)
    }

    @Test func flagsOnTheirOwnTypesAndFalseFlagsPass() {
        let result = generate(
            Self.schema(
                """
                { name: c_b, type: Number, integer: true, dateOnly: false }
                      - { name: c_c, type: Date, dateOnly: true, integer: false }
                """
            )
        )
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
    }

    /// A misspelled key that decides no type is a warning by default (real exports carry keys the generator doesn't
    /// know) and an error in strict mode, from the config or from the caller.
    @Test func strictModeMakesEveryWarningAnError() throws {
        let files = Self.schema("{ name: c_b, type: Reference, sourceObject: c_a, lable: B }")
        let lenient = generate(files)
        #expect(!lenient.diagnostics.hasErrors)
        #expect(lenient.diagnostics.warnings.map(\.message) == ["unknown key 'lable' in a property"])
        #expect(!lenient.files.isEmpty)

        let fromConfig = generate(config: defaultConfig + "\nstrict: true\n", files)
        #expect(fromConfig.diagnostics.warnings.isEmpty)
        #expect(
            fromConfig.diagnostics.errors.map(\.message).contains(
                "unknown key 'lable' in a property (a warning, counted as an error in strict mode)"
            )
        )
        #expect(fromConfig.files.isEmpty)

        var all = files
        all["model-generator.yaml"] = defaultConfig
        let fromCaller = Pipeline.prepare(configPath: "model-generator.yaml", files: .inMemory(all), strict: true)
        #expect(fromCaller.diagnostics.hasErrors)
        #expect(fromCaller.diagnostics.warnings.isEmpty)
    }

    /// A misspelled key that decides the Swift type would quietly change it (`sourceObjct` makes a `Reference<A>`
    /// a `Reference<JSONValue>`, `integr` an `Int` a `Double`): an error even without strict mode.
    @Test(arguments: [
        ("{ name: c_b, type: Reference, sourceObjct: c_a }", "sourceObjct", "sourceObject"),
        ("{ name: c_b, type: Number, integr: true }", "integr", "integer"),
        ("{ name: c_b, type: Date, dateonly: true }", "dateonly", "dateOnly"),
        ("{ name: c_b, type: String, aray: true }", "aray", "array"),
        (
            "{ name: c_b, type: String, validator: [{ name: stringEnum, definition: { values: [a] } }] }", "validator",
            "validators"
        ),
        ("{ name: c_b, type: Document, propertes: [{ name: c_c, type: String }] }", "propertes", "properties"),
    ])
    func aMisspelledKeyThatDecidesTheTypeIsAnError(_ property: String, _ key: String, _ intended: String) {
        let result = generate(Self.schema(property))
        #expect(
            result.diagnostics.errors.map(\.message) == [
                "unknown key '\(key)' in a property, which would leave out '\(intended)' and change the Swift type"
            ],
            "\(messages(result))"
        )
        #expect(result.diagnostics.errors.first?.hint == "did you mean '\(intended)'?")
        #expect(result.files.isEmpty)
    }

    /// A List or a Parse Relation whose target is misspelled would quietly decode its items as JSON, as a
    /// Reference would: the same error, and the same warning for an object the schema doesn't define.
    @Test(arguments: ["cortex", "parse"])
    func aMisspelledListOrRelationTargetIsAnError(dialect: String) {
        let type = dialect == "cortex" ? "List" : "Relation"
        let builtIn = dialect == "cortex" ? "account" : "_User"
        let result = generate(
            config: defaultConfig + "\ndialect: \(dialect)\n",
            [
                "objects.yaml": """
                objects:
                  - name: c_author
                  - name: c_book
                    properties:
                      - { name: c_authors, type: \(type), sourceObject: c_autor }
                      - { name: c_owners, type: \(type), sourceObject: \(builtIn) }
                      - { name: c_others, type: \(type), sourceObject: c_elsewhere }
                      - { name: c_mine, type: \(type), sourceObject: c_author }
                """
            ]
        )
        let kind = type.lowercased()
        #expect(
            messages(result) == [
                "objects.yaml:5:\(50 + type.count): error: \(kind) 'c_authors' points at 'c_autor', which is no object of the schema",
                "objects.yaml:7:\(49 + type.count): warning: \(kind) 'c_others' points at 'c_elsewhere', which the schema does not define; its items decode as JSON",
            ]
        )
        #expect(result.diagnostics.sorted.first?.hint == "did you mean 'c_author'?")
        #expect(result.files.isEmpty)
    }

    @Test func strictModeChangesNothingWithoutWarnings() {
        let files = Self.schema("{ name: c_b, type: String }")
        let result = generate(config: defaultConfig + "\nstrict: true\n", files)
        #expect(result.diagnostics.all.isEmpty)
        #expect(result.files.map(\.path).contains("A.swift"))
    }
}
