/// "Did you mean" suggestions for misspelled keys and names.
enum Suggestion {
    /// The longest word, in Unicode scalars, that gets a suggestion: a misspelled name is a short one, and the edit
    /// distance costs the product of the two lengths, which a schema's text decides.
    static let maximumWordLength = 64

    /// The closest candidate within a small edit distance, or nil when nothing is close.
    static func closest(to word: String, in candidates: [String]) -> String? {
        let length = word.unicodeScalars.count
        guard length <= maximumWordLength else { return nil }
        let lowered = word.lowercased()
        let threshold = max(2, word.count / 3)
        var best: (candidate: String, distance: Int)?
        // The distance is at least the difference in length: a candidate further off than the threshold is skipped
        // unread, so no candidate costs more than about the word's length squared.
        for candidate in candidates where abs(candidate.unicodeScalars.count - length) <= threshold {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= threshold, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// A hint sentence, or nil when there is no close candidate.
    static func hint(for word: String, in candidates: [String]) -> String? {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.unicodeScalars)
        let b = Array(rhs.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
