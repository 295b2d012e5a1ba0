import BlockingTestSupport
import Foundation
import ModelGeneratorCore
import Testing

@testable import model_generator

/// The write stage touches only files the generator wrote: planted links, unreadable and foreign files, odd output
/// folders, concurrent runs, signals and errors mid-commit all leave everything else as it was.
/// On threads of its own: the tests wait for the command line they start.
@Suite(.serialized, .onOwnThread) struct FileSafetyTests {
    let cli = CommandLineTests()
    let manager = FileManager.default
    let generate = ["generate", "--config", "model-generator.yaml"]

    /// The names in a folder, hidden ones included.
    func names(_ directory: URL) throws -> [String] {
        try manager.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Rewrites the `output: Expected` line of a workspace's config as `replacement`.
    func replaceOutput(in directory: URL, with replacement: String) throws {
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(of: "output: Expected", with: replacement)
            .write(to: configURL, atomically: false, encoding: .utf8)
    }

    func write(_ text: String, to url: URL) throws {
        try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    /// Starts the generator without waiting for it; `kill` ends it if it hasn't finished by itself in time.
    func start(_ arguments: [String], in directory: URL) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = try CommandLineTests.executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        return (process, errors)
    }

    /// Waits for `process` for up to `seconds`, then kills it: a test of a hang fails instead of hanging.
    func wait(_ process: Process, seconds: Double) async throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(seconds)
        while process.isRunning && clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning {
            process.terminate()
            try waitForExit(process)
            return -1
        }
        return process.terminationStatus
    }

    var isRoot: Bool { getuid() == 0 }

    /// Every file below `directory` by relative path, hidden ones included.
    func tree(_ directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try names(directory) {
            let url = directory.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            _ = manager.fileExists(atPath: url.path, isDirectory: &isFolder)
            if isFolder.boolValue {
                for (path, data) in try tree(url) { files[name + "/" + path] = data }
            } else {
                files[name] = try Data(contentsOf: url)
            }
        }
        return files
    }

    // MARK: Links, unreadable files, foreign files

    /// A workspace with an empty output folder and a file outside it that a followed link would overwrite.
    func workspaceWithVictim() throws -> (directory: URL, victim: URL, output: URL) {
        let directory = try cli.workspace()
        let victim = directory.appendingPathComponent("victim.txt")
        try write("precious\n", to: victim)
        let output = directory.appendingPathComponent("Expected")
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        return (directory, victim, output)
    }

