import Foundation
import ModelRuntime
import Testing

/// File property values as Cortex returns them.
enum FileFixtures {
    /// A processed image: the content facet at the top level and a generated thumbnail.
    static let readyImage = """
        {
          "ETag": "594b69d035ac27c2e69ef053082eb6a3",
          "creator": "5516ee2634d8d93428169c0e",
          "facets": [
            {
              "ETag": "5046104d05edf82e2a2c0d72118ca15b",
              "creator": "5516ee2634d8d93428169c0e",
              "height": 241,
              "location": 4,
              "mime": "image/jpeg",
              "name": "thumbnail",
              "path": "/accounts/5516ee2634d8d93428169c0e/image/thumbnail",
              "private": false,
              "size": 12087,
              "state": 2,
              "storageId": "medable",
              "url": "https://cdn.example.com/5516ee1b34d8d934/thumbnail.jpg?Expires=1795342530&Signature=a%2Bb%3D",
              "width": 300
            }
          ],
          "filename": "IMG_1399.JPG",
          "height": 500,
          "location": 4,
          "mime": "image/jpeg",
          "name": "content",
          "path": "/accounts/5516ee2634d8d93428169c0e/image/content",
          "private": false,
          "resource": "account.5516ee2634d8d93428169c0e.image",
          "size": 52586,
          "state": 2,
          "storageId": "medable",
          "url": "https://cdn.example.com/5516ee1b34d8d934/content.jpg?Expires=1795342530&Signature=c%2Fd",
          "width": 622
        }
        """

    /// Just written: facets pending, with instructions for a presigned S3 form post.
    static let pendingUpload = """
        {
          "creator": "5516ee2634d8d93428169c0e",
          "facets": [
            {
              "creator": "5516ee2634d8d93428169c0e",
              "location": 4,
              "name": "thumbnail",
              "path": "/accounts/5516ee2634d8d93428169c0e/image/thumbnail",
              "state": 0
            }
          ],
          "filename": "IMG_1399.JPG",
          "location": 4,
          "mime": "image/jpeg",
          "name": "content",
          "path": "/accounts/5516ee2634d8d93428169c0e/image/content",
          "state": 0,
          "uploads": [
            {
              "fields": [
                {"key": "x-amz-credential", "value": "AKIAEXAMPLE/20261122/us-east-1/s3/aws4_request"},
                {"key": "x-amz-date", "value": "20261122T101530Z"},
                {"key": "x-amz-server-side-encryption", "value": "AES256"},
                {"key": "x-amz-signature", "value": "e78ce424cafb6ce2accbaaf49e8a2a6cc7794c79b0f7c902e1e380caf9edfefc"},
                {"key": "x-amz-algorithm", "value": "AWS4-HMAC-SHA256"},
                {"key": "success_action_status", "value": "201"},
                {"key": "content-type", "value": "image/jpeg"},
                {"key": "key", "value": "5516ee1b34d8d934/5516ee2634d8d93428169c0e/image/content.jpg"},
                {"key": "policy", "value": "eyJleHBpcmF0aW9uIjoiMjAyNi0xMS0yMlQxMToxNTozMFoifQ=="}
              ],
              "maxFileSize": 10000000,
              "mimes": ["image/jpeg", "image/png"],
              "name": "content",
              "state": 0,
              "uploadKey": "file",
              "uploadMethod": "POST",
              "uploadUrl": "https://medable-uploads.s3.amazonaws.com"
            }
          ]
        }
        """

    /// A state this runtime doesn't know, an explicit null, and keys it doesn't model.
    static let unknownState = """
        {
          "ETag": "0cc175b9c0f1b6a831c399e269772661",
          "facets": [],
          "filename": "consent.pdf",
          "futureFeature": {"pages": [1, 2.5, null], "signed": true},
          "mime": "application/pdf",
          "name": "content",
          "path": "/c_consents/64b7f0c2e4b0a1a2b3c4d5e6/c_document/content",
          "size": 88123,
          "state": 7,
          "url": null
        }
        """

