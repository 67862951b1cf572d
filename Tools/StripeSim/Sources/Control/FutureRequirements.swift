import Foundation
import HTTPServer

/// A test helper for what Stripe does when a new regulation is coming: it adds requirements
/// to an account's `future_requirements` with a `current_deadline` and sends `account.updated`.
///
/// Control plane: `POST /sim/accounts/<id>/future_requirements` with `fields` (comma-separated
/// requirement names, e.g. `individual.verification.document`) and `deadline` (Unix seconds;
/// default 30 days from the simulated now). In Swift: ``StripeSimulator/addFutureRequirements(account:fields:deadline:)``.
extension StripeSimulator {
    /// Adds `fields` to the account's `future_requirements` (`currently_due`, `eventually_due`)
    /// with `current_deadline` = `deadline`, and emits `account.updated` (delivered to webhook
    /// endpoints). Returns the account, or nil for an unknown account.
    @discardableResult
    public func addFutureRequirements(account id: String, fields: [String], deadline: Int? = nil) -> JSONValue? {
        let (account, handoff) = locked { () -> (JSONValue?, Handoff) in
            guard let old = state.get(id, scope: SimState.platform), old["object"] == "account" else { return (nil, Handoff()) }
            var account = old
            var future = account["future_requirements"] ?? AccountObjects.requirements([], disabledReason: nil)
            for key in ["currently_due", "eventually_due"] {
                let existing = (future[key]?.arrayValue ?? []).compactMap(\.stringValue)
                future[key] = .strings(existing + fields.filter { !existing.contains($0) })
            }
            future["current_deadline"] = .int(deadline ?? state.now + 30 * 86_400)
            account["future_requirements"] = future
            state.replace(account)
            state.emit("account.updated", account, scope: id, previous: SimState.previousAttributes(old: old, new: account))
            return (account, drainHandoff())
        }
        deliver(handoff)
        return account
    }

    /// `POST /sim/accounts/<id>/future_requirements`.
    func futureRequirementsCall(_ id: String, _ args: ControlArguments) throws(ControlError) -> HTTPResponse {
        try args.requireOnly(["fields", "deadline"])
        guard let list = try args.string("fields"), !list.isEmpty else {
            throw ControlError("fields is required (comma-separated requirement names)")
        }
        let fields = list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let account = addFutureRequirements(account: id, fields: fields, deadline: try args.int("deadline", in: 0...Int.max)) else {
            throw ControlError("No such account: '\(id)'", status: 404)
        }
        return Self.ok(account)
    }
}