    /// On a file system that ignores case (macOS's, by default), `OFFICE.swift`, recorded by an earlier run, is the
    /// `Office.swift` this run keeps: deleting it as a file no longer produced deleted the model. A hard link stands
    /// for the second spelling here.
    @Test func aRecordedFileTheFileSystemTakesForOneTheRunKeepsIsNotDeleted() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        #expect(try await cli.run(generate, in: directory).status == 0)
        try manager.linkItem(
            at: output.appendingPathComponent("Office.swift"),
            to: output.appendingPathComponent("OFFICE.swift")
        )
        let manifest = output.appendingPathComponent(".model-generator-manifest")
        try write(
            try String(contentsOf: manifest, encoding: .utf8)
                .replacingOccurrences(of: "- Object.swift\n", with: "- OFFICE.swift\n- Object.swift\n"),
            to: manifest
        )
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.output.contains("deleted"), "\(result.output)")
        #expect(try names(output).contains("OFFICE.swift"))
    }

    /// On a file system that ignores case, a type renamed by case alone (a naming override from `Visitlog` to
    /// `VisitLog`) writes `VisitLog.swift` where the earlier run recorded `Visitlog.swift`, the same file: it is the
    /// run's own and is replaced (the run failed, calling it a file model-generator didn't write). A hard link stands
    /// for the second spelling here.
    @Test func aFileRecordedUnderAnotherSpellingOfItsNameIsReplaced() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        #expect(try await cli.run(generate, in: directory).status == 0)
        let office = output.appendingPathComponent("Office.swift")
        let generated = try String(contentsOf: office, encoding: .utf8)
        try manager.linkItem(at: office, to: output.appendingPathComponent("OFFICE.swift"))
        let manifest = output.appendingPathComponent(".model-generator-manifest")
        try write(
            try String(contentsOf: manifest, encoding: .utf8)
                .replacingOccurrences(of: "- Office.swift\n", with: "- OFFICE.swift\n"),
            to: manifest
        )
        // An older version, written in place so that both spellings hold it.
        let older = Data((generated.prefix { $0 != "\n" } + "\n// older\n").utf8)
        let handle = try FileHandle(forWritingTo: office)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: older)
        try handle.close()

        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: office, encoding: .utf8) == generated)
        let listed = try String(contentsOf: manifest, encoding: .utf8)
        #expect(listed.contains("- Office.swift\n") && !listed.contains("OFFICE"), "\(listed)")
    }

    /// A type renamed to a name that differs only in its Unicode normalization (a naming override from NFD `Café` to
    /// NFC) replaces its file: on a file system that compares names by their bytes (ext4), the file of the old
    /// spelling was left beside the new one, since Swift's strings compare the two names equal.
    @Test func aFileRenamedToAnotherNormalizationOfItsNameLeavesNoOldFile() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        let config = directory.appendingPathComponent("model-generator.yaml")
        let original = try String(contentsOf: config, encoding: .utf8)
        for name in ["Cafe\u{301}", "Caf\u{E9}"] {
            try write(
                original.replacingOccurrences(of: "c_bool: isEnabled", with: "c_bool: isEnabled, c_office: \(name)"),
                to: config
            )
            let result = try await cli.run(generate, in: directory)
            #expect(result.status == 0, "\(result.errors)")
            let files = try names(output).map { Array($0.utf8) }
            #expect(files.filter { $0.starts(with: Array("Caf".utf8)) } == [Array("\(name).swift".utf8)])
        }
        // The manifest lists the new spelling: its text differs from the old one's only in normalization.
        let manifest = try Data(contentsOf: output.appendingPathComponent(".model-generator-manifest"))
        #expect(String(decoding: manifest, as: UTF8.self).unicodeScalars.contains("\u{E9}"))
        #expect(!String(decoding: manifest, as: UTF8.self).unicodeScalars.contains("\u{301}"))
        // The plan deletes a recorded file only canonically equivalent to a produced one, as another file.
        let plan = OutputPlan(changes: ["Caf\u{E9}.swift": .unchanged], generatedFiles: ["Cafe\u{301}.swift"])
        #expect(plan.deletions.map { Array($0.utf8) } == [Array("Cafe\u{301}.swift".utf8)])
    }

    @Test func aLinkPlantedAtAnOutputPathIsAnErrorAndWhatItPointsAtIsUntouched() async throws {
        let (directory, victim, output) = try workspaceWithVictim()
        defer { try? manager.removeItem(at: directory) }
        try manager.createSymbolicLink(
            atPath: output.appendingPathComponent("Office.swift").path,
            withDestinationPath: "../victim.txt"
        )

        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("error: Expected/Office.swift is a symbolic link, not a regular file"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try names(output) == ["Office.swift"])
        #expect(
            try manager.destinationOfSymbolicLink(atPath: output.appendingPathComponent("Office.swift").path)
                == "../victim.txt"
        )
    }

    /// A name in the output folder and a manifest's text are the repository's, not the generator's: a line break, an
    /// ESC or a bidi control in them is written as an escape, on every line the run prints (a link named
    /// `a⏎App.swift:1:1: error: …` forged a diagnostic line of its own, and ESC sequences redrew the terminal).
    @Test func namesInTheOutputFolderReachTheTerminalEscaped() async throws {
        let (directory, _, output) = try workspaceWithVictim()
        defer { try? manager.removeItem(at: directory) }
        let name = "a\nApp.swift:1:1: error: run fix.sh \u{1B}[2K\u{202E}"
        try manager.createSymbolicLink(
            atPath: output.appendingPathComponent(name).path,
            withDestinationPath: "../victim.txt"
        )
        for arguments in [generate, generate + ["--check"]] {
            let result = try await cli.run(arguments, in: directory)
            #expect(result.status == 1)
            let printed = result.output + result.errors
            #expect(
                printed.contains(#"Expected/a\u{a}App.swift:1:1: error: run fix.sh \u{1b}[2K\u{202e}"#),
                "\(printed)"
            )
            #expect(!printed.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" }, "\(arguments)")
            #expect(!printed.contains("\nApp.swift"), "\(arguments)")
        }

        // A manifest that names another config in raw control characters is named escaped too.
        #expect(unlink(output.appendingPathComponent(name).path) == 0)
        #expect(try await cli.run(generate, in: directory).status == 0)
        let manifest = output.appendingPathComponent(".model-generator-manifest")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        let forged = text.replacingOccurrences(of: "config: ", with: "config: x\u{1B}[1A\u{1B}[2K")
        try #require(forged != text)
        try write(forged, to: manifest)
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains(#"x\u{1b}[1A\u{1b}[2K"#), "\(result.errors)")
        #expect(!result.errors.unicodeScalars.contains("\u{1B}"))
    }

    /// Earlier versions wrote each file to a fixed temporary name with fopen, so a link committed at that name
    /// redirected the write anywhere. Links at such names, or at a staging folder's name, are never followed.
    @Test func linksPlantedAtTemporaryNamesAreNeverFollowed() async throws {
        let (directory, victim, output) = try workspaceWithVictim()
        defer { try? manager.removeItem(at: directory) }
        for name in [".Office.swift.model-generator-tmp", ".model-generator-staging-AAAAAA"] {
            try manager.createSymbolicLink(
                atPath: output.appendingPathComponent(name).path,
                withDestinationPath: "../victim.txt"
            )
        }
        let refused = try await cli.run(generate, in: directory)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("Expected/.Office.swift.model-generator-tmp is a symbolic link"))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")

        // A staging folder left behind (by a killed run, or planted) is removed without following what is in it.
        for name in [".Office.swift.model-generator-tmp", ".model-generator-staging-AAAAAA"] {
            try manager.removeItem(at: output.appendingPathComponent(name))
        }
        let leftover = output.appendingPathComponent(".model-generator-staging-BBBBBB")
        try manager.createDirectory(at: leftover, withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: leftover.appendingPathComponent("Office.swift").path,
            withDestinationPath: "../../victim.txt"
        )
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(
            try names(output) == [".model-generator-manifest", "Object.swift", "Office.swift", "SchemaObjects.swift"]
        )
    }

    /// `--check` that fails on the manifest alone says so in its last line, rather than "no changes".
    @Test func aCheckSummaryCountsAManifestOutOfDate() {
        let plan = OutputPlan(changes: ["A.swift": .unchanged], generatedFiles: ["A.swift"], manifest: .stale)
        #expect(
            plan.summary(in: "Generated", written: false) == "the manifest out of date, 1 file up to date in Generated"
        )
        #expect(plan.summary(in: "Generated", written: true) == "no changes, 1 file up to date in Generated")
        #expect(!plan.isUpToDate)
        // An edited generated file is counted as edited, the others in the way as not generated.
        let edited = OutputPlan(
            changes: ["A.swift": .conflict(.headerRemoved), "B.swift": .conflict(.notGenerated)],
            generatedFiles: ["A.swift"]
        )
        #expect(
            edited.summary(in: "Generated", written: false)
                == "1 file edited, left alone, 1 file not generated, left alone, 0 files up to date in Generated"
        )
    }

    /// A generated file whose header was taken away is kept, and the error says that, not that the manifest
    /// doesn't list it (which it does).
    @Test func aGeneratedFileWithoutItsHeaderIsKeptAndNamedAsEdited() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let office = directory.appendingPathComponent("Expected/Office.swift")
        let edited =
            try String(contentsOf: office, encoding: .utf8).split(separator: "\n", maxSplits: 1)[1] + "// mine\n"
        try write(String(edited), to: office)
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "Expected/Office.swift was generated here (Expected/.model-generator-manifest lists it) but no longer "
                    + "starts with the generated header, so it was edited"
            ),
            "\(result.errors)"
        )
        #expect(try String(contentsOf: office, encoding: .utf8) == String(edited))
    }

    /// Only a folder named as mkdtemp(3) names staging folders is one: a folder of the user's whose name only starts
    /// the same way is kept, with what is in it.
    @Test func aFolderThatOnlyLooksLikeAStagingFolderIsKept() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("Expected/.model-generator-staging-notes/todo.txt")
        try write("mine\n", to: notes)
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "mine\n")
        #expect(OutputFolder.isStagingName(".model-generator-staging-a1B2c3"))
        #expect(!OutputFolder.isStagingName(".model-generator-staging-a1B2c"))
        #expect(!OutputFolder.isStagingName(".model-generator-staging-a1B2c3d"))
        #expect(!OutputFolder.isStagingName(".model-generator-staging-a1B2-3"))
    }

    @Test func anUnreadableFileAtAnOutputPathIsAConflictAndKept() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let office = directory.appendingPathComponent("Expected/Office.swift")
        let latin1 = Data([0x2F, 0x2F, 0x20, 0xE9, 0x74, 0xE9, 0x0A])  // "// été" in Latin-1
        try latin1.write(to: office)

        let check = try await cli.run(generate + ["--check"], in: directory)
        #expect(check.status == 1)
        #expect(check.output.contains("unreadable (not UTF-8 text), left alone: Expected/Office.swift"))
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("error: Expected/Office.swift exists but can't be read (not UTF-8 text)"))
        #expect(try Data(contentsOf: office) == latin1)

        // Root reads anything, so a file without read permission is only unreadable for other users.
        if !isRoot {
            try "struct Mine {}\n".write(to: office, atomically: false, encoding: .utf8)
            try manager.setAttributes([.posixPermissions: 0o200], ofItemAtPath: office.path)
            defer { try? manager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: office.path) }
            let denied = try await cli.run(generate, in: directory)
            #expect(denied.status == 1)
            #expect(denied.errors.contains("Expected/Office.swift exists but can't be read (permission denied)"))
        }
    }

    /// A file carrying the generated header is still not the generator's unless the folder's manifest lists it:
    /// it is neither overwritten nor deleted.
    @Test func foreignFilesCarryingTheHeaderAreNeverOverwrittenOrDeleted() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        let foreign = "// Generated by model-generator from elsewhere.yaml. Do not edit.\nstruct Office {}\n"
        try write(foreign, to: output.appendingPathComponent("Office.swift"))
        try write(foreign, to: output.appendingPathComponent("Extra.swift"))

        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("error: Expected/Office.swift exists and was not generated by model-generator"))
        #expect(try names(output) == ["Extra.swift", "Office.swift"])
        #expect(try String(contentsOf: output.appendingPathComponent("Office.swift"), encoding: .utf8) == foreign)

        try manager.removeItem(at: output.appendingPathComponent("Office.swift"))
        let second = try await cli.run(generate, in: directory)
        #expect(second.status == 0, "\(second.errors)")
        #expect(try String(contentsOf: output.appendingPathComponent("Extra.swift"), encoding: .utf8) == foreign)

        // A folder written before the manifest existed is taken over where its files are exactly what the run
        // produces.
        try manager.removeItem(at: output.appendingPathComponent(".model-generator-manifest"))
        let adopted = try await cli.run(generate, in: directory)
        #expect(adopted.status == 0, "\(adopted.errors)")
        #expect(
            adopted.output == "wrote Expected/.model-generator-manifest\nno changes, 3 files up to date in Expected\n"
        )
    }

    /// The rule itself: only a file the manifest records that still carries the header is overwritten; a file
    /// with exactly the run's bytes is unchanged whoever wrote it.
    @Test func onlyARecordedFileWithTheHeaderIsOverwritten() {
        let header = Pipeline.headerPrefix + "objects.yaml. Do not edit.\n"
        let new = header + "struct New {}\n"
        let change = { (existing: OutputPlan.Existing, recorded: Bool) in
            OutputPlan.Change(contents: new, existing: existing, recorded: recorded)
        }
        #expect(change(.text(header + "struct Old {}\n"), true) == .stale)
        #expect(change(.text(header + "struct Old {}\n"), false) == .conflict(.notGenerated))
        #expect(change(.text("struct Mine {}\n"), true) == .conflict(.headerRemoved))
        #expect(change(.text("struct Mine {}\n"), false) == .conflict(.notGenerated))
        #expect(change(.text(new), false) == .unchanged)
        // Exactly the bytes: a file whose text differs only in its normalization (an NFD `é` where the run writes
        // NFC's) is rewritten, and `--check` says so; Swift's `==` takes the two texts for one.
        let decomposed = header + "struct Caf\u{65}\u{301} {}\n"
        let composed = header + "struct Caf\u{E9} {}\n"
        #expect(decomposed == composed)
        #expect(OutputPlan.Change(contents: composed, existing: .text(decomposed), recorded: true) == .stale)
        #expect(OutputPlan.Change(contents: composed, existing: .text(decomposed), recorded: false) != .unchanged)
        #expect(change(.none, false) == .missing)
        #expect(change(.unreadable("not UTF-8 text"), true) == .conflict(.unreadable("not UTF-8 text")))
        #expect(change(.notRegularFile("a FIFO"), true) == .conflict(.notRegularFile("a FIFO")))
    }

    /// A config renamed between its two accepted names is the same config: the manifest reads the same and still
    /// names it, while a config of another name in the same folder is another config.
    @Test func aConfigRenamedToYmlKeepsItsFolder() {
        let yaml = OutputManifest(
            configPath: "Sources/M/model-generator.yaml",
            outputDirectory: "Sources/M/Generated",
            workingDirectory: "/package",
            files: ["A.swift"]
        )
        let yml = OutputManifest(
            configPath: "Sources/M/model-generator.yml",
            outputDirectory: "Sources/M/Generated",
            workingDirectory: "/package",
            files: ["A.swift"]
        )
        #expect(yml == yaml)
        #expect(yaml.config == "../model-generator.yaml")
        #expect(
            yaml.names(
                configPath: "Sources/M/model-generator.yml",
                from: "Sources/M/Generated",
                workingDirectory: "/package"
            )
        )
        #expect(
            !yaml.names(configPath: "Sources/M/other.yml", from: "Sources/M/Generated", workingDirectory: "/package")
        )
    }

    /// The manifest's names compare by their bytes, as ext4 does: two spellings of `Café` that Swift's `==` calls
    /// equal are two files, and two folders. A merge conflict between a branch that wrote NFD `Café.swift` and one
    /// that wrote NFC's lists both, and both are the generator's (one was kept, and the other left behind beside it);
    /// a manifest written for the config of the NFD folder `Café` doesn't make the folder the NFC folder's config's
    /// (which then deleted the other config's files).
    @Test func theManifestComparesNamesByTheirBytes() throws {
        let decomposed = "Cafe\u{301}"
        let composed = "Caf\u{E9}"
        let conflicted = """
            config: ../model-generator.yaml
            files:
            <<<<<<< HEAD
            - \(decomposed).swift
            =======
            - \(composed).swift
            >>>>>>> branch
            """
        let files = OutputManifest.parse(conflicted)?.files.map { Array($0.utf8) } ?? []
        #expect(files.count == 2 && Set(files) == [Array("\(decomposed).swift".utf8), Array("\(composed).swift".utf8)])
        let other = OutputManifest(config: "../\(decomposed)/model-generator.yaml", files: ["A.swift"])
        #expect(!other.names(configPath: "\(composed)/model-generator.yaml", from: "Shared", workingDirectory: "/w"))
        #expect(other.names(configPath: "\(decomposed)/model-generator.yaml", from: "Shared", workingDirectory: "/w"))
        // `model-generator.yml` still names the config it was written for.
        #expect(other.names(configPath: "\(decomposed)/model-generator.yml", from: "Shared", workingDirectory: "/w"))
        // Where the file system takes the two spellings for one folder (macOS; here a link), they are one config.
        let directory = try cli.workspace().path
        defer { try? manager.removeItem(atPath: directory) }
        try manager.createDirectory(atPath: directory + "/\(decomposed)", withIntermediateDirectories: false)
        try manager.createSymbolicLink(atPath: directory + "/\(composed)", withDestinationPath: decomposed)
        #expect(
            other.names(configPath: "\(composed)/model-generator.yaml", from: "Shared", workingDirectory: directory)
        )
        try manager.removeItem(atPath: directory + "/\(composed)")
        try manager.createDirectory(atPath: directory + "/\(composed)", withIntermediateDirectories: false)
        #expect(
            !other.names(configPath: "\(composed)/model-generator.yaml", from: "Shared", workingDirectory: directory)
        )
    }

    /// The manifest is kept by version control like the files: a merge conflict in it reads as both sides, and a
    /// manifest naming another config makes the folder that config's.
    @Test func theManifestNamesItsConfigAndSurvivesAMergeConflict() async throws {
        let manifest = OutputManifest(config: "../model-generator.yaml", files: ["B.swift", "A.swift"])
        #expect(OutputManifest.parse(manifest.text) == manifest)
        let conflicted = """
            config: ../model-generator.yaml
            files:
            - A.swift
            <<<<<<< HEAD
            - B.swift
            =======
            - C.swift
            >>>>>>> branch
            """
        #expect(OutputManifest.parse(conflicted)?.files == ["A.swift", "B.swift", "C.swift"])
        #expect(OutputManifest.parse("// Generated by model-generator from x.yaml.\n") == nil)
        #expect(manifest.names(configPath: "model-generator.yaml", from: "Expected", workingDirectory: "/w"))
        #expect(!manifest.names(configPath: "other.yaml", from: "Expected", workingDirectory: "/w"))

        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let config = try String(contentsOf: directory.appendingPathComponent("model-generator.yaml"), encoding: .utf8)
        try config.write(to: directory.appendingPathComponent("second.yaml"), atomically: false, encoding: .utf8)
        let before = try cli.snapshot(directory.appendingPathComponent("Expected"))
        let second = try await cli.run(["generate", "--config", "second.yaml"], in: directory)
        #expect(second.status == 1)
        #expect(
            second.errors.contains(
                "error: cannot write into Expected: it is the output folder of model-generator.yaml, as its .model-generator-manifest says"
            )
        )
        #expect(try cli.snapshot(directory.appendingPathComponent("Expected")) == before)
    }

    // MARK: Output folders

    @Test(arguments: [
        ("..", "is outside the config's folder"), (".", "is the config's own folder"),
        ("/tmp", "is outside the config's folder"), ("Package", "holds a Package.swift"),
    ])
    func outputFoldersThatMixWithAPackageAreRefused(_ output: String, _ problem: String) async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        try write("// swift-tools-version: 6.0\n", to: directory.appendingPathComponent("Package/Package.swift"))
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        let config = try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(of: "output: Expected", with: "output: \(output)")
        try config.write(to: configURL, atomically: false, encoding: .utf8)
        let before = try names(directory)

        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 1)
        #expect(result.errors.contains("model-generator.yaml:4:9: error: the output folder"))
        #expect(result.errors.contains(problem))
        #expect(result.errors.contains("allowOutputAnywhere: true"))
        #expect(try names(directory) == before)
        #expect(try names(directory.appendingPathComponent("Package")) == ["Package.swift"])

        if output == "Package" {
            try (config + "allowOutputAnywhere: true\n").write(to: configURL, atomically: false, encoding: .utf8)
            let allowed = try await cli.run(generate, in: directory)
            #expect(allowed.status == 0, "\(allowed.errors)")
            #expect(try names(directory.appendingPathComponent("Package")).contains("Office.swift"))
        }
    }

    /// The folder rules apply to where files really go: a link that leads the output folder outside the config's
    /// folder is refused like `output: ..`.
    @Test func aLinkThatLeadsTheOutputFolderElsewhereIsRefused() async throws {
        let directory = try cli.workspace()
        let elsewhere = manager.temporaryDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString)")
        defer {
            try? manager.removeItem(at: directory)
            try? manager.removeItem(at: elsewhere)
        }
        try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let link = directory.appendingPathComponent("Expected")
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: elsewhere.path)
        let refused = try await cli.run(generate, in: directory)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("error: cannot write into Expected: a symbolic link leads it to"))
        #expect(try names(elsewhere).isEmpty)

        // Below a link too, and not only when the folder exists.
        try manager.removeItem(at: link)
        try manager.createSymbolicLink(
            atPath: directory.appendingPathComponent("Up").path,
            withDestinationPath: elsewhere.path
        )
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        let config = try String(contentsOf: configURL, encoding: .utf8)
        try config.replacingOccurrences(of: "output: Expected", with: "output: Up/Models")
            .write(to: configURL, atomically: false, encoding: .utf8)
        #expect(try await cli.run(generate, in: directory).status == 1)
        #expect(try names(elsewhere).isEmpty)

        // A link to a folder inside the config's folder is fine.
        try manager.createDirectory(at: directory.appendingPathComponent("Inner"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: "Inner")
        try config.write(to: configURL, atomically: false, encoding: .utf8)
        let inside = try await cli.run(generate, in: directory)
        #expect(inside.status == 0, "\(inside.errors)")
        #expect(try names(directory.appendingPathComponent("Inner")).contains("Office.swift"))
    }

    /// An output folder that is a symbolic link to nothing, or one of a loop of links, is refused by a run that writes
    /// and by one that only looks, in words that say what it is and name where it leads; before, they said "a file is
    /// in the way" and "no such file or folder". Nothing is created, the link's target included.
    @Test func anOutputFolderLinkThatLeadsNowhereIsNamed() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let link = directory.appendingPathComponent("Expected").path
        for (target, reason) in [
            ("Missing", "it is a symbolic link to 'Missing', which does not exist"),
            ("Expected", "it is a symbolic link to 'Expected', in a loop of symbolic links"),
        ] {
            unlink(link)
            try manager.createSymbolicLink(atPath: link, withDestinationPath: target)
            let listed = try names(directory)
            for (arguments, action) in [
                (generate, "create the folder"),
                (generate + ["--check"], "open the folder"),
                (generate + ["--dry-run"], "open the folder"),
            ] {
                let result = try await cli.run(arguments, in: directory)
                #expect(result.status == 1)
                #expect(result.errors == "model-generator.yaml:4:9: error: cannot \(action) Expected: \(reason)\n")
                #expect(try names(directory) == listed)
            }
        }
    }

    /// After `output` changes, the files in the old folder would be compiled twice; the run names that folder with
    /// the command that removes it, and the command works.
    @Test func aPreviousOutputFolderIsReportedWithTheCommandThatRemovesIt() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(of: "output: Expected", with: "output: Sources/New Models")
            .write(to: configURL, atomically: false, encoding: .utf8)

        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        // A warning at the config's `output`, like every other.
        let prefix =
            "model-generator.yaml:4:9: warning: Expected still holds the files this config generated there before "
            + "its 'output' changed; remove them with: "
        let line = try #require(result.errors.split(separator: "\n").first { $0.hasPrefix(prefix) })
        let command = String(line.dropFirst(prefix.count))
        #expect(command == "rm -r -- Expected")
        #expect(try cli.snapshot(directory.appendingPathComponent("Sources/New Models")).count == 4)

        // With a hand-written file there too, only the generated files are named.
        #expect(
            try await cli.run(["generate", "--config", "model-generator.yaml", "--check"], in: directory).status == 0
        )
        try write("// Mine.\n", to: directory.appendingPathComponent("Expected/Mine.swift"))
        let again = try await cli.run(generate, in: directory)
        let removal = try #require(again.errors.split(separator: "\n").first { $0.hasPrefix(prefix) })
            .dropFirst(prefix.count)
        #expect(
            removal
                == "rm -- Expected/Object.swift Expected/Office.swift Expected/SchemaObjects.swift Expected/.model-generator-manifest"
        )
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", String(removal)]
        shell.currentDirectoryURL = directory
        try shell.run()
        try waitForExit(shell)
        #expect(try names(directory.appendingPathComponent("Expected")) == ["Mine.swift"])
        let quiet = try await cli.run(generate, in: directory)
        #expect(!quiet.errors.contains("still holds"))
    }

    /// A file of the user's whose name is only canonically equivalent to a generated one's (NFC `Café.swift` beside
    /// the NFD one the run wrote) is another file on Linux: the command that clears the previous folder names the
    /// generated files, not the folder (`rm -r` took the user's file with it).
    @Test func aPreviousFolderHoldingAnotherNormalizationOfAGeneratedNameIsNotRemovedWhole() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        let config = try String(contentsOf: configURL, encoding: .utf8)
        try write(config.replacingOccurrences(of: "isEnabled", with: "isEnabled, c_office: Cafe\u{301}"), to: configURL)
        #expect(try await cli.run(generate, in: directory).status == 0)
        try write("// Mine.\n", to: directory.appendingPathComponent("Expected/Caf\u{E9}.swift"))
        try write(
            try String(contentsOf: configURL, encoding: .utf8)
                .replacingOccurrences(of: "output: Expected", with: "output: New"),
            to: configURL
        )
        let result = try await cli.run(generate, in: directory)
        #expect(result.status == 0, "\(result.errors)")
        let removal = try #require(result.errors.split(separator: "\n").first { $0.contains("remove them with: ") })
        #expect(removal.hasSuffix("Expected/.model-generator-manifest"), "\(removal)")
        #expect(!removal.contains("rm -r"))
    }

    /// An absolute `output` inside the config's folder is the current output folder, not a previous one, however
    /// the walk spells the path (it used to be reported as stale on every run after the first, an error in strict
    /// mode).
    @Test func anAbsoluteOutputPathIsTheCurrentFolder() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        try replaceOutput(
            in: directory,
            with: "output: \(directory.appendingPathComponent("Out").path)\nallowOutputAnywhere: true"
        )
        for _ in 0..<2 {
            let result = try await cli.run(generate + ["--strict"], in: directory)
            #expect(result.status == 0, "\(result.errors)")
            #expect(!result.errors.contains("still holds"))
        }
        #expect(try names(directory.appendingPathComponent("Out")).contains("Office.swift"))
    }

    /// An absolute `output` inside the config's folder is inside it however the config's path is given: it was
    /// refused as "outside" when the config's path was relative, and accepted when it was absolute.
    @Test func anAbsoluteOutputInsideTheConfigsFolderIsAcceptedFromEitherSpelling() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        try replaceOutput(in: directory, with: "output: \(directory.appendingPathComponent("Out").path)")
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        for config in ["model-generator.yaml", configURL.path] {
            let result = try await cli.run(["generate", "--config", config], in: directory)
            #expect(result.status == 0, "\(config): \(result.errors)")
        }
        #expect(try names(directory.appendingPathComponent("Out")).contains("Office.swift"))
    }

    /// The config's folder reached through a symbolic link (as macOS's `/var` is `/private/var`): the working
    /// directory reads the real path and `output` the link's, and an output inside is still inside.
    @Test func anAbsoluteOutputThroughALinkToTheConfigsFolderIsInside() async throws {
        let directory = try cli.workspace()
        let link = manager.temporaryDirectory.appendingPathComponent("link-\(UUID().uuidString)")
        defer {
            try? manager.removeItem(at: directory)
            try? manager.removeItem(at: link)
        }
        try manager.createSymbolicLink(atPath: link.path, withDestinationPath: directory.path)
        try replaceOutput(in: directory, with: "output: \(link.appendingPathComponent("Out").path)")
        let result = try await cli.run(generate, in: link)
        #expect(result.status == 0, "\(result.errors)")
        #expect(try names(directory.appendingPathComponent("Out")).contains("Office.swift"))
    }

    /// An output folder that is a symbolic link to a folder beside it is the current folder, not a previous one: the
    /// run used to tell the user to remove it, on every run, with a command that deleted the live output.
    @Test func anOutputFolderThatIsALinkIsTheCurrentFolder() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        try manager.moveItem(
            at: directory.appendingPathComponent("Expected"),
            to: directory.appendingPathComponent("Real")
        )
        try manager.createSymbolicLink(
            atPath: directory.appendingPathComponent("Expected").path,
            withDestinationPath: "Real"
        )
        let result = try await cli.run(generate + ["--strict"], in: directory)
        #expect(result.status == 0, "\(result.errors)")
        #expect(!result.errors.contains("still holds"))
    }

    /// Strict mode (`--strict` or `strict: true`) counts the previous output folder as it counts every warning: the
    /// run stops before writing, and the new output folder is not made.
    @Test(arguments: [false, true])
    func strictModeMakesAPreviousOutputFolderAnError(fromConfig: Bool) async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        try String(contentsOf: configURL, encoding: .utf8)
            .replacingOccurrences(of: "output: Expected", with: "output: New")
            .appending(fromConfig ? "strict: true\n" : "")
            .write(to: configURL, atomically: false, encoding: .utf8)

        let result = try await cli.run(fromConfig ? generate : generate + ["--strict"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "model-generator.yaml:4:9: error: Expected still holds the files this config generated there"
            ),
            "\(result.errors)"
        )
        #expect(result.errors.contains("(a warning, counted as an error in strict mode)"))
        #expect(!manager.fileExists(atPath: directory.appendingPathComponent("New").path))
    }

    /// The plugin lists the files SwiftPM compiles for the target: an output folder whose Swift files are none of
    /// them is excluded from the target, and generating there would write code nothing compiles.
    @Test func anOutputFolderTheTargetExcludesIsRefused() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        #expect(try await cli.run(generate, in: directory).status == 0)
        let list = directory.appendingPathComponent("sources.txt")
        let output = directory.appendingPathComponent("Expected")
        try write(directory.appendingPathComponent("Other/Helpers.swift").path + "\n", to: list)
        let before = try cli.snapshot(output)
        let excluded = try await cli.run(generate + ["--target-sources", list.path], in: directory)
        #expect(excluded.status == 1)
        #expect(excluded.errors.contains("error: the output folder Expected is excluded from its target"))
        #expect(try cli.snapshot(output) == before)

        try write(output.appendingPathComponent("Office.swift").path + "\n", to: list)
        let compiled = try await cli.run(generate + ["--target-sources", list.path], in: directory)
        #expect(compiled.status == 0, "\(compiled.errors)")
    }

    // MARK: Concurrency, signals, commits

    @Test func twoRunsAtOnceBothSucceedAndLeaveOneCompleteFolder() async throws {
        let directory = try cli.workspace("CortexExport")
        defer { try? manager.removeItem(at: directory) }
        let expected = try cli.snapshot(
            CommandLineTests.packageRoot.appendingPathComponent("Tests/Goldens/CortexExport/Expected")
        )
        for _ in 0..<3 {
            let one = try start(generate, in: directory)
            let two = try start(generate, in: directory)
            let first = try await wait(one.process, seconds: 60)
            let second = try await wait(two.process, seconds: 60)
            let errors =
                String(decoding: try readUntilClosed(one.errors), as: UTF8.self)
                + String(decoding: try readUntilClosed(two.errors), as: UTF8.self)
            #expect(first == 0 && second == 0, "\(errors)")
            #expect(!errors.contains("NSCocoaErrorDomain"))
            var written = try cli.snapshot(directory.appendingPathComponent("Expected"))
            #expect(written.removeValue(forKey: ".model-generator-manifest") != nil)
            #expect(written == expected)
            try manager.removeItem(at: directory.appendingPathComponent("Expected"))
        }
    }

    @Test func aRunWaitsForTheRunHoldingTheFolder() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        let descriptor = open(output.path, O_RDONLY | O_DIRECTORY)
        #expect(flock(descriptor, LOCK_EX) == 0)
        let waiting = try start(generate, in: directory)
        // The run says that it waits when it finds the folder locked: the lock is let go only after that line, however
        // slowly the run starts (a fixed pause let it start after the release on a busy machine). A run that never
        // says it is killed after 60 s, which ends the read.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            waiting.process.terminate()
        }
        let announcement = try readFirstLine(waiting.errors)
        watchdog.cancel()
        #expect(announcement.contains("waiting for another model-generator run to finish with Expected"))
        #expect(waiting.process.isRunning)
        #expect(try names(output).isEmpty)
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(try await wait(waiting.process, seconds: 60) == 0)
        #expect(try names(output).contains("Office.swift"))
    }

    /// SIGTERM while files are being staged: the run stops, removes what it staged, and exits with the signal's
    /// status.
    @Test func aSignalDuringARunLeavesTheFolderAsItWas() async throws {
        let directory = try cli.workspace("CortexExport")
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        try write("schemas: [schema/many.yaml]\noutput: Expected\n", to: directory.appendingPathComponent("many.yaml"))
        // The signal races the run: a run that finished first proves nothing, so it is tried again with more objects
        // (more time to render and stage). Every run the signal reached must have left the folder as it was.
        var interrupted = 0
        for attempt in 1...5 where interrupted == 0 {
            try? manager.removeItem(at: output)
            try write("// Mine.\n", to: output.appendingPathComponent("Mine.swift"))
            try write(
                "objects:\n"
                    + (0..<(3000 * attempt)).map {
                        "  - name: c_thing\($0)\n    properties:\n      - { name: c_title, type: String }\n"
                    }
                    .joined(),
                to: directory.appendingPathComponent("schema/many.yaml")
            )
            let running = try start(["generate", "--config", "many.yaml"], in: directory)
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(60)
            while clock.now < deadline,
                !(try names(output)).contains(where: { $0.hasPrefix(".model-generator-staging-") })
            {
                try await Task.sleep(for: .milliseconds(1))
            }
            running.process.terminate()
            let status = try await wait(running.process, seconds: 60)
            if status == 0 { continue }
            interrupted += 1
            #expect(status == 143)
            #expect(try names(output) == ["Mine.swift"])
        }
        #expect(interrupted == 1, "the run finished before the signal in all five attempts")
    }

    /// A file a run replaces is never missing: a reader of the folder (a build, an editor, a file watcher) finds the
    /// previous version or the new one. The commit moved the previous file aside and then linked the new one in, two
    /// steps a reader could fall between (a reader on another thread saw it missing thousands of times in 2,000
    /// replacements). A reader that gets no core during the run sees nothing either way, so this can miss a
    /// regression on a loaded machine, never report one that isn't there.
    @Test func aReplacedFileIsNeverMissingForAReader() throws {
        let directory = manager.temporaryDirectory.appendingPathComponent("replace-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: directory) }
        let staging = directory.appendingPathComponent(".model-generator-staging-test")
        try manager.createDirectory(at: staging.appendingPathComponent("old"), withIntermediateDirectories: true)
        let target = directory.appendingPathComponent("A.swift")
        try write("version 0\n", to: target)

        final class Reader: @unchecked Sendable {
            private let lock = NSLock()
            private var stopped = false
            private(set) var finished = false
            private(set) var misses = 0
            private(set) var reads = 0
            var isStopped: Bool { lock.withLock { stopped } }
            func stop() { lock.withLock { stopped = true } }
            func finish() { lock.withLock { finished = true } }
            func count(missing: Bool) { lock.withLock { (reads, misses) = (reads + 1, misses + (missing ? 1 : 0)) } }
        }
        let reader = Reader()
        let path = target.path
        let thread = Thread {
            while !reader.isStopped { reader.count(missing: access(path, F_OK) != 0) }
            reader.finish()
        }
        thread.start()
        for version in 1...2_000 {
            try write("version \(version)\n", to: staging.appendingPathComponent("A.swift"))
            try OutputFolder.commit(writing: ["A.swift"], deleting: [], in: directory.path, staging: staging.path)
            // A run keeps the previous files until it ends, then removes its staging folder.
            try manager.removeItem(at: staging.appendingPathComponent("old/A.swift"))
        }
        reader.stop()
        #expect(try poll(every: .milliseconds(10), for: .seconds(10)) { reader.finished })
        #expect(reader.reads > 0)
        #expect(reader.misses == 0, "A.swift was missing \(reader.misses) times in \(reader.reads) reads")
        #expect(try String(contentsOf: target, encoding: .utf8) == "version 2000\n")
    }

    /// An error while moving files into place (here a folder where a file should go, made after the plan was
    /// checked) puts back every file already moved.
    @Test func anErrorDuringTheCommitPutsEverythingBack() throws {
        let directory = manager.temporaryDirectory.appendingPathComponent("commit-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: directory) }
        let staging = directory.appendingPathComponent(".model-generator-staging-test")
        try manager.createDirectory(at: staging.appendingPathComponent("old"), withIntermediateDirectories: true)
        try write("old A\n", to: directory.appendingPathComponent("A.swift"))
        try write("old Gone\n", to: directory.appendingPathComponent("Gone.swift"))
        try manager.createDirectory(at: directory.appendingPathComponent("D.swift"), withIntermediateDirectories: true)
        try write("inside\n", to: directory.appendingPathComponent("D.swift/keep.txt"))
        for name in ["A.swift", "C.swift", "D.swift"] {
            try write("new \(name)\n", to: staging.appendingPathComponent(name))
        }
        // The staged files are spent either way; what matters is everything else.
        let outside = { try tree(directory).filter { !$0.key.hasPrefix(".model-generator-staging-") } }
        let before = try outside()

        #expect {
            try OutputFolder.commit(
                writing: ["A.swift", "C.swift", "D.swift"],
                deleting: ["Gone.swift"],
                in: directory.path,
                staging: staging.path
            )
        } throws: { error in
            "\(error)".hasSuffix("/D.swift: a folder is in the way")
        }
        #expect(try outside() == before)
        #expect(
            try String(contentsOf: directory.appendingPathComponent("D.swift/keep.txt"), encoding: .utf8) == "inside\n"
        )

        // Without the folder in the way the same commit works.
        try manager.removeItem(at: directory.appendingPathComponent("D.swift"))
        for name in ["A.swift", "C.swift"] {
            try write("new \(name)\n", to: staging.appendingPathComponent(name))
        }
        try OutputFolder.commit(
            writing: ["A.swift", "C.swift"],
            deleting: ["Gone.swift"],
            in: directory.path,
            staging: staging.path
        )
        #expect(try String(contentsOf: directory.appendingPathComponent("A.swift"), encoding: .utf8) == "new A.swift\n")
        #expect(!manager.fileExists(atPath: directory.appendingPathComponent("Gone.swift").path))

        // A deletion another run did first (it listed the file too, then waited for this one's lock) is done.
        try write("new B.swift\n", to: staging.appendingPathComponent("B.swift"))
        try OutputFolder.commit(
            writing: ["B.swift"],
            deleting: ["Gone.swift"],
            in: directory.path,
            staging: staging.path
        )
        #expect(try String(contentsOf: directory.appendingPathComponent("B.swift"), encoding: .utf8) == "new B.swift\n")
    }

    // MARK: Non-regular files and plain errors

    @Test func aFIFOInTheOutputFolderIsAnErrorAndNeverWaitedOn() async throws {
        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let output = directory.appendingPathComponent("Expected")
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        #expect(mkfifo(output.appendingPathComponent("Office.swift").path, 0o644) == 0)
        #expect(mkfifo(output.appendingPathComponent("Other.swift").path, 0o644) == 0)
        let running = try start(generate, in: directory)
        #expect(try await wait(running.process, seconds: 30) == 1)
        let errors = String(decoding: try readUntilClosed(running.errors), as: UTF8.self)
        // Office.swift is a path the run writes, Other.swift is not: each is one error.
        #expect(errors.components(separatedBy: "Expected/Office.swift is a FIFO, not a regular file").count == 2)
        #expect(errors.components(separatedBy: "Expected/Other.swift is a FIFO, not a regular file").count == 2)
        #expect(errors.contains("error: Expected/Office.swift is a FIFO, not a regular file; move it out"))
        #expect(errors.contains("error: Expected/Other.swift is a FIFO, not a regular file; the output folder may"))
        #expect(try names(output) == ["Office.swift", "Other.swift"])
    }

    @Test func fileErrorsAreOnePlainSentenceNamingThePath() async throws {
        #expect("\(FileError("write", "Gen/A.swift", code: ENOSPC))" == "cannot write Gen/A.swift: the disk is full")
        #expect(
            "\(FileError("write", "Gen/A.swift", code: EROFS))"
                == "cannot write Gen/A.swift: the file system is read-only"
        )
        #expect("\(FileError("write", "Gen/A.swift", code: EACCES))" == "cannot write Gen/A.swift: permission denied")

        let directory = try cli.workspace()
        defer { try? manager.removeItem(at: directory) }
        let configURL = directory.appendingPathComponent("model-generator.yaml")
        let config = try String(contentsOf: configURL, encoding: .utf8)
        let long = String(repeating: "x", count: 300)
        for (output, expected) in [
            // At the config's `output`.
            (long, "model-generator.yaml:4:9: error: cannot create the folder \(long): the name is too long\n"),
            (
                "schema/objects.yaml/Gen",
                "model-generator.yaml:4:9: error: cannot create the folder schema/objects.yaml: a file is in the way\n"
            ),
        ] {
            try config.replacingOccurrences(of: "output: Expected", with: "output: \(output)")
                .write(to: configURL, atomically: false, encoding: .utf8)
            let result = try await cli.run(generate, in: directory)
            #expect(result.status == 1)
            #expect(result.errors.hasSuffix(expected), "\(result.errors)")
        }
    }
}

