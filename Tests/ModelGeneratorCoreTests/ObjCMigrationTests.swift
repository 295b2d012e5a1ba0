import BlockingTestSupport
import Foundation
import Testing

/// The migrating team's path with real public Objective-C apps (`Tests/ObjCSources`, see its SOURCES.md): RestKit's
/// own examples at 0.10 and 0.20 and an MMDataObject app written from its README go through `model-generator import`, AppCoreKit's
/// samples are read as they are with their headers; all of it generates, builds with warnings as errors, and decodes
/// payloads shaped as each app's API returned them.
/// On threads of its own, not Swift concurrency's few pool threads: generation and a package build.
@Suite(.onOwnThread) struct ObjCMigrationTests {
    let commandLine = CommandLineTests()
    static let sources = CommandLineTests.packageRoot.appendingPathComponent("Tests/ObjCSources")

    private func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The value under `key` (or the whole payload), and of a list its first element, written out: a sample for a
    /// model whose payload is a list of them or sits in an envelope.
    private func firstElement(of url: URL, key: String? = nil) throws -> String {
        var element = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        if let key { element = (element as? [String: Any])?[key] as Any }
        if let list = element as? [Any] { element = list.first as Any }
        return String(decoding: try JSONSerialization.data(withJSONObject: element), as: UTF8.self)
    }

    /// Writes an app's config and runs `generate` with it.
    private func generate(_ app: String, config: String, in root: URL) async throws -> CommandLineTests.Run {
        try write(config, to: root.appendingPathComponent("apps/\(app)/model-generator.yaml"))
        return try await commandLine.run(["generate", "--config", "apps/\(app)/model-generator.yaml"], in: root)
    }

    /// Runs `import` then `generate` for one app; returns import's diagnostics.
    private func importAndGenerate(
        _ app: String,
        arguments: [String],
        config: String = "mappings: [mappings.yaml]\noutput: Generated\n",
        reviewing replacement: (old: String, new: String)? = nil,
        in root: URL
    ) async throws -> String {
        let imported = try await commandLine.run(
            ["import"] + arguments + ["--output", "apps/\(app)/mappings.yaml"],
            in: root
        )
        #expect(imported.status == 0, "\(app): \(imported.errors)")
        #expect(imported.output == "wrote apps/\(app)/mappings.yaml\n")
        if let replacement {
            let yaml = root.appendingPathComponent("apps/\(app)/mappings.yaml")
            let written = try text(yaml)
            #expect(written.contains(replacement.old), "\(written)")
            try write(written.replacingOccurrences(of: replacement.old, with: replacement.new), to: yaml)
        }
        let generated = try await generate(app, config: config, in: root)
        #expect(generated.status == 0, "\(app): \(generated.errors)")
        return imported.errors
    }

