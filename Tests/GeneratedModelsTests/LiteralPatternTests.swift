import BlockingTestSupport
import Foundation
import GoldenQueries
import ModelRuntime
import Testing

// `hasPrefix` and `hasSuffix` take their text literally in every dialect: the pattern they send matches exactly the
// values whose Unicode scalars start or end with the text's, judged by two regular expression engines that share no
// code with the runtime, ICU's (NSRegularExpression) and Python's (through mongomock, the query semantics check's
// MongoDB). The text is random, made of metacharacters and of marks that join their neighbour into one Character.

/// Scalars that make literal text hard to take literally.
private let alphabet: [Unicode.Scalar] = [
    // Every metacharacter the escaping knows, and `#`, which extended mode would read as a comment.
    "\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/", "-", "#",
    // Letters and digits in both cases, composed and not, with a space and line breaks.
    "a", "A", "b", "e", "\u{E9}", "\u{C9}", "1", " ", "\n", "\r",
    // Combining marks (an acute, a diaeresis, an enclosing circle) join the scalar before them; U+0600 and U+110BD,
    // prepended concatenation marks, the scalar after them.
    "\u{301}", "\u{308}", "\u{20DD}", "\u{600}", "\u{110BD}",
    // A joiner, a variation selector, regional indicators, Hangul jamo, an emoji and a skin tone.
    "\u{200D}", "\u{FE0F}", "\u{1F1EB}", "\u{1F1F7}", "\u{1100}", "\u{1161}", "\u{1F468}", "\u{1F3FB}",
]

/// Literals that joined a metacharacter to its neighbour when escaping went by Character; each went out unescaped.
private let joinedMetacharacters = ["\u{600}|", "|\u{301}", ".\u{301}", "\u{600}(", "*\u{20DD}", "a\u{200D}+"]

private enum Side: String {
    case prefix, suffix

    func condition(_ literal: String, _ options: RegexOptions = []) -> Query<Item> {
        switch self {
        case .prefix: Item.query.where { $0.name.hasPrefix(literal, options: options) }
        case .suffix: Item.query.where { $0.name.hasSuffix(literal, options: options) }
        }
    }

    /// Whether `value` starts or ends with `literal`, scalar by scalar (not as Swift compares Characters).
    func holds(_ value: String, _ literal: String) -> Bool {
        let scalars = Array(value.unicodeScalars)
        let literal = Array(literal.unicodeScalars)
        switch self {
        case .prefix: return scalars.starts(with: literal)
        case .suffix: return scalars.reversed().starts(with: literal.reversed())
        }
    }
}

/// One literal, one side, and the values to match it against.
private struct PatternCase {
    var name: String
    var query: Query<Item>
    var values: [(id: String, value: String)]
    /// The ids of the values the pattern must match.
    var expected: [String]
}

/// Random text from ``alphabet``, metacharacters and marks more often than the rest.
private func randomText(_ random: inout SeededGenerator, length: ClosedRange<Int>) -> String {
    let favoured = Array(alphabet.prefix(17)) + ["\u{301}", "\u{600}"]
    var text = String.UnicodeScalarView()
    for _ in 0..<(length.lowerBound + random.below(length.count)) {
        text.append(random.chance(60) ? random.pick(favoured) : random.pick(alphabet))
    }
    return String(text)
}

/// Values that start or end with `literal`, almost do, or don't, each once by its scalars.
private func values(around literal: String, _ random: inout SeededGenerator) -> [String] {
    func text() -> String { randomText(&random, length: 0...4) }
    let scalars = Array(literal.unicodeScalars)
    var changed = scalars
    if !changed.isEmpty { changed[random.below(changed.count)] = random.pick(alphabet) }
    let shorter = String(String.UnicodeScalarView(scalars.dropLast()))
    let candidates = [
        literal, literal + text(), text() + literal, text() + literal + text(),
        String(String.UnicodeScalarView(changed)), shorter + text(), text() + shorter, literal + "\u{301}",
        "\u{600}" + literal, text(), text(), "",
    ]
    var seen: Set<[Unicode.Scalar]> = []
    // Swift's == takes "é" and "e\u{301}" for one string; the engines don't, so values are told apart by scalars.
    return candidates.filter { seen.insert(Array($0.unicodeScalars)).inserted }
}

/// The pattern `query` sends: the same in every dialect (Cortex writes it between slashes).
private func pattern(
    of query: Query<Item>,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> (
    pattern: String, filter: QueryJSON
) {
    let conditions = query.parts.conditions
    guard case .field(_, .regex(let pattern, let options)) = conditions.first, conditions.count == 1 else {
        throw QueryError("not one regular expression condition: \(conditions)")
    }
    let mongo = try MiaDialect.filter.renderMerged(conditions)
    var operand: [(key: String, value: QueryJSON)] = [("$regex", .string(pattern))]
    if !options.letters.isEmpty { operand.append(("$options", .string(options.letters))) }
    #expect(
        mongo == .object([("c_name", .object(operand))]),
        "mia: \(mongo.serialized)",
        sourceLocation: sourceLocation
    )
    #expect(try ParseDialect.filter.renderMerged(conditions) == mongo, "parse", sourceLocation: sourceLocation)
    #expect(
        try CortexDialect.filter.renderMerged(conditions)
            == .object([("c_name", .object([("$regex", .string("/\(pattern)/\(options.letters)"))]))]),
        "cortex",
        sourceLocation: sourceLocation
    )
    return (pattern, mongo)
}

