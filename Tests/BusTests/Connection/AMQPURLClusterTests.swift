import Testing
@testable import Bus

/// `AMQP_URL` naming every node of a cluster: comma-separated URLs.
@Suite("AMQPURL cluster lists")
struct AMQPURLClusterTests {
    @Test func parsesEveryNodeInOrder() throws {
        let url = try AMQPURL(
            "amqp://payments:pw@127.0.0.1:5801/, amqp://payments:pw@127.0.0.1:5802/,amqps://payments:pw@[::1]:5803/shop?heartbeat=5")
        #expect(url.nodes.map(\.port) == [5801, 5802, 5803])
        #expect(url.host == "127.0.0.1" && url.port == 5801)
        #expect(url.alternates.count == 2)
        #expect(url.nodes.allSatisfy { $0.alternates.isEmpty })
        let third = url.nodes[2]
        #expect(third.isTLS && third.host == "::1" && third.vhost == "shop" && third.heartbeatSeconds == 5)
        #expect(url.heartbeatSeconds == nil)
    }

    @Test func oneURLIsOneNode() throws {
        let url = try AMQPURL("amqp://u:p@rabbit:5672/")
        #expect(url.nodes == [url])
        #expect(url.alternates.isEmpty)
    }

    @Test func describesEveryNodeWithoutPasswords() throws {
        let url = try AMQPURL("amqp://u:secret@a:1/,amqp://u:secret@b:2/")
        #expect(url.description == "amqp://u:***@a:1/%2F,amqp://u:***@b:2/%2F")
        #expect(!url.description.contains("secret"))
    }

    @Test func namesTheBadURLOfTheList() {
        #expect(throws: BusError.self) { try AMQPURL("amqp://a:1/,") }
        do {
            _ = try AMQPURL("amqp://a:1/,http://b:2/")
            Issue.record("a list with an http URL was accepted")
        } catch {
            #expect(error.code == BusError.Code.invalidURL)
            #expect(error.message.contains("URL 2 of 2"))
        }
    }

    @Test func aPercentEncodedCommaStaysInThePassword() throws {
        let url = try AMQPURL("amqp://u:a%2Cb@host:1/")
        #expect(url.password == "a,b")
        #expect(url.alternates.isEmpty)
    }

    /// A node that refuses connections is skipped: the dialer reaches the next one (here
    /// the failure lists every node tried, all refused on closed loopback ports).
    @Test func dialTriesEveryNode() throws {
        let url = try AMQPURL("amqp://u:p@127.0.0.1:1/,amqp://u:p@127.0.0.1:2/")
        do {
            _ = try AMQPConnection(url: url, connectionName: "cluster-test")
            Issue.record("connected to a closed port")
        } catch {
            #expect(error.message.contains("no node of the cluster could be reached"))
            #expect(error.message.contains("127.0.0.1:1") && error.message.contains("127.0.0.1:2"))
        }
    }
}
