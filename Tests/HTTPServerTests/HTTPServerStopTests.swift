import Foundation
import HTTPServer
import Synchronization
import TestKit
import Testing

@Suite("HTTPServer stop")
struct HTTPServerStopTests {
    @Test("stop() lets the request in progress be answered and closes new connections at once")
    func stopDrainsInProgress() async throws {
        let entered = Flag()
        let release = DispatchSemaphore(value: 0)
        let server = try HTTPServer(port: 0, threading: .pool(4)) { request in
            guard request.path == "/slow" else { return .text(200, "fast") }
            entered.set()
            let released = release.wait(timeout: .now() + .seconds(20)) == .success
            return .text(released ? 200 : 504, released ? "done" : "never released")
        }
        async let slow = TestHTTPClient.send("GET", "\(server.baseURL)/slow")
        try await waitUntil("the slow request reached its handler") { entered.isSet }

        let stopped = Flag()
        Thread {
            server.stop()
            stopped.set()
        }.start()
        // Once stop() has begun, a new connection is closed unanswered.
        var refused = false
        for _ in 0..<500 where !refused {
            do {
                _ = try await TestHTTPClient.send("GET", "\(server.baseURL)/fast")
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                refused = true
            }
        }
        #expect(refused)
        // The slow request still holds stop() up: it waits for the answer.
        #expect(!stopped.isSet)
        release.signal()
        let answer = try await slow
        #expect(answer.status == 200)
        #expect(answer.text == "done")
        try await waitUntil("stop() returned") { stopped.isSet }
    }

    @Test("a thread pool stops cleanly while clients keep connecting (500 start/stop cycles)")
    func stopUnderConnectionChurn() async throws {
        for _ in 0..<500 {
            let server = try HTTPServer(port: 0, threading: .pool(4)) { _ in .text(200, "ok") }
            let first = try await TestHTTPClient.send("GET", "\(server.baseURL)/")
            #expect(first.status == 200)
            let url = "\(server.baseURL)/"
            // Clients connecting while the server stops: each is answered or turned away,
            // and the process never aborts.
            let clients = (0..<4).map { _ in
                Task.detached { (try? await TestHTTPClient.send("GET", url))?.status ?? 0 }
            }
            server.stop()
            for client in clients {
                let status = await client.value
                #expect(status == 200 || status == 0)
            }
        }
    }

    /// Polls `condition` every 10 ms for up to 20 s.
    private func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        for _ in 0..<2000 {
            if condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        Issue.record("timed out waiting until \(what)")
    }
}

/// A flag one thread sets and another reads.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
