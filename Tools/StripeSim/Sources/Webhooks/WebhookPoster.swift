import CCurl
import CShims

/// POSTs one webhook payload with libcurl. Blocking: called only on the webhook delivery
/// thread, one easy handle per call.
enum WebhookPoster {
    /// What the endpoint answered: the HTTP status (0 on a network error) and the first
    /// ``bodyLimit`` bytes of its body (as Stripe's Dashboard shows a delivery's response).
    struct Answer {
        var status: Int
        var body: [UInt8]
    }

    /// How much of a response body is kept, in bytes.
    static let bodyLimit = 4096

    /// Collects the response body (at most ``WebhookPoster/bodyLimit`` bytes).
    private final class Sink {
        var body: [UInt8] = []
    }

    /// POSTs `payload` to `url` with `headers`; `skipVerify` turns off TLS certificate and
    /// host name checks (`connectbus sim listen --skip-verify`, as the Stripe CLI's flag).
    static func post(url: String, payload: [UInt8], headers: [String: String], timeoutSeconds: Int, skipVerify: Bool = false) -> Answer {
        guard let curl = curl_easy_init() else { return Answer(status: 0, body: []) }
        defer { curl_easy_cleanup(curl) }
        let sink = Sink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        _ = cbshim_curl_setopt_string(curl, CURLOPT_URL, url)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_TIMEOUT, timeoutSeconds)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_POST, 1)
        if skipVerify {
            _ = cbshim_curl_setopt_long(curl, CURLOPT_SSL_VERIFYPEER, 0)
            _ = cbshim_curl_setopt_long(curl, CURLOPT_SSL_VERIFYHOST, 0)
        }
        _ = cbshim_curl_setopt_off(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
        payload.withUnsafeBufferPointer { buffer in
            _ = cbshim_curl_setopt_pointer(curl, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        list = curl_slist_append(list, "Expect:")
        defer { curl_slist_free_all(list) }
        _ = cbshim_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, list)
        _ = cbshim_curl_setopt_pointer(curl, CURLOPT_WRITEDATA, unmanaged.toOpaque())
        _ = cbshim_curl_setopt_write_function(curl) { pointer, size, count, user in
            guard let pointer, let user else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
            let room = max(0, WebhookPoster.bodyLimit - sink.body.count)
            pointer.withMemoryRebound(to: UInt8.self, capacity: size * count) {
                sink.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: min(room, size * count)))
            }
            return size * count
        }
        guard curl_easy_perform(curl) == CURLE_OK else { return Answer(status: 0, body: sink.body) }
        var status = 0
        _ = cbshim_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return Answer(status: status, body: sink.body)
    }
}
