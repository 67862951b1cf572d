import Testing
@testable import PaymentsService

@Suite("AccountCharges")
struct AccountChargesTests {
    @Test("created account cannot charge until charges are enabled")
    func createdThenEnabled() {
        let created = AccountCharges.apply(.created(at: 10), to: nil, account: "acct_1")
        #expect(!created.canCharge)
        let enabled = AccountCharges.apply(.chargesEnabled(true, at: 20), to: created, account: "acct_1")
        #expect(enabled.canCharge)
        #expect(enabled.lastEventAt == 20)
    }

    @Test("an older update never re-enables or disables")
    func staleUpdate() {
        let enabled = AccountCharges(account: "acct_1", chargesEnabled: true, lastEventAt: 50)
        let stale = AccountCharges.apply(.chargesEnabled(false, at: 40), to: enabled, account: "acct_1")
        #expect(stale == enabled)
        let disabled = AccountCharges.apply(.chargesEnabled(false, at: 60), to: enabled, account: "acct_1")
        #expect(!disabled.canCharge)
    }

    @Test("created after an update changes nothing")
    func lateCreated() {
        let enabled = AccountCharges(account: "acct_1", chargesEnabled: true, lastEventAt: 50)
        #expect(AccountCharges.apply(.created(at: 10), to: enabled, account: "acct_1") == enabled)
    }

    @Test("deauthorized is final")
    func deauthorized() {
        let enabled = AccountCharges(account: "acct_1", chargesEnabled: true, lastEventAt: 50)
        let gone = AccountCharges.apply(.deauthorized(at: 60), to: enabled, account: "acct_1")
        #expect(!gone.canCharge)
        let later = AccountCharges.apply(.chargesEnabled(true, at: 70), to: gone, account: "acct_1")
        #expect(!later.canCharge)
    }
}

@Suite("AccountCharges: who carries the losses")
struct AccountLossesTests {
    @Test("losses_payments from created, even after a newer update; application means the platform is liable")
    func lossesFromCreated() {
        let updated = AccountCharges.apply(.chargesEnabled(true, at: 20), to: nil, account: "acct_1")
        #expect(updated.platformLiable == nil)
        let created = AccountCharges.apply(.created(at: 10, lossesPayments: "application"), to: updated, account: "acct_1")
        #expect(created.platformLiable == true && created.canCharge && created.lastEventAt == 20)
        #expect(AccountCharges(account: "acct_2", lossesPayments: "stripe").platformLiable == false)
    }
}
