import BlockingTestSupport
import Foundation
import GoldenMedable
import GoldenParse
import ModelRuntime
import ModelRuntimeClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// File uploads, checked against independent implementations: Python's `email` package reads back every multipart
// body, and Semantics/upload_server.py (standard library only) plays Cortex for `c_offices` on 127.0.0.1: it issues
// upload instructions, takes the multipart uploads, checks their fields and order, records the bytes, and answers
// the polls with 202, then processing, then ready. Nothing leaves the machine.

/// The `c_office` of Medable's iOS SDK documentation: a create with pictures, the uploads that follow it, and the polls until they are processed.
@Suite(.timeLimit(.minutes(5)), .onPromptThreads)
struct UploadTests {
    // MARK: Multipart bodies, read back by Python's email package

    /// File contents that break naive multipart code: every byte value, line breaks of every kind, dashes.
    struct FileCase: Sendable, CustomTestStringConvertible {
        var name: String
        var data: Data
        var testDescription: String { name }
    }

    static let fileCases: [FileCase] = [
        FileCase(name: "all byte values and line breaks", data: UploadSamples.tricky),
        FileCase(name: "empty", data: Data()),
        FileCase(name: "ends with CRLF", data: Data("last line\r\n".utf8)),
        FileCase(name: "ends with CR", data: Data("last line\r".utf8)),
        FileCase(name: "ends with LF", data: Data("last line\n".utf8)),
        FileCase(name: "starts with CRLF and dashes", data: Data("\r\n--\r\n--model-generator-\r\n".utf8)),
        FileCase(name: "a PNG", data: UploadSamples.png(count: 40_000, seed: 7)),
    ]

    @Test(arguments: fileCases)
    func multipartBodyReadsBackWithPythonsEmailParser(_ fileCase: FileCase) async throws {
        let fields: [(String, String)] = [
            ("policy", "eyJleHBpcmF0aW9uIjoiMjAzMC0wMS0wMVQwMDowMDowMFoifQ=="),
            ("x-amz-meta-note", "café ✓ line1\r\nline2"),
            ("empty", ""),
            ("quote\"and\\backslash", "value with \"quotes\" and \\ backslash"),
            ("key", "uploads/${filename}"),
        ]
        var form = MultipartFormData()
        for (name, value) in fields { form.addField(name: name, value: value) }
        form.addFile(name: "file", fileName: "Föto \"1\".png", mime: "image/png", data: fileCase.data)
        #expect(form.contentType == "multipart/form-data; boundary=\(form.boundary)")

        guard let parsed = try await UploadPython.parse(form.encoded, contentType: form.contentType) else { return }
        #expect(parsed.defects.isEmpty, "the email package found defects: \(parsed.defects)")
        #expect((parsed.preamble ?? "").isEmpty && (parsed.epilogue ?? "").isEmpty)
        #expect(parsed.parts.map(\.name) == fields.map(\.0) + ["file"], "fields first in order, the file last")
        for (part, field) in zip(parsed.parts, fields) {
            #expect(part.disposition == "form-data")
            #expect(part.bytes == Data(field.1.utf8), "field \(field.0)")
            #expect(part.filename == nil && part.contentType == nil, "field \(field.0) must be a plain field")
            #expect(part.defects.isEmpty)
        }
        let file = try #require(parsed.parts.last)
        #expect(file.disposition == "form-data")
        #expect(file.filename == "Föto \"1\".png")
        #expect(file.contentType == "image/png")
        #expect(file.defects.isEmpty)
        expectSameBytes(file.bytes, fileCase.data, "the file part")
    }

    @Test func multipartBodyWithAChosenBoundaryHasTheExactWireForm() async throws {
        var form = MultipartFormData(boundary: "XyZ")
        form.addField(name: "policy", value: "p")
        form.addFile(name: "file", fileName: "a.jpg", mime: "image/jpeg", data: Data([0x00, 0x0D, 0x0A, 0xFF]))
        let expected =
            Data(
                ("--XyZ\r\nContent-Disposition: form-data; name=\"policy\"\r\n\r\np\r\n"
                    + "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.jpg\"\r\n"
                    + "Content-Type: image/jpeg\r\n\r\n").utf8
            ) + Data([0x00, 0x0D, 0x0A, 0xFF]) + Data("\r\n--XyZ--\r\n".utf8)
        #expect(form.encoded == expected)
        guard let parsed = try await UploadPython.parse(form.encoded, contentType: form.contentType) else { return }
        #expect(parsed.parts.map(\.name) == ["policy", "file"])
        #expect(parsed.parts.last?.bytes == Data([0x00, 0x0D, 0x0A, 0xFF]))
    }

    // MARK: End to end: create, upload every facet, poll until ready

