import CCurl
import CShims
import Foundation
import StripeSimCore
import Testing

@Suite("stripe-sim round trip")
struct RoundTripLatencyTests {
    /// Sends `count` GET requests over one reused curl handle on a dedicated thread and
    /// returns each status with its duration in microseconds.
    private static func measure(url: String, count: Int) async -> [(status: Int, micros: Double)] {
        await withCheckedContinuation { continuation in
            Thread {
                var results: [(Int, Double)] = []
                guard let curl = curl_easy_init() else { continuation.resume(returning: results); return }
                defer { curl_easy_cleanup(curl) }
                _ = cbshim_curl_setopt_string(curl, CURLOPT_URL, url)
                _ = cbshim_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
                let headers = curl_slist_append(nil, "Authorization: Bearer sk_test_latency123")
                defer { curl_slist_free_all(headers) }
                _ = cbshim_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, headers)
                _ = cbshim_curl_setopt_write_function(curl) { _, size, items, _ in size * items }
                for _ in 0..<count {
                    let start = DispatchTime.now().uptimeNanoseconds
                    let code = curl_easy_perform(curl)
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
                    var status = 0
                    _ = cbshim_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
                    results.append((code == CURLE_OK ? status : -1, elapsed))
                }
                continuation.resume(returning: results)
            }.start()
        }
    }

    @Test("every round trip succeeds; prints p50/p99 (reported, not asserted)")
    func roundTrip() async throws {
        let sim = try SimTestClient()
        let customer = try await sim.post("/v1/customers", [("email", "lat@x.test")])
        let results = await Self.measure(url: "\(sim.base)/v1/customers/\(customer["id"] ?? "")", count: 500)
        #expect(results.count == 500)
        #expect(results.allSatisfy { $0.status == 200 })
        let sorted = results.map(\.micros).sorted()
        if !sorted.isEmpty {
            print(
                "stripe-sim round trip over \(sorted.count) GETs: p50 \(Int(sorted[sorted.count / 2])) µs, p99 \(Int(sorted[sorted.count * 99 / 100])) µs"
            )
        }
    }
}
