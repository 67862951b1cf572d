#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads settings from an environment dictionary, supporting `<NAME>_FILE` variants for
/// secrets (the file's content, without its trailing newline, is the value), and
/// collects every problem instead of stopping at the first.
///
/// ``ServiceConfig`` and each service's own settings read through one reader, so a
/// misconfigured process reports every problem at once with the same `_FILE` handling
/// (``ServiceConfig/fromEnvironment(service:_:arguments:requireStripeKey:defaultHTTPPort:settings:)``).
///
/// Not thread-safe (a mutable value used during start-up only).
public struct EnvironmentReader {
    /// The environment read.
    public let env: [String: String]
    /// Reads a file's content; injectable for tests.
    let readFile: (String) -> String?
    /// Every problem reported so far, in the order found.
    public private(set) var problems: [ConfigError.Problem] = []

    /// A reader of `env`; `readFile` reads the files `<NAME>_FILE` variables name.
    public init(_ env: [String: String], readFile: @escaping (String) -> String? = EnvironmentReader.readFileContent) {
        self.env = env
        self.readFile = readFile
    }

    /// The content of the file at `path` without trailing newlines, or `nil` when unreadable.
    public static func readFileContent(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        return String(text.reversed().drop(while: { $0 == "\n" || $0 == "\r" }).reversed())
    }

    /// Records a problem with `variable` (e.g. `report("SMTP_TLS", "must be none, starttls or tls")`).
    public mutating func report(_ variable: String, _ message: String) {
        problems.append(ConfigError.Problem(variable: variable, message: message))
    }

    /// The raw value of `name` or `name_FILE`; empty strings count as unset.
    public mutating func string(_ name: String) -> String? {
        let direct = env[name].flatMap { $0.isEmpty ? nil : $0 }
        let filePath = env[name + "_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        switch (direct, filePath) {
        case (.some, .some):
            report(name, "and \(name)_FILE are both set; set only one")
            return nil
        case (.some(let value), nil):
            return value
        case (nil, .some(let path)):
            guard let content = readFile(path) else {
                report(name + "_FILE", "names a file that cannot be read")
                return nil
            }
            guard !content.isEmpty else {
                report(name + "_FILE", "names an empty file")
                return nil
            }
            return content
        case (nil, nil):
            return nil
        }
    }

    /// Whether `name` or `name_FILE` is set to a non-empty value (nothing is read or reported).
    public func isSet(_ name: String) -> Bool {
        !(env[name] ?? "").isEmpty || !(env[name + "_FILE"] ?? "").isEmpty
    }

    /// A required string; reports `is required` when missing.
    public mutating func required(_ name: String) -> String {
        guard let value = string(name) else {
            if !problems.contains(where: { $0.variable.hasPrefix(name) }) { report(name, "is required") }
            return ""
        }
        return value
    }

    /// An integer within `range`, or `fallback` when unset.
    public mutating func int(_ name: String, default fallback: Int, in range: ClosedRange<Int>) -> Int {
        guard let raw = string(name) else { return fallback }
        guard let value = Int(raw.trimmingSpaces()), range.contains(value) else {
            report(name, "must be an integer between \(range.lowerBound) and \(range.upperBound)")
            return fallback
        }
        return value
    }

    /// A decimal number within `range`, or `fallback` when unset.
    public mutating func double(_ name: String, default fallback: Double, in range: ClosedRange<Double>) -> Double {
        guard let raw = string(name) else { return fallback }
        guard let value = Double(raw.trimmingSpaces()), range.contains(value) else {
            report(name, "must be a number between \(range.lowerBound) and \(range.upperBound)")
            return fallback
        }
        return value
    }

    /// A duration written as a whole number and a unit — `s`, `m`, `h` or `d` (e.g. `7d`,
    /// `36h`, `90m`) — at most `max`; `0` or `off` is `nil` (none); `fallback` when unset.
    public mutating func duration(_ name: String, default fallback: Duration?, max: Duration) -> Duration? {
        guard let raw = string(name)?.trimmingSpaces().lowercased() else { return fallback }
        if raw == "0" || raw == "off" { return nil }
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = raw.last.flatMap({ units[$0] }), let count = Int64(raw.dropLast()), count > 0,
            count <= max.components.seconds / unit
        else {
            report(name, "must be a whole number of s, m, h or d (e.g. 7d, 12h) up to \(max.components.seconds / 86_400)d, or 0/off")
            return fallback
        }
        return .seconds(count * unit)
    }

    /// A comma-separated list with empty items dropped, or `[]` when unset.
    public mutating func list(_ name: String) -> [String] {
        guard let raw = string(name) else { return [] }
        return raw.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }
}