    @Test func createUploadAndPollUntilReadyDeliversEveryByte() async throws {
        try await UploadServer.run { server, transport in
            let firstContent = UploadSamples.jpeg(count: 70_000, seed: 1)
            let secondContent = UploadSamples.png(count: 50_000, seed: 2)
            let secondOriginal = UploadSamples.jpeg(count: 30_000, seed: 3)
            var create = Office.Create()
            create.stringProperty = "Room 4"
            create.pictures = [
                FileUpload(facets: ["content": .init(data: firstContent, mime: "image/jpeg")]),
                FileUpload(facets: [
                    "content": .init(data: secondContent, mime: "image/png"),
                    "c_original": .init(data: secondOriginal, fileName: "IMG_1399.JPG"),
                ]),
            ]

            // The create names the files; Cortex answers with an upload instruction per facet.
            let rendered = try create.rendered(for: CortexDialect.cortex)
            #expect(rendered.method == "POST")
            #expect(rendered.path == "/c_offices")
            let (body, response) = try await transport.send(try rendered.urlRequest(relativeTo: server.baseURL))
            #expect(response.statusCode == 201, "\(String(decoding: body, as: UTF8.self))")
            let created = try JSONDecoder().decode(JSONValue.self, from: body)
            let id = try #require(created["_id"]?.stringValue)
            let pending = try create.pendingUploads(in: created)
            #expect(pending.map(\.path) == ["c_pictures[0]", "c_pictures[1]"])
            #expect(pending.map { $0.file.uploads.map(\.name) } == [["content"], ["c_original", "content"]])
            #expect(pending.allSatisfy { $0.file.facets.allSatisfy { $0.state == .pending } })

            // Every facet goes up as multipart, with progress after each.
            let uploader = FileUploader.forTestServer(
                transport,
                polling: try PollingPolicy(
                    initialDelay: .milliseconds(5),
                    multiplier: 2,
                    maximumDelay: .milliseconds(40),
                    timeout: LocalPythonServer.answerBackstop
                )
            )
            let progress = Recorder<(path: String, progress: UploadProgress)>()
            for (path, upload, file) in pending {
                try await uploader.upload(upload, following: file) { progress.append((path, $0)) }
            }
            // Each facet starts at 0, and ends once storage took it; each upload call counts its own file's facets.
            let events = progress.all
            let starts = Set(events.indices.filter { events[$0].progress.facetBytesSent == 0 })
            let ends = Set(UploadEvents.completions(in: events.map(\.progress)))
            let reported = events.indices.filter { starts.contains($0) || ends.contains($0) }.map { events[$0] }.map {
                "\($0.path) \($0.progress.facet) \($0.progress.completedFacets)/\($0.progress.totalFacets) "
                    + "\($0.progress.bytesSent)/\($0.progress.totalBytes)"
            }
            let secondTotal = secondOriginal.count + secondContent.count
            #expect(
                reported == [
                    "c_pictures[0] content 0/1 0/\(firstContent.count)",
                    "c_pictures[0] content 1/1 \(firstContent.count)/\(firstContent.count)",
                    "c_pictures[1] c_original 0/2 0/\(secondTotal)",
                    "c_pictures[1] c_original 1/2 \(secondOriginal.count)/\(secondTotal)",
                    "c_pictures[1] content 1/2 \(secondOriginal.count)/\(secondTotal)",
                    "c_pictures[1] content 2/2 \(secondTotal)/\(secondTotal)",
                ]
            )
            #expect(progress.all.allSatisfy { $0.progress.property == nil && $0.progress.objectID == nil })

            // Polling goes through kMediaNotReady and processing to ready.
            for (index, (_, upload, _)) in pending.enumerated() {
                let url = server.baseURL.appendingPathComponent("c_offices/\(id)/c_pictures/\(index)")
                let ready = try await uploader.waitUntilReady(fileAt: url)
                #expect(ready.uploads.isEmpty)
                #expect(Set(ready.facets.map(\.name)) == Set(upload.facets.keys))
                #expect(ready.facets.first?.name == "content")
                for (name, facet) in upload.orderedFacets {
                    let value = try #require(ready[facet: name], "picture \(index) has no facet \(name)")
                    #expect(value.state == .ready)
                    #expect(value.size == facet.data.count)
                    #expect(value.mime == facet.mime)
                    #expect(value.filename == upload.fileName(ofFacet: name))
                    #expect(value.url != nil)
                }
            }

            // What the server got, byte for byte.
            let received = try await server.received()
            #expect(received.errors.isEmpty, "the server rejected: \(received.errors)")
            #expect(received.creates.map(\.raw) == [rendered.body?.serialized ?? "<no body>"])
            #expect(
                try JSONDecoder().decode(JSONValue.self, from: Data(#require(received.creates.first).raw.utf8))
                    == [
                        "c_stringProperty": "Room 4",
                        "c_pictures": [
                            ["content": "content.jpg"],
                            ["c_original": "IMG_1399.JPG", "content": "content.png"],
                        ],
                    ]
            )
            #expect(received.uploads.count == 3)
            for (index, (_, upload, file)) in pending.enumerated() {
                for instruction in file.uploads {
                    let facet = try #require(upload.facets[instruction.name])
                    let got = try #require(
                        received.uploads.first { $0.index == index && $0.facet == instruction.name },
                        "the server got no upload for picture \(index) facet \(instruction.name)"
                    )
                    #expect(got.status == 204)
                    #expect(got.method == instruction.uploadMethod)
                    #expect(got.contentType?.hasPrefix("multipart/form-data; boundary=") == true)
                    #expect(got.partNames == instruction.fields.map(\.key) + [try #require(instruction.uploadKey)])
                    #expect(got.fields == instruction.fields)
                    #expect(got.fileKey == instruction.uploadKey)
                    #expect(got.fileName == upload.fileName(ofFacet: instruction.name))
                    #expect(got.fileMime == facet.mime)
                    expectSameBytes(
                        got.data.flatMap { Data(base64Encoded: $0) } ?? Data(),
                        facet.data,
                        "picture \(index) facet \(instruction.name)"
                    )
                }
                let answers = received.polls.filter { $0.object == id && $0.index == index }.map(\.answer)
                #expect(answers == [202, 1, 2], "picture \(index): 202, then processing, then ready")
            }
            try await server.stopGracefully()
        }
    }

    // MARK: Failures

    @Test func uploadURLAnswering500ThrowsNamingTheFacet() async throws {
        try await UploadServer.run { server, transport in
            let (_, pending) = try await server.createOffice(
                with: FileUpload(facets: [
                    "content": .init(data: UploadSamples.png(count: 1_000, seed: 4), mime: "image/png"),
                    "c_original": .init(data: UploadSamples.jpeg(count: 1_000, seed: 5), fileName: "fail500-a.jpg"),
                ]),
                using: transport
            )
            let uploader = FileUploader.forTestServer(transport)
            let progress = Recorder<UploadProgress>()
            let error = await #expect(throws: UploadError.self) {
                try await uploader.upload(pending.upload, following: pending.file) { progress.append($0) }
            }
            #expect(error?.description.contains(#""c_original""#) == true, "\(String(describing: error))")
            #expect(error?.description.contains("500") == true, "\(String(describing: error))")
            // The facet started and its bytes went, but storage took none.
            #expect(progress.all.allSatisfy { $0.facet == "c_original" && $0.completedFacets == 0 })
            #expect(progress.all.first?.facetBytesSent == 0)
            // The upload stops at the failure: the content facet after it is not sent.
            let received = try await server.received()
            #expect(received.uploads.map(\.facet) == ["c_original"])
            #expect(received.uploads.map(\.status) == [500])
        }
    }

    @Test func facetLargerThanMaxFileSizeThrowsBeforeSending() async throws {
        try await UploadServer.run { server, transport in
            let data = UploadSamples.jpeg(count: 17, seed: 6)
            let (_, pending) = try await server.createOffice(
                with: FileUpload(facets: ["content": .init(data: data, mime: "image/jpeg", fileName: "small-a.jpg")]),
                using: transport
            )
            #expect(pending.file.uploads.first?.maxFileSize == 16)
            let uploader = FileUploader.forTestServer(transport)
            let error = await #expect(throws: UploadError.self) {
                try await uploader.upload(pending.upload, following: pending.file)
            }
            let description = error?.description ?? ""
            #expect(description.contains(#""content""#) && description.contains("\(data.count)"), "\(description)")
            #expect(description.contains("16"), "\(description)")
            let received = try await server.received()
            #expect(!received.requests.contains { $0.contains("/upload/") }, "\(received.requests)")
        }
    }

    @Test func pollingThatNeverBecomesReadyTimesOut() async throws {
        try await UploadServer.run { server, transport in
            let (id, pending) = try await server.createOffice(
                with: FileUpload(facets: [
                    "content": .init(data: UploadSamples.jpeg(count: 100, seed: 8), fileName: "never-a.jpg")
                ]),
                using: transport
            )
            // The polls' waits pass on a clock that moves only when slept on: the 10 s timeout takes no time, and
            // each wait is checked.
            let clock = SteppingClock()
            var uploader = FileUploader(
                transport: transport,
                polling: try PollingPolicy(
                    initialDelay: .seconds(1),
                    multiplier: 1.5,
                    maximumDelay: .seconds(3),
                    timeout: .seconds(10)
                ),
                clock: clock
            )
            uploader.uploadTimeout = LocalPythonServer.answerBackstop
            try await uploader.upload(pending.upload, following: pending.file)
            let error = await #expect(throws: UploadError.self) {
                _ = try await uploader.waitUntilReady(fileAt: server.pictureURL(id: id, index: 0))
            }
            #expect(error?.description.contains("not ready after 10.0 seconds") == true, "\(String(describing: error))")
            // Each wait half as long again, up to 3 s; the last is cut short so that the last read is at the deadline.
            let waits: [Duration] = [.seconds(1), .seconds(1.5), .seconds(2.25), .seconds(3), .seconds(2.25)]
            #expect(clock.sleeps == waits)
            #expect(clock.now.offset == .seconds(10))
            let received = try await server.received()
            let answers = received.polls.map(\.answer)
            #expect(answers == [202, 1, 1, 1, 1, 1], "one read before the first wait and one after each")
        }
    }

    @Test func clientWaitsUntilReadyWithItsHeadersAndNamesTheFile() async throws {
        try await UploadServer.run { server, transport in
            // Long enough to reach ready on a busy machine (CI runs tests in parallel on two cores).
            let polling = try PollingPolicy(
                initialDelay: .milliseconds(10),
                multiplier: 1.5,
                maximumDelay: .milliseconds(50),
                timeout: LocalPythonServer.answerBackstop
            )
            var client = ModelClient(
                baseURL: server.baseURL,
                dialect: CortexDialect.cortex,
                transport: transport,
                headers: { ["X-Session": "s-42"] },
                retry: .never,
                timeout: LocalPythonServer.answerBackstop
            )
            client.uploader.polling = polling
            let content = UploadSamples.jpeg(count: 2_000, seed: 21)
            let (id, pending) = try await server.createOffice(
                with: FileUpload(facets: ["content": .init(data: content, mime: "image/jpeg")]),
                using: transport
            )
            try await client.uploader.upload(pending.upload, following: pending.file)
            // No URL built by hand: the client finds the property below the instance.
            let ready = try await client.waitUntilReady(Office.self, id: id, file: "c_pictures[0]")
            #expect(ready.facets.map(\.state) == [.ready])
            #expect(ready[facet: "content"]?.size == content.count)
            let polls = try await server.received().polls.filter { $0.object == id }
            #expect(polls.map(\.answer).first == 202 && polls.map(\.answer).last == 2, "\(polls.map(\.answer))")
            #expect(polls.allSatisfy { $0.session == "s-42" }, "every poll sends the client's headers")

            // A file that never gets processed: the timeout names the property and the object.
            let (stuck, stuckPending) = try await server.createOffice(
                with: FileUpload(facets: ["content": .init(data: content, fileName: "never-b.jpg")]),
                using: transport
            )
            try await client.uploader.upload(stuckPending.upload, following: stuckPending.file)
            client.uploader.polling = try PollingPolicy(
                initialDelay: .milliseconds(10),
                multiplier: 1.5,
                maximumDelay: .milliseconds(50),
                timeout: .seconds(1)
            )
            let error = await #expect(throws: UploadError.self) {
                _ = try await client.waitUntilReady(Office.self, id: stuck, file: "c_pictures[0]")
            }
            #expect(error?.property == "c_pictures[0]")
            #expect(error?.objectID == stuck)
            #expect(error?.reason.contains("not ready") == true, "\(String(describing: error))")
        }
    }

    @Test func updateThatSetsAFileUploadsItsFacets() async throws {
        try await UploadServer.run { server, transport in
            let client = ModelClient(
                baseURL: server.baseURL,
                dialect: CortexDialect.cortex,
                transport: transport,
                retry: .never,
                timeout: LocalPythonServer.answerBackstop
            )
            let (id, pending) = try await server.createOffice(
                with: FileUpload(facets: [
                    "content": .init(data: UploadSamples.jpeg(count: 500, seed: 30), mime: "image/jpeg")
                ]),
                using: transport
            )
            try await client.uploader.upload(pending.upload, following: pending.file)
            let newContent = UploadSamples.png(count: 3_000, seed: 31)
            let newOriginal = UploadSamples.jpeg(count: 1_000, seed: 32)
            var patch = Office.Patch()
            patch.pictures = .set([
                FileUpload(facets: [
                    "content": .init(data: newContent, mime: "image/png"),
                    "c_original": .init(data: newOriginal, fileName: "IMG_2.JPG"),
                ])
            ])
            let updated = try await client.update(id, patch)
            #expect(updated.pictures?.count == 1)
            // The PUT's answer asked for both facets, and the client sent them, byte for byte.
            let received = try await server.received()
            #expect(received.errors.isEmpty, "the server rejected: \(received.errors)")
            let uploads = received.uploads.filter { $0.object == id && $0.status == 204 }
            #expect(uploads.map(\.facet) == ["content", "c_original", "content"], "the create's, then the update's")
            let sent = Dictionary(
                uploads.dropFirst().map { ($0.facet, $0.data.flatMap { Data(base64Encoded: $0) }) },
                uniquingKeysWith: { $1 }
            )
            #expect(sent["content"] == newContent)
            #expect(sent["c_original"] == newOriginal)
        }
    }

    // MARK: The client's uploads: progress, retries, timeout, cancellation

    @Test func clientCreateReportsEachFacetAndItsBytesAndNamesTheObject() async throws {
        try await UploadServer.run { server, transport in
            let client = server.client(using: transport)
            // Large enough that the transport sends it in many chunks.
            let large = UploadSamples.jpeg(count: 3_000_000, seed: 40)
            let small = UploadSamples.png(count: 2_000, seed: 41)
            let original = UploadSamples.jpeg(count: 1_000, seed: 42)
            var create = Office.Create()
            create.pictures = [
                FileUpload(facets: ["content": .init(data: large, mime: "image/jpeg")]),
                FileUpload(facets: [
                    "content": .init(data: small, mime: "image/png"),
                    "c_original": .init(data: original, fileName: "IMG_3.JPG"),
                ]),
            ]
            let progress = Recorder<UploadProgress>()
            let created = try await client.create(create) { progress.append($0) }
            let events = progress.all

            // Every event names the new object and counts the whole create: three facets, every byte.
            #expect(events.allSatisfy { $0.objectID == created.id.description })
            #expect(events.allSatisfy { $0.totalFacets == 3 })
            #expect(events.allSatisfy { $0.totalBytes == large.count + small.count + original.count })
            #expect(UploadEvents.problems(in: events).isEmpty, "\(UploadEvents.problems(in: events))")
            let ends = UploadEvents.completions(in: events).map { "\(events[$0].property ?? "") \(events[$0].facet)" }
            #expect(ends == ["c_pictures[0] content", "c_pictures[1] c_original", "c_pictures[1] content"])
            let last = try #require(events.last)
            #expect(last.completedFacets == 3 && last.bytesSent == last.totalBytes && last.fractionCompleted == 1)
            // The large facet's bytes are reported as they go, not only once it is done.
            let within = events.filter {
                $0.property == "c_pictures[0]" && $0.facetBytesSent > 0 && $0.facetBytesSent < large.count
            }
            #expect(within.count >= 2, "bytes within the 3 MB facet: \(within.map(\.facetBytesSent))")

            let received = try await server.received()
            #expect(received.errors.isEmpty, "the server rejected: \(received.errors)")
            let sent = received.uploads.filter { $0.status == 204 }
            #expect(sent.map { "\($0.index) \($0.facet)" } == ["0 content", "1 c_original", "1 content"])
            expectSameBytes(sent.first?.data.flatMap { Data(base64Encoded: $0) } ?? Data(), large, "the large facet")
        }
    }

    @Test func storageAnswering503IsSentAgainAsTheClientsRetryPolicySays() async throws {
        try await UploadServer.run { server, transport in
            let content = UploadSamples.jpeg(count: 5_000, seed: 43)
            var create = Office.Create()
            create.pictures = [FileUpload(facets: ["content": .init(data: content, fileName: "flaky-a.jpg")])]
            let retrying = server.client(
                using: transport,
                retry: try RetryPolicy(maxAttempts: 3, initialDelay: .milliseconds(10))
            )
            let progress = Recorder<UploadProgress>()
            let created = try await retrying.create(create) { progress.append($0) }
            var uploads = try await server.received().uploads.filter { $0.object == created.id.description }
            #expect(uploads.map(\.status) == [503, 204], "the form POST is sent again after storage's 503")
            expectSameBytes(uploads.last?.data.flatMap { Data(base64Encoded: $0) } ?? Data(), content, "the retry")
            // Storage took the facet once, after the second attempt.
            #expect(UploadEvents.completions(in: progress.all).count == 1)
            #expect(progress.all.last.map { $0.completedFacets == 1 && $0.bytesSent == content.count } == true)

            // Without retries the same answer is the create's error, naming where it happened.
            create.pictures = [FileUpload(facets: ["content": .init(data: content, fileName: "flaky-b.jpg")])]
            let once = server.client(using: transport, retry: .never)
            let error = await #expect(throws: UploadError.self) { _ = try await once.create(create) }
            let id = try #require(try await server.received().creates.last?.id)
            #expect(error?.property == "c_pictures[0]" && error?.facet == "content" && error?.objectID == id)
            #expect(error?.reason.contains("503") == true, "\(String(describing: error))")
            uploads = try await server.received().uploads.filter { $0.object == id }
            #expect(uploads.map(\.status) == [503])
        }
    }

    @Test func storageThatNeverAnswersEndsWithTheClientsTimeout() async throws {
        try await UploadServer.run { server, transport in
            // Each attempt may take 20 s, the create's too, which a loaded CI machine once took over 3 s to answer;
            // the storage holds the upload until the test releases it (280 s at most), so both attempts time out.
            // The attempts are counted as the client sends them: a starved local server may not have read the
            // second one yet.
            let sent = SentRequests(transport)
            let client = server.client(
                using: sent,
                retry: try RetryPolicy(maxAttempts: 2, initialDelay: .milliseconds(10)),
                timeout: .seconds(20)
            )
            var create = Office.Create()
            create.pictures = [
                FileUpload(facets: [
                    "content": .init(data: UploadSamples.jpeg(count: 500, seed: 44), fileName: "hang-a.jpg")
                ])
            ]
            let error = await #expect(throws: UploadError.self) { _ = try await client.create(create) }
            let received = try await server.received()
            let id = try #require(received.creates.last?.id)
            #expect(error?.property == "c_pictures[0]" && error?.facet == "content" && error?.objectID == id)
            #expect(error?.reason.contains("no answer after") == true, "\(String(describing: error))")
            // Two attempts, each abandoned at the timeout: storage has answered neither.
            #expect(sent.lines.filter { $0.hasPrefix("POST /upload/\(id)/") }.count == 2, "\(sent.lines)")
            #expect(received.uploads.filter { $0.object == id }.isEmpty, "storage answered: \(received.uploads)")
            try await server.release()
        }
    }

    /// An upload of `FileUploader` on its own is bounded too: storage that never answers ends with the uploader's
    /// `uploadTimeout`. It had none before, and waited as long as the server held the upload.
    @Test func storageThatNeverAnswersEndsAStandaloneUploadAtItsTimeout() async throws {
        try await UploadServer.run { server, transport in
            let (id, pending) = try await server.createOffice(
                with: FileUpload(facets: [
                    "content": .init(data: UploadSamples.jpeg(count: 500, seed: 46), fileName: "hang-c.jpg")
                ]),
                using: transport
            )
            var uploader = FileUploader(transport: transport)
            #expect(uploader.uploadTimeout == .seconds(60))
            uploader.uploadTimeout = .seconds(2)
            let task = Task { [uploader] in try await uploader.upload(pending.upload, following: pending.file) }
            // The storage holds a hang-* upload until released (280 s at most): only the timeout ends it sooner.
            let ended = try #require(await result(of: task, within: 120, "the held upload"))
            let error = #expect(throws: UploadError.self) { try ended.get() }
            #expect(error?.facet == "content", "\(String(describing: error))")
            #expect(error?.reason.contains("no answer after 2.0 seconds") == true, "\(String(describing: error))")
            #expect(try await server.received().uploads.filter { $0.object == id }.isEmpty)
            try await server.release()
        }
    }

    /// A `FileUploader` on its own sends file bytes to the storage URL the server names without the credentials of
    /// its session's configuration (its cookies, stored credentials and `httpAdditionalHeaders`) unless it is told
    /// the API's base URL and the storage is of that origin. (It sent them to any URL the server named.) A client's
    /// uploads do the same by its uploader's `apiBaseURL`.
    @Test func anUploaderSendsTheSessionsHeadersOnlyToTheAPIsOrigin() async throws {
        try await UploadServer.run { server, plain in
            let configuration = LocalPythonServer.makeConfiguration()
            configuration.httpAdditionalHeaders = ["X-Session": "s-42"]
            let transport = URLSessionTransport(configuration: configuration)
            defer { transport.session.invalidateAndCancel() }
            var uploader = FileUploader.forTestServer(transport)
            for apiBaseURL in [nil, server.baseURL] {
                uploader.apiBaseURL = apiBaseURL
                let (id, pending) = try await server.createOffice(
                    with: FileUpload(facets: [
                        "content": .init(data: UploadSamples.jpeg(count: 800, seed: 47), mime: "image/jpeg")
                    ]),
                    using: plain
                )
                try await uploader.upload(pending.upload, following: pending.file)
                let uploads = try await server.received().uploads.filter { $0.object == id && $0.status == 204 }
                #expect(
                    uploads.map(\.session) == [apiBaseURL == nil ? nil : "s-42"],
                    "\(String(describing: apiBaseURL))"
                )
            }
            #expect(ModelClient(baseURL: server.baseURL, dialect: .cortex).uploader.apiBaseURL == server.baseURL)

            // A client's own uploads follow its uploader's `apiBaseURL` (they followed the client's `baseURL`, so
            // that setting it on `client.uploader` changed nothing for them).
            var client = server.client(using: transport)
            for apiBaseURL in [server.baseURL, nil] {
                client.uploader.apiBaseURL = apiBaseURL
                var create = Office.Create()
                create.pictures = [
                    FileUpload(facets: [
                        "content": .init(data: UploadSamples.jpeg(count: 800, seed: 48), mime: "image/jpeg")
                    ])
                ]
                let created = try await client.create(create)
                let uploads = try await server.received().uploads.filter { $0.object == created.id.description }
                #expect(
                    uploads.filter { $0.status == 204 }.map(\.session) == [apiBaseURL == nil ? nil : "s-42"],
                    "\(String(describing: apiBaseURL)): \(uploads)"
                )
            }
        }
    }

    @Test func cancellingACreateDuringItsUploadEndsAtOnceAndItsProgressNamedTheObject() async throws {
        try await UploadServer.run { server, transport in
            let client = server.client(using: transport)
            var create = Office.Create()
            create.pictures = [
                FileUpload(facets: [
                    "content": .init(data: UploadSamples.jpeg(count: 500, seed: 45), fileName: "hang-b.jpg")
                ])
            ]
            let progress = Recorder<UploadProgress>()
            let task = Task { [create] in try await client.create(create) { progress.append($0) } }
            // Storage holds the upload until released: the create is waiting for it.
            try await server.waitForRequests(containing: "/upload/", count: 1)
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
            // The create gave up before storage answered, and the object it made was named before any byte went.
            let received = try await server.received()
            let id = try #require(received.creates.last?.id)
            #expect(received.uploads.filter { $0.object == id }.isEmpty, "storage answered: \(received.uploads)")
            let first = try #require(progress.all.first)
            #expect(first.objectID == id && first.property == "c_pictures[0]" && first.facetBytesSent == 0)
            try await server.release()
        }
    }

    @Test func cancellingTheClientsWaitUntilReadyEndsAtOnceDuringAPollAndBetweenPolls() async throws {
        try await UploadServer.run { server, transport in
            var client = server.client(using: transport)
            // The wait before a second poll is an hour: only the cancellation can end it.
            client.uploader.polling = try PollingPolicy(initialDelay: .seconds(3_600), timeout: .seconds(7_200))
            var ids: [String] = []
            for name in ["slow-c.jpg", "never-c.jpg"] {
                let (id, pending) = try await server.createOffice(
                    with: FileUpload(facets: [
                        "content": .init(data: UploadSamples.jpeg(count: 100, seed: 46), fileName: name)
                    ]),
                    using: transport
                )
                try await client.uploader.upload(pending.upload, following: pending.file)
                ids.append(id)
            }

            // During a poll the server holds it until released: the task ends without its answer.
            let during = Task { [client, ids] in
                try await client.waitUntilReady(Office.self, id: ids[0], file: "c_pictures[0]")
            }
            try await server.waitForRequests(containing: "/c_offices/\(ids[0])/c_pictures/0", count: 1)
            during.cancel()
            let duringResult = await during.result
            #expect(throws: CancellationError.self) { try duringResult.get() }
            #expect(try await server.received().polls.filter { $0.object == ids[0] }.isEmpty, "the poll was answered")
            try await server.release()

            // Between polls: the first answer came, and the next read is an hour away.
            let between = Task { [client, ids] in
                try await client.waitUntilReady(Office.self, id: ids[1], file: "c_pictures[0]")
            }
            try await server.waitForPolls(1, of: ids[1])
            between.cancel()
            let betweenResult = try #require(await result(of: between, within: 300, "the cancelled wait between polls"))
            #expect(throws: CancellationError.self) { try betweenResult.get() }
            #expect(try await server.received().polls.filter { $0.object == ids[1] }.count == 1)
        }
    }

    // MARK: Parse: the bytes first, then the object that names them

    @Test func parseCreateAndUpdateUploadTheFileFirstAndWriteTheStoredName() async throws {
        try await ParseServer.run { server in
            let client = server.client()
            let picture = UploadSamples.png(count: 4_000, seed: 50)
            var create = PlaceObject.Create()
            create.picture = FileUpload(facets: ["content": .init(data: picture, mime: "image/png")])
            let createProgress = Recorder<UploadProgress>()
            let created = try await client.create(create) { createProgress.append($0) }

            // POST /files/<name> with the bytes, then the object with the name the server gave.
            var files = try await server.files()
            let firstName = try #require(created.picture?.name)
            #expect(firstName.hasSuffix("_content.png"), "\(firstName)")
            #expect(created.picture?.url != nil)
            #expect(files[firstName]?["contentType"]?.stringValue == "image/png")
            #expect(files[firstName]?["data"]?.stringValue.flatMap { Data(base64Encoded: $0) } == picture)
            let stored = try #require(try await server.objects("PlaceObject").first)
            #expect(stored["picture"] == ["__type": "File", "name": .string(firstName)])
            #expect(
                try await server.requests() == [
                    "POST /parse/files/content.png", "POST /parse/classes/PlaceObject",
                    "GET /parse/classes/PlaceObject/\(created.objectId)",
                ]
            )
            // Before the create there is no object to name; the file is reported like any facet.
            #expect(createProgress.all.allSatisfy { $0.objectID == nil && $0.property == "picture" })
            #expect(createProgress.all.last.map { $0.completedFacets == 1 && $0.bytesSent == picture.count } == true)

            // An update that sets a file: its bytes first, then one PUT that names it. The name is made one Parse
            // stores (any other is its error 122), and it stays one path segment.
            let replacement = UploadSamples.jpeg(count: 3_000, seed: 51)
            var patch = PlaceObject.Patch()
            patch.picture = .set(
                FileUpload(facets: ["content": .init(data: replacement, fileName: "night view/../Föto?.jpg")])
            )
            let updateProgress = Recorder<UploadProgress>()
            let updated = try await client.update(created.objectId, patch) { updateProgress.append($0) }
            files = try await server.files()
            let secondName = try #require(updated.picture?.name)
            #expect(secondName.hasSuffix("_night view_.._F_to_.jpg") && secondName != firstName, "\(secondName)")
            #expect(files[secondName]?["contentType"]?.stringValue == "image/jpeg")
            #expect(files[secondName]?["data"]?.stringValue.flatMap { Data(base64Encoded: $0) } == replacement)
            #expect(try await server.objects("PlaceObject").first?["picture"]?["name"]?.stringValue == secondName)
            #expect(
                try await server.requests().suffix(3) == [
                    "POST /parse/files/night%20view_.._F_to_.jpg", "PUT /parse/classes/PlaceObject/\(created.objectId)",
                    "GET /parse/classes/PlaceObject/\(created.objectId)",
                ]
            )
            #expect(updateProgress.all.allSatisfy { $0.objectID == created.objectId && $0.property == "picture" })
            #expect(UploadEvents.problems(in: updateProgress.all).isEmpty)

            // A name longer than Parse's 128 characters loses the end of its stem, not its extension.
            var long = PlaceObject.Create()
            let longName = String(repeating: "a", count: 200) + ".jpg"
            long.picture = FileUpload(facets: ["content": .init(data: replacement, fileName: longName)])
            let longStored = try #require(try await client.create(long).picture?.name)
            #expect(longStored.hasSuffix("_" + String(repeating: "a", count: 124) + ".jpg"), "\(longStored)")

            // A file Parse refuses (an empty one): the error says where, and the object is not written.
            var refused = PlaceObject.Patch()
            refused.picture = .set(FileUpload(facets: ["content": .init(data: Data(), fileName: "empty.jpg")]))
            let requestsBefore = try await server.requests().count
            let error = await #expect(throws: UploadError.self) {
                _ = try await client.update(created.objectId, refused)
            }
            #expect(error?.property == "picture" && error?.facet == "content" && error?.objectID == created.objectId)
            #expect(error?.reason.contains("130") == true, "\(String(describing: error))")
            #expect(
                try await server.requests().dropFirst(requestsBefore).allSatisfy { $0.hasPrefix("POST /parse/files/") }
            )
            #expect(try await server.objects("PlaceObject").first?["picture"]?["name"]?.stringValue == secondName)
        }
    }

    @Test func cancellingWhileWaitingBetweenPollsEndsPromptly() async throws {
        try await UploadServer.run { server, transport in
            // The wait before the second poll is an hour: only the cancellation can end it.
            let (uploader, url) = try await server.officeWithUploadedPicture(
                "never-a.jpg",
                seed: 9,
                polling: try PollingPolicy(initialDelay: .seconds(3_600), timeout: .seconds(7_200)),
                using: transport
            )
            let task = Task { try await uploader.waitUntilReady(fileAt: url) }
            try await server.waitForPolls(1)
            task.cancel()
            let ended = try #require(await result(of: task, within: 300, "the cancelled wait between polls"))
            #expect(throws: CancellationError.self) { try ended.get() }
            #expect(try await server.received().polls.count == 1)
        }
    }

    /// A poll the server holds open ends at the polling timeout: each read is bounded by the time left. Before, the
    /// deadline was checked only between reads, and a held read kept the wait going as long as the server held it.
    @Test func aPollTheServerHoldsEndsAtThePollingTimeout() async throws {
        try await UploadServer.run { server, transport in
            let (uploader, url) = try await server.officeWithUploadedPicture(
                "slow-a.jpg",
                seed: 13,
                polling: try PollingPolicy(initialDelay: .milliseconds(10), timeout: .seconds(1)),
                using: transport
            )
            let task = Task { try await uploader.waitUntilReady(fileAt: url) }
            // The server holds every poll of a slow-* picture until released (at most 280 s): only the polling
            // timeout can end the wait before the backstop below.
            let ended = try #require(await result(of: task, within: 120, "the held poll"))
            let error = #expect(throws: UploadError.self) { try ended.get() }
            #expect(error?.description.contains("not ready after 1.0 seconds") == true, "\(String(describing: error))")
            // The server records a poll once it has answered it: the held one never was.
            #expect(try await server.received().polls.isEmpty)
            try await server.release()
        }
    }

    @Test func cancellingDuringAPollRequestEndsPromptlyWithCancellationError() async throws {
        try await UploadServer.run { server, transport in
            let (uploader, url) = try await server.officeWithUploadedPicture(
                "slow-a.jpg",
                seed: 10,
                polling: try PollingPolicy(initialDelay: .milliseconds(10), timeout: LocalPythonServer.answerBackstop),
                using: transport
            )
            let task = Task { try await uploader.waitUntilReady(fileAt: url) }
            // The server holds every poll of a slow-* picture until released: the request is in flight.
            try await server.waitForRequests(containing: "/c_pictures/0", count: 1)
            task.cancel()
            let ended = try #require(await result(of: task, within: 300, "the cancelled poll"))
            #expect(throws: CancellationError.self) { try ended.get() }
            // The server records a poll once it has answered it: the task ended before that.
            #expect(try await server.received().polls.isEmpty, "the poll was answered before the task ended")
            try await server.release()
        }
    }

    @Test func cancellingOnePollLeavesOtherRequestsOnTheSameSessionAlone() async throws {
        try await UploadServer.run { server, transport in
            var ids: [String] = []
            for seed in [11, 12] as [UInt32] {
                let (id, pending) = try await server.createOffice(
                    with: FileUpload(facets: [
                        "content": .init(data: UploadSamples.jpeg(count: 100, seed: seed), fileName: "slow-a.jpg")
                    ]),
                    using: transport
                )
                try await FileUploader.forTestServer(transport).upload(pending.upload, following: pending.file)
                ids.append(id)
            }
            let uploader = FileUploader.forTestServer(
                transport,
                polling: try PollingPolicy(initialDelay: .milliseconds(10), timeout: LocalPythonServer.answerBackstop)
            )
            let first = server.pictureURL(id: ids[0], index: 0)
            let second = server.pictureURL(id: ids[1], index: 0)
            let polling = Task { try await uploader.waitUntilReady(fileAt: first) }
            let other = Task { try await transport.send(URLRequest(url: second)) }
            // Both requests are held by the server until released.
            try await server.waitForRequests(containing: "/c_pictures/0", count: 2)
            try await Task.sleep(for: .milliseconds(100))
            polling.cancel()
            _ = await polling.result
            // Only now the held requests are answered: the other one is still in flight unless it was cancelled too.
            try await server.release()
            let result = await other.result
            let (_, response) = try result.get()
            #expect(response.statusCode == 202)
        }
    }

    @Test func fileNameWithALineBreakCannotInjectHeaders() async throws {
        var form = MultipartFormData()
        form.addField(name: "policy", value: "p")
        let fileName = "a.png\r\nContent-Type: text/html\r\n\r\n<b>"
        let data = UploadSamples.png(count: 100, seed: 13)
        form.addFile(name: "file", fileName: fileName, mime: "image/png", data: data)
        guard let parsed = try await UploadPython.parse(form.encoded, contentType: form.contentType) else { return }
        let file = try #require(parsed.parts.last)
        #expect(file.contentType == "image/png")
        #expect(file.bytes == data)
    }
}

