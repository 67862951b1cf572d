import Foundation
import HTTPServer
import Synchronization
import TestKit
import Testing

@Suite("HTTPSourceAllowlist and HTTPBindAddress")
struct HTTPSourceAllowlistTests {
    @Test("CIDR blocks and bare addresses parse; membership follows the prefix")
    func membership() throws {
        let list = try HTTPSourceAllowlist(parsing: " 3.18.12.63 , 10.0.0.0/8,192.168.4.0/22,")
        #expect(list.description == "3.18.12.63/32,10.0.0.0/8,192.168.4.0/22")
        let allowed = ["3.18.12.63", "10.0.0.1", "10.255.255.255", "192.168.4.0", "192.168.7.255"]
        let refused = ["3.18.12.64", "11.0.0.1", "192.168.8.0", "192.168.3.255", "127.0.0.1"]
        for text in allowed { #expect(try list.allows(#require(IPv4Address(text))), "\(text)") }
        for text in refused { #expect(try !list.allows(#require(IPv4Address(text))), "\(text)") }
        let everyone = try HTTPSourceAllowlist(parsing: "0.0.0.0/0")
        #expect(try everyone.allows(#require(IPv4Address("203.0.113.9"))))
    }

    @Test(
        "a bad entry is refused with the entry named",
        arguments: [
            ("10.0.0.1/8", "host bits set (write 10.0.0.0/8)"),
            ("10.0.0.0/33", "prefix length outside 0…32"),
            ("10.0.0.0/+8", "prefix length outside 0…32"),
            ("2001:db8::/32", "not an IPv4 address"),
            ("stripe.com", "not an IPv4 address"),
            ("10.0.0.0/8/1", "not an IPv4 address"),
            (" , ", "names no network"),
        ])
    func badEntries(text: String, reason: String) {
        #expect {
            _ = try HTTPSourceAllowlist(parsing: text)
        } throws: { error in
            guard let error = error as? HTTPServerError else { return false }
            return error.code == "http.invalid_allowlist" && error.message.contains(reason)
        }
    }

    @Test("bind addresses: loopback, all, a dotted quad; nothing else")
    func bindAddresses() {
        #expect(HTTPBindAddress("loopback") == .loopback)
        #expect(HTTPBindAddress("all") == .all)
        #expect(HTTPBindAddress("127.0.0.1")?.description == "127.0.0.1")
        #expect(HTTPBindAddress("::1") == nil)
        #expect(HTTPBindAddress("localhost") == nil)
        #expect(HTTPBindAddress("10.1.2") == nil)
    }

    @Test("a server bound to an explicit address answers there")
    func explicitAddress() async throws {
        let bind = try #require(HTTPBindAddress("127.0.0.1"))
        let server = try HTTPServer(bind: bind, port: 0) { _ in .text(200, "ok") }
        defer { server.stop() }
        let response = try await TestHTTPClient.send("GET", "\(server.baseURL)/")
        #expect(response.status == 200)
    }

    @Test("a connection from outside the allowlist is closed unread and reported; one inside is served")
    func refusesOutsiders() async throws {
        let refused = Mutex<[String]>([])
        let handled = Mutex(0)
        let outside = try HTTPServer(
            bind: .loopback, port: 0, allowedSources: try HTTPSourceAllowlist(parsing: "10.0.0.0/8"),
            onSourceRefused: { address in refused.withLock { $0.append(address.description) } },
            handler: { _ in
                handled.withLock { $0 += 1 }
                return .text(200, "ok")
            })
        defer { outside.stop() }
        await #expect(throws: (any Error).self) {
            _ = try await TestHTTPClient.send("POST", "\(outside.baseURL)/webhooks/stripe", body: Array("{}".utf8))
        }
        #expect(refused.withLock { $0 } == ["127.0.0.1"])
        #expect(handled.withLock { $0 } == 0)

        let inside = try HTTPServer(
            bind: .loopback, port: 0, allowedSources: try HTTPSourceAllowlist(parsing: "10.0.0.0/8,127.0.0.0/8"),
            onSourceRefused: { address in refused.withLock { $0.append(address.description) } },
            handler: { _ in .text(200, "ok") })
        defer { inside.stop() }
        let response = try await TestHTTPClient.send("GET", "\(inside.baseURL)/")
        #expect(response.status == 200)
        #expect(refused.withLock { $0 }.count == 1)
    }
}
