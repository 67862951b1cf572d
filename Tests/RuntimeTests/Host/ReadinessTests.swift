import Testing

@testable import Runtime

@Suite("Readiness")
struct ReadinessTests {
    @Test("/readyz/ingress waits for the migrations and the parts that need no broker, not for the workers")
    func ingressReadiness() {
        let readiness = Readiness()
        readiness.expectIngress()
        #expect(readiness.checkIngress().problems == ["database not migrated yet", "ingress not started"])
        readiness.markMigrated()
        #expect(readiness.checkIngress().problems == ["ingress not started"])
        readiness.markIngressStarted()
        #expect(readiness.checkIngress().ready)
        #expect(readiness.checkIngress().status == "ready")
        #expect(!readiness.check().ready)
        #expect(readiness.check().problems == ["workers not started"])
    }

    @Test("the service's checks are listed on /readyz/ingress too; a degraded one keeps it ready")
    func ingressChecks() {
        let readiness = Readiness()
        readiness.expectIngress()
        readiness.markMigrated()
        readiness.markIngressStarted()
        readiness.add { [ReadinessCheck(name: "webhooks.platform", degraded: true, detail: "6 of 6 rejected")] }
        let report = readiness.checkIngress()
        #expect(report.ready)
        #expect(report.status == "degraded")
        #expect(report.checks.map(\.name) == ["webhooks.platform"])
    }

    @Test("without a part that needs no broker, /readyz/ingress answers as /readyz")
    func noIngressParts() {
        let readiness = Readiness()
        readiness.markMigrated()
        #expect(readiness.checkIngress() == readiness.check())
        #expect(!readiness.checkIngress().ready)
    }
}