// MARK: - Progress

private enum UploadEvents {
    /// The positions of the events that say storage took a facet: the count of completed facets goes up there.
    static func completions(in events: [UploadProgress]) -> [Int] {
        events.indices.filter { index in
            events[index].completedFacets > (index == 0 ? 0 : events[index - 1].completedFacets)
        }
    }

    /// What is wrong with one upload's run of events (no retries): each facet starts at 0, its bytes and the total
    /// only grow, and storage taking it counts it once, with all its bytes.
    static func problems(in events: [UploadProgress]) -> [String] {
        var problems: [String] = []
        for (index, event) in events.enumerated() {
            if event.facetBytesSent > event.facetBytes || event.bytesSent > event.totalBytes {
                problems.append("#\(index) counts more bytes than there are")
            }
            guard index > 0 else {
                if event.facetBytesSent != 0 || event.completedFacets != 0 { problems.append("#0 is not a start") }
                continue
            }
            let previous = events[index - 1]
            let sameFacet = previous.facet == event.facet && previous.property == event.property
            if event.bytesSent < previous.bytesSent { problems.append("#\(index): the total went down") }
            switch event.completedFacets - previous.completedFacets {
            case 0 where sameFacet:
                if event.facetBytesSent <= previous.facetBytesSent { problems.append("#\(index) does not grow") }
            case 0:
                if event.facetBytesSent != 0 { problems.append("#\(index) starts a facet past 0") }
            case 1:
                if !sameFacet || event.facetBytesSent != event.facetBytes {
                    problems.append("#\(index) ends a facet early")
                }
            default:
                problems.append("#\(index) counts facets wrongly")
            }
        }
        return problems
    }
}

