import HTTPServer
import Testing

@Suite("Router")
struct RouterTests {
    private var router: Router<String> {
        var router = Router<String>()
        router.add("GET", "/v1/accounts", "list")
        router.add("POST", "/v1/accounts/:id", "update")
        router.add("GET", "/v1/accounts/:id/persons/:person", "person")
        router.add("POST", "/v1/accounts/:id/reject", "reject")
        return router
    }

    @Test("literal and placeholder segments match; trailing slash ignored")
    func matches() {
        #expect(router.match(method: "GET", path: "/v1/accounts/")?.handler == "list")
        let update = router.match(method: "POST", path: "/v1/accounts/acct_1")
        #expect(update?.handler == "update")
        #expect(update?.parameters == ["id": "acct_1"])
        let person = router.match(method: "GET", path: "/v1/accounts/acct_1/persons/person_2")
        #expect(person?.parameters == ["id": "acct_1", "person": "person_2"])
        #expect(router.match(method: "POST", path: "/v1/accounts/acct_1/reject")?.handler == "reject")
    }

    @Test("wrong method or unknown path does not match; hasPath tells 405 from 404")
    func misses() {
        #expect(router.match(method: "DELETE", path: "/v1/accounts/acct_1") == nil)
        #expect(router.match(method: "GET", path: "/v1/customers") == nil)
        #expect(router.hasPath("/v1/accounts/acct_1"))
        #expect(!router.hasPath("/v1/customers"))
    }
}
