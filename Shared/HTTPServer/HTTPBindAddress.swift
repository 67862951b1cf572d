#if canImport(Glibc)
import Glibc
#endif

/// The IPv4 address an ``HTTPServer`` listens on.
///
/// Written as `HTTP_BIND` and `WEBHOOK_BIND` are: `loopback` (127.0.0.1), `all`
/// (0.0.0.0, every interface) or one interface's dotted-quad address (`10.0.3.7`).
/// Thread-safe value type.
public enum HTTPBindAddress: Sendable, Equatable, CustomStringConvertible {
    /// 127.0.0.1: reachable from this host only.
    case loopback
    /// 0.0.0.0: every interface.
    case all
    /// One interface's address, in network byte order (as `sin_addr.s_addr`).
    case address(UInt32)

    /// Parses `loopback`, `all` or a dotted-quad IPv4 address; `nil` for anything else
    /// (IPv6 included: the server listens on IPv4 only).
    public init?(_ text: String) {
        switch text {
        case "loopback": self = .loopback
        case "all": self = .all
        default:
            guard let address = IPv4Address(text) else { return nil }
            self = .address(address.networkOrder)
        }
    }

    /// The address for `sin_addr.s_addr` (network byte order).
    var networkOrder: UInt32 {
        switch self {
        case .loopback: UInt32(0x7F00_0001).bigEndian
        case .all: 0
        case .address(let value): value
        }
    }

    /// `loopback`, `all`, or the dotted quad.
    public var description: String {
        switch self {
        case .loopback: "loopback"
        case .all: "all"
        case .address(let value): IPv4Address(networkOrder: value).description
        }
    }
}

/// An IPv4 address as a host-order integer, parsed with `inet_pton` (RFC 791 dotted quad,
/// no shorthand forms). Thread-safe value type.
public struct IPv4Address: Sendable, Hashable, CustomStringConvertible {
    /// The address in host byte order (`10.0.0.1` is `0x0A000001`).
    public let value: UInt32

    /// Parses a dotted quad (`192.0.2.10`); `nil` when `text` is not one.
    public init?(_ text: String) {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        value = UInt32(bigEndian: address.s_addr)
    }

    /// The address from `sin_addr.s_addr` (network byte order).
    public init(networkOrder: UInt32) { value = UInt32(bigEndian: networkOrder) }

    /// The address in network byte order.
    var networkOrder: UInt32 { value.bigEndian }

    /// The dotted quad.
    public var description: String {
        "\(value >> 24).\((value >> 16) & 0xFF).\((value >> 8) & 0xFF).\(value & 0xFF)"
    }
}