// MARK: - Test data

private enum UploadSamples {
    /// Every byte value, CRLF, lone CR and LF, and dash runs that look like boundaries.
    static let tricky: Data = {
        var data = Data((0...255).map { UInt8($0) })
        data += Data("\r\n--\r\n\r\n--model-generator-\r\n--model-generator---\r\n".utf8)
        data += Data([0x0D, 0x41, 0x0A, 0x0A, 0x0D, 0x0D, 0x0A, 0x2D, 0x2D])
        data += Data((0...255).reversed().map { UInt8($0) })
        data += Data("\r\n".utf8)
        return data
    }()

    /// Deterministic pseudo-random bytes (a linear congruential generator), the same on every run.
    static func bytes(count: Int, seed: UInt32) -> Data {
        var state = seed &* 2_654_435_761 &+ 1
        var data = Data(capacity: count)
        for _ in 0..<count {
            state = state &* 1_664_525 &+ 1_013_904_223
            data.append(UInt8(truncatingIfNeeded: state >> 24))
        }
        return data
    }

    /// JPEG markers around `tricky` and `count` deterministic bytes.
    static func jpeg(count: Int, seed: UInt32) -> Data {
        let body = Data([0xFF, 0xD8, 0xFF, 0xE0]) + tricky + bytes(count: count, seed: seed) + Data([0xFF, 0xD9])
        return body.prefix(count)
    }