    @Test func realAppsImportGenerateBuildAndDecodeTheirPayloads() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-objc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.sources, to: root.appendingPathComponent("src"))
        let timeline = "src/RestKit-0.20/RKTwitterCoreData/restkit.json"
        try write(
            try firstElement(of: root.appendingPathComponent(timeline)),
            to: root.appendingPathComponent("apps/rk20coredata/tweet.json")
        )
        try write(
            try firstElement(
                of: root.appendingPathComponent("src/RestKit-0.10/RKCatalog/project.json"),
                key: "project"
            ),
            to: root.appendingPathComponent("apps/rkcatalog/project-sample.json")
        )

        // RestKit 0.10: mapKeyPath:toAttribute:, mapKeyPathsToAttributes:, mapAttributes:, mapRelationship:,
        // addDefaultDateFormatterForString:. The timeline narrows the NSNumbers.
        let rk10 = try await importAndGenerate(
            "rk10",
            arguments: [
                "--from", "restkit", "src/RestKit-0.10/RKTwitter/RKTwitterAppDelegate.m",
                "--headers", "src/RestKit-0.10/RKTwitter", "--sample", "RKTStatus=\(timeline)",
            ],
            in: root
        )
        #expect(rk10.isEmpty, "\(rk10)")
        let rk10YAML = try text(root.appendingPathComponent("apps/rk10/mappings.yaml"))
        #expect(
            rk10YAML.contains("statusID: { keyPath: id, type: Int, formatter: LenientIntFormatter, optional: true }")
        )
        #expect(
            rk10YAML.contains(
                "isFavorited: { keyPath: favorited, type: Bool, formatter: LenientBoolFormatter, optional: true }"
            )
        )
        #expect(
            rk10YAML.contains(
                #"createdAt: { keyPath: created_at, type: Date, formatter: RestKitPatternDateFormatter, userData: { format: "E MMM d HH:mm:ss Z y" }, optional: true }"#
            )
        )
        #expect(rk10YAML.contains("user: { keyPath: user, object: RKTUser, optional: true }"))

        // RestKit 0.10's RKCatalog: Core Data mappings, hasOne:, mapRelationship: to a collection, and a
        // connectRelationship: the import cannot carry over.
        let catalog = try await importAndGenerate(
            "rkcatalog",
            arguments: [
                "--from", "restkit", "src/RestKit-0.10/RKCatalog/RKRelationshipMappingExample.m",
                "--headers", "src/RestKit-0.10/RKCatalog", "--sample", "Project=apps/rkcatalog/project-sample.json",
            ],
            in: root
        )
        #expect(
            catalog.contains(
                "src/RestKit-0.10/RKCatalog/RKRelationshipMappingExample.m:42:9: warning: 'connectRelationship:withObjectForPrimaryKeyAttribute:' connects Core Data objects by primary key at run time"
            )
        )
        #expect(
            catalog.contains(
                "src/RestKit-0.10/RKCatalog/RKRelationshipMappingExample.m:50:9: note: the response holds Project under the key path 'project'; the model maps what is inside it"
            )
        )

        // RestKit 0.20: addAttributeMappingsFromDictionary:, RKRelationshipMapping, addPropertyMapping:.
        let rk20 = try await importAndGenerate(
            "rk20",
            arguments: [
                "--from", "restkit", "src/RestKit-0.20/RKTwitter/RKTwitterAppDelegate.m",
                "--headers", "src/RestKit-0.20/RKTwitter", "--sample", "RKTweet=\(timeline)",
            ],
            in: root
        )
        #expect(rk20.isEmpty, "\(rk20)")

        // RestKit 0.20 with Core Data: RKEntityMapping by entity name and addAttributeMappingsFromArray:. The
        // entities have no classes of their own, so the import says so and the sample types them; the one key the
        // sample lacks gets its type by hand, as the YAML's comment asks.
        let coreData = try await importAndGenerate(
            "rk20coredata",
            arguments: [
                "--from", "restkit", "src/RestKit-0.20/RKTwitterCoreData/RKTwitterAppDelegate.m",
                "--headers", "src/RestKit-0.20/RKTwitterCoreData/RKTweet.h",
            ],
            config: "mappings: [mappings.yaml]\nsamples: { Tweet: tweet.json }\noutput: Generated\n",
            reviewing: (
                "      # no type: the config's sample for Tweet must give it one, or write it here\n      urlString: { keyPath: url, optional: true }",
                "      urlString: { keyPath: url, type: String, optional: true }"
            ),
            in: root
        )
        #expect(
            coreData.contains(
                "src/RestKit-0.20/RKTwitterCoreData/RKTwitterAppDelegate.m:45:36: warning: no header declares 'User'; its properties are written without types"
            )
        )
        #expect(
            coreData.contains(
                "src/RestKit-0.20/RKTwitterCoreData/RKTwitterAppDelegate.m:54:37: warning: no header declares 'Tweet'"
            )
        )

        // RestKit's RKGist (RestKit 0.20 with Core Data): the entity 'Gist' is the class RKGGist, and the model in the
        // headers' folder types its attributes: 'Integer 32' is an Int (the header's NSNumber would need a sample),
        // 'Boolean' a Bool, a transformable the header's 'id'. The gist's id comes as text, which RestKit converted.
        let gist = try await importAndGenerate(
            "rkgist",
            arguments: ["--from", "restkit", "src/RKGist/RKGAppDelegate.m", "--headers", "src/RKGist"],
            in: root
        )
        #expect(gist.isEmpty, "\(gist)")
        let gistYAML = try text(root.appendingPathComponent("apps/rkgist/mappings.yaml"))
        #expect(gistYAML.contains("  RKGGist:\n"), "\(gistYAML)")
        #expect(
            gistYAML.contains("gistID: { keyPath: id, type: Int, formatter: LenientIntFormatter, optional: true }")
        )
        #expect(
            gistYAML.contains(
                "public: { keyPath: public, type: Bool, formatter: LenientBoolFormatter, optional: true }"
            )
        )

        // RestKit 0.20's search example: an entity with no class of its own, imported out of the 'contacts' envelope
        // by RKManagedObjectImporter. Its key 'email_adddress' is misspelt, so RestKit never mapped the e-mail
        // address; with the contacts as the sample, generate names the key they have, and the team fixes it.
        let search = try await commandLine.run(
            [
                "import", "--from", "restkit", "src/RestKit-0.20/RKSearchExample/RKSAppDelegate.m",
                "--output", "apps/rksearch/mappings.yaml",
            ],
            in: root
        )
        #expect(search.status == 0, "\(search.errors)")
        #expect(
            search.errors.contains(
                "src/RestKit-0.20/RKSearchExample/RKSAppDelegate.m:25:39: warning: no header declares 'Contact'; its properties are written without types"
            ),
            "\(search.errors)"
        )
        #expect(
            search.errors.contains(
                "src/RestKit-0.20/RKSearchExample/RKSAppDelegate.m:47:24: note: the response holds Contact under the key path 'contacts'"
            ),
            "\(search.errors)"
        )
        try write(
            try firstElement(
                of: root.appendingPathComponent("src/RestKit-0.20/RKSearchExample/contacts.json"),
                key: "contacts"
            ),
            to: root.appendingPathComponent("apps/rksearch/contact.json")
        )
        let searchConfig = "mappings: [mappings.yaml]\nsamples: { Contact: contact.json }\noutput: Generated\n"
        let misspelt = try await generate("rksearch", config: searchConfig, in: root)
        #expect(misspelt.status == 1)
        #expect(
            misspelt.errors.contains(
                "error: the type of 'emailAddress' in 'Contact' cannot be known: the sample for Contact has no 'email_adddress' (it has 'email_address')"
            ),
            "\(misspelt.errors)"
        )
        let searchYAML = root.appendingPathComponent("apps/rksearch/mappings.yaml")
        try write(
            try text(searchYAML).replacingOccurrences(of: "keyPath: email_adddress", with: "keyPath: email_address"),
            to: searchYAML
        )
        let fixed = try await generate("rksearch", config: searchConfig, in: root)
        #expect(fixed.status == 0, "\(fixed.errors)")

        // MMDataObject: every declared property by name, setAlias:, addFormatterForPropertyName: (lolify becomes
        // the app's Lolify), registerClass:forCollectionName:, and the built-in date pattern with its bug.
        let mm = try await importAndGenerate(
            "mmdataobject",
            arguments: [
                "--from", "mmdataobject", "src/MMDataObject/Patient.m", "src/MMDataObject/PatientWithAliases.m",
                "src/MMDataObject/PatientWithFormatters.m", "src/MMDataObject/PatientWithVisits.m",
                "src/MMDataObject/Visit.m", "--headers", "src/MMDataObject",
            ],
            in: root
        )
        #expect(
            mm.contains(
                "src/MMDataObject/PatientWithAliases.h:10:39: warning: MMDataObject read 'createdAt' with its built-in date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, where 'mm' is minutes"
            )
        )
        #expect(
            mm.contains(
                "That pattern is upstream MMDataObject's, assumed, not read from the app: no implementation of MMDataObject was among the inputs"
            ),
            "\(mm)"
        )

        // AppCoreKit: the samples' .mappings as they are, typed from their headers.
        // The map sample trims its places' names with a transform context the name `@inherits`.
        for (app, folder) in [
            ("twittertimeline", "TwitterTimeline"), ("mapform", "MapFormSynchronization"), ("mapsample", "MapSample"),
        ] {
            let mappings =
                try FileManager.default.contentsOfDirectory(
                    atPath: root.appendingPathComponent("src/AppCoreKit/\(folder)").path
                ).first { $0.hasSuffix(".mappings") } ?? ""
            let generated = try await generate(
                app,
                config: """
                    mappings: [../../src/AppCoreKit/\(folder)/\(mappings)]
                    headers: [../../src/AppCoreKit/\(folder)]
                    output: Generated

                    """,
                in: root
            )
            #expect(generated.status == 0, "\(app): \(generated.errors)")
            #expect(generated.errors.isEmpty, "\(app): \(generated.errors)")
        }
        // The container sample's `Model` has no header anywhere in the sample: the error says what would type it.
        let container = try await generate(
            "container",
            config:
                "mappings: [../../src/AppCoreKit/ContainerController/Api.mappings]\nheaders: [../../src/AppCoreKit]\noutput: Generated\n",
            in: root
        )
        #expect(container.status == 1)
        #expect(
            container.errors.contains(
                "src/AppCoreKit/ContainerController/Api.mappings:4:9: error: the type of 'message' in '$Model' cannot be known"
            )
        )
        #expect(container.errors.contains("add the header that declares '@interface Model' to the config's 'headers'"))

        let formatters = try text(
            CommandLineTests.packageRoot.appendingPathComponent("Tests/GoldenSupport/Formatters.swift")
        )
        var modules: [String: [String: String]] = [:]
        for (module, app) in [
            ("RK10Models", "rk10"), ("RKCatalogModels", "rkcatalog"), ("RK20Models", "rk20"),
            ("RK20CoreDataModels", "rk20coredata"), ("RKSearchModels", "rksearch"), ("RKGistModels", "rkgist"),
            ("TimelineModels", "twittertimeline"),
            ("VenueModels", "mapform"), ("PlaceModels", "mapsample"),
        ] {
            modules[module] = try GeneratedPackage.swiftFiles(in: root.appendingPathComponent("apps/\(app)/Generated"))
        }
        // The map sample's `CustomTransformers` method, as the app writes it in Swift.
        modules["PlaceModels"]?["TransformStringByTrimmingValue.swift"] = Self.trimmingFormatter
        // MMDataObject's lolify block is the app's Swift formatter now.
        modules["MMModels"] = try GeneratedPackage.swiftFiles(
            in: root.appendingPathComponent("apps/mmdataobject/Generated")
        )
        .merging(["Formatters.swift": formatters], uniquingKeysWith: { first, _ in first })

        let output = try await GeneratedPackage(
            name: "ObjCMigration",
            modules: modules,
            main: Self.main,
            resources: [
                "restkit.json": text(root.appendingPathComponent(timeline)),
                "project.json": text(root.appendingPathComponent("src/RestKit-0.10/RKCatalog/project.json")),
                "contacts.json": text(root.appendingPathComponent("src/RestKit-0.20/RKSearchExample/contacts.json")),
                "gists.json": text(root.appendingPathComponent("src/RKGist/gists.json")),
                "LocalApiResults.json": text(
                    root.appendingPathComponent("src/AppCoreKit/MapSample/LocalApiResults.json")
                ),
                "explore-items.json": text(
                    root.appendingPathComponent("src/AppCoreKit/MapFormSynchronization/explore-items.json")
                ),
            ]
        ).buildAndRun()
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "rk10 20 44029179364253696 1299332349.0 false RestKit 208727870 JustJenFelice",
                "rk20 20 44029179364253696 1299332349.0 false RestKit 208727870",
                "rk20coredata 20 44029179364253696 false RestKit 208727870",
                "catalog 1 RestKit Blake Watters 31337 2 Ship 0.10 31337",
                "search 9 Lee Adama 616-555-4280 apollo@bsg.org Commander's son",
                "gist 1 4774273 true 1360709932.0 My first gist! https://api.github.com/gists/4774273",
                "mm LOL!!!! Bob Bobberson 1361016732.0 3 42",
                "mm aliases Bob Bobberson 1361016732.0 3",
                "timeline RestKit http://a0.twimg.com/profile_images/1190091434/restkit-twitter-logo_normal.png 44029179364253696",
                "venues 2 Musée des beaux-arts de Montréal 45.49854 -73.57944 (514) 285-2000 nil",
                "places 4 [Bily Kun] (514) 845-5392 http://www.tourisme-montreal.org/TMImages/03700-03799/03782/bily-kun_2.jpg",
            ]
        )
    }

    /// The model named among the files, as a `.xcdatamodeld`, a `.xcdatamodel` or its `contents`, types the entity
    /// as the one the header folders hold does; one saved by Xcode 3, which the import can't read, is an error that
    /// says so when named.
    @Test func aCoreDataModelNamedAmongTheFiles() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-objc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.sources.appendingPathComponent("RKGist"),
            to: root.appendingPathComponent("RKGist")
        )
        let model = "RKGist/RKGist.xcdatamodeld"
        var written: [String] = []
        for (index, path) in [model, "\(model)/RKGist.xcdatamodel", "\(model)/RKGist.xcdatamodel/contents"].enumerated()
        {
            let imported = try await commandLine.run(
                [
                    "import", "--from", "restkit", "RKGist/RKGAppDelegate.m", path, "--headers", "RKGist/RKGGist.h",
                    "--output", "mappings-\(index).yaml",
                ],
                in: root
            )
            #expect(imported.status == 0, "\(imported.errors)")
            #expect(imported.errors.isEmpty, "\(imported.errors)")
            written.append(try text(root.appendingPathComponent("mappings-\(index).yaml")))
        }
        #expect(
            written[0].contains("gistID: { keyPath: id, type: Int, formatter: LenientIntFormatter, optional: true }")
        )
        #expect(Set(written).count == 1)

        try write("bplist00", to: root.appendingPathComponent("Old.xcdatamodel/elements"))
        let old = try await commandLine.run(
            ["import", "--from", "restkit", "RKGist/RKGAppDelegate.m", "Old.xcdatamodel", "--output", "old.yaml"],
            in: root
        )
        #expect(old.status == 1)
        #expect(
            old.errors.contains(
                "Old.xcdatamodel:1:1: error: 'Old.xcdatamodel' is in Xcode 3's binary format (an 'elements' file, no 'contents'), which the import does not read"
            ),
            "\(old.errors)"
        )
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("old.yaml").path))
    }

    /// An app that copied MMDataObject.m into its project and changed its date pattern for its server (as Fireside, a
    /// Campfire client, did for Rails 2's "2009/11/22 23:46:58 +0000"), with an OAuth grant whose expiry an inline
    /// block computed from `expires_in` seconds: the import reads the app's own patterns from the `--headers` folder,
    /// the models decode what the server sent, and they write a date in the pattern the app's `attributes` sent it
    /// in (Fireside posted `[message attributes]` to Campfire's `speak.json`).
    @Test func aVendoredMMDataObjectsPatternsReadWhatTheServerSentAndWriteWhatTheAppSent() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-objc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let app = "src/MMDataObjectVendored"
        try FileManager.default.copyItem(
            at: Self.sources.appendingPathComponent("MMDataObjectVendored"),
            to: root.appendingPathComponent(app)
        )
        let imported = try await importAndGenerate(
            "vendored",
            arguments: [
                "--from", "mmdataobject", "\(app)/ChatMessage.m", "\(app)/Grant.m", "--headers", app,
                "--sample", "ChatMessage=\(app)/messages.json",
            ],
            in: root
        )
        let warnings = imported.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings == [
                "\(app)/Grant.m:9:62: warning: the input formatter of 'expiresAt' is a block computed at run time; the model keeps 'expiresAt' as the JSON value it is sent (JSONValue)",
                "\(app)/MMDataObject.m:37:35: warning: the app's MMDataObject wrote dates with its date pattern 'yyyy-mm-dd HH:mm:ss' in the device's time zone, which the import can't know, where 'mm' is minutes, so the server was sent the minutes in the month's place; the models write 'yyyy-MM-dd HH:mm:ss' in UTC",
            ],
            "\(imported)"
        )
        let yaml = try text(root.appendingPathComponent("apps/vendored/mappings.yaml"))
        #expect(
            yaml.contains(
                "      # the date patterns of the app's own MMDataObject, read (\(app)/MMDataObject.m:20) and written (\(app)/MMDataObject.m:37)\n"
            ),
            "\(yaml)"
        )
        #expect(
            yaml.contains(
                #"createdAt: { keyPath: created_at, type: Date, formatter: DatePatternFormatter, userData: { format: "yyyy/MM/dd HH:mm:ss ZZZ", writeFormat: "yyyy-MM-dd HH:mm:ss" }, optional: true }"#
            ),
            "\(yaml)"
        )
        #expect(yaml.contains("expiresAt: { keyPath: expires_in, type: JSONValue, optional: true }"), "\(yaml)")

        let output = try await GeneratedPackage(
            name: "VendoredMMDataObject",
            modules: [
                "ChatModels": try GeneratedPackage.swiftFiles(
                    in: root.appendingPathComponent("apps/vendored/Generated")
                )
            ],
            main: Self.vendoredMain,
            resources: [
                "messages.json": text(root.appendingPathComponent("\(app)/messages.json")),
                "grant.json": text(root.appendingPathComponent("\(app)/grant.json")),
            ]
        ).buildAndRun()
        #expect(
            output.split(separator: "\n").map(String.init) == [
                "message 1 Hello Room 1258933618.0",
                "message 2 Back from lunch 1258977900.0",
                #"encoded {"body":"Back from lunch","created_at":"2009-11-23 12:05:00","id":2}"#,
                "grant b4c0n 1209600.0",
                #"encoded {"access_token":"b4c0n","expires_in":1209600}"#,
            ]
        )
    }

    /// Decodes the chat server's messages and OAuth grant with the models imported from the vendored MMDataObject app.
    static let vendoredMain = #"""
        import ChatModels
        import Foundation
        import ModelRuntime

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

        let messages = try JSONDecoder().decode([ChatMessage].self, from: data("messages.json"))
        for message in messages {
            print("message", message.id ?? 0, message.body ?? "", message.createdAt?.timeIntervalSince1970 ?? 0)
        }
        print("encoded", String(decoding: try encoder.encode(messages[1]), as: UTF8.self))

        let grant = try JSONDecoder().decode(Grant.self, from: data("grant.json"))
        print("grant", grant.accessToken ?? "", grant.expiresAt?.doubleValue ?? 0)
        print("encoded", String(decoding: try encoder.encode(grant), as: UTF8.self))

        """#

    /// RestKit's key-value mapping example reads totals with key-value coding operators, which compute a value
    /// rather than name a JSON key: each is a warning naming its line, and the plain keys are imported.
    @Test func keyValueCodingOperatorsAreWarningsNamingTheirLines() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("model-generator-objc-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let file = "RestKit-0.10/RKCatalog/RKKeyValueMappingExample.m"
        try write(try text(Self.sources.appendingPathComponent(file)), to: root.appendingPathComponent(file))
        let imported = try await commandLine.run(
            ["import", "--from", "restkit", file, "--output", "mappings.yaml"],
            in: root
        )
        #expect(imported.status == 0, "\(imported.errors)")
        let warnings = imported.errors.split(separator: "\n").filter { $0.contains(": warning: ") }
        #expect(
            warnings == [
                "\(file):70:6: warning: 'transactions.@count' applies the key-value coding operator '@count', which RestKit computed at run time; 'transactionsCount' is not imported",
                "\(file):71:6: warning: 'transactions.@avg.amount' applies the key-value coding operator '@avg', which RestKit computed at run time; 'averageTransactionAmount' is not imported",
                "\(file):72:6: warning: 'transactions.@distinctUnionOfObjects.payee' applies the key-value coding operator '@distinctUnionOfObjects', which RestKit computed at run time; 'distinctPayees' is not imported",
            ]
        )
        let yaml = try text(root.appendingPathComponent("mappings.yaml"))
        let properties = yaml.split(separator: "\n").filter { $0.hasPrefix("      ") && !$0.contains("#") }
        #expect(
            properties == [
                "      accountID: { keyPath: id, type: Double, formatter: LenientDoubleFormatter, optional: true }",
                "      name: { keyPath: name, type: String, formatter: LenientStringFormatter, optional: true }",
                "      balance: { keyPath: balance, type: Double, formatter: LenientDoubleFormatter, optional: true }",
            ]
        )
    }

    /// `+[CustomTransformers transformStringByTrimmingValue:error:]` of AppCoreKit's map sample, in Swift.
    static let trimmingFormatter = """
        import Foundation
        import ModelRuntime

        public enum TransformStringByTrimmingValue: ValueFormatter {
            public static func value(from raw: String, userData: NoUserData) throws -> String {
                raw.trimmingCharacters(in: .whitespaces)
            }

            public static func raw(from value: String, userData: NoUserData) throws -> String { value }
        }

        """

    /// Decodes each app's payload with its generated models and prints the mapped values.
    static let main = #"""
        import Foundation
        import MMModels
        import PlaceModels
        import RK10Models
        import RK20CoreDataModels
        import RK20Models
        import RKCatalogModels
        import RKGistModels
        import RKSearchModels
        import TimelineModels
        import VenueModels

        let folder = URL(fileURLWithPath: CommandLine.arguments[1])
        func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }
        let decoder = JSONDecoder()

        let rk10 = try decoder.decode([RK10Models.RKTStatus].self, from: data("restkit.json"))
        let status = rk10[0]
        print(
            "rk10", rk10.count, status.statusID ?? 0, status.createdAt?.timeIntervalSince1970 ?? 0,
            status.isFavorited ?? true, status.user?.screenName ?? "", status.user?.userID ?? 0,
            status.inReplyToScreenName ?? ""
        )

        let rk20 = try decoder.decode([RK20Models.RKTweet].self, from: data("restkit.json"))
        print(
            "rk20", rk20.count, rk20[0].statusID ?? 0, rk20[0].createdAt?.timeIntervalSince1970 ?? 0,
            rk20[0].isFavorited ?? true, rk20[0].user?.screenName ?? "", rk20[0].user?.userID ?? 0
        )

        let coreData = try decoder.decode([RK20CoreDataModels.Tweet].self, from: data("restkit.json"))
        print(
            "rk20coredata", coreData.count, coreData[0].statusID ?? 0, coreData[0].isFavorited ?? true,
            coreData[0].user?.screenName ?? "", coreData[0].user?.userID ?? 0
        )

        let envelope = try decoder.decode([String: RKCatalogModels.Project].self, from: data("project.json"))
        let project = envelope["project"]!
        print(
            "catalog", project.projectID ?? 0, project.name ?? "", project.user?.name ?? "", project.user?.userID ?? 0,
            project.tasks?.count ?? 0, project.tasks?.first?.name ?? "", project.tasks?.first?.assignedUserID ?? 0
        )

        let contacts = try decoder.decode([String: [RKSearchModels.Contact]].self, from: data("contacts.json"))["contacts"]!
        print(
            "search", contacts.count, contacts[0].firstName ?? "", contacts[0].lastName ?? "",
            contacts[0].phoneNumber ?? "", contacts[0].emailAddress ?? "", contacts[0].notes ?? ""
        )

        let gists = try decoder.decode([RKGistModels.RKGGist].self, from: data("gists.json"))
        print(
            "gist", gists.count, gists[0].gistID ?? 0, gists[0].`public` ?? false,
            gists[0].createdAt?.timeIntervalSince1970 ?? 0, gists[0].descriptionText ?? "",
            gists[0].jsonURL?.stringValue ?? ""
        )

        // Attributes as an MMDataObject app's API sent them, with its date pattern.
        let formatted = try decoder.decode(
            MMModels.PatientWithFormatters.self,
            from: Data(#"{"name": "Bob Bobberson", "title": "Software Engineer", "createdAt": "2013-02-16 12:12:12", "visits": [{"time": "5", "fee": "42", "room": "10"}, {"time": "5", "fee": "42", "room": "10"}, {"time": "5", "fee": "42", "room": "10"}]}"#.utf8)
        )
        print(
            "mm", formatted.name ?? "", formatted.createdAt?.timeIntervalSince1970 ?? 0, formatted.visits?.count ?? 0,
            formatted.visits?.first?.fee ?? ""
        )
        let aliased = try decoder.decode(
            MMModels.PatientWithAliases.self,
            from: Data(#"{"first_name": "Bob Bobberson", "title": "Software Engineer", "created_at": "2013-02-16 12:12:12", "visits": [{"time": "5"}, {"time": "5"}, {"time": "5"}]}"#.utf8)
        )
        print(
            "mm aliases", aliased.name ?? "", aliased.createdAt?.timeIntervalSince1970 ?? 0,
            aliased.visits?.arrayValue?.count ?? 0
        )

        let tweets = try decoder.decode([TimelineModels.CKSampleTwitterTweetModel].self, from: data("restkit.json"))
        print("timeline", tweets[0].name ?? "", tweets[0].imageUrl?.absoluteString ?? "", tweets[0].identifier ?? "")

        let venues = try decoder.decode([VenueModels.CKMapFormSynchronizationModel].self, from: data("explore-items.json"))
        print(
            "venues", venues.count, venues[0].name ?? "", venues[0].latitude, venues[0].longitude,
            venues[0].phone ?? "nil", venues[1].phone ?? "nil"
        )

        let places = try decoder.decode([String: [PlaceModels.CKSampleMapModel]].self, from: data("LocalApiResults.json"))["results"]!
        print(
            "places", places.count, "[\(places[2].name ?? "")]", places[2].phone ?? "", places[2].imageUrl?.absoluteString ?? ""
        )

        """#
}
