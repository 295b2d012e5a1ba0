import ModelRuntime

extension ModelClient {
    /// Every object a query selects, as ``ModelClient/all(_:pageSize:)`` lists them: `for try await item in listing`.
    ///
    /// Each loop over it lists from the query's own skip, fetching a page only once every item of the one before it
    /// has been read: a slow loop holds one page, not the whole list, and a loop that stops reading stops the
    /// requests. A cancelled task's loop throws `CancellationError` at its next item, as a cancelled request does.
    public struct Listing<Model: QueryableModel>: AsyncSequence, Sendable {
        public typealias Element = Model

        let client: ModelClient
        let parts: QueryParts
        let pageSize: Int

        /// A loop over the listing, from the query's first page.
        public func makeAsyncIterator() -> Iterator {
            Iterator(client: client, parts: parts, pageSize: Swift.max(1, pageSize))
        }

        /// One loop over a ``Listing``: the page it is reading, and where the next one starts.
        public struct Iterator: AsyncIteratorProtocol, Sendable {
            private let client: ModelClient
            private var parts: QueryParts
            private let pageSize: Int
            private var skip: Int
            /// What is left of the query's own limit; `nil` when it set none.
            private var remaining: Int?
            private var items: [Model] = []
            private var nextIndex = 0
            private var isLastPage = false
            /// Set once `next()` has thrown: every later call returns `nil`, as an iterator's callers expect.
            private var hasThrown = false
            /// The ids of the page before, as text, to notice a server that answers the same page for every skip.
            private var previousIDs: [String]?
            /// How many pages in a row had the ids of the page before them.
            private var repeats = 0

            init(client: ModelClient, parts: QueryParts, pageSize: Int) {
                self.client = client
                self.parts = parts
                self.pageSize = pageSize
                self.skip = parts.skip ?? 0
                self.remaining = parts.limit
            }

            /// The next item, fetching the page it is on when every item before it has been read; `nil` after the
            /// last. Throws `CancellationError` when the task is cancelled.
            public mutating func next() async throws -> Model? {
                try await next(in: nil)
            }

            /// ``next()`` in the isolation of the loop: an item of a page already fetched is returned without leaving
            /// the loop's actor, which `next()` leaves for every item. `for try await` calls this when the app's
            /// deployment target has it (macOS 15, iOS 18 and later; always on Linux), `next()` otherwise.
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Model? {
                try await next(in: actor)
            }

            /// ``next()``, run in `actor`'s isolation (none for `nil`); only fetching a page leaves it.
            private mutating func next(in actor: isolated (any Actor)?) async throws -> Model? {
                guard !hasThrown else { return nil }
                do {
                    try Task.checkCancellation()
                    while nextIndex == items.count {
                        guard !isLastPage, remaining.map({ $0 > 0 }) ?? true else { return nil }
                        try await fetchPage()
                    }
                } catch {
                    hasThrown = true
                    throw error
                }
                defer { nextIndex += 1 }
                return items[nextIndex]
            }

            private mutating func fetchPage() async throws {
                let limit = Swift.min(pageSize, remaining ?? pageSize)
                parts.skip = skip
                parts.limit = limit
                let page = try await client.page(Model.self, parts)
                let (nextSkip, overflows) = skip.addingReportingOverflow(page.items.count)
                // The server decides how many items a page has: past `Int.max`, no skip can name the page after it.
                isLastPage = overflows || page.items.count < limit || !page.hasMore
                try refuseRepeatedPages(page.items)
                // A server that ignores the limit (or a proxy that drops the querystring) answers more than asked:
                // the query's own limit still caps what the listing yields.
                items = remaining.map { Array(page.items.prefix($0)) } ?? page.items
                nextIndex = 0
                remaining = remaining.map { $0 - items.count }
                skip = nextSkip
            }

            /// Throws when a page that isn't the last holds the same objects, by id, as the two pages before it: the
            /// server ignores the skip (a proxy that drops the querystring, an endpoint without paging) and would
            /// answer it for every skip after, so listing would never end. One repeat is let through: as many new
            /// objects as a page holds, sorted ahead of it while the loop read the page before, repeat it once.
            /// Pages with an object that has no id (a model that isn't `Identifiable`, or a projection that left the
            /// id out) aren't compared.
            private mutating func refuseRepeatedPages(_ page: [Model]) throws {
                let ids = page.compactMap { item -> String? in
                    guard let id = (item as? any Identifiable)?.id, !((id as? any AbsentValue)?.isAbsent ?? false)
                    else { return nil }
                    return String(describing: id)
                }
                let comparable = ids.count == page.count && !ids.isEmpty
                repeats = comparable && previousIDs == ids ? repeats + 1 : 0
                previousIDs = comparable ? ids : nil
                guard repeats >= 2, !isLastPage else { return }
                let request = try client.dialect.render(parts)
                throw ModelClientError.pageRepeated(request: ModelClient.describe(request), skip: skip)
            }
        }
    }
}

/// An optional id that holds nothing, seen through `any Hashable`.
private protocol AbsentValue {
    var isAbsent: Bool { get }
}

extension Optional: AbsentValue {
    fileprivate var isAbsent: Bool { self == nil }
}