    /// The PNG signature (which holds a CRLF and a lone LF) and deterministic bytes, ending with CRLF.
    static func png(count: Int, seed: UInt32) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + tricky + bytes(count: count, seed: seed)
            + Data("\r\n".utf8)
    }
}

/// Records what a `@Sendable` callback reports.
private final class Recorder<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func append(_ element: Element) {
        lock.withLock { elements.append(element) }
    }

    var all: [Element] {
        lock.withLock { elements }
    }
}

/// Compares bytes and, when they differ, says where.
private func expectSameBytes(
    _ actual: Data,
    _ expected: Data,
    _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    let offset = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
    let position = offset.map { "byte \($0)" } ?? "the end of the shorter one"
    Issue.record(
        "\(what): got \(actual.count) bytes, expected \(expected.count); first difference at \(position)",
        sourceLocation: sourceLocation
    )
}

// MARK: - The Python side

private enum UploadPython {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Semantics/upload_server.py")
    static let required =
        "python3 (standard library only) is required for the upload tests: install it and put it on PATH"

    struct Parsed: Decodable {
        struct Part: Decodable {
            var disposition: String?
            var name: String?
            var filename: String?
            var contentType: String?
            var data: String
            var defects: [String]
            var bytes: Data { Data(base64Encoded: data) ?? Data("<not base64>".utf8) }
        }

