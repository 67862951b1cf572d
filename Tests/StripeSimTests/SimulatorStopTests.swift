import Foundation
import HTTPServer
import StripeSimCore
import Testing

/// `StripeSimulator.stop()` returns only once its own threads have ended: the webhook
/// delivery in progress has finished and the scheduler is idle. stripe-sim exits right after
/// `stop()` on SIGTERM, and `exit` running (libcurl's and the C runtime's clean-up) while a
/// delivery thread is still inside libcurl can corrupt the heap.
@Suite("stripe-sim stop")
struct SimulatorStopTests {
    /// A webhook endpoint that holds each delivery until released.
    final class HeldReceiver: @unchecked Sendable {
        let arrived = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private(set) var server: HTTPServer?

        init() throws {
            server = try HTTPServer(port: 0, threading: .perConnection) { [arrived, release] _ in
                arrived.signal()
                _ = release.wait(timeout: .now() + .seconds(30))
                return .text(200, "ok")
            }
        }

        var url: String { "\(server?.baseURL ?? "")/hook" }
        deinit { server?.stop() }
    }

    @Test("stop() waits for the webhook delivery in progress before it returns")
    func stopWaitsForTheDeliveryInProgress() async throws {
        let receiver = try HeldReceiver()
        var config = SimulatorConfig()
        config.webhookEndpoints = [WebhookEndpointConfig(url: receiver.url, secret: "whsec_stop", connect: false)]
        let sim = try SimTestClient(config: config)
        let created = try await sim.post("/v1/customers", [("email", "stop@example.com")])
        #expect(created.status == 200)
        // The delivery of customer.created is now inside libcurl, held by the receiver.
        #expect(receiver.arrived.wait(timeout: .now() + .seconds(30)) == .success)

        let simulator = sim.simulator
        let deliveriesAtReturn = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            Thread {
                simulator.stop()
                continuation.resume(returning: simulator.webhookDeliveries.count)
            }.start()
            // Gives a stop() that does not wait the time to return early, then lets the
            // delivery finish; a stop() that waits returns only after this (never before,
            // whatever the timing).
            Thread {
                Thread.sleep(forTimeInterval: 0.3)
                receiver.release.signal()
            }.start()
        }
        #expect(deliveriesAtReturn == 1, "stop() returned while the delivery was still in progress")
    }

    @Test("stop() is idempotent and quick with nothing in flight")
    func stopTwice() throws {
        let simulator = StripeSimulator(config: SimulatorConfig())
        try simulator.start(port: 0)
        simulator.stop()
        simulator.stop()
    }
}
