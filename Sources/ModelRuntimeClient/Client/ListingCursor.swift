import ModelRuntime

/// The pages of ``ModelClient/all(_:pageSize:)``, fetched one at a time as its items are read: a page is asked for
/// only once every item of the one before it has been read, so a slow reader holds one page, not the whole list, and
/// a reader that stops reading stops the requests.
actor ListingCursor<Model: QueryableModel> {
    private let client: ModelClient
    private var parts: QueryParts
    private let pageSize: Int
    private var skip: Int
    /// What is left of the query's own limit; `nil` when it set none.
    private var remaining: Int?
    private var items: [Model] = []
    private var nextIndex = 0
    private var isLastPage = false
    /// The ids of the page before, to notice a server that answers the same page for every skip.
    private var previousIDs: [AnyHashable]?

    /// A cursor over what `parts` selects from its own skip on, `pageSize` (at least 1) at a time.
    init(client: ModelClient, parts: QueryParts, pageSize: Int) {
        self.client = client
        self.parts = parts
        self.pageSize = max(1, pageSize)
        self.skip = parts.skip ?? 0
        self.remaining = parts.limit
    }

    /// The next item, fetching the page it is on when every item before it has been read; `nil` after the last.
    func next() async throws -> Model? {
        while nextIndex == items.count {
            guard !isLastPage, remaining.map({ $0 > 0 }) ?? true else { return nil }
            try await fetchPage()
        }
        defer { nextIndex += 1 }
        return items[nextIndex]
    }

    private func fetchPage() async throws {
        try Task.checkCancellation()
        let limit = min(pageSize, remaining ?? pageSize)
        parts.skip = skip
        parts.limit = limit
        let page = try await client.page(Model.self, parts)
        try refuseRepeatedPage(page.items)
        items = page.items
        nextIndex = 0
        remaining = remaining.map { $0 - page.items.count }
        let (nextSkip, overflows) = skip.addingReportingOverflow(page.items.count)
        skip = nextSkip
        // The server decides how many items a page has: past `Int.max`, no skip can name the page after it.
        isLastPage = overflows || page.items.count < limit || !page.hasMore
    }

    /// Throws when a page holds the same objects, by id, as the page before it: the server ignored the skip (a
    /// proxy that drops the querystring, an endpoint without paging) and would answer it for every skip after,
    /// so listing would never end. Pages with an object that has no id (not `Identifiable`, or a projection left
    /// it out) aren't compared.
    private func refuseRepeatedPage(_ page: [Model]) throws {
        let ids = page.compactMap { item -> AnyHashable? in
            guard let id = (item as? any Identifiable)?.id, !((id as? any AbsentValue)?.isAbsent ?? false) else {
                return nil
            }
            return AnyHashable(id)
        }
        defer { previousIDs = ids.count == page.count && !ids.isEmpty ? ids : nil }
        guard let previousIDs, previousIDs == ids else { return }
        let request = try client.dialect.render(parts)
        throw ModelClientError.pageRepeated(request: ModelClient.describe(request), skip: skip)
    }
}

/// An optional id that holds nothing, seen through `any Hashable`.
private protocol AbsentValue {
    var isAbsent: Bool { get }
}

extension Optional: AbsentValue {
    fileprivate var isAbsent: Bool { self == nil }
}