        var defects: [String]
        var parts: [Part]
        var preamble: String?
        var epilogue: String?
    }

    /// `body` as Python's email package reads it; records an issue (never skips) when python3 is missing.
    static func parse(_ body: Data, contentType: String) async throws -> Parsed? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uploads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("body.bin")
        let output = directory.appendingPathComponent("stdout.json")
        let errors = directory.appendingPathComponent("stderr.txt")
        try body.write(to: input)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "parse", contentType, input.path]
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        // Waits without blocking a thread of the concurrency pool, which the tests with a server share.
        let status: Int32
        do {
            status = try await withCheckedThrowingContinuation { continuation in
                process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
                do {
                    try process.run()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        } catch {
            Issue.record("\(required) (could not start /usr/bin/env python3: \(error))")
            return nil
        }
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        switch status {
        case 0: return try JSONDecoder().decode(Parsed.self, from: Data(contentsOf: output))
        case 127: Issue.record("\(required) (python3 was not found). \(stderr)")
        default: Issue.record("upload_server.py parse failed with status \(status): \(stderr)")
        }
        return nil
    }
}

/// What the fake Cortex recorded (`GET /__received`).
private struct ReceivedUploads: Decodable {
    struct Create: Decodable {
        var id: String
        var raw: String
    }

    struct Upload: Decodable {
        var object: String
        var index: Int
        var facet: String
        var status: Int
        var method: String?
        var contentType: String?
        var partNames: [String]?
        var fields: [PendingUpload.Field]?
        var fileKey: String?
        var fileName: String?
        var fileMime: String?
        var data: String?
        /// The upload's `X-Session` header.
        var session: String?
    }

