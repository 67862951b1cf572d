import Testing
@testable import Bus

@Suite("AMQPURL")
struct AMQPURLTests {
    @Test func parsesTheDevBrokerURL() throws {
        let url = try AMQPURL("amqp://connectbus:connectbus@127.0.0.1:5672/")
        #expect(!url.isTLS)
        #expect(url.host == "127.0.0.1")
        #expect(url.port == 5672)
        #expect(url.user == "connectbus")
        #expect(url.password == "connectbus")
        #expect(url.vhost == "/")
        #expect(url.heartbeatSeconds == nil)
        #expect(url.verifyPeer)
    }

    @Test func defaultsPortUserAndVhost() throws {
        let plain = try AMQPURL("amqp://rabbit.internal")
        #expect(plain.port == 5672)
        #expect(plain.user == "guest" && plain.password == "guest")
        #expect(plain.vhost == "/")
        let tls = try AMQPURL("AMQPS://rabbit.internal")
        #expect(tls.isTLS)
        #expect(tls.port == 5671)
        #expect(try AMQPURL("amqp://").host == "localhost")
    }

    @Test func percentDecodesCredentialsAndVhost() throws {
        let url = try AMQPURL("amqp://us%40er:p%3Ass%2Fw%40rd@host:1234/prod%2Feu")
        #expect(url.user == "us@er")
        #expect(url.password == "p:ss/w@rd")
        #expect(url.port == 1234)
        #expect(url.vhost == "prod/eu")
        #expect(try AMQPURL("amqp://h/%2F").vhost == "/")
        #expect(try AMQPURL("amqp://h/payments").vhost == "payments")
    }

    @Test func readsQueryParameters() throws {
        let url = try AMQPURL("amqps://u:p@h/v?heartbeat=5&connection_timeout=2500&cacertfile=%2Fetc%2Fca.pem&channel_max=9")
        #expect(url.heartbeatSeconds == 5)
        #expect(url.connectionTimeout == .milliseconds(2500))
        #expect(url.caCertFile == "/etc/ca.pem")
        #expect(try AMQPURL("amqps://h?verify=verify_none").verifyPeer == false)
        #expect(try AMQPURL("amqp://h?heartbeat=0").heartbeatSeconds == 0)
    }

    @Test func parsesIPv6Hosts() throws {
        let url = try AMQPURL("amqp://[::1]:5673/")
        #expect(url.host == "::1")
        #expect(url.port == 5673)
        #expect(url.description == "amqp://guest:***@[::1]:5673/%2F")
    }

    @Test(arguments: [
        "http://h/", "amqp://h:0/", "amqp://h:99999/", "amqp://h:port/", "amqp://h/a/b",
        "amqp://h?heartbeat=-1", "amqp://h?heartbeat=x", "amqp://h?connection_timeout=0",
        "amqp://u:p%zz@h/", "amqp://u:p%+1@h/", "amqp://u:p%4@h/", "amqp://u:%FF@h/",
        "amqp://[::1/", "amqps://h?verify=maybe",
    ])
    func rejectsMalformedURLs(_ text: String) {
        #expect(throws: BusError.self) { try AMQPURL(text) }
        do {
            _ = try AMQPURL(text)
        } catch {
            #expect(error.code == BusError.Code.invalidURL)
        }
    }

    @Test func decodesMultiByteEscapesAndEncodesTheVhostForDisplay() throws {
        let url = try AMQPURL("amqp://caf%C3%A9:pw@h/shop%20eu%2F1")
        #expect(url.user == "café")
        #expect(url.vhost == "shop eu/1")
        #expect(url.description == "amqp://café:***@h:5672/shop%20eu%2F1")
    }

    @Test func neverShowsThePassword() throws {
        let secret = "s3cr3t-Passw0rd"
        let url = try AMQPURL("amqp://app:\(secret)@h:5672/v")
        #expect(url.description == "amqp://app:***@h:5672/v")
        #expect(!String(describing: url).contains(secret))
        do {
            _ = try AMQPURL("amqp://app:\(secret)@h:notaport/v")
            Issue.record("expected an error")
        } catch {
            #expect(!error.description.contains(secret))
            #expect(!error.message.contains(secret))
        }
    }
}
