/// The networks an ``HTTPServer`` accepts connections from, as IPv4 CIDR blocks
/// (`3.18.12.63/32`, `10.0.0.0/8`; a bare address is a `/32`).
///
/// Checked in libmicrohttpd's accept policy, before a byte of the request is read: a
/// connection from any other address is closed unanswered (as a firewall would drop it) and
/// reported to the server's `onSourceRefused`. The address is the TCP peer's: behind a load
/// balancer or reverse proxy that is the proxy, so the list belongs there instead.
/// Thread-safe value type.
public struct HTTPSourceAllowlist: Sendable, Equatable, CustomStringConvertible {
    /// One CIDR block: the network (host order, host bits cleared) and its prefix length.
    public struct Block: Sendable, Equatable, CustomStringConvertible {
        /// The network address, host byte order, host bits zero.
        public let network: UInt32
        /// The prefix length, 0…32.
        public let prefixLength: Int

        var mask: UInt32 { prefixLength == 0 ? 0 : UInt32.max << UInt32(32 - prefixLength) }

        /// Whether `address` (host byte order) is inside the block.
        public func contains(_ address: UInt32) -> Bool { address & mask == network }

        /// `a.b.c.d/n`.
        public var description: String { "\(IPv4Address(networkOrder: network.bigEndian))/\(prefixLength)" }
    }

    /// The blocks, in the order written.
    public let blocks: [Block]

    /// Parses a comma-separated list of IPv4 CIDR blocks (white space around entries is
    /// ignored; empty entries are skipped).
    /// - Throws: ``HTTPServerError`` with code `http.invalid_allowlist` naming the first entry
    ///   that is not `a.b.c.d` or `a.b.c.d/n` with `n` in 0…32, whose host bits are set
    ///   (`10.0.0.1/8`: write `10.0.0.0/8`), or when the list holds no entry at all.
    public init(parsing text: String) throws(HTTPServerError) {
        var blocks: [Block] = []
        for raw in text.split(separator: ",") {
            let entry = raw.trimmingCharacters(in: " \t")
            guard !entry.isEmpty else { continue }
            let parts = entry.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let address = IPv4Address(String(parts[0])) else {
                throw Self.invalid(entry, "is not an IPv4 address or CIDR block (a.b.c.d/n)")
            }
            var prefix = 32
            if parts.count == 2 {
                guard let length = Int(parts[1]), (0...32).contains(length), parts[1].allSatisfy(\.isNumber) else {
                    throw Self.invalid(entry, "has a prefix length outside 0…32")
                }
                prefix = length
            }
            let block = Block(network: address.value, prefixLength: prefix)
            guard address.value & block.mask == address.value else {
                throw Self.invalid(entry, "has host bits set (write \(Block(network: address.value & block.mask, prefixLength: prefix)))")
            }
            blocks.append(block)
        }
        guard !blocks.isEmpty else {
            throw HTTPServerError(code: "http.invalid_allowlist", message: "the allowlist names no network")
        }
        self.blocks = blocks
    }

    private static func invalid(_ entry: some StringProtocol, _ reason: String) -> HTTPServerError {
        HTTPServerError(code: "http.invalid_allowlist", message: "\"\(entry)\" \(reason)")
    }

    /// Whether `address` is inside one of the blocks.
    public func allows(_ address: IPv4Address) -> Bool {
        blocks.contains { $0.contains(address.value) }
    }

    /// The blocks, comma-separated.
    public var description: String { blocks.map(\.description).joined(separator: ",") }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return text
    }
}
