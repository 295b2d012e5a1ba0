import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// A Core Data model as Xcode saves it (the `contents` file of a `.xcdatamodel`): its entities, each with the class
/// that represents it, its attributes and its relationships, and where the file declares each.
struct CoreDataModel: Sendable {
    struct Attribute: Sendable {
        var name: String
        /// `attributeType` as the file spells it: `String`, `Integer 32`, `Date`, `Transformable`…
        var type: String
        /// `optional="YES"`.
        var isOptional: Bool
        /// A transformable attribute's `customClassName`, which newer Xcode writes.
        var customClassName: String?
        var location: SourceLocation
    }

    struct Relationship: Sendable {
        var name: String
        /// The `destinationEntity`, by entity name; nil when the file names none.
        var destination: String?
        var isToMany: Bool
        /// `ordered="YES"`: an `NSOrderedSet` rather than an `NSSet`.
        var isOrdered: Bool
        var isOptional: Bool
        var location: SourceLocation
    }

    struct Entity: Sendable {
        var name: String
        /// `representedClassName`; nil for an entity that Core Data represents as an `NSManagedObject`.
        var representedClassName: String?
        /// The `parentEntity`, whose attributes and relationships this entity has too.
        var parent: String?
        var attributes: [Attribute] = []
        var relationships: [Relationship] = []
        var location: SourceLocation

        /// The class an app's code and headers know the entity by: its own, else the entity's name (an
        /// `NSManagedObject` has no class of its own, so the model is named after the entity). A Swift class is named
        /// with its module (`MyApp.Article`, or `.Article` for the current one), which Core Data resolves to the
        /// class: the name after the last dot.
        var className: String {
            guard let represented = representedClassName, !represented.isEmpty, represented != "NSManagedObject"
            else { return name }
            let unqualified = represented.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init)
            return unqualified.flatMap { $0.isEmpty ? nil : $0 } ?? name
        }
    }

    /// The entities in the order the file declares them.
    var entities: [Entity] = []

    /// The largest `contents` file read: a model of a thousand entities is a few megabytes.
    static let maximumBytes = 32 << 20
    /// How deeply the file's elements may nest. A model nests five levels (`model`, `entity`, `attribute`,
    /// `userInfo`, `entry`).
    static let nestingLimit = 32

    init(entities: [Entity] = []) {
        self.entities = entities
    }

    /// Reads a model's `contents` file. The text is parsed by Foundation's `XMLParser` without resolving external
    /// entities, and a file that declares a DOCTYPE (which no model has) is refused before parsing, so no entity
    /// expansion takes place; the nesting and size are bounded.
    static func parse(_ text: String, file: String) -> Result<CoreDataModel, Diagnostic> {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else {
            return .failure(
                Diagnostic(
                    .error,
                    "the Core Data model is \(bytes.count) bytes, more than the \(maximumBytes) the import reads",
                    at: .start(of: file),
                    hint: "check that this is the app's .xcdatamodel 'contents' file"
                )
            )
        }
        if let doctype = Self.firstDoctype(in: bytes) {
            return .failure(
                Diagnostic(
                    .error,
                    "the Core Data model declares a DOCTYPE, which Xcode never writes; it is not read",
                    at: SourceLocation(ofByte: doctype, in: bytes, file: file),
                    hint: "check that this is the app's .xcdatamodel 'contents' file"
                )
            )
        }
        // The text is UTF-8 (Xcode writes nothing else), and each element's place is found in its bytes: a file that
        // declares another encoding would be decoded otherwise by the parser (ISO-2022-JP's escapes, UTF-7's `+ADw-`
        // for `<`) and its elements' places not found.
        if let encoding = Self.declaredEncoding(in: bytes),
            !["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.name.lowercased())
        {
            return .failure(
                Diagnostic(
                    .error,
                    "the Core Data model declares the encoding '\(encoding.name)', which Xcode never writes; it is read "
                        + "as UTF-8 only",
                    at: SourceLocation(ofByte: encoding.offset, in: bytes, file: file),
                    hint: "check that this is the app's .xcdatamodel 'contents' file"
                )
            )
        }
        let parser = XMLParser(data: Data(bytes))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        let reader = ModelReader(file: file, bytes: bytes)
        parser.delegate = reader
        let parsed = parser.parse()
        if let problem = reader.problem { return .failure(problem) }
        // Foundation on Linux returns true for some files it stopped reading (one that ends inside an element), with
        // the error set.
        guard parsed, parser.parserError == nil else {
            let location = SourceLocation(
                file: file,
                line: max(parser.lineNumber, 1),
                column: max(parser.columnNumber, 1)
            )
            return .failure(
                Diagnostic(
                    .error,
                    "the Core Data model is not well-formed XML (\(Self.describe(parser.parserError)))",
                    at: location,
                    hint: "open the model in Xcode, which rewrites the file, or check that this is the file meant"
                )
            )
        }
        guard reader.sawModel else {
            return .failure(
                Diagnostic(
                    .error,
                    "this is not a Core Data model: its root element is not <model>",
                    at: .start(of: file),
                    hint: "name a .xcdatamodeld or .xcdatamodel folder, or the 'contents' file inside a .xcdatamodel"
                )
            )
        }
        return .success(CoreDataModel(entities: reader.entities))
    }

    // MARK: Positions

    /// The offset of the first `<!DOCTYPE`, if any.
    private static func firstDoctype(in bytes: [UInt8]) -> Int? {
        firstOffset(of: Array("<!DOCTYPE".utf8), in: bytes, from: 0, to: bytes.count)
    }

    /// The offset of the first whole `marker` in `bytes[start..<end]`, if any: one pass, the marker compared only
    /// where its first byte is.
    private static func firstOffset(of marker: [UInt8], in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        guard let head = marker.first, end - start >= marker.count else { return nil }
        var index = start
        while index <= end - marker.count {
            if bytes[index] == head, bytes[index..<(index + marker.count)].elementsEqual(marker) { return index }
            index += 1
        }
        return nil
    }

    /// The encoding the XML declaration at the start of `bytes` (after any byte order marks) names, and the offset
    /// of its name; nil without one. The declaration is read to its `>`, however much space its attributes have
    /// between them.
    private static func declaredEncoding(in bytes: [UInt8]) -> (name: String, offset: Int)? {
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var first = 0
        while bytes[first...].starts(with: byteOrderMark) { first += byteOrderMark.count }
        guard bytes[first...].starts(with: Array("<?xml".utf8)) else { return nil }
        let end = (first..<bytes.count).first { bytes[$0] == UInt8(ascii: ">") } ?? bytes.count
        let key = Array("encoding".utf8)
        guard let keyStart = firstOffset(of: key, in: bytes, from: first, to: end) else { return nil }
        var index = keyStart + key.count
        func skipSpaces() { while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        skipSpaces()
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let nameStart = index + 1
        guard let nameEnd = (nameStart..<end).first(where: { bytes[$0] == quote }) else { return nil }
        return (String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self), nameStart)
    }

    private static func describe(_ error: (any Error)?) -> String {
        guard let error = error as NSError? else { return "the parser stopped" }
        if let code = XMLParser.ErrorCode(rawValue: error.code) {
            switch code {
            case .prematureDocumentEndError: return "the file ends inside an element"
            case .tagNameMismatchError: return "an element is closed by the wrong tag"
            case .emptyDocumentError: return "the file is empty"
            case .attributeNotStartedError, .attributeNotFinishedError:
                return "an attribute's value is not quoted"
            case .ltRequiredError, .gtRequiredError: return "a tag is not closed"
            default: break
            }
        }
        return "XMLParser error \(error.code)"
    }
}

