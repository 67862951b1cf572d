import Messages
import Testing
@testable import Runtime

@Suite("SchemaVersionGate")
struct SchemaVersionGateTests {
    func envelope(version: Int) -> Envelope {
        var envelope = Envelope(type: "rt.ping", appId: "t", body: Array("{}".utf8))
        envelope.headers.schemaVersion = version
        return envelope
    }

    @Test("the replica's own version and older ones are admitted")
    func admitsKnownVersions() throws {
        try SchemaVersionGate.admit(envelope(version: 2), command: "rt.ping", knownVersion: 2)
        try SchemaVersionGate.admit(envelope(version: 1), command: "rt.ping", knownVersion: 2)
    }

    @Test("a newer version asks for a retry (then parked), never a dead letter as poison")
    func retriesNewerVersions() {
        #expect {
            try SchemaVersionGate.admit(envelope(version: 3), command: "rt.ping", knownVersion: 2)
        } throws: { error in
            guard let error = error as? HandlerError, case .retry(let reply) = error.outcome else { return false }
            let failure = FailureClassifier.classify(error)
            return reply.code == "version.schema_too_new" && reply.retryable
                && reply.message.contains("x-schema-version 3 is newer than this replica's 2")
                && failure.disposition == .retry && failure.replyError.parked == true
        }
    }
}
