// The positive control: MUST type-check. It uses the operators the failing snippets misuse, on the fields that have
// them, so a harness that fails everything (wrong module path, broken compiler call) is caught.
import Foundation
import GoldenMedable
import GoldenQueries
import GoldenRealMia
import ModelRuntime

func snippet(owner: ObjectID, since: Date) throws -> [RenderedRequest] {
    let things = Thing.query
        .where { $0.created.gt(since).and($0.bpm.lte(70)) }
        .where { $0.name.hasPrefix("V").or($0.name.hasSuffix("x")) }
        .where { $0.owner.eq(owner) }
        .sort { [$0.bpm.descending, $0.id.ascending] }
        .skip(100)
        .limit(20)
        .paths { [$0.name, $0.creator.name.first] }
        .include { $0.optional }
        .expand { $0.owner }
    let items = Item.query
        .where { $0.count.gte(1).and($0.price.lt(9.5), $0.when.gt(since)) }
        .where { $0.active.eq(true) }
        .where { $0.status.in([.open, .new]).and($0.status.ne(.closed)) }
        .where { $0.tags.containsAll(["a", "b"]).and($0.tags.contains("c"), $0.tags.size(2)) }
        .where { $0.size.width.gt(1).and($0.size.exists(), $0.count.exists(false)) }
        .where { $0.parts.elementMatch { $0.label.eq("x").and($0.qty.gt(1)) } }
        .where { $0.tags.elementMatch { $0.gt("a").and($0.hasPrefix("b"), $0.ne("bc")) } }
        .where { $0.tags.containsAny(["a"]).and($0.tags.containsNone(["b"])) }
        .where { .not($0.name.regex("^a", options: .caseInsensitive)) }
        .sort { $0.name.ascending }
        .excluding { [$0.size] }
    let scores = GameScore.query
        .where { $0.points.gte(5).and($0.points.lte(10), $0.owner.eq("hello")) }
        .where { $0.playedAt.exists() }
        .expand { $0.owner }
    let plates = Plate.query
        .where { $0.price.exists().and($0.name.regex("^V", options: .caseInsensitive)) }
        .paths { [$0.name, $0.price, $0.registry.surname] }
        .states(["PUBLIC", "DRAFT"])
    let books = Books.query.where { $0.additionalInfo.exists() }
        .where { $0.position.nearSphere(GeoPosition(longitude: 9.19, latitude: 45.46), maximum: .kilometers(2)) }
        .where { _ in .matchesText(TextSearch("dune")) }
    let related = Item.query
        .where { $0.name.matchesText(TextSearch("a")).and($0.tags.containsOnly(["a"])) }
        .where { $0.name.in(\Item.QueryFields.name, where: { $0.count.gt(1) }) }
        .where { _ in .relatedTo(\Item.QueryFields.linked, of: owner) }
    // Cortex's system properties, kept in the model's `system` fields, are queried as its own fields.
    let objects = Object.query
        .where { $0.created.gt(since).and($0.owner.eq(owner), $0.accessRoles.contains(owner), $0.favorite.exists()) }
        .sort { [$0.updated.descending, $0.id.ascending] }
        .paths { [$0.string, $0.creator] }
    return [
        try things.rendered(for: .cortex), try objects.rendered(for: .cortex), try items.rendered(for: .mia),
        try scores.rendered(for: .parse),
        try plates.renderedCount(for: MiaDialect(encodesQueryAsBase64: true)), try books.rendered(for: .mia),
        try related.rendered(for: .parse),
    ]
}
