import StripeSimCore
import Foundation
import Messages
import TestKit

/// Shorthands the integration tests share.
extension PaymentsTestBed {
    /// Runs `body` with a started bed and always stops it.
    static func run(_ body: (PaymentsTestBed) async throws -> Void) async throws {
        try await run(making: { try PaymentsTestBed() }, body)
    }

    /// Runs `body` with a bed whose service is pinned to `stripeAPIVersion`.
    static func run(stripeAPIVersion: String?, _ body: (PaymentsTestBed) async throws -> Void) async throws {
        try await run(making: { try PaymentsTestBed(stripeAPIVersion: stripeAPIVersion) }, body)
    }

    /// Runs `body` with a bed whose host runs `workers` workers (events handled concurrently).
    static func run(workers: Int, _ body: (PaymentsTestBed) async throws -> Void) async throws {
        try await run(making: { try PaymentsTestBed(workers: workers) }, body)
    }

    /// A fresh order reference.
    static func orderReference() -> String { IntegrationEnvironment.uniqueName("order") }

    /// Waits until the simulator's object `id` has `field` equal to `value`.
    func waitForSim(_ id: String, _ field: String, _ value: String) async throws {
        let sim = self.sim
        let reached = try await eventually { sim.object(id: id)?[field]?.stringValue == value }
        guard reached else { throw TestBedError.timeout("\(id).\(field) never became \(value)") }
    }

    /// The application fee the simulator collected on the PaymentIntent's charge (smallest unit).
    func collectedFee(paymentIntent: String) -> Int? {
        guard let charge = sim.object(id: paymentIntent)?["latest_charge"]?.stringValue,
            let fee = sim.object(id: charge)?["application_fee"]?.stringValue
        else { return nil }
        return sim.object(id: fee)?["amount"]?.intValue
    }

    /// Delivers every consumed Stripe event about `objects` (oldest first) and waits for the service.
    @discardableResult
    func deliverEvents(account: String, objects: Set<String>) async throws -> [Envelope] {
        let events = stripeEvents(account: account, objects: objects)
        try await publish(events)
        try await settle(events)
        return events
    }

    /// Delivers the consumed Stripe events about `objects` that are not among `delivered`
    /// (by Stripe event id), as the webhooks bring what happened since, and waits for the service.
    @discardableResult
    func deliverEvents(account: String, objects: Set<String>, after delivered: [Envelope]) async throws -> [Envelope] {
        let seen = Set(delivered.compactMap { $0.headers.extra["x-stripe-event-id"] })
        let fresh = stripeEvents(account: account, objects: objects).filter { !seen.contains($0.headers.extra["x-stripe-event-id"] ?? "") }
        try await publish(fresh)
        try await settle(fresh)
        return fresh
    }

    /// Published `payments.*` events of `type` about `order`, after draining the monitor.
    func published(_ type: String, order: String) async throws -> [Envelope] {
        let monitor = self.monitor
        try await onThread { try monitor.drain() }
        return monitor.events(type, order: order)
    }
}

/// The success value of a reply, or a thrown description of its error.
func unwrap<R>(_ reply: Reply<R>) throws -> R {
    switch reply {
    case .ok(let result): return result
    case .error(let error): throw UnexpectedReply(error: error)
    }
}

/// The error of a reply expected to fail (`nil` when it succeeded).
func failure<R>(_ reply: Reply<R>) -> ReplyError? {
    if case .error(let error) = reply { return error }
    return nil
}

/// A reply error where success was expected.
struct UnexpectedReply: Error, CustomStringConvertible {
    var error: ReplyError
    var description: String { "unexpected error reply \(error.code): \(error.message)" }
}