    struct Poll: Decodable {
        var object: String
        var index: Int
        /// 202, or the facets' state in a 200 answer (1 processing, 2 ready).
        var answer: Int
        /// The poll's `X-Session` header.
        var session: String?
    }

    var creates: [Create]
    var uploads: [Upload]
    var polls: [Poll]
    var errors: [String]
    var requests: [String]
}

extension FileUploader {
    /// An uploader for the local test server, whose uploads wait up to ``LocalPythonServer/answerBackstop`` as the
    /// tests' other requests do: under a loaded CI run, FoundationNetworking once took over a minute to deliver an
    /// answer the storage had sent, which the default `uploadTimeout` of 60 s turned into a failure.
    static func forTestServer(_ transport: URLSessionTransport, polling: PollingPolicy = .standard) -> FileUploader {
        var uploader = FileUploader(transport: transport, polling: polling)
        uploader.uploadTimeout = LocalPythonServer.answerBackstop
        return uploader
    }
}

/// Semantics/upload_server.py on 127.0.0.1; stopped in every path.
///
/// The test's own requests go through the transport ``run(_:)`` hands it; the server's control requests
/// (`/__received`, `/__release`, `/__stop`) have a session of their own, so cancelling the test's requests never
/// touches them.
private final class UploadServer: @unchecked Sendable {
    private let control = LocalPythonServer.makeTransport()
    private let server: LocalPythonServer
    var baseURL: URL { server.baseURL }
    var log: String { server.log }

