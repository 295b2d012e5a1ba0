import Foundation

/// A point of a geo condition, in degrees.
public struct GeoCoordinate: Hashable, Sendable {
    /// Degrees north, -90 to 90.
    public var latitude: Double
    /// Degrees east, -180 to 180.
    public var longitude: Double

    /// The point at `latitude`, `longitude`.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A distance along the Earth's surface, for geo conditions; each dialect converts it to the unit its server reads.
public struct GeoDistance: Hashable, Sendable {
    /// The Earth's radius Parse Server converts kilometers and miles to radians with (6,371 km).
    public static let parseEarthRadiusInMeters = 6_371_000.0
    /// The Earth's radius MongoDB measures GeoJSON distances in meters on (6,378.1 km).
    public static let mongoEarthRadiusInMeters = 6_378_100.0

    /// The distance in meters.
    public var meters: Double

    /// A distance of `meters` meters.
    public static func meters(_ meters: Double) -> GeoDistance { GeoDistance(meters: meters) }
    /// A distance of `kilometers` kilometers.
    public static func kilometers(_ kilometers: Double) -> GeoDistance { GeoDistance(meters: kilometers * 1000) }
    /// A distance of `miles` statute miles (1,609.344 m).
    public static func miles(_ miles: Double) -> GeoDistance { GeoDistance(meters: miles * 1609.344) }

    /// The distance as an angle at the centre of an Earth of `earthRadiusInMeters`, as `$centerSphere` takes it.
    public func radians(earthRadiusInMeters: Double) -> Double { meters / earthRadiusInMeters }
}

/// Where a point lies, as a condition: near another point, inside an area, or (for an area) holding a point.
public enum GeoOperator: Hashable, Sendable {
    /// `$nearSphere`: within `maximum` (and at least `minimum`) of `center`, nearest first.
    case nearSphere(GeoCoordinate, minimum: GeoDistance?, maximum: GeoDistance?)
    /// `$within` `$box` (Parse): inside the box between the south-west and north-east corners.
    case withinBox(southwest: GeoCoordinate, northeast: GeoCoordinate)
    /// `$geoWithin` `$polygon`: inside the polygon with these corners (three or more).
    case withinPolygon([GeoCoordinate])
    /// `$geoWithin` `$centerSphere`: within `radius` of `center`, in no order.
    case withinSphere(center: GeoCoordinate, radius: GeoDistance)
    /// `$geoIntersects` (Parse, on a Polygon): the area holds the point.
    case intersectsPoint(GeoCoordinate)

    /// The operator's name in the backends' filters.
    public var name: String {
        switch self {
        case .nearSphere: "$nearSphere"
        case .withinBox: "$within"
        case .withinPolygon, .withinSphere: "$geoWithin"
        case .intersectsPoint: "$geoIntersects"
        }
    }

    /// Every number of the condition, to refuse NaN and infinities before anything is sent.
    var numbers: [Double] {
        func pair(_ point: GeoCoordinate) -> [Double] { [point.latitude, point.longitude] }
        switch self {
        case .nearSphere(let center, let minimum, let maximum):
            return pair(center) + [minimum?.meters, maximum?.meters].compactMap { $0 }
        case .withinBox(let southwest, let northeast): return pair(southwest) + pair(northeast)
        case .withinPolygon(let corners): return corners.flatMap(pair)
        case .withinSphere(let center, let radius): return pair(center) + [radius.meters]
        case .intersectsPoint(let point): return pair(point)
        }
    }
}

extension ConditionNode {
    /// Whether the condition holds a `$nearSphere` whose distances satisfy `test`, at any depth.
    func holdsNearSphere(_ test: ((minimum: GeoDistance?, maximum: GeoDistance?)) -> Bool) -> Bool {
        switch self {
        case .field(_, .geo(.nearSphere(_, let minimum, let maximum))): test((minimum, maximum))
        case .and(let inner), .or(let inner), .nor(let inner): inner.contains { $0.holdsNearSphere(test) }
        case .elementMatch(_, let inner): inner.holdsNearSphere(test)
        case .field, .elementValueMatch, .text, .relatedTo: false
        }
    }
}

/// A point value that geo conditions take: Mia-Platform's ``GeoPosition`` and Parse's ``ParseGeoPoint``.
public protocol GeoPointValue: QueryValue {
    /// The point's latitude and longitude.
    var geoCoordinate: GeoCoordinate { get }
}

extension GeoPosition: GeoPointValue {
    /// The position's latitude and longitude (its altitude has no part in geo conditions).
    public var geoCoordinate: GeoCoordinate { GeoCoordinate(latitude: latitude, longitude: longitude) }
}

extension ParseGeoPoint: GeoPointValue {
    /// The point's latitude and longitude.
    public var geoCoordinate: GeoCoordinate { GeoCoordinate(latitude: latitude, longitude: longitude) }
}

extension ValueField where Value: GeoPointValue {
    /// Points within `maximum` of `center` (and at least `minimum` away), nearest first (`$nearSphere`). Parse takes
    /// no minimum; a query with one is refused when it is rendered.
    ///
    /// ```swift
    /// Shop.query.where { $0.location.nearSphere(here, maximum: .kilometers(2)) }
    /// ```
    public func nearSphere(_ center: Value, minimum: GeoDistance? = nil, maximum: GeoDistance? = nil) -> Condition<Root>
    {
        Condition(.field(fieldPath, .geo(.nearSphere(center.geoCoordinate, minimum: minimum, maximum: maximum))))
    }

    /// Points inside the box between its south-west and north-east corners (Parse's `$within`).
    public func within(southwest: Value, northeast: Value) -> Condition<Root> {
        Condition(
            .field(fieldPath, .geo(.withinBox(southwest: southwest.geoCoordinate, northeast: northeast.geoCoordinate)))
        )
    }

    /// Points inside the polygon with these corners (`$geoWithin` `$polygon`); fewer than three corners are refused
    /// when the query is rendered.
    public func within(polygon corners: [Value]) -> Condition<Root> {
        Condition(.field(fieldPath, .geo(.withinPolygon(corners.map(\.geoCoordinate)))))
    }

    /// Points within `radius` of `center`, in no particular order (`$geoWithin` `$centerSphere`).
    public func within(_ radius: GeoDistance, of center: Value) -> Condition<Root> {
        Condition(.field(fieldPath, .geo(.withinSphere(center: center.geoCoordinate, radius: radius))))
    }
}

extension ValueField where Value == ParsePolygon {
    /// Polygons that hold `point` (Parse's `$geoIntersects`).
    ///
    /// ```swift
    /// Zone.query.where { $0.area.contains(ParseGeoPoint(latitude: 40, longitude: -30)) }
    /// ```
    public func contains(_ point: ParseGeoPoint) -> Condition<Root> {
        Condition(.field(fieldPath, .geo(.intersectsPoint(point.geoCoordinate))))
    }
}
