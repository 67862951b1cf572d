import StripeAPI

extension Account {
    /// What this service keeps of a Stripe Account object (Accounts v1: `details_submitted`,
    /// `charges_enabled`, `payouts_enabled`, `requirements`), as observed at `observedAt`
    /// (Unix seconds: the event's `created`, or the time of the fetch). Absent flags read as
    /// `false`, absent lists as empty.
    func snapshot(observedAt: Int64) -> AccountSnapshot {
        AccountSnapshot(
            accountId: id, observedAt: observedAt, detailsSubmitted: detailsSubmitted ?? false,
            chargesEnabled: chargesEnabled ?? false, payoutsEnabled: payoutsEnabled ?? false,
            currentlyDue: requirements?.currentlyDue ?? [], pastDue: requirements?.pastDue ?? [],
            disabledReason: requirements?.disabledReason,
            eventuallyDue: requirements?.eventuallyDue ?? [],
            currentDeadline: requirements?.currentDeadline.map(Int64.init))
    }
}

extension Account {
    /// Who collects the account's requirements and its dashboard: Stripe's `controller`, or
    /// what Stripe derives from `type` when the response has none.
    var control: AccountControl {
        AccountControl.derived(
            type: type?.rawValue, requirementCollection: controller?.requirementCollection,
            dashboardType: controller?.stripeDashboard?.type)
    }
}

extension Account {
    /// Who is liable for the account's losses (`controller.losses.payments`: `application`
    /// or `stripe`), or what Stripe derives from `type` when the response has no
    /// `controller` (Standard → `stripe`, Express and Custom → `application`); `nil` when unknown.
    var lossesPayments: String? {
        controller?.losses?.payments ?? ["standard": "stripe", "express": "application", "custom": "application"][type?.rawValue ?? ""]
    }
}
