#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// The system's IANA time-zone database: a directory of TZif files (`/usr/share/zoneinfo`,
/// Debian's `tzdata`; `TZDIR` overrides it, as for the C library), read by ``TZif`` instead
/// of Foundation's TimeZone, which would load ICU and its own copy of the data (about 5 MB
/// of resident memory). Zones are read once and kept. Thread-safety: safe from any thread.
public final class TimeZoneDatabase: Sendable {
    /// The directory the zones are read from.
    public let directory: String
    private let loaded = Mutex<[String: ZoneRules]>([:])

    /// The database the process uses: `TZDIR`, or `/usr/share/zoneinfo`.
    public static let system = TimeZoneDatabase(directory: getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo")

    /// A database reading the TZif files under `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// The rules of the zone named `name` (`Australia/Sydney`, `UTC`), or nil when the name is
    /// not an IANA zone name, the database has no such file or the file is not valid TZif.
    /// `UTC` and `Etc/UTC` are known even without a database.
    public func rules(for name: String) -> ZoneRules? {
        if let known = loaded.withLock({ $0[name] }) { return known }
        guard Self.isZoneName(name), let data = FileManager.default.contents(atPath: directory + "/" + name),
            let rules = try? TZif.parse(Array(data))
        else { return name == "UTC" || name == "Etc/UTC" ? .utc : nil }
        loaded.withLock { $0[name] = rules }
        return rules
    }

    /// Whether `name` has the shape of an IANA zone name: `/`-separated parts of letters,
    /// digits, `_`, `-` and `+`, none empty or starting with `.` (so no path leaves the
    /// database's directory).
    static func isZoneName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255 else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.utf8.first, first != UInt8(ascii: ".") else { return false }
            return part.utf8.allSatisfy { byte in
                (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte) || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            }
        }
    }
}
