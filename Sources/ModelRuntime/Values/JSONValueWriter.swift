import Foundation

extension JSONValue {
    /// The value as compact JSON text (UTF-8), written without recursion so that any depth works; a
    /// ``bigInteger(_:)`` keeps its digits. Object keys are sorted when `sortedKeys` is true, else in the
    /// dictionary's order.
    ///
    /// - Throws: `EncodingError.invalidValue` for a double that is not finite, which JSON can't represent, and for a
    ///   big integer whose text is not an integer.
    public func jsonData(sortedKeys: Bool = false) throws -> Data {
        var writer = JSONValueWriter(sortedKeys: sortedKeys)
        try writer.write(self)
        return Data(writer.output)
    }
}

/// The writer behind ``JSONValue/jsonData(sortedKeys:)``: the open arrays and objects are an explicit stack.
private struct JSONValueWriter {
    let sortedKeys: Bool
    var output: [UInt8] = []

    private enum Frame {
        case array([JSONValue], next: Int)
        case object([(key: String, value: JSONValue)], next: Int)
    }

    init(sortedKeys: Bool) {
        self.sortedKeys = sortedKeys
    }

    mutating func write(_ root: JSONValue) throws {
        var stack: [Frame] = []
        var pending: JSONValue? = root
        while true {
            if let value = pending {
                pending = nil
                switch value {
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    stack.append(.array(elements, next: 0))
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    let ordered = sortedKeys ? members.sorted { $0.key < $1.key } : members.map { ($0.key, $0.value) }
                    stack.append(.object(ordered, next: 0))
                default:
                    try writeScalar(value, path: stack)
                }
            }
            guard let frame = stack.popLast() else { return }
            switch frame {
            case .array(let elements, let next):
                if next == elements.count {
                    output.append(UInt8(ascii: "]"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    stack.append(.array(elements, next: next + 1))
                    pending = elements[next]
                }
            case .object(let members, let next):
                if next == members.count {
                    output.append(UInt8(ascii: "}"))
                } else {
                    if next > 0 { output.append(UInt8(ascii: ",")) }
                    writeString(members[next].key)
                    output.append(UInt8(ascii: ":"))
                    stack.append(.object(members, next: next + 1))
                    pending = members[next].value
                }
            }
        }
    }

    private mutating func writeScalar(_ value: JSONValue, path stack: [Frame]) throws {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .int(let number): output.append(contentsOf: String(number).utf8)
        case .bigInteger(let digits):
            // Checked, since a value built in code could hold any text and would otherwise write it as JSON.
            guard JSONValue.isInteger(digits) else {
                throw EncodingError.invalidValue(
                    digits,
                    EncodingError.Context(
                        codingPath: Self.codingPath(stack),
                        debugDescription: "\(digits.prefix(60)) is not an integer"
                    )
                )
            }
            output.append(contentsOf: digits.utf8)
        case .double(let number):
            guard number.isFinite else {
                throw EncodingError.invalidValue(
                    number,
                    EncodingError.Context(
                        codingPath: Self.codingPath(stack),
                        debugDescription: "\(number) is not a JSON number"
                    )
                )
            }
            output.append(contentsOf: number.description.utf8)
        case .string(let text): writeString(text)
        case .array, .object: break
        }
    }

    /// Where the value being written sits: each open container's last position.
    private static func codingPath(_ stack: [Frame]) -> [any CodingKey] {
        stack.map { frame in
            switch frame {
            case .array(_, let next): JSONKey(intValue: next - 1)
            case .object(let members, let next): JSONKey(members[next - 1].key)
            }
        }
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), 0x30, 0x30])
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