    static let all = [readyImage, pendingUpload, unknownState]
}

@Suite struct FileValueTests {
    @Test(arguments: FileFixtures.all)
    func decodingThenEncodingReproducesTheJSON(json: String) throws {
        let file = try decode(FileValue.self, from: json)
        #expect(try encodedJSON(file) == parsedJSON(json))
        #expect(try JSONDecoder().decode(FileValue.self, from: JSONEncoder().encode(file)) == file)
    }

    @Test func readsAReadyImage() throws {
        let file = try decode(FileValue.self, from: FileFixtures.readyImage)
        #expect(file.facets.map(\.name) == ["content", "thumbnail"])
        #expect(file.uploads.isEmpty)

        let content = try #require(file.content)
        #expect(content.mime == "image/jpeg")
        #expect(content.filename == "IMG_1399.JPG")
        #expect(content.size == 52586)
        #expect(content.state == .ready)
        #expect(content.etag == "594b69d035ac27c2e69ef053082eb6a3")
        #expect(content.path == "/accounts/5516ee2634d8d93428169c0e/image/content")
        #expect(content.url?.absoluteString.hasPrefix("https://cdn.example.com/5516ee1b34d8d934/content.jpg?") == true)
        #expect(content.additionalProperties["width"] == 622)
        #expect(content.additionalProperties["private"] == false)
        #expect(content.additionalProperties["creator"] == "5516ee2634d8d93428169c0e")
        #expect(content.additionalProperties["facets"] == nil)
        #expect(content.additionalProperties["name"] == nil)

        let thumbnail = try #require(file[facet: "thumbnail"])
        #expect(thumbnail.size == 12087 && thumbnail.state == .ready)
        #expect(thumbnail.additionalProperties["height"] == 241)
        #expect(file[facet: "original"] == nil)
    }

