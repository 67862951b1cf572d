import Foundation
import StripeAPI

/// Plain HTTP GETs for the CLI (the RabbitMQ management API, services' health endpoints),
/// through the libcurl transport of StripeAPI. Credentials may sit in the URL
/// (`http://user:password@host:port`); libcurl sends them as Basic auth.
///
/// Not `Sendable`: owns a curl handle; use it on one thread.
public final class HTTPGetter {
    private let transport: CurlTransport

    /// A getter with a 2 s connect and 10 s total timeout.
    /// - Throws: ``CLIError`` when libcurl cannot be initialised.
    public init() throws(CLIError) {
        do {
            transport = try CurlTransport(connectTimeout: .seconds(2), timeout: .seconds(10))
        } catch {
            throw CLIError("cannot initialise libcurl: \(error.message)")
        }
    }

    /// GETs `url` and returns the status and body.
    /// - Throws: ``CLIError`` when the server cannot be reached.
    public func get(_ url: String) throws(CLIError) -> (status: Int, body: [UInt8]) {
        do {
            let response = try transport.perform(
                StripeHTTPRequest(method: .get, url: url, headers: [], body: []),
                whileWaiting: nil)
            return (response.status, response.body)
        } catch {
            throw CLIError("\(Self.redacted(url)): \(error.message)")
        }
    }

    /// The URL without its password, for messages.
    public static func redacted(_ url: String) -> String {
        guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://") else { return url }
        return String(url[..<scheme.upperBound]) + String(url[url.index(after: at)...])
    }
}
