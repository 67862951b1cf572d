import CCurl
import CShims
#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RuntimeCore

/// Collects one response from libcurl's callbacks and runs the `whileWaiting` hook.
///
/// Passed to the C callbacks as an unretained pointer; it lives for the whole
/// `curl_easy_perform` call. Used only on the thread performing the request.
final class CurlResponseSink {
    var body: [UInt8] = []
    var headers: [String: String] = [:]
    let whileWaiting: (() -> Void)?
    private var lastTick: ContinuousClock.Instant
    /// The least time between two `whileWaiting` calls (at most about twice a second).
    static let tickInterval: Duration = .milliseconds(500)

    init(whileWaiting: (() -> Void)?) {
        self.whileWaiting = whileWaiting
        self.lastTick = ContinuousClock.now
    }

    /// Called from the progress callback; runs the hook when half a second has passed.
    func tick() {
        guard let whileWaiting else { return }
        let now = ContinuousClock.now
        if now - lastTick >= Self.tickInterval {
            lastTick = now
            whileWaiting()
        }
    }

    /// Records one header line; a new status line (redirect, `100 Continue`) starts over.
    func header(line: String) {
        if line.hasPrefix("HTTP/") { headers = [:]; return }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingSpaces().lowercased()
        let value = line[line.index(after: colon)...].trimmingSpacesAndNewlines()
        headers[name] = value
    }

    static let writeCallback: cbshim_curl_data_cb = { pointer, size, count, userdata in
        let total = size * count
        guard let userdata else { return 0 }
        let sink = Unmanaged<CurlResponseSink>.fromOpaque(userdata).takeUnretainedValue()
        if let pointer, total > 0 {
            pointer.withMemoryRebound(to: UInt8.self, capacity: total) {
                sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: total))
            }
        }
        return total
    }

    static let headerCallback: cbshim_curl_data_cb = { pointer, size, count, userdata in
        let total = size * count
        guard let userdata else { return 0 }
        let sink = Unmanaged<CurlResponseSink>.fromOpaque(userdata).takeUnretainedValue()
        if let pointer, total > 0 {
            let bytes = pointer.withMemoryRebound(to: UInt8.self, capacity: total) {
                Array(UnsafeBufferPointer(start: $0, count: total))
            }
            sink.header(line: String(decoding: bytes, as: UTF8.self))
        }
        return total
    }

    static let progressCallback: cbshim_curl_xferinfo_cb = { clientp, _, _, _, _ in
        guard let clientp else { return 0 }
        Unmanaged<CurlResponseSink>.fromOpaque(clientp).takeUnretainedValue().tick()
        return 0
    }
}
