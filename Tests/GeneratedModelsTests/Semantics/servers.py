"""What two servers make of a filter before MongoDB sees it, written from their source, and MongoDB's geo operators.

Used by evaluate.py. mongomock (4.3) implements no geo operator, so `geo_select` evaluates the filters that hold one,
from MongoDB's documentation of `$nearSphere`, `$geoWithin`, `$within` and `$geoIntersects`; it takes `$and`, `$or`,
`$exists` and the geo operators, and raises for anything else and for a `$nearSphere` below the filter's top level.
As MongoDB documents, the legacy shapes (`$box`, `$polygon`, a `$nearSphere` at a coordinate pair) match only
legacy coordinate pairs, while `$centerSphere` and GeoJSON shapes match both pairs and GeoJSON points. A GeoJSON
polygon's edges are great circles in MongoDB; here they are straight in longitude and latitude, which differs by
about a metre over the tests' 0.1° edges, far from every test point.

- crud-service @ bd427899a7d7b52090203447a868f889b1e559ef, lib/QueryParser.js `castNearSphere`: the service's
  `{"$nearSphere": {"from": [lon, lat], "minDistance": m, "maxDistance": m}}` becomes MongoDB's
  `{"$nearSphere": {"$geometry": Point, "$minDistance": m, "$maxDistance": m}}` (a distance of 0 is left out).
- parse-server @ 7ea2a2953e9202d43ddb53ded309fbd26245d45c, src/Adapters/Storage/Mongo/MongoTransform.js
  `transformConstraint` and `transformQueryKeyValue`: GeoPoints become `[lon, lat]`, `$maxDistanceIn…` becomes
  `$maxDistance` in radians (kilometers / 6371, miles / 3959), and a field object holding `$containedBy` becomes
  `{"$nor": [{field: {"$elemMatch": {"$nin": values}}}]}`.
"""

import math

# MongoDB's radius for GeoJSON distances in meters (`kRadiusOfEarthInMeters`, 6378.1 km).
MONGO_EARTH_RADIUS_METERS = 6378.1 * 1000


# MARK: - crud-service


def crud_service(filter_):
    if isinstance(filter_, list):
        return [crud_service(element) for element in filter_]
    if not isinstance(filter_, dict):
        return filter_
    result = {}
    for key, value in filter_.items():
        if key == "$nearSphere" and isinstance(value, dict) and "from" in value:
            near = {"$geometry": {"type": "Point", "coordinates": value["from"]}}
            if value.get("minDistance"):
                near["$minDistance"] = value["minDistance"]
            if value.get("maxDistance"):
                near["$maxDistance"] = value["maxDistance"]
            result[key] = near
        else:
            result[key] = crud_service(value)
    return result


# MARK: - parse-server


def _longitude_latitude(point):
    if isinstance(point, list):
        return point
    if not (isinstance(point, dict) and point.get("__type") == "GeoPoint"):
        raise ValueError("bad GeoPoint: %r" % (point,))
    return [point["longitude"], point["latitude"]]


def _parse_constraint(constraint):
    answer = {}
    for key, value in constraint.items():
        if key == "$nearSphere":
            answer[key] = _longitude_latitude(value)
        elif key == "$maxDistanceInKilometers":
            answer["$maxDistance"] = value / 6371
        elif key == "$maxDistanceInMiles":
            answer["$maxDistance"] = value / 3959
        elif key in ("$maxDistanceInRadians", "$maxDistance"):
            answer["$maxDistance"] = value
        elif key == "$within":
            answer[key] = {"$box": [_longitude_latitude(corner) for corner in value["$box"]]}
        elif key == "$geoWithin" and "$polygon" in value:
            answer[key] = {"$polygon": [_longitude_latitude(corner) for corner in value["$polygon"]]}
        elif key == "$geoWithin" and "$centerSphere" in value:
            center, distance = value["$centerSphere"]
            answer[key] = {"$centerSphere": [_longitude_latitude(center), distance]}
        elif key == "$geoIntersects":
            point = _longitude_latitude(value["$point"])
            answer[key] = {"$geometry": {"type": "Point", "coordinates": point}}
        elif key == "$containedBy":
            answer["$elemMatch"] = {"$nin": value}
        else:
            answer[key] = value
    return answer


def parse_server(filter_):
    result = {}
    for key, value in filter_.items():
        if key in ("$and", "$or", "$nor"):
            result[key] = [parse_server(element) for element in value]
        elif isinstance(value, dict) and any(name.startswith("$") for name in value):
            constraint = _parse_constraint(value)
            if "$elemMatch" in constraint:
                # transformQueryKeyValue: the whole field object is negated.
                result["$nor"] = [{key: constraint}]
            else:
                result[key] = constraint
        else:
            result[key] = value
    return result


# MARK: - MongoDB's geo operators


def _point(value, legacy_only=False):
    """A stored point: a legacy `[lon, lat]` pair or, unless `legacy_only`, a GeoJSON Point."""
    if isinstance(value, list) and len(value) >= 2:
        return value[0], value[1]
    if not legacy_only and isinstance(value, dict) and value.get("type") == "Point":
        return value["coordinates"][0], value["coordinates"][1]
    return None