    @Test func readsPendingUploadsWithFieldsInOrder() throws {
        let file = try decode(FileValue.self, from: FileFixtures.pendingUpload)
        #expect(file.content?.state == .pending)
        #expect(file[facet: "thumbnail"]?.state == .pending)
        #expect(file.content?.url == nil)

        let upload = try #require(file.uploads.first)
        #expect(file.uploads.count == 1)
        #expect(upload.name == "content")
        #expect(upload.maxFileSize == 10_000_000)
        #expect(upload.mimes == ["image/jpeg", "image/png"])
        #expect(upload.uploadMethod == "POST")
        #expect(upload.uploadURL == URL(string: "https://medable-uploads.s3.amazonaws.com"))
        #expect(upload.uploadKey == "file")
        #expect(upload.state == .pending)
        #expect(
            upload.fields.map(\.key) == [
                "x-amz-credential", "x-amz-date", "x-amz-server-side-encryption", "x-amz-signature",
                "x-amz-algorithm", "success_action_status", "content-type", "key", "policy",
            ]
        )
        #expect(upload.fields[2] == PendingUpload.Field(key: "x-amz-server-side-encryption", value: "AES256"))
        #expect(upload.additionalProperties.isEmpty)
    }

    @Test func keepsUnknownStatesNullsAndKeys() throws {
        let file = try decode(FileValue.self, from: FileFixtures.unknownState)
        let content = try #require(file.content)
        #expect(content.state == .unknown(7))
        #expect(content.url == nil)
        #expect(content.additionalProperties["url"] == .null)
        #expect(content.additionalProperties["futureFeature"]?["pages"] == [1, 2.5, nil])
        #expect(file.facets.count == 1)
    }

    @Test func settingAModeledKeyReplacesItsKeptNull() throws {
        var file = try decode(FileValue.self, from: FileFixtures.unknownState)
        file.facets[0].url = URL(string: "https://cdn.example.com/consent.pdf")
        #expect(try encodedJSON(file)["url"] == "https://cdn.example.com/consent.pdf")
    }

    @Test func valuesBuiltInCodeEncodeTheContentFacetAtTheTopLevel() throws {
        let file = FileValue(
            facets: [
                Facet(name: "content", mime: "image/png", size: 10, state: .ready, etag: "abc"),
                Facet(name: "thumbnail", state: .processing, additionalProperties: ["width": 64]),
            ],
            uploads: [
                PendingUpload(name: "content", fields: [.init(key: "a", value: "1"), .init(key: "b", value: "2")])
            ]
        )
        let expected: JSONValue = [
            "name": "content", "mime": "image/png", "size": 10, "state": 2, "ETag": "abc",
            "facets": [["name": "thumbnail", "state": 1, "width": 64]],
            "uploads": [["name": "content", "fields": [["key": "a", "value": "1"], ["key": "b", "value": "2"]]]],
        ]
        #expect(try encodedJSON(file) == expected)
        #expect(try JSONDecoder().decode(FileValue.self, from: JSONEncoder().encode(file)) == file)
    }

    @Test func withoutAContentFacetAllFacetsStayInTheArray() throws {
        let file = FileValue(facets: [Facet(name: "thumbnail", state: .ready)])
        #expect(file.content == nil)
        #expect(try encodedJSON(file) == ["facets": [["name": "thumbnail", "state": 2]]])
    }

    @Test func aTopLevelWithoutANameKeepsItsKeys() throws {
        let json = #"{"creator": "5516ee2634d8d93428169c0e", "facets": [{"name": "thumbnail", "state": 0}]}"#
        let file = try decode(FileValue.self, from: json)
        #expect(file.content == nil)
        #expect(file.facets.map(\.name) == ["thumbnail"])
        #expect(file.additionalProperties == ["creator": "5516ee2634d8d93428169c0e"])
        #expect(try encodedJSON(file) == parsedJSON(json))
    }

    @Test func emptyArraysRoundTripWhetherSentOrNot() throws {
        for json in [#"{"name": "content"}"#, #"{"name": "content", "facets": [], "uploads": []}"#] {
            let file = try decode(FileValue.self, from: json)
            #expect(try encodedJSON(file) == parsedJSON(json))
        }
        #expect(
            try decode(FileValue.self, from: #"{"name": "content"}"#)
                == decode(FileValue.self, from: #"{"name": "content", "facets": [], "uploads": []}"#)
        )
    }

    @Test(arguments: [
        (#"{"name": "content", "facets": [{"name": "a"}, {"state": 2}]}"#, "facets[1]"),
        (#"{"name": "content", "size": "big"}"#, "size"),
        (#"{"name": "content", "state": "ready"}"#, "state"),
        (#"{"name": "content", "uploads": [{"name": "content", "fields": [{"key": "a"}]}]}"#, "uploads[0].fields[0]"),
        (#"{"name": 3}"#, "name"),
    ])
    func malformedValuesThrowWithTheirPath(json: String, path: String) throws {
        let error = try #require(throws: DecodingError.self) { try decode(FileValue.self, from: json) }
        // A missing key is reported with the path of the object that lacks it.
        #expect(pathDescription(error.context?.codingPath ?? []) == path)
    }

    @Test func facetAndUploadCodeOnTheirOwn() throws {
        let facetJSON = #"{"object": "facet", "name": "content", "mime": "image/jpeg", "state": 2, "width": 622}"#
        let facet = try decode(Facet.self, from: facetJSON)
        #expect(facet.name == "content" && facet.state == .ready)
        #expect(facet.additionalProperties == ["object": "facet", "width": 622])
        #expect(try encodedJSON(facet) == parsedJSON(facetJSON))

        let uploadJSON = #"{"name": "content", "uploadUrl": "https://u.example.com", "ttl": 3600, "mimes": null}"#
        let upload = try decode(PendingUpload.self, from: uploadJSON)
        #expect(upload.uploadURL?.absoluteString == "https://u.example.com")
        #expect(upload.fields.isEmpty && upload.mimes == nil)
        #expect(upload.additionalProperties == ["ttl": 3600, "mimes": nil])
        #expect(try encodedJSON(upload) == parsedJSON(uploadJSON))
    }
}
