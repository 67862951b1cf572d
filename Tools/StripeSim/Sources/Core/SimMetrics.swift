import Foundation

/// The simulator's own Prometheus metrics, served at `GET /metrics` (text format 0.0.4):
/// `stripe_sim_requests_total{method,status}` counts every API request answered (status
/// `0` for a connection dropped on purpose), `stripe_sim_faults_total{fault}` the faults
/// injected (`429`, `500`, `drop`, `latency=<ms>`, as labelled in the request log).
///
/// Thread-safety: every member may be called from any thread (one lock).
final class SimMetrics: @unchecked Sendable {
    /// The family of answered requests.
    static let requestsName = "stripe_sim_requests_total"
    /// The family of injected faults.
    static let faultsName = "stripe_sim_faults_total"
    private let lock = NSLock()
    private var requests: [String: Double] = [:]  // "method status"
    private var faults: [String: Double] = [:]

    /// Counts one answered request.
    func record(method: String, status: Int, fault: String?) {
        lock.lock()
        requests["\(method) \(status)", default: 0] += 1
        if let fault { faults[fault, default: 0] += 1 }
        lock.unlock()
    }

    /// The metrics in the Prometheus text format.
    func render() -> String {
        lock.lock()
        let requests = self.requests, faults = self.faults
        lock.unlock()
        let requestsName = Self.requestsName, faultsName = Self.faultsName
        var out = "# HELP \(requestsName) API requests answered by method and HTTP status.\n"
        out += "# TYPE \(requestsName) counter\n"
        for key in requests.keys.sorted() {
            let parts = key.split(separator: " ", maxSplits: 1).map(String.init)
            out += "\(requestsName){method=\"\(parts[0])\",status=\"\(parts.count > 1 ? parts[1] : "")\"} \(Self.number(requests[key] ?? 0))\n"
        }
        out += "# HELP \(faultsName) Faults injected by kind.\n"
        out += "# TYPE \(faultsName) counter\n"
        for key in faults.keys.sorted() {
            out += "\(faultsName){fault=\"\(Self.escape(key))\"} \(Self.number(faults[key] ?? 0))\n"
        }
        return out
    }

    private static func number(_ value: Double) -> String { String(Int64(value)) }

    private static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
