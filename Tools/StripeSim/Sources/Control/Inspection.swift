import Foundation

/// `GET /sim/requests` and `GET /sim/objects/counts`.
extension StripeSimulator {
    /// The request log filtered by `method`, `path` (a fault-style pattern: `*`, `**`),
    /// `status`, `account`, `fault` (`true`: any fault, or its label), `since` (Unix seconds),
    /// `after` (entries whose `seq` is greater), oldest first, at most `limit` (default 100)
    /// of the latest. API requests only unless `include_control` is true: the simulator's
    /// own pages and control plane (`/sim/…`) are left out. `cursor` is the `seq` of the
    /// latest entry of the whole log, to pass as `after` on the next call.
    func requestLogAnswer(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["method", "path", "status", "account", "fault", "since", "after", "include_control", "limit"])
        let cursor = log.latestSequence
        let after = try args.int("after", in: 0...Int.max) ?? 0, includeControl = try args.bool("include_control") ?? false
        let method = try args.string("method")?.uppercased(), path = try args.string("path")
        let status = try args.int("status", in: 0...999), account = try args.string("account")
        let fault = try args.string("fault"), since = try args.double("since")
        let limit = try args.int("limit", in: 1...100_000) ?? 100
        let matching = log.all.filter { entry in
            entry.sequence > after && entry.sequence <= cursor && (includeControl || !entry.isControl)
                && (method == nil || entry.method == method) && (path.map { FaultRule.glob($0, entry.path) } ?? true)
                && (status == nil || entry.status == status) && (account == nil || entry.account == account)
                && (fault == nil
                    || (fault == "true" ? entry.fault != nil : fault == "false" ? entry.fault == nil : entry.fault?.contains(fault ?? "") == true))
                && (since == nil || entry.time.timeIntervalSince1970 >= since ?? 0)
        }
        return [
            "object": "list", "total": .int(matching.count), "cursor": .int(cursor), "data": .array(matching.suffix(limit).map(\.json)),
        ]
    }

    /// Objects stored now, per account (`platform` for the platform's own) and type,
    /// optionally only `account` or `type`; plus how many of each type were ever created.
    func countsAnswer(_ args: ControlArguments) throws(ControlError) -> JSONValue {
        try args.requireOnly(["account", "type"])
        let account = try args.string("account"), type = try args.string("type")
        return locked {
            var perAccount: [String: [String: Int]] = [:]
            for stored in state.objects.values where (account == nil || stored.scope == account) && (type == nil || stored.type == type) {
                perAccount[stored.scope, default: [:]][stored.type, default: 0] += 1
            }
            let created = state.createdCounts.filter { type == nil || $0.key == type }
            return [
                "object": "sim.counts",
                "accounts": .object(perAccount.mapValues { .object($0.mapValues { .int($0) }) }),
                "total": .int(perAccount.values.reduce(0) { $0 + $1.values.reduce(0, +) }),
                "created": .object(created.mapValues { .int($0) }),
            ]
        }
    }
}
