import CRabbitMQ
import Synchronization
import CShims
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Opens a rabbitmq-c connection: socket (TCP or TLS), login (SASL PLAIN), channel 1.
/// Used by ``AMQPConnection/init(url:connectionName:heartbeatSeconds:)``.
///
/// For a cluster URL (``AMQPURL/nodes``) it tries the nodes in turn, starting with the
/// one this process last connected to (so a lost node is skipped by every later
/// connection, and connections lost with it move to the next node), and fails only
/// when none of them could be reached.
struct AMQPDialer {
    let url: AMQPURL
    let connectionName: String
    let heartbeatSeconds: Int

    /// The largest frame this client accepts (bytes; the broker may lower it in
    /// connection.tune). Bodies larger than this are split into several body frames.
    static let frameMax: Int32 = 131_072

    /// CA bundles tried, in order, for `amqps://` without `cacertfile` (Debian, RHEL, BSD).
    static let systemCABundles = [
        "/etc/ssl/certs/ca-certificates.crt",
        "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem",
    ]

    /// Index into a cluster's nodes of the node this process last connected to.
    static let preferredNode = Atomic<Int>(0)

    /// Returns an open connection state with channel 1 open, on the first node that
    /// answers; frees every state that failed.
    func dial() throws(BusError) -> amqp_connection_state_t {
        let nodes = url.nodes
        guard nodes.count > 1 else { return try AMQPDialer(node: url, connectionName, heartbeatSeconds).dialNode() }
        let start = Self.preferredNode.load(ordering: .relaxed) % nodes.count
        var failures: [String] = []
        var last: BusError?
        for step in 0..<nodes.count {
            let index = (start + step) % nodes.count
            do {
                let state = try AMQPDialer(node: nodes[index], connectionName, heartbeatSeconds).dialNode()
                Self.preferredNode.store(index, ordering: .relaxed)
                return state
            } catch {
                failures.append("\(nodes[index].host):\(nodes[index].port): \(error.message)")
                last = error
            }
        }
        var error = last ?? failed("no node to connect to")
        error.message = "no node of the cluster could be reached (\(failures.joined(separator: "; ")))"
        throw error
    }

    private init(node: AMQPURL, _ connectionName: String, _ heartbeatSeconds: Int) {
        self.url = node
        self.connectionName = connectionName
        self.heartbeatSeconds = heartbeatSeconds
    }

    init(url: AMQPURL, connectionName: String, heartbeatSeconds: Int) {
        self.url = url
        self.connectionName = connectionName
        self.heartbeatSeconds = heartbeatSeconds
    }

    /// One node: an open connection state with channel 1 open; frees it on any failure.
    private func dialNode() throws(BusError) -> amqp_connection_state_t {
        guard let state = amqp_new_connection() else {
            throw failed("out of memory creating the connection")
        }
        do {
            try open(state)
            return state
        } catch {
            amqp_destroy_connection(state)
            throw error
        }
    }

    private func open(_ state: amqp_connection_state_t) throws(BusError) {
        let socket = try makeSocket(state)
        var timeout = timeval(url.connectionTimeout ?? .seconds(10))
        let opened = amqp_socket_open_noblock(socket, url.host, Int32(url.port), &timeout)
        guard opened == AMQP_STATUS_OK.rawValue else {
            throw failed("could not connect: \(BusError.library(opened, "socket").message)", status: opened)
        }
        _ = amqp_set_handshake_timeout(state, &timeout)
        let arena = AMQPArena()
        var properties = ClientProperties(connectionName: connectionName).table(in: arena)
        let login = cbshim_amqp_login_plain_with_properties(
            state, url.vhost, 0, Self.frameMax,
            Int32(heartbeatSeconds), &properties,
            url.user, url.password)
        withExtendedLifetime(arena) {}
        guard login.reply_type == AMQP_RESPONSE_NORMAL else {
            let error = BusError.rpc(login, "login as \(url.user) to vhost \(url.vhost)", state: state)
            throw failed(error.message, status: error.libraryStatus, replyCode: error.replyCode)
        }
        _ = amqp_channel_open(state, AMQPConnection.channel)
        let reply = amqp_get_rpc_reply(state)
        guard reply.reply_type == AMQP_RESPONSE_NORMAL else {
            let error = BusError.rpc(reply, "channel.open", state: state)
            throw failed(error.message, status: error.libraryStatus, replyCode: error.replyCode)
        }
    }

    private func makeSocket(_ state: amqp_connection_state_t) throws(BusError) -> OpaquePointer {
        guard url.isTLS else {
            guard let socket = amqp_tcp_socket_new(state) else { throw failed("could not create a TCP socket") }
            return socket
        }
        guard let socket = amqp_ssl_socket_new(state) else { throw failed("could not create a TLS socket") }
        amqp_ssl_socket_set_verify_peer(socket, url.verifyPeer ? 1 : 0)
        amqp_ssl_socket_set_verify_hostname(socket, url.verifyPeer ? 1 : 0)
        let bundle =
            url.caCertFile
            ?? Self.systemCABundles.first { FileManager.default.fileExists(atPath: $0) }
        if let bundle {
            let status = amqp_ssl_socket_set_cacert(socket, bundle)
            guard status == AMQP_STATUS_OK.rawValue else {
                throw failed("could not load CA bundle \(bundle)", status: status)
            }
        } else if url.verifyPeer {
            throw failed("no CA bundle found: pass ?cacertfile=<path>")
        }
        return socket
    }

    private func failed(_ reason: String, status: Int32? = nil, replyCode: Int? = nil) -> BusError {
        BusError(
            code: BusError.Code.connectionFailed,
            message: "\(connectionName): \(url): \(reason)", replyCode: replyCode, libraryStatus: status)
    }
}

extension timeval {
    /// A `timeval` for a non-negative duration (negative durations become zero).
    init(_ duration: Duration) {
        let parts = max(duration, .zero).components
        self.init(tv_sec: Int(parts.seconds), tv_usec: Int(parts.attoseconds / 1_000_000_000_000))
    }
}
