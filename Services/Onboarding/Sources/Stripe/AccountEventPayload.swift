#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import StripeAPI

/// The parts of a raw Stripe event (`account.updated`, `account.application.deauthorized`)
/// this service reads, as the notifications service re-publishes it on
/// `stripe.<event type>` (the body is Stripe's event JSON, unchanged).
///
/// Stripe reference: "The Event object" (`id`, `type`, `created`, `account`, `data.object`)
/// and "The Account object", decoded with StripeAPI's ``Account`` model. Unknown fields are
/// ignored. Value type, Sendable.
public struct AccountEventPayload: Sendable, Equatable {
    /// `evt_…`.
    public var eventId: String
    /// `account.updated`, `account.application.deauthorized`, ….
    public var type: String
    /// ``type`` as one the service consumes, or `nil` for another.
    public var kind: AccountEventType? { AccountEventType(rawValue: type) }
    /// Unix seconds when Stripe created the event.
    public var created: Int64
    /// The connected account the event concerns: `data.object.id` for `account.updated`,
    /// the event's `account` for application events.
    public var accountId: String?
    /// The account's state, for `account.updated`.
    public var snapshot: AccountSnapshot?
    /// Capabilities, pending verification and future requirements, for `account.updated`.
    public var report: AccountStatus.Report?
    /// The capability name and status, for `capability.updated`.
    public var capability: (name: String, status: String)?

    /// Field by field (the capability tuple compared by its parts).
    public static func == (a: AccountEventPayload, b: AccountEventPayload) -> Bool {
        a.eventId == b.eventId && a.type == b.type && a.created == b.created && a.accountId == b.accountId
            && a.snapshot == b.snapshot && a.report == b.report && a.capability?.name == b.capability?.name
            && a.capability?.status == b.capability?.status
    }

    /// Why a body could not be read; names the missing or malformed field.
    public struct ParseError: Error, Sendable, Equatable {
        /// Path of the field, e.g. `data.object.id`.
        public var field: String
    }

    /// Parses a Stripe event body.
    /// - Throws: ``ParseError`` naming the first required field that is missing or malformed.
    public static func parse(_ body: [UInt8]) throws(ParseError) -> AccountEventPayload {
        let event: Wire.Event
        do { event = try JSONDecoder().decode(Wire.Event.self, from: Data(body)) } catch {
            throw ParseError(field: Self.field(of: error))
        }
        var payload = AccountEventPayload(
            eventId: event.id, type: event.type, created: event.created,
            accountId: event.account, snapshot: nil)
        if payload.kind == .capabilityUpdated {
            let wire: Wire.CapabilityEvent
            do { wire = try JSONDecoder().decode(Wire.CapabilityEvent.self, from: Data(body)) } catch {
                throw ParseError(field: Self.field(of: error))
            }
            payload.accountId = event.account ?? wire.data.object.account
            payload.capability = (wire.data.object.id, wire.data.object.status)
            return payload
        }
        guard payload.kind == .accountUpdated else { return payload }
        guard let object = event.data.object else { throw ParseError(field: "data.object") }
        payload.accountId = object.id
        payload.snapshot = object.snapshot(observedAt: event.created)
        let future = object.futureRequirements
        var futureDue = future?.currentlyDue ?? []
        for field in future?.eventuallyDue ?? [] where !futureDue.contains(field) { futureDue.append(field) }
        payload.report = AccountStatus.Report(
            capabilities: (object.capabilities ?? [:]).mapValues(\.rawValue),
            pendingVerification: object.requirements?.pendingVerification ?? [], futureDue: futureDue,
            futureDeadline: future?.currentDeadline.map(Int64.init))
        return payload
    }

    private static func field(of error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "body" }
        switch decoding {
        case .keyNotFound(let key, let context):
            return (context.codingPath.map(\.stringValue) + [key.stringValue]).joined(separator: ".")
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "body" : path
        @unknown default:
            return "body"
        }
    }

    /// Stripe's JSON shapes, snake_case as on the wire.
    private enum Wire {
        struct Event: Decodable {
            var id: String
            var type: String
            var created: Int64
            var account: String?
            var data: EventData
        }
        struct EventData: Decodable {
            var object: Account?
        }
        struct CapabilityEvent: Decodable {
            struct Object: Decodable { var id: String; var account: String?; var status: String }
            struct Data: Decodable { var object: Object }
            var data: Data
        }
    }
}
