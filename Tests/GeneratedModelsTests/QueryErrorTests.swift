import Foundation
import GoldenQueries
import ModelRuntime
import ModelRuntimeClient
import Testing

/// Queries a dialect cannot send: rendering throws a `QueryError` that names the problem, and no request comes out
/// of any of the rendering entry points.
@Suite struct QueryErrorTests {
    static let base = URL(string: "https://example.com/api")!

    /// Expects every list-rendering entry point to throw the same `QueryError`, whose message contains each of
    /// `fragments`.
    static func expectError<Model>(
        _ query: Query<Model>,
        _ dialect: some QueryDialect,
        _ fragments: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: QueryError.self, sourceLocation: sourceLocation) {
            let rendered = try query.rendered(for: dialect)
            Issue.record("rendered a request for a query that should fail: \(rendered)", sourceLocation: sourceLocation)
        }
        guard let error else { return }
        for fragment in fragments {
            #expect(
                error.description.contains(fragment),
                "'\(error.description)' does not mention '\(fragment)'",
                sourceLocation: sourceLocation
            )
        }
        // The other ways to render give the same error, and no URL or request.
        #expect(throws: error, sourceLocation: sourceLocation) { try query.queryItems(dialect: dialect) }
        #expect(throws: error, sourceLocation: sourceLocation) { try query.url(relativeTo: base, dialect: dialect) }
        #expect(throws: error, sourceLocation: sourceLocation) {
            try query.urlRequest(relativeTo: base, dialect: dialect)
        }
    }

    /// Expects the count request to throw, naming the problem.
    static func expectCountError<Model>(
        _ query: Query<Model>,
        _ dialect: some QueryDialect,
        _ fragments: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: QueryError.self, sourceLocation: sourceLocation) {
            let rendered = try query.renderedCount(for: dialect)
            Issue.record("rendered a count for a query that should fail: \(rendered)", sourceLocation: sourceLocation)
        }
        guard let error else { return }
        for fragment in fragments {
            #expect(
                error.description.contains(fragment),
                "'\(error.description)' does not mention '\(fragment)'",
                sourceLocation: sourceLocation
            )
        }
    }

    // MARK: - Page

    @Test func negativeLimit() {
        Self.expectError(Thing.query.limit(-1), .cortex, "limit", "-1", "cortex")
        Self.expectError(Plate.query.limit(-1), .mia, "limit", "-1", "mia")
        Self.expectError(GameScore.query.limit(-1), .parse, "limit", "-1", "parse")
        // Zero is below cortex's and mia's minimum of one; parse takes it (its counts use `limit=0`).
        Self.expectError(Thing.query.limit(0), .cortex, "limit", "0", "minimum")
        Self.expectError(Plate.query.limit(0), .mia, "limit", "0", "minimum")
        #expect(throws: Never.self) { try GameScore.query.limit(0).rendered(for: .parse) }
    }

    @Test func limitAboveTheMaximum() throws {
        Self.expectError(Thing.query.limit(1001), .cortex, "limit of 1001", "maximum of 1000", "cortex")
        #expect(
            try Thing.query.limit(1000).queryItems(dialect: .cortex) == [URLQueryItem(name: "limit", value: "1000")]
        )
        Self.expectError(Thing.query.limit(51), CortexDialect(maximumLimit: 50), "limit of 51", "maximum of 50")
        Self.expectError(Plate.query.limit(501), MiaDialect(maximumLimit: 500), "limit of 501", "maximum of 500")
        Self.expectError(GameScore.query.limit(101), ParseDialect(maximumLimit: 100), "limit of 101", "maximum of 100")
    }

    @Test func negativeSkip() {
        Self.expectError(Thing.query.skip(-5), .cortex, "skip", "-5")
        Self.expectError(Plate.query.skip(-5), .mia, "skip", "-5")
        Self.expectError(GameScore.query.skip(-5), .parse, "skip", "-5")
        // Also when everything else is fine and the long-query POST would be used.
        Self.expectError(
            GameScore.query.where { $0.playerName.eq("x") }.skip(-1),
            ParseDialect(maximumURLLength: 5),
            "skip"
        )
    }

    // MARK: - Conditions

    @Test func emptyLists() {
        for dialect in [AnyDialect(.cortex), AnyDialect(.mia), AnyDialect(.parse)] {
            Self.expectError(Item.query.where { $0.name.in([]) }, dialect, "$in", "at least one value")
            Self.expectError(Item.query.where { $0.count.notIn([]) }, dialect, "$nin", "at least one value")
            Self.expectError(Item.query.where { $0.tags.containsAll([]) }, dialect, "$all", "at least one value")
            Self.expectError(Thing.query.where { $0.owner.in([ObjectID]()) }, dialect, "$in", "at least one value")
            // The count refuses it too.
            Self.expectCountError(Item.query.where { $0.name.in([]) }, dialect, "$in", "at least one value")
        }
        // However deep the empty list is.
        Self.expectError(
            Item.query.where { $0.active.eq(true).or($0.name.eq("a").and($0.status.in([]))) },
            .mia,
            "$in"
        )
        Self.expectError(Item.query.where { $0.parts.elementMatch { $0.label.notIn([]) } }, .cortex, "$nin")
    }

    @Test func emptyLogicalConditions() {
        Self.expectError(Item.query.where { _ in .any([]) }, .mia, "empty $or")
        Self.expectError(Item.query.where { _ in .all([]) }, .cortex, "empty $and")
        Self.expectError(Item.query.where { _ in .none([]) }, .parse, "empty $nor")
    }

    @Test func negativeSize() {
        Self.expectError(Item.query.where { $0.tags.size(-1) }, .cortex, "$size", "-1")
    }

    @Test func invalidRegularExpression() {
        for dialect in [AnyDialect(.cortex), AnyDialect(.mia), AnyDialect(.parse)] {
            Self.expectError(
                Item.query.where { $0.name.regex("(unclosed") },
                dialect,
                "'(unclosed'",
                "regular expression"
            )
            Self.expectError(Item.query.where { $0.name.regex("[a-") }, dialect, "'[a-'", "regular expression")
            Self.expectCountError(Item.query.where { $0.name.regex("*") }, dialect, "'*'", "regular expression")
        }
        // Prefixes and suffixes are literals, escaped into valid patterns.
        #expect(throws: Never.self) {
            try Item.query.where { $0.name.hasPrefix("(unclosed[").and($0.name.hasSuffix("*")) }.rendered(for: .mia)
        }
    }

    @Test func filterThroughAReference() {
        // Projections may go through a reference; filters may not.
        for dialect in [AnyDialect(.cortex), AnyDialect(.mia), AnyDialect(.parse)] {
            Self.expectError(
                Thing.query.where { $0.creator.name.first.eq("x") },
                dialect,
                "'creator.name.first'",
                "reference 'creator'"
            )
            Self.expectError(
                Thing.query.where { $0.bpm.gt(1).or($0.owner.name.last.hasPrefix("M")) },
                dialect,
                "'c_owner.name.last'",
                "reference 'c_owner'"
            )
            Self.expectCountError(Thing.query.where { $0.creator.name.exists() }, dialect, "reference 'creator'")
        }
        Self.expectError(
            GameScore.query.where { $0.owner.name.eq("Sean") },
            .parse,
            "'owner.name'",
            "reference 'owner'"
        )
        #expect(throws: Never.self) { try Thing.query.paths { [$0.creator.name.first] }.rendered(for: .cortex) }
    }

    // MARK: - Operators a dialect lacks

    @Test func operatorsADialectLacks() {
        Self.expectError(Thing.query.where { $0.name.exists() }, .cortex, "cortex", "$exists")
        Self.expectCountError(Thing.query.where { $0.name.exists(false) }, .cortex, "cortex", "$exists")
        Self.expectError(Item.query.where { $0.tags.elementMatch { $0.eq("a") } }, .cortex, "cortex", "$elemMatch")
        Self.expectError(Item.query.where { $0.parts.size(2) }, .parse, "parse", "$size")
        Self.expectError(Item.query.where { $0.parts.elementMatch { $0.qty.gt(1) } }, .parse, "parse", "$elemMatch")
        Self.expectError(Item.query.where { .not($0.name.eq("a")) }, .cortex, "cortex", "$nor")
        Self.expectError(Item.query.where { .none([$0.name.eq("a")]) }, .mia, "mia", "$nor")
        // Nested inside operators the dialect has.
        Self.expectError(Item.query.where { $0.name.eq("a").or($0.tags.size(0)) }, .parse, "parse", "$size")
        // Each is fine where the dialect has it.
        #expect(throws: Never.self) { try Item.query.where { $0.tags.size(2) }.rendered(for: .cortex) }
        #expect(throws: Never.self) { try Item.query.where { $0.tags.size(2) }.rendered(for: .mia) }
        #expect(throws: Never.self) { try Item.query.where { $0.tags.elementMatch { $0.eq("a") } }.rendered(for: .mia) }
        #expect(throws: Never.self) { try Item.query.where { $0.count.exists() }.rendered(for: .mia) }
        #expect(throws: Never.self) {
            try Item.query.where { $0.parts.elementMatch { $0.qty.gt(1) } }.rendered(for: .mia)
        }
        #expect(throws: Never.self) { try Item.query.where { .not($0.name.eq("a")) }.rendered(for: .parse) }
    }

    // MARK: - Features a dialect lacks

    @Test func miaCannotExpand() {
        Self.expectError(GameScore.query.expand { $0.owner }, .mia, "mia", "expand")
        Self.expectError(Thing.query.expand { $0.owner }, MiaDialect(encodesQueryAsBase64: true), "mia", "expand")
    }

    @Test func statesAreMiaOnly() throws {
        Self.expectError(Thing.query.states(["PUBLIC"]), .cortex, "cortex", "_st")
        Self.expectError(GameScore.query.states(["DRAFT"]), .parse, "parse", "_st")
        #expect(
            try Plate.query.states(["PUBLIC"]).queryItems(dialect: .mia) == [URLQueryItem(name: "_st", value: "PUBLIC")]
        )
    }

    @Test func cortexCannotExclude() throws {
        Self.expectError(Thing.query.excluding { [$0.name] }, .cortex, "cortex", "exclude")
        // Mia cannot both select and exclude; parse can (`keys` and `excludeKeys`).
        Self.expectError(Plate.query.paths { [$0.name] }.excluding { [$0.price] }, .mia, "_p", "_rawp")
        #expect(
            try GameScore.query.paths { [$0.points] }.excluding { [$0.playerName] }.queryItems(dialect: .parse) == [
                URLQueryItem(name: "keys", value: "points"), URLQueryItem(name: "excludeKeys", value: "playerName"),
            ]
        )
    }

    /// NaN and infinities have no JSON form: a query holding one is refused rather than sent as invalid JSON.
    @Test func nonFiniteNumbersAreRejected() {
        Self.expectError(Thing.query.where { $0.bpm.gt(.nan) }, .cortex)
        Self.expectError(Plate.query.where { $0.price.lt(.infinity) }, .mia)
        Self.expectError(Item.query.where { $0.price.in([1, -.infinity]) }, .parse)
    }

    /// Counts refuse `states` (a mia feature) just as the list requests do, rather than counting everything.
    @Test func countsRefuseStatesTheyCannotSend() {
        Self.expectCountError(Thing.query.states(["PUBLIC"]), .cortex, "cortex", "_st")
        Self.expectCountError(GameScore.query.states(["PUBLIC"]), .parse, "parse", "_st")
    }

    @Test func queryErrorsDescribeThemselves() {
        let error = QueryError("the cortex dialect has no $exists operator")
        #expect(String(describing: error) == "the cortex dialect has no $exists operator")
        #expect("\(error)" == error.description)
    }
}

/// The three built-in dialects as one type, to loop over them.
struct AnyDialect: QueryDialect {
    let base: any QueryDialect
    init(_ base: some QueryDialect) { self.base = base }
    func render(_ query: QueryParts) throws -> RenderedRequest { try base.render(query) }
    func renderCount(_ query: QueryParts) throws -> RenderedRequest { try base.renderCount(query) }
}
