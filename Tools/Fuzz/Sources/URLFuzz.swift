import FoundationEssentials
import Bus
import Store

/// `AMQP_URL` (one URL or a cluster list) and `DATABASE_URL` handling.
enum URLFuzz {
    static func amqp(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let url = try? AMQPURL(text) else { return }
        fuzzCheck(!url.nodes.isEmpty && (1...65535).contains(url.port), "a parsed URL without a node or a port")
        // The description never shows a password of 3+ characters that appears nowhere else
        // (an IPv6 host is shown in brackets: `[::0]:5071` holds the password `:0]`): its
        // credentials are `user:***`. The vhost is shown percent-encoded, so the text after
        // them may hold a password's characters without showing it (`/::p%40ss` is the vhost
        // `::p@ss`, and holds the password `40ss`).
        for node in url.nodes {
            guard
                node.password.count >= 3, !node.user.contains(node.password),
                !node.hostAndPort.contains(node.password), !node.vhost.contains(node.password),
                !"amqps://***@:/%2F".contains(node.password)
            else { continue }
            // What stands before the vhost is exactly `scheme://user:***@host:port/`.
            let credentials = "\(node.isTLS ? "amqps" : "amqp")://\(node.user):***@\(node.hostAndPort)/"
            fuzzCheck(node.description.hasPrefix(credentials), "the description shows a password")
        }
    }

    static func database(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        let redacted = DatabaseURL.redacted(text)
        if let password = DatabaseURL.password(in: text), password.count >= 3,
            text.components(separatedBy: password).count == 2
        {
            fuzzCheck(!redacted.contains(password), "redacted(\(text)) = \(redacted) shows the password")
            fuzzCheck(!DatabaseURL.redact("failed: \(text)", passwordOf: text).contains(password), "redact shows the password")
        }
    }
}
