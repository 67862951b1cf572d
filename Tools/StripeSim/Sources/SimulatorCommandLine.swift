import Foundation

/// The `stripe-sim` command line:
/// `stripe-sim [--port N (12111)] [--latency-ms N] [--fail-rate 0.x] [--drop-rate 0.x]
/// [--rate-limit N[/s]] [--rate-limits off|test|live|auto[,global=N][,endpoint=N]] [--log FILE] [--record-responses FILE] [--api-version V] [--async-delay SECONDS]
/// [--account-link-ttl SECONDS] [--reader-timeout SECONDS] [--public-url URL] [--client-id ca_…] [--listen-all] [--seed N]
/// [--freeze-clock UNIX_SECONDS|now] [--webhook-retries fast|stripe|S,S,…]
/// [--webhook url=URL,secret=SECRET[,connect=true][,events=a|b]]...`
public enum SimulatorCommandLine {
    /// The usage text printed on errors and `--help`.
    public static let usage = """
        usage: stripe-sim [--port N] [--latency-ms N] [--fail-rate 0.x] [--drop-rate 0.x] [--rate-limit N/s]
                          [--rate-limits off|test|live|auto[,global=N][,endpoint=N]]
                          [--log FILE] [--record-responses FILE] [--api-version V] [--async-delay SECONDS] [--account-link-ttl SECONDS]
                          [--reader-timeout SECONDS] [--public-url URL] [--client-id ca_...] [--listen-all] [--seed N] [--freeze-clock UNIX_SECONDS|now]
                          [--webhook-retries fast|stripe|S,S,...]
                          [--webhook url=URL,secret=SECRET[,connect=true][,events=a|b]]...
        """

    /// A bad command line; `message` names the flag.
    public struct Problem: Error, Sendable, Equatable { public var message: String }

    /// Parses arguments (without the program name) into a port and a configuration.
    /// - Throws: ``Problem`` for an unknown flag, a missing or malformed value.
    public static func parse(_ arguments: [String]) throws(Problem) -> (port: UInt16, config: SimulatorConfig) {
        var port: UInt16 = 12111
        var config = SimulatorConfig()
        var index = 0
        func value(_ flag: String) throws(Problem) -> String {
            index += 1
            guard index < arguments.count else { throw Problem(message: "\(flag) needs a value") }
            return arguments[index]
        }
        func number(_ flag: String) throws(Problem) -> Double {
            let text = try value(flag)
            guard let number = Double(text), number >= 0 else { throw Problem(message: "\(flag): not a number: \(text)") }
            return number
        }
        while index < arguments.count {
            let flag = arguments[index]
            switch flag {
            case "--port":
                let text = try value(flag)
                guard let parsed = UInt16(text) else { throw Problem(message: "--port: not a port: \(text)") }
                port = parsed
            case "--latency-ms": config.faults.latencyMs = Int(try number(flag))
            case "--fail-rate": config.faults.failRate = min(1, try number(flag))
            case "--drop-rate": config.faults.dropRate = min(1, try number(flag))
            case "--rate-limit":
                let text = try value(flag)
                let digits = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
                guard let limit = Int(digits), limit > 0 else { throw Problem(message: "--rate-limit: expected N or N/s, got \(text)") }
                config.faults.rateLimitPerSecond = limit
            case "--rate-limits":
                let text = try value(flag)
                guard let limits = SimRateLimits.parse(text) else {
                    throw Problem(message: "--rate-limits: expected off, test, live or auto[,global=N][,endpoint=N], got \(text)")
                }
                config.rateLimits = limits
            case "--log": config.logFile = try value(flag)
            case "--record-responses": config.responseRecordFile = try value(flag)
            case "--api-version": config.apiVersion = try value(flag)
            case "--async-delay": config.asyncPaymentDelaySeconds = try number(flag)
            case "--account-link-ttl": config.accountLinkLifetimeSeconds = Int(try number(flag))
            case "--reader-timeout": config.readerConfirmWindowSeconds = Int(try number(flag))
            case "--public-url": config.publicBaseURL = try value(flag)
            case "--client-id":
                let id = try value(flag)
                guard id.hasPrefix("ca_"), id.count > 3 else { throw Problem(message: "--client-id expects a Connect client id (ca_…)") }
                config.connectClientId = id
            case "--listen-all": config.listenOnAllInterfaces = true
            case "--seed":
                let text = try value(flag)
                guard let seed = UInt64(text) else { throw Problem(message: "--seed: not a number: \(text)") }
                config.seed = seed
            case "--freeze-clock":
                let text = try value(flag)
                if text == "now" {
                    config.frozenClockAt = Date().timeIntervalSince1970
                } else {
                    guard let instant = Double(text), instant > 0 else {
                        throw Problem(message: "--freeze-clock: expected Unix seconds or now, got \(text)")
                    }
                    config.frozenClockAt = instant
                }
            case "--webhook-retries":
                let text = try value(flag)
                guard let schedule = retrySchedule(text) else {
                    throw Problem(message: "--webhook-retries: expected fast, stripe or seconds separated by commas, got \(text)")
                }
                config.webhookRetryDelaysSeconds = schedule
            case "--webhook": config.webhookEndpoints.append(try webhook(try value(flag)))
            default: throw Problem(message: "unknown flag \(flag)")
            }
            index += 1
        }
        return (port, config)
    }

    /// `fast`, `stripe` or waits in seconds separated by commas; nil when malformed.
    public static func retrySchedule(_ text: String) -> [Double]? {
        switch text {
        case "fast": return WebhookRetrySchedule.fast
        case "stripe": return WebhookRetrySchedule.stripe
        default:
            let waits = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard !waits.isEmpty, waits.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
            return waits.compactMap { $0 }
        }
    }

    /// Parses `url=URL,secret=SECRET[,connect=true][,events=a|b]`.
    static func webhook(_ text: String) throws(Problem) -> WebhookEndpointConfig {
        var fields: [String: String] = [:]
        for part in text.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2 else { throw Problem(message: "--webhook: expected key=value, got \(part)") }
            fields[pieces[0].lowercased()] = String(pieces[1])
        }
        guard let url = fields["url"], let secret = fields["secret"] else {
            throw Problem(message: "--webhook needs url=… and secret=…")
        }
        let connect: Bool
        switch fields["connect"] ?? "false" {
        case "true": connect = true
        case "false": connect = false
        default: throw Problem(message: "--webhook: connect must be true or false")
        }
        let events = fields["events"].map { $0.split(separator: "|").map(String.init) } ?? ["*"]
        return WebhookEndpointConfig(url: url, secret: secret, connect: connect, enabledEvents: events)
    }
}