/// `XMLParser`'s delegate: collects the entities of a model, and stops at the first problem it finds.
private final class ModelReader: NSObject, XMLParserDelegate {
    let file: String
    let bytes: [UInt8]
    var entities: [CoreDataModel.Entity] = []
    var problem: Diagnostic?
    var sawModel = false
    /// The names of the open elements, outermost first.
    private var open: [String] = []
    /// The columns of the line of the last element's start, counted forward from it: a model written on one line
    /// is counted once, not from the line's start for each element.
    private var columns = LineColumns()
    private var columnsLine = -1
    /// The offset of the `<` of the element the parser reported last, and how far the search for start tags got.
    private var elementStart = 0
    private var scanned = 0
    /// The offset of the start of each line, for the start of an element: after a line feed, a carriage return, or
    /// the two, as XML reads its lines (and `SourceLocation(ofByte:)` counts them for the errors before the elements).
    private lazy var lineStarts: [Int] = bytes.withUnsafeBufferPointer { bytes in
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let breakLength = LineBreak.length(at: index, in: bytes, yamlBreaks: false)
            index += max(breakLength, 1)
            if breakLength > 0 { starts.append(index) }
        }
        return starts
    }

    init(file: String, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard problem == nil else { return }
        elementStart = nextStartTag()
        let parent = open.last
        open.append(elementName)
        guard open.count <= CoreDataModel.nestingLimit else {
            stop(
                parser,
                "the Core Data model's elements nest more than \(CoreDataModel.nestingLimit) levels deep here",
                hint: "a model nests five levels; check that this is the file meant"
            )
            return
        }
        // Only the model's own entities, and their own attributes and relationships, are read: an element of the same
        // name anywhere else (inside a `userInfo`, say) is not one.
        switch (parent, elementName) {
        case (nil, "model"):
            sawModel = true
        case (nil, _):
            stop(
                parser,
                "this is not a Core Data model: its root element is <\(elementName)>, not <model>",
                hint: "name a .xcdatamodeld or .xcdatamodel folder, or the 'contents' file inside a .xcdatamodel"
            )
        case ("model", "entity") where open.count == 2:
            guard let name = required("name", of: "entity", in: attributes, parser) else { return }
            entities.append(
                CoreDataModel.Entity(
                    name: name,
                    representedClassName: attributes["representedClassName"],
                    parent: attributes["parentEntity"],
                    location: start(parser)
                )
            )
        case ("entity", "attribute") where open.count == 3:
            guard let name = required("name", of: "attribute", in: attributes, parser) else { return }
            entities[entities.count - 1].attributes.append(
                CoreDataModel.Attribute(
                    name: name,
                    type: attributes["attributeType"] ?? "Undefined",
                    isOptional: attributes["optional"] == "YES",
                    customClassName: attributes["customClassName"],
                    location: start(parser)
                )
            )
        case ("entity", "relationship") where open.count == 3:
            guard let name = required("name", of: "relationship", in: attributes, parser) else { return }
            entities[entities.count - 1].relationships.append(
                CoreDataModel.Relationship(
                    name: name,
                    destination: attributes["destinationEntity"],
                    isToMany: attributes["toMany"] == "YES",
                    isOrdered: attributes["ordered"] == "YES",
                    isOptional: attributes["optional"] == "YES",
                    location: start(parser)
                )
            )
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if !open.isEmpty { open.removeLast() }
    }

    private func required(
        _ attribute: String,
        of element: String,
        in attributes: [String: String],
        _ parser: XMLParser
    ) -> String? {
        if let value = attributes[attribute], !value.isEmpty { return value }
        stop(
            parser,
            "an <\(element)> without a '\(attribute)'",
            hint: "Xcode names every \(element); is this file complete?"
        )
        return nil
    }

    private func stop(_ parser: XMLParser, _ message: String, hint: String) {
        problem = Diagnostic(.error, message, at: start(parser), hint: hint)
        parser.abortParsing()
    }

    /// Where the element the parser has just read starts, by its line among the lines' starts and its column
    /// counted forward on that line.
    private func start(_ parser: XMLParser) -> SourceLocation {
        let offset = min(elementStart, bytes.count)
        // The last line that starts at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        if columnsLine != low {
            columns.startLine(at: lineStarts[low])
            columnsLine = low
        }
        let column = bytes.withUnsafeBufferPointer { columns.column(of: offset, in: $0) } + 1
        return SourceLocation(file: file, line: low + 1, column: column)
    }

    /// The offset of the `<` of the next start tag, from where the last one was found: the parser reports elements
    /// in the order they start, and its own column (libxml2's) is no byte offset on a long line. Comments, CDATA
    /// sections, processing instructions and end tags are skipped, so a tag inside one isn't taken. The next start
    /// tag is the element's whatever its name: the parser may spell a name otherwise than the bytes do (a file that
    /// declares another encoding than the UTF-8 it is written in), and looking further for the name scanned the rest
    /// of the file for every such element. The whole file is scanned once, however many elements it has.
    private func nextStartTag() -> Int {
        var index = scanned
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            if let end = endOfMarkup(at: index) {
                index = end
                continue
            }
            if index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "/") {
                scanned = index + 1
                return index
            }
            index += 1
        }
        scanned = bytes.count
        return bytes.count
    }

    /// The offset after the comment (`<!-- … -->`), CDATA section (`<![CDATA[ … ]]>`), declaration (`<!…>`) or
    /// processing instruction (`<?…?>`) at `index`; nil when none starts there.
    private func endOfMarkup(at index: Int) -> Int? {
        func starts(with text: String, at offset: Int) -> Bool {
            let pattern = Array(text.utf8)
            return offset + pattern.count <= bytes.count
                && bytes[offset..<(offset + pattern.count)].elementsEqual(pattern)
        }
        func after(_ terminator: String, from offset: Int) -> Int {
            var current = offset
            while current < bytes.count {
                if starts(with: terminator, at: current) { return current + terminator.utf8.count }
                current += 1
            }
            return bytes.count
        }
        if starts(with: "<!--", at: index) { return after("-->", from: index + 4) }
        if starts(with: "<![CDATA[", at: index) { return after("]]>", from: index + 9) }
        if starts(with: "<!", at: index) { return after(">", from: index + 2) }
        if starts(with: "<?", at: index) { return after("?>", from: index + 2) }
        return nil
    }
}
