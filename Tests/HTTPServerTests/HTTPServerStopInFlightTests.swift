import Foundation
import HTTPServer
import Synchronization
import TestKit
import Testing

/// `stop()` with requests of every kind still in flight: connections the handler drops
/// unanswered (a simulator's injected fault), deferred ones nobody answers (suspended until
/// stop answers them 503), deferred ones another thread answers by dropping the connection,
/// and answers given after the server has stopped. The process must neither abort nor
/// corrupt its heap (run under `-sanitize=address` for the memory check), and every parked
/// request gets the shutdown answer.
@Suite("HTTPServer stop with dropped and suspended connections in flight")
struct HTTPServerStopInFlightTests {
    /// Requests parked by the handler: their responders, and how many reached it.
    final class Parked: Sendable {
        private let responders = Mutex<[HTTPResponder]>([])
        func add(_ responder: HTTPResponder) { responders.withLock { $0.append(responder) } }
        var count: Int { responders.withLock { $0.count } }
        var all: [HTTPResponder] { responders.withLock { $0 } }
    }

    static let rounds = 30
    static let parkedPerRound = 4

    @Test("stop() while dropped, suspended and drop-answered requests are in flight (30 rounds)")
    func stopWithDroppedAndSuspendedConnectionsInFlight() async throws {
        for _ in 0..<Self.rounds {
            let parked = Parked()
            let server = try HTTPServer(port: 0, threading: .pool(4)) { request in
                switch request.path {
                case "/drop":
                    return .dropConnection
                case "/park":
                    guard let responder = request.responder else { return .text(500, "no responder") }
                    parked.add(responder)
                    return .deferred
                case "/defer-drop":
                    guard let responder = request.responder else { return .text(500, "no responder") }
                    Thread { responder.respond(.dropConnection) }.start()
                    return .deferred
                default:
                    return .text(200, "ok")
                }
            }
            let base = server.baseURL
            let parkedClients = (0..<Self.parkedPerRound).map { _ in
                Task.detached { (try? await TestHTTPClient.send("GET", "\(base)/park"))?.status ?? 0 }
            }
            // Every parked request is suspended before the stop begins (an event, not a delay).
            for _ in 0..<4000 where parked.count < Self.parkedPerRound { try await Task.sleep(for: .milliseconds(5)) }
            #expect(parked.count == Self.parkedPerRound)
            // Dropped and drop-answered requests keep coming while the server stops: each is
            // dropped, answered or turned away.
            let churn = (0..<6).map { client in
                Task.detached {
                    for attempt in 0..<6 {
                        let path = (client + attempt).isMultiple(of: 2) ? "/drop" : "/defer-drop"
                        _ = try? await TestHTTPClient.send("POST", "\(base)\(path)", body: Array("x=1".utf8))
                    }
                }
            }
            // No drain wait: the parked requests are answered 503 at once, then the stop.
            server.stop(drainTimeout: .zero)
            // The application answers after the stop: ignored, no libmicrohttpd call.
            for responder in parked.all {
                responder.respond(.text(200, "late"))
                responder.respond(.dropConnection)
            }
            for client in parkedClients {
                let status = await client.value
                #expect(status == 503, "a parked request got \(status), not the shutdown answer")
            }
            for client in churn { await client.value }
            server.stop()  // idempotent
        }
    }
}