def _central_angle(a, b):
    """The angle between two [lon, lat] points at the Earth's centre, in radians (haversine)."""
    lon1, lat1, lon2, lat2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * math.asin(min(1.0, math.sqrt(h)))


def _inside_polygon(point, corners):
    """Even-odd rule on the plane of longitude and latitude, as MongoDB's legacy `$polygon`; edges count as inside."""
    x, y = point
    inside = False
    count = len(corners)
    for index in range(count):
        x1, y1 = corners[index]
        x2, y2 = corners[(index + 1) % count]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross == 0 and min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2):
            return True
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def _field(document, path):
    value = document
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            return None, False
        value = value[part]
    return value, True


def _distance_key(filter_, document):
    """The distance that orders a `$nearSphere` result, or None when the filter has none."""
    for key, value in filter_.items():
        if isinstance(value, dict) and "$nearSphere" in value:
            stored, _ = _field(document, key)
            near = value["$nearSphere"]
            center = near["$geometry"]["coordinates"] if isinstance(near, dict) else near
            return _central_angle(center, _point(stored))
    return None


def _matches_constraint(stored, present, constraint):
    for operator, argument in constraint.items():
        if operator == "$exists":
            if present != bool(argument):
                return False
            continue
        if operator in ("$minDistance", "$maxDistance"):
            continue  # read with $nearSphere
        legacy = (
            (operator == "$nearSphere" and isinstance(argument, list))
            or (isinstance(argument, dict) and ("$box" in argument or "$polygon" in argument))
        )
        point = _point(stored, legacy_only=legacy) if present else None
        if operator == "$nearSphere":
            if point is None:
                return False
            if isinstance(argument, dict):  # GeoJSON: meters on MongoDB's sphere
                angle = _central_angle(argument["$geometry"]["coordinates"], point)
                meters = angle * MONGO_EARTH_RADIUS_METERS
                if "$minDistance" in argument and meters < argument["$minDistance"]:
                    return False
                if "$maxDistance" in argument and meters > argument["$maxDistance"]:
                    return False
            else:  # legacy pair: radians, with $maxDistance beside it
                angle = _central_angle(argument, point)
                if "$maxDistance" in constraint and angle > constraint["$maxDistance"]:
                    return False
        elif operator in ("$geoWithin", "$within"):
            if point is None:
                return False
            if "$centerSphere" in argument:
                center, radius = argument["$centerSphere"]
                if _central_angle(center, point) > radius:
                    return False
            elif "$polygon" in argument:
                if not _inside_polygon(point, argument["$polygon"]):
                    return False
            elif "$box" in argument:
                (west, south), (east, north) = argument["$box"]
                if not (west <= point[0] <= east and south <= point[1] <= north):
                    return False
            elif "$geometry" in argument and argument["$geometry"].get("type") == "Polygon":
                ring = argument["$geometry"]["coordinates"][0]
                if ring[0] != ring[-1]:
                    raise ValueError("a GeoJSON polygon's ring must end where it starts: %r" % (ring,))
                if not _inside_polygon(point, ring[:-1]):
                    return False
            else:
                raise ValueError("unsupported %s: %r" % (operator, argument))
        elif operator == "$geoIntersects":
            if not (present and isinstance(stored, dict) and stored.get("type") == "Polygon"):
                return False
            if not _inside_polygon(tuple(argument["$geometry"]["coordinates"]), stored["coordinates"][0]):
                return False
        else:
            raise ValueError("the geo evaluator has no %s" % operator)
    return True


def _matches(document, filter_, top_level=True):
    for key, value in filter_.items():
        if key == "$and":
            if not all(_matches(document, element, False) for element in value):
                return False
        elif key == "$or":
            if not any(_matches(document, element, False) for element in value):
                return False
        elif key.startswith("$"):
            raise ValueError("the geo evaluator has no %s" % key)
        else:
            if not top_level and isinstance(value, dict) and "$nearSphere" in value:
                raise ValueError("MongoDB takes $nearSphere only at the top level of a filter")
            stored, present = _field(document, key)
            if not _matches_constraint(stored, present, value):
                return False
    return True


GEO_OPERATORS = ("$nearSphere", "$geoWithin", "$within", "$geoIntersects")


def has_geo(filter_):
    if isinstance(filter_, dict):
        return any(key in GEO_OPERATORS or has_geo(value) for key, value in filter_.items())
    if isinstance(filter_, list):
        return any(has_geo(element) for element in filter_)
    return False


def geo_select(documents, filter_):
    """The ids of the documents the filter selects: nearest first for `$nearSphere`, as MongoDB returns them, else
    sorted."""
    selected = [document for document in documents if _matches(document, filter_)]
    if any(isinstance(value, dict) and "$nearSphere" in value for value in filter_.values()):
        selected.sort(key=lambda document: (_distance_key(filter_, document), document["_id"]))
        return [document["_id"] for document in selected]
    return sorted(document["_id"] for document in selected)
