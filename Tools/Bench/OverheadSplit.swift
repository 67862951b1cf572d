import Foundation

/// Where the mean publish → reply of a Stripe-bound command goes, from the bench's own
/// timings and the service's histograms read (Prometheus text) before and after the timed
/// commands. Means, unlike quantiles, add up, so the parts sum to the round trip:
///
/// round trip = stripe-sim's own time + the Stripe client beyond it + the handler beyond its
/// Stripe calls + outside the handler
///
/// - the Stripe client beyond the simulator: `connectbus_stripe_request_seconds` per command
///   less the simulator's own time (curl, the loopback, the simulator's HTTP server);
/// - the handler beyond its Stripe calls: `connectbus_handler_seconds` (from the handler's
///   start, after the inbox check, to its transaction's commit) less those calls: its
///   statements and the commit, set beside the mean one-row commit;
/// - outside the handler: the rest of the round trip — the command's and the reply's broker
///   hops (set beside the broker's own publish → deliver means), the inbox check, the
///   reply's publish, and every wake-up of a waiting thread on the way.
///
/// Every series of a family is summed (the service handles only the bench's commands during
/// the run). All values in milliseconds.
struct OverheadSplit {
    /// The printed lines.
    let lines: [String]

    /// - Parameters:
    ///   - before, after: the service's `/metrics` text around the timed commands.
    ///   - commands: commands timed.
    ///   - roundTrip, simulator: per command, microseconds.
    ///   - hops: the broker's publish → deliver samples per queue kind, microseconds.
    ///   - commit: one-row commit samples, microseconds.
    init(before: String, after: String, commands: Int, roundTrip: [Int], simulator: [Int], hops: [[Int]], commit: [Int]) {
        func delta(_ series: String) -> Double { Self.total(series, in: after) - Self.total(series, in: before) }
        func mean(_ values: [Int]) -> Double { values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count) / 1000 }
        let handled = delta("connectbus_handler_seconds_count")
        guard handled > 0, commands > 0 else {
            lines = ["split of the mean: the service's histograms saw no handled command (is --service-metrics its /metrics?)"]
            return
        }
        let requests = delta("connectbus_stripe_request_seconds_count")
        let handler = delta("connectbus_handler_seconds_sum") / handled * 1000
        let stripe = delta("connectbus_stripe_request_seconds_sum") / handled * 1000
        let total = mean(roundTrip)
        let sim = mean(simulator)
        let client = stripe - sim
        let ownWork = handler - stripe
        let outside = total - handler
        let hopFloor = hops.map(mean).reduce(0, +)
        let commitFloor = mean(commit)
        func ms(_ value: Double) -> String { String(format: "%.2f", value) }
        lines = [
            "split of the mean (ms; \(Int(handled)) handled, \(Int(requests)) Stripe requests): publish → reply \(ms(total))"
                + " = stripe-sim \(ms(sim)) + Stripe client beyond it \(ms(client))"
                + " + handler beyond Stripe \(ms(ownWork)) + outside the handler \(ms(outside))",
            "  handler beyond Stripe \(ms(ownWork)): one commit's floor \(ms(commitFloor)),"
                + " the rest \(ms(ownWork - commitFloor)) (its statements, in-process work)",
            "  outside the handler \(ms(outside)): two broker hops' floor \(ms(hopFloor)),"
                + " the rest \(ms(outside - hopFloor)) (the inbox check, the reply's publish, wake-ups)",
        ]
    }

    /// The sum of every sample of `series` (any labels) in the Prometheus text `text`.
    static func total(_ series: String, in text: String) -> Double {
        var sum = 0.0
        for line in text.split(separator: "\n") where line.hasPrefix(series) {
            let rest = line.dropFirst(series.count)
            guard rest.first == "{" || rest.first == " " else { continue }  // Not a longer name.
            if let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) {
                sum += value
            }
        }
        return sum
    }
}
