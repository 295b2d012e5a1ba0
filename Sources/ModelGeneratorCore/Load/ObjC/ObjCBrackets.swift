/// Where each `(`, `[` and `{` of a file's tokens closes, paired once in one pass: readers jump over a bracketed group
/// instead of counting through it again at every level, and nesting deeper than ``nestingLimit`` is found before
/// anything recurses into it.
public struct ObjCBrackets: Sendable {
    /// How deeply `(`, `[` and `{` may nest, together, in the code `import` evaluates. Real mapping code nests a few
    /// levels; evaluating a message recurses once per level, so a limit keeps the stack it needs small.
    public static let nestingLimit = 256

    /// For each token that opens a bracket, the index of the token that closes it, or of the last token when none
    /// does; -1 for every other token.
    private let partners: [Int]
    /// The first bracket opened ``nestingLimit`` levels deep, counting itself: `limit + 1` brackets are open there.
    public let firstTooDeep: Int?

    /// Pairs each kind of bracket on its own, as counting brackets of one kind through the tokens would: in
    /// `( [ ) ]` the `(` closes at the `)`.
    init(_ tokens: [ObjCToken]) {
        var partners = Array(repeating: -1, count: tokens.count)
        // The open brackets of each kind, innermost last: `(`, `[`, `{`.
        var open: [[Int]] = [[], [], []]
        var firstTooDeep: Int?
        for (index, token) in tokens.enumerated() where token.kind == .symbol {
            switch token.text {
            case "(", "[", "{":
                open[Self.kind(of: token.text)].append(index)
                if firstTooDeep == nil, open[0].count + open[1].count + open[2].count > Self.nestingLimit {
                    firstTooDeep = index
                }
            case ")", "]", "}":
                if let start = open[Self.kind(of: token.text)].popLast() { partners[start] = index }
            default:
                break
            }
        }
        for start in open.joined() { partners[start] = tokens.count - 1 }
        self.partners = partners
        self.firstTooDeep = firstTooDeep
    }

    private static func kind(of bracket: String) -> Int {
        switch bracket {
        case "(", ")": 0
        case "[", "]": 1
        default: 2
        }
    }

    /// The index of the token that closes the bracket at `index` (the last token when none does); `index` itself
    /// when no bracket opens there.
    func closing(_ index: Int) -> Int {
        partners[index] < 0 ? index : partners[index]
    }
}