/// Why an input can't be read, in words a diagnostic can use: bytes that aren't UTF-8 say so (Foundation on Linux
/// called them a corrupt file), and a FIFO is never opened, so a run never waits on one.
@Suite struct InputFileReadingTests {
    @Test func unreadableInputsSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("objects.yaml")
        try Data([0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xE9, 0x0A]).write(to: latin1)
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        func reason(_ path: String) -> String {
            do {
                _ = try FileSystem.inputFiles.read(path)
                return "read"
            } catch {
                return "\(error)"
            }
        }
        #expect(reason(latin1.path) == "not UTF-8 text")
        #expect(reason(fifo) == "not a regular file")
        #expect(reason(folder.appendingPathComponent("missing.yaml").path) == "no such file")
        #expect(reason(folder.path) == "it is a folder")
        let loop = folder.appendingPathComponent("loop.yaml").path
        try FileManager.default.createSymbolicLink(atPath: loop, withDestinationPath: "loop.yaml")
        #expect(reason(loop) == "a loop of symbolic links")
    }

    /// A FIFO put where a file was after the look before opening it: the read opens without waiting for a writer
    /// and refuses what it opened. Before, the look was the only check, and the read then waited for a writer.
    @Test func aFIFOSwappedInAfterTheLookIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let link = folder.appendingPathComponent("schema.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "pipe.yaml")
        // `SafeFiles.read` is what the input reader calls once its look has found a regular file.
        for path in [fifo, link] {
            let error = #expect(throws: FileError.self) { try SafeFiles.read(path, followingLinks: true) }
            #expect(error?.reason == "not a regular file", "\(path)")
        }
    }

    /// Text read from disk is the file's text without a UTF-8 byte order mark, as Foundation read it, and a link to
    /// a schema is followed.
    @Test func aByteOrderMarkIsDroppedAndLinksAreFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let marked = folder.appendingPathComponent("objects.yaml")
        try Data([0xEF, 0xBB, 0xBF] + Array("name: é\n".utf8)).write(to: marked)
        let link = folder.appendingPathComponent("linked.yaml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "objects.yaml")
        #expect(try FileSystem.inputFiles.read(marked.path) == "name: é\n")
        #expect(try FileSystem.inputFiles.read(link) == "name: é\n")
    }
}

extension OutputManifest {
    /// Whether the manifest names the config, with the command line's check that two paths lead to one folder.
    fileprivate func names(configPath: String, from outputDirectory: String, workingDirectory: String) -> Bool {
        names(
            configPath: configPath,
            from: outputDirectory,
            workingDirectory: workingDirectory,
            isSameFile: SafeFiles.isSameFile
        )
    }
}
