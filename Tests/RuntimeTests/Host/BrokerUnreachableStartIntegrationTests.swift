import Foundation
import Runtime
import Synchronization
import Testing
import TestKit

/// A host started while the broker cannot be reached: the parts that need no broker
/// (``ServicePart/needsBroker`` `false`) run once the schema is migrated and
/// `/readyz/ingress` says so, while `/readyz` waits for the workers; the others wait for the
/// topology. Needs Postgres only: the broker's address is a closed port.
@Suite("Start-up without the broker (integration)", .serialized, .enabled(if: IntegrationEnvironment.isEnabled))
struct BrokerUnreachableStartIntegrationTests {
    /// Port 1 on the loopback: nothing listens there, so every connection is refused at once.
    static let unreachableBroker = "amqp://guest:guest@127.0.0.1:1/%2F"

    @Test("the parts that need no broker start after the migrations and stop at shutdown; the others never start")
    func ingressPartsServeWhileTheBrokerIsDown() async throws {
        try await TestBed.with("nobroker") { bed in
            let events = PartEvents()
            let config = ServiceConfig(
                service: "rt-test", amqpURL: Self.unreachableBroker, databaseURL: bed.env.databaseURL, httpPort: 0,
                logLevel: .error)
            let host = ServiceHost(name: "rt-test", config: config, schema: bed.schema, routes: [])
            host.add(ProbePart(name: "rt-test.scheduler", needsBroker: true, events: events))
            host.add(ProbePart(name: "rt-test.ingress", needsBroker: false, events: events))
            let returned = Flag()
            Thread {
                _ = try? host.start()
                returned.set()
            }.start()

            #expect(try await eventually { host.runningPartNames == ["rt-test.ingress"] })
            let port = try #require(host.httpPort)
            let ingress = try await TestHTTPClient.send("GET", "http://127.0.0.1:\(port)/readyz/ingress")
            #expect(ingress.status == 200)
            #expect(String(decoding: ingress.body, as: UTF8.self).hasPrefix(#"{"status":"ready","problems":[]"#))
            let ready = try await TestHTTPClient.send("GET", "http://127.0.0.1:\(port)/readyz")
            #expect(ready.status == 503)
            #expect(String(decoding: ready.body, as: UTF8.self).contains("workers not started"))

            try await onThread { host.shutdown(timeout: .seconds(10)) }
            #expect(host.runningPartNames.isEmpty)
            #expect(events.lines == ["rt-test.ingress started", "rt-test.ingress stopped"])
            #expect(try await eventually { returned.isSet })
        }
    }

    @Test("without a part that needs no broker, /readyz/ingress answers as /readyz")
    func noIngressPartsAnswerAsReadyz() async throws {
        try await TestBed.with("nobroker2") { bed in
            let config = ServiceConfig(
                service: "rt-test", amqpURL: Self.unreachableBroker, databaseURL: bed.env.databaseURL, httpPort: 0,
                logLevel: .error)
            let host = ServiceHost(name: "rt-test", config: config, schema: bed.schema, routes: [])
            let returned = Flag()
            Thread {
                _ = try? host.start()
                returned.set()
            }.start()
            #expect(try await eventually { host.httpPort != nil })
            let port = try #require(host.httpPort)
            #expect(
                try await eventually {
                    let answer = try TestHTTPClient.sendBlocking("GET", "http://127.0.0.1:\(port)/readyz/ingress", headers: [:], body: nil)
                    return answer.status == 503 && String(decoding: answer.body, as: UTF8.self).contains("workers not started")
                })
            try await onThread { host.shutdown(timeout: .seconds(10)) }
            #expect(try await eventually { returned.isSet })
        }
    }
}

/// What the probe parts did, in order.
private final class PartEvents: Sendable {
    private let recorded = Mutex<[String]>([])
    var lines: [String] { recorded.withLock { $0 } }
    func record(_ line: String) { recorded.withLock { $0.append(line) } }
}

/// A part with no thread that records its start and stop in `events`.
private final class ProbePart: ServicePart {
    let name: String
    let needsBroker: Bool
    let events: PartEvents
    init(name: String, needsBroker: Bool, events: PartEvents) {
        self.name = name
        self.needsBroker = needsBroker
        self.events = events
    }
    func start() { events.record("\(name) started") }
    func stop() { events.record("\(name) stopped") }
    func join(timeout: Duration) -> Bool { true }
}
