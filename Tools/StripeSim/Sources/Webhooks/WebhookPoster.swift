import CCurl
import CShims

/// POSTs one webhook payload with libcurl and returns the HTTP status (0 on a network
/// error). Blocking: called only on the webhook delivery thread, one easy handle per call.
enum WebhookPoster {
    static func post(url: String, payload: [UInt8], headers: [String: String], timeoutSeconds: Int) -> Int {
        guard let curl = curl_easy_init() else { return 0 }
        defer { curl_easy_cleanup(curl) }
        _ = cbshim_curl_setopt_string(curl, CURLOPT_URL, url)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_TIMEOUT, timeoutSeconds)
        _ = cbshim_curl_setopt_long(curl, CURLOPT_POST, 1)
        _ = cbshim_curl_setopt_off(curl, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(payload.count))
        payload.withUnsafeBufferPointer { buffer in
            _ = cbshim_curl_setopt_pointer(curl, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: buffer.baseAddress))
        }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in headers { list = curl_slist_append(list, "\(name): \(value)") }
        list = curl_slist_append(list, "Expect:")
        defer { curl_slist_free_all(list) }
        _ = cbshim_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, list)
        _ = cbshim_curl_setopt_write_function(curl) { _, size, count, _ in size * count }
        guard curl_easy_perform(curl) == CURLE_OK else { return 0 }
        var status = 0
        _ = cbshim_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        return status
    }
}
