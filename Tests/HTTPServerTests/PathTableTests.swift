import HTTPServer
import Testing

@Suite("PathTable")
struct PathTableTests {
    private var paths: PathTable<String> {
        var paths = PathTable<String>()
        paths.add("GET", "/v1/accounts", "list")
        paths.add("POST", "/v1/accounts/:id", "update")
        paths.add("GET", "/v1/accounts/:id/persons/:person", "person")
        paths.add("POST", "/v1/accounts/:id/reject", "reject")
        return paths
    }

    @Test("literal and placeholder segments match; trailing slash ignored")
    func matches() {
        #expect(paths.match(method: "GET", path: "/v1/accounts/")?.handler == "list")
        let update = paths.match(method: "POST", path: "/v1/accounts/acct_1")
        #expect(update?.handler == "update")
        #expect(update?.parameters == ["id": "acct_1"])
        let person = paths.match(method: "GET", path: "/v1/accounts/acct_1/persons/person_2")
        #expect(person?.parameters == ["id": "acct_1", "person": "person_2"])
        #expect(paths.match(method: "POST", path: "/v1/accounts/acct_1/reject")?.handler == "reject")
    }

    @Test("wrong method or unknown path does not match; hasPath tells 405 from 404")
    func misses() {
        #expect(paths.match(method: "DELETE", path: "/v1/accounts/acct_1") == nil)
        #expect(paths.match(method: "GET", path: "/v1/customers") == nil)
        #expect(paths.hasPath("/v1/accounts/acct_1"))
        #expect(!paths.hasPath("/v1/customers"))
    }
}
