import CCurl

/// Process-wide libcurl initialisation, done once.
///
/// `curl_global_init` is not thread-safe, so it runs inside a Swift global initializer
/// (guaranteed to run exactly once even when several worker threads create clients at once).
enum CurlGlobal {
    /// `CURLE_OK` when initialisation succeeded.
    static let initResult: CURLcode = curl_global_init(Int(CURL_GLOBAL_SSL) | Int(CURL_GLOBAL_WIN32))

    /// Runs `curl_global_init` on first use; `true` when libcurl is usable.
    static func ensure() -> Bool { initResult == CURLE_OK }
}
