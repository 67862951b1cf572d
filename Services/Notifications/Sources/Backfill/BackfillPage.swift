#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI

/// One page of `GET /v1/events` made ready for ``StripeEventStore``: each event's bytes
/// (re-encoded from the list with sorted keys, then less its `client_secret` members, as a
/// webhook's would be) and facts.
struct BackfillPage: Sendable {
    /// The events of the page, newest first, as Stripe listed them.
    var events: [IncomingStripeEvent]
    /// The id of the page's last event (the next `starting_after`), even if it was unusable.
    var lastId: String?
    /// Whether more pages follow.
    var hasMore: Bool
    /// Events of the page that could not be read (no id/type): logged and skipped.
    var unreadable: Int

    /// Reads a list response body.
    /// - Throws: `DecodingError` when the body is not a list of JSON objects.
    static func parse(_ body: [UInt8]) throws -> BackfillPage {
        let list = try JSONDecoder().decode(StripeList<StripeJSONValue>.self, from: Data(body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var events: [IncomingStripeEvent] = []
        var lastId: String?
        var unreadable = 0
        for item in list.data {
            if case .object(let members) = item, case .string(let id)? = members["id"] { lastId = id }
            guard let encoded = try? encoder.encode(item), let scrubbed = try? EventBodyScrubber.scrub(Array(encoded)),
                let facts = StripeEventFacts.parse(scrubbed)
            else {
                unreadable += 1
                continue
            }
            events.append(
                IncomingStripeEvent(
                    facts: facts, body: scrubbed, endpoint: facts.account == nil ? .platform : .connect,
                    source: .backfill))
        }
        return BackfillPage(events: events, lastId: lastId, hasMore: list.hasMore, unreadable: unreadable)
    }
}
