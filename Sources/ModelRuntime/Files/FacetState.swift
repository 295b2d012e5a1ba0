/// Where a file facet is in Cortex's processing: the number Cortex sends as `state`.
///
/// Numbers this version doesn't know are kept as ``unknown(_:)`` and re-encoded unchanged, so a newer server
/// doesn't break decoding.
public enum FacetState: RawRepresentable, Hashable, Sendable, Codable {
    /// Waiting for the upload (0).
    case pending
    /// Uploaded and being processed (1).
    case processing
    /// Available to download (2).
    case ready
    /// Processing failed (3).
    case error
    /// A state number this version doesn't know.
    case unknown(Int)

    /// Maps Cortex's number to a state; never fails, as unknown numbers become ``unknown(_:)``.
    public init(rawValue: Int) {
        switch rawValue {
        case 0: self = .pending
        case 1: self = .processing
        case 2: self = .ready
        case 3: self = .error
        default: self = .unknown(rawValue)
        }
    }

    /// The number Cortex uses for the state.
    public var rawValue: Int {
        switch self {
        case .pending: 0
        case .processing: 1
        case .ready: 2
        case .error: 3
        case .unknown(let rawValue): rawValue
        }
    }

    /// States are equal when their numbers are, so `.unknown(2)` equals `.ready`.
    public static func == (lhs: FacetState, rhs: FacetState) -> Bool {
        lhs.rawValue == rhs.rawValue
    }

    /// Hashes the number, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue)
    }

    /// Decodes the state number.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int.self))
    }

    /// Encodes the state number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