/// The ids of `values` that ICU's engine matches with `pattern`.
private func icuMatches(
    _ pattern: String,
    _ options: NSRegularExpression.Options,
    _ values: [(id: String, value: String)]
)
    throws -> [String]
{
    let expression = try NSRegularExpression(pattern: pattern, options: options)
    return values.filter { _, value in
        expression.firstMatch(in: value, range: NSRange(location: 0, length: value.utf16.count)) != nil
    }.map(\.id).sorted()
}

/// Checks every case with ICU, then all of them in one run of mongomock.
private func check(_ cases: [PatternCase], icuOptions: NSRegularExpression.Options) throws {
    var filters: [QueryJSON] = []
    for patternCase in cases {
        let (pattern, filter) = try pattern(of: patternCase.query)
        filters.append(filter)
        do {
            let matched = try icuMatches(pattern, icuOptions, patternCase.values)
            #expect(matched == patternCase.expected, "ICU: \(patternCase.name), pattern \(String(reflecting: pattern))")
        } catch {
            Issue.record("ICU refused the pattern of \(patternCase.name), \(String(reflecting: pattern)): \(error)")
        }
    }
    let queries = zip(cases, filters).map { patternCase, filter in
        QueryJSON.object([
            ("name", .string(patternCase.name)), ("filter", filter),
            (
                "documents",
                .array(patternCase.values.map { .object([("_id", .string($0.id)), ("c_name", .string($0.value))]) })
            ),
        ])
    }
    let payload = QueryJSON.object([("documents", .array([])), ("queries", .array(queries))]).serialized
    guard let evaluated = try evaluateWithMongomock(payload) else { return }
    try #require(evaluated.results.count == cases.count)
    for (patternCase, result) in zip(cases, evaluated.results) {
        if let error = result.error {
            Issue.record("mongomock rejected \(patternCase.name): \(error)")
            continue
        }
        #expect(result.ids == patternCase.expected, "mongomock: \(patternCase.name)")
    }
}

/// On a thread of its own: it waits for Python.
@Suite(.onOwnThread) struct LiteralPatternTests {
    @Test func aLiteralPrefixOrSuffixMatchesExactlyTheValuesThatStartOrEndWithIt() throws {
        // PATTERN_SEED=<seed> replays another run.
        let seed = ProcessInfo.processInfo.environment["PATTERN_SEED"].flatMap(UInt64.init) ?? 26
        var random = SeededGenerator(seed: seed)
        // 150 random literals, 1,500 at CI's TEST_DEPTH=10, after the fixed ones.
        let count = TestDepth.cases(quick: 150)
        print("literal patterns: \(count) random literals from seed \(seed)")
        let literals = joinedMetacharacters + (0..<count).map { _ in randomText(&random, length: 1...6) }
        var cases: [PatternCase] = []
        for (number, literal) in literals.enumerated() {
            let values = values(around: literal, &random).enumerated().map {
                (id: "v\(number).\($0.offset)", value: $0.element)
            }
            for side in [Side.prefix, .suffix] {
                cases.append(
                    PatternCase(
                        name: "\(side.rawValue) \(number) \(String(reflecting: literal))",
                        query: side.condition(literal),
                        values: values,
                        expected: values.filter { side.holds($0.value, literal) }.map(\.id).sorted()
                    )
                )
            }
        }
        // The cases discriminate: most literals match some values and not others.
        let discriminating = cases.filter { !$0.expected.isEmpty && $0.expected.count < $0.values.count }
        #expect(discriminating.count >= cases.count * 9 / 10)
        try check(cases, icuOptions: [])
    }

    /// Case-insensitive: the other case of a letter matches, a metacharacter stays literal, a joined mark stays.
    @Test func aCaseInsensitiveLiteralMatchesItsOtherCasesOnly() throws {
        let examples: [(Side, String, matching: [String], notMatching: [String])] = [
            (.prefix, "a|B", ["A|bc", "a|b", "A|B"], ["ab", "xa|b", "B", "a"]),
            (.suffix, "\u{C9}.", ["x\u{E9}.", "\u{C9}."], ["x\u{E9}x", "xe.", "x\u{E9}.y"]),
            (.prefix, "\u{600}|", ["\u{600}|x", "\u{600}|"], ["x", "\u{600}", "|"]),
            (.suffix, "|\u{301}", ["A|\u{301}", "|\u{301}"], ["a|", "\u{301}", "a"]),
            (.prefix, "(?i)x", ["(?I)X1", "(?i)x"], ["x", "X"]),
        ]
        var cases: [PatternCase] = []
        for (number, (side, literal, matching, notMatching)) in examples.enumerated() {
            let values = (matching + notMatching).enumerated().map {
                (id: "c\(number).\($0.offset)", value: $0.element)
            }
            cases.append(
                PatternCase(
                    name: "case-insensitive \(side.rawValue) \(String(reflecting: literal))",
                    query: side.condition(literal, [.caseInsensitive, .multiline]),
                    values: values,
                    expected: values.prefix(matching.count).map(\.id).sorted()
                )
            )
        }
        try check(cases, icuOptions: .caseInsensitive)
    }
}
