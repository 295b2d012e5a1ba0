import ModelRuntime

/// Where `output` is not the same JSON as `input`, one line per place (`[0].name: null became absent`): a number is
/// compared by value whether it was written `40` or `40.0` (JSON doesn't tell them apart; `JSONValue` does),
/// everything else exactly, so a `null` must stay `null` and an absent key absent. Round-trip tests compare a real
/// payload with its re-encoding by it, here and in generated test programs.
public func jsonDifferences(_ output: JSONValue, _ input: JSONValue, at path: String = "") -> [String] {
    switch (output, input) {
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
        return Double(a) == b ? [] : ["\(path): \(input) became \(output)"]
    case (.array(let a), .array(let b)) where a.count == b.count:
        return zip(a, b).enumerated().flatMap { index, pair in
            jsonDifferences(pair.0, pair.1, at: "\(path)[\(index)]")
        }
    case (.object(let a), .object(let b)):
        let keys = Set(a.keys).union(b.keys).sorted()
        return keys.flatMap { key -> [String] in
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            switch (a[key], b[key]) {
            case (let new?, let old?): return jsonDifferences(new, old, at: keyPath)
            case (nil, _?): return ["\(keyPath): dropped"]
            case (_?, nil): return ["\(keyPath): added"]
            case (nil, nil): return []
            }
        }
    default: return output == input ? [] : ["\(path): \(input) became \(output)"]
    }
}