    private init(server: LocalPythonServer) {
        self.server = server
    }

    /// Starts a server and a session of its own, runs `body`, and stops both whether `body` succeeds or not.
    static func run(_ body: (UploadServer, URLSessionTransport) async throws -> Void) async throws {
        let server = try await start()
        let transport = LocalPythonServer.makeTransport()
        do {
            try await body(server, transport)
        } catch {
            Issue.record("server log: \(server.log)")
            transport.session.invalidateAndCancel()
            await server.stop()
            throw error
        }
        transport.session.invalidateAndCancel()
        await server.stop()
    }

    static func start() async throws -> UploadServer {
        UploadServer(
            server: try await LocalPythonServer.start(
                script: UploadPython.script,
                // Only a safety net (the server also stops when the test process ends): a test starved on a loaded
                // machine must not outlive it.
                lifetime: 600,
                requirement: UploadPython.required
            )
        )
    }

    /// Stops the server and the control session; safe to call again.
    func stop() async {
        await server.stop()
        control.session.invalidateAndCancel()
    }

    /// `POST /__release`: the held polls of slow-* pictures are answered.
    func release() async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__release"))
        request.httpMethod = "POST"
        request.httpBody = Data()
        let (_, response) = try await control.send(request)
        try #require(response.statusCode == 200)
    }

    /// `POST /__stop`, then the server exits by itself with status 0.
    func stopGracefully() async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("__stop"))
        request.httpMethod = "POST"
        request.httpBody = Data()
        let (_, response) = try await control.send(request)
        #expect(response.statusCode == 200)
        // Python's exit may take seconds on a loaded machine: what counts is that the server stops by itself.
        for _ in 0..<3000 where server.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!server.isRunning, "the server did not stop on POST /__stop")
        if !server.isRunning { #expect(server.terminationStatus == 0, "\(log)") }
    }

    func received() async throws -> ReceivedUploads {
        let (data, response) = try await control.send(URLRequest(url: baseURL.appendingPathComponent("__received")))
        try #require(response.statusCode == 200)
        return try JSONDecoder().decode(ReceivedUploads.self, from: data)
    }

    /// A Cortex client of this server over `transport`.
    func client(
        using transport: any HTTPTransport,
        retry: RetryPolicy = .never,
        timeout: Duration? = LocalPythonServer.answerBackstop
    ) -> ModelClient {
        ModelClient(
            baseURL: baseURL,
            dialect: CortexDialect.cortex,
            transport: transport,
            retry: retry,
            timeout: timeout
        )
    }

    func pictureURL(id: String, index: Int) -> URL {
        baseURL.appendingPathComponent("c_offices/\(id)/c_pictures/\(index)")
    }

    /// Creates an office with one picture and returns its id and the picture's pending upload.
    func createOffice(
        with picture: FileUpload,
        using transport: some HTTPTransport
    ) async throws -> (id: String, pending: (path: String, upload: FileUpload, file: FileValue)) {
        var create = Office.Create()
        create.pictures = [picture]
        let (data, response) = try await transport.send(
            try create.rendered(for: CortexDialect.cortex).urlRequest(relativeTo: baseURL)
        )
        try #require(response.statusCode == 201, "\(String(decoding: data, as: UTF8.self))")
        let created = try JSONDecoder().decode(JSONValue.self, from: data)
        let pending = try create.pendingUploads(in: created)
        try #require(pending.count == 1)
        return (try #require(created["_id"]?.stringValue), pending[0])
    }

    /// Creates an office with one picture, `fileName` (whose prefix, such as `slow-` or `never-`, says how the server
    /// treats it), uploads it with an uploader polling as `polling`, and returns that uploader and the picture's URL.
    func officeWithUploadedPicture(
        _ fileName: String,
        seed: UInt32,
        polling: PollingPolicy,
        using transport: URLSessionTransport
    ) async throws -> (uploader: FileUploader, url: URL) {
        let (id, pending) = try await createOffice(
            with: FileUpload(facets: [
                "content": .init(data: UploadSamples.jpeg(count: 100, seed: seed), fileName: fileName)
            ]),
            using: transport
        )
        let uploader = FileUploader.forTestServer(transport, polling: polling)
        try await uploader.upload(pending.upload, following: pending.file)
        return (uploader, pictureURL(id: id, index: 0))
    }

    /// Waits (at most 60 s: a backstop for a loaded machine) until the server answered `count` polls (of the object `object`, when given).
    func waitForPolls(_ count: Int, of object: String? = nil) async throws {
        for _ in 0..<3_000 {
            if try await received().polls.filter({ object == nil || $0.object == object }).count >= count { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw LocalPythonServerError(description: "the server did not get \(count) polls within 60 s")
    }

    /// Waits (at most 60 s: a backstop for a loaded machine) until the server began `count` requests whose line contains `text`.
    func waitForRequests(containing text: String, count: Int) async throws {
        for _ in 0..<3_000 {
            if try await received().requests.filter({ $0.contains(text) }).count >= count { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw LocalPythonServerError(description: "the server did not get \(count) requests for \(text) within 60 s")
    }
}

/// A transport that notes each request line (`POST /upload/…`) as the client sends it, then sends it through
/// `transport`.
private final class SentRequests: HTTPTransport, @unchecked Sendable {
    private let transport: any HTTPTransport
    private let lock = NSLock()
    private var sentLines: [String] = []

    init(_ transport: any HTTPTransport) {
        self.transport = transport
    }

    var lines: [String] { lock.withLock { sentLines } }

    private func note(_ request: URLRequest) {
        let line = "\(request.httpMethod ?? "GET") \(request.url?.path ?? "")"
        lock.withLock { sentLines.append(line) }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        note(request)
        return try await transport.send(request)
    }

    func send(_ request: URLRequest, maximumResponseBytes: Int) async throws -> (Data, HTTPURLResponse) {
        note(request)
        return try await transport.send(request, maximumResponseBytes: maximumResponseBytes)
    }

    func send(
        _ request: URLRequest,
        maximumResponseBytes: Int,
        bodySent: @escaping @Sendable (Int64) -> Void
    ) async throws -> (Data, HTTPURLResponse) {
        note(request)
        return try await transport.send(request, maximumResponseBytes: maximumResponseBytes, bodySent: bodySent)
    }
}
