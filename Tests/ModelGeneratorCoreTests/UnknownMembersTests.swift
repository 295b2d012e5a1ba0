import Testing

@testable import ModelGeneratorCore

/// Which structs keep the members their schema doesn't define (`unknownMembers`), and the config switch that turns it
/// off. `FidelityTests` (GeneratedModelsTests) checks what the kept members do at run time.
@Suite struct UnknownMembersTests {
    static let objects = """
        objects:
          - name: c_item
            properties:
              - { name: c_name, type: String }
              - name: c_size
                type: Document
                properties:
                  - { name: c_width, type: Number }
        """

    @Test func everyStructKeepsThemByDefaultWithTheKeysItReads() throws {
        let result = generate(["objects.yaml": Self.objects])
        let item = try #require(file(result, "Item.swift"), "\(result.files.map(\.path))")
        // The model and its nested document each keep their own.
        #expect(item.components(separatedBy: "public var unknownMembers: UnknownMembers\n").count == 3)
        #expect(item.components(separatedBy: "self.unknownMembers = .init()").count == 3)
        #expect(item.contains(#"public static let modeledKeys: Set<String> = ["c_width"]"#))
        #expect(item.contains(#""c_name""#))
        // Both count the keys of their own they find, so that from the client's tree a complete object is settled
        // without looking at its keys.
        let counted = "try container.unknownMembers(Self.modeledKeys, of: decoder, counted: nulls)"
        #expect(item.components(separatedBy: counted).count == 3)
        #expect(item.components(separatedBy: "var nulls = NullKeys()").count == 3)
        #expect(item.contains("guard equalValues(lhs.unknownMembers, rhs.unknownMembers)"))
        // Both structs decode through `MemberKey`, whose list of keys leaves out the ones the struct reads.
        #expect(item.components(separatedBy: ", KeepsUnknownMembers").count == 3)
        #expect(item.components(separatedBy: "decoder.container(keyedBy: MemberKey<Self>.self)").count == 3)
        #expect(item.contains(#"forKey: MemberKey<Self>("c_width")"#))
        #expect(!item.contains("decoder.container(keyedBy: JSONKey.self)"))
    }

    @Test func aModelReadingKeyPathsDecodesThroughMemberKeyAndReadsItsPathsThroughJSONKey() throws {
        // Plain keys read through `MemberKey`, which lists only the keys the model doesn't read; key paths,
        // defaults and formatters through JSONKey's helpers, from the same container keyed by JSONKey.
        let mappings = """
            mappings:
              Tweet:
                properties:
                  text: { keyPath: text, type: String }
                  userName: { keyPath: user.name, type: String, optional: true }
            """
        let result = generate(
            config: "mappings: [mappings.yaml]\noutput: Generated\n",
            ["mappings.yaml": mappings]
        )
        let tweet = try #require(file(result, "Tweet.swift"), "\(messages(result))")
        #expect(tweet.contains("let container = try decoder.container(keyedBy: MemberKey<Self>.self)\n"))
        #expect(tweet.contains("let keyPaths = container.keyed(by: JSONKey.self)\n"))
        #expect(tweet.contains(#"self.text = try container.decode(String.self, forKey: MemberKey<Self>("text"))"#))
        #expect(tweet.contains(#"let userObject = keyPaths.object(at: ["user"])"#))
        #expect(
            tweet.contains(#"self.userName = try userObject.decodeIfPresent(String.self, at: ["name"], nulls: &nulls)"#)
        )
        #expect(!tweet.contains("decoder.container(keyedBy: JSONKey.self)"))
        // Its helpers don't count the keys they read, so the runtime looks at the object's keys.
        #expect(tweet.contains("try container.unknownMembers(Self.modeledKeys, of: decoder)\n"))
        #expect(!tweet.contains("counted:"))
    }

    @Test func requiredKeysCountFromTheStartAndSystemPropertiesCountTheirOwn() throws {
        let objects = """
            objects:
              - name: c_visit
                properties:
                  - { name: c_title, type: String, validators: [{ name: required }] }
                  - { name: c_when, type: Date, validators: [{ name: required }] }
            """
        let result = generate(config: defaultConfig + "\ndialect: cortex\n", ["objects.yaml": objects])
        let visit = try #require(file(result, "Visit.swift"), "\(messages(result))")
        // `_id` and `object`, which Cortex always sends; a property the schema requires on create may still be
        // left out of a read, so it counts when found.
        #expect(visit.contains("var nulls = NullKeys(requiredKeys: 2)"), "\(visit)")
        #expect(visit.contains(#"decodeOrNull(String.self, forKey: MemberKey<Self>("c_title"), nulls: &nulls)"#))
        #expect(
            visit.contains("self.system = try CortexSystemProperties<JSONValue>(from: container, counting: &nulls)")
        )
        #expect(visit.contains("try container.unknownMembers(Self.modeledKeys, of: decoder, counted: nulls)"))

        let mappings = """
            mappings:
              Tag:
                properties:
                  label: { keyPath: label, type: String }
            """
        let mapped = generate(config: "mappings: [mappings.yaml]\noutput: Generated\n", ["mappings.yaml": mappings])
        let tag = try #require(file(mapped, "Tag.swift"), "\(messages(mapped))")
        // Nothing changes the count after the start: a constant.
        #expect(tag.contains("let nulls = NullKeys(requiredKeys: 1)"), "\(tag)")
        #expect(tag.contains("counted: nulls"))
    }

    @Test func twoPropertiesReadingOneKeyAreNotCounted() throws {
        // The key would count twice, and an object with one unknown member would look complete.
        let mappings = """
            mappings:
              Tag:
                properties:
                  label: { keyPath: label, type: String, optional: true }
                  title: { keyPath: label, type: String, optional: true }
            """
        let result = generate(config: "mappings: [mappings.yaml]\noutput: Generated\n", ["mappings.yaml": mappings])
        let tag = try #require(file(result, "Tag.swift"), "\(messages(result))")
        #expect(tag.contains(#"public static let modeledKeys: Set<String> = ["label"]"#), "\(tag)")
        #expect(tag.contains("try container.unknownMembers(Self.modeledKeys, of: decoder)\n"))
        #expect(!tag.contains("counted:"))
    }

    @Test func theConfigTurnsThemOff() throws {
        let result = generate(config: defaultConfig + "\nkeepUnknownMembers: false\n", ["objects.yaml": Self.objects])
        #expect(result.diagnostics.all.isEmpty, "\(messages(result))")
        let item = try #require(file(result, "Item.swift"))
        #expect(!item.contains("unknownMembers") && !item.contains("modeledKeys"))
        #expect(!item.contains("MemberKey") && !item.contains("KeepsUnknownMembers"))
        #expect(item.contains("decoder.container(keyedBy: JSONKey.self)"))
    }

    @Test func aPropertyNamedUnknownMembersIsRenamed() throws {
        let objects = """
            objects:
              - name: c_item
                properties:
                  - { name: unknownMembers, type: String }
            """
        let result = generate(["objects.yaml": objects])
        #expect(messages(result).contains { $0.contains("is named 'unknownMembersProperty' in Swift") })
        #expect(file(result, "Item.swift")?.contains("public var unknownMembersProperty: Optional<String>") == true)
    }
}
