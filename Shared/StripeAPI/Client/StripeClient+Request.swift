extension StripeClient {
    /// The version a request with `options` is made in: its `Stripe-Version` override or
    /// the client's pinned version.
    public func apiVersion(for options: RequestOptions) -> String {
        options.stripeVersion ?? config.apiVersion
    }

    /// The HTTP request for a call: URL with query (GET/DELETE) or form body (POST) and
    /// every Stripe header.
    /// - Throws: ``StripeError`` `invalidConfiguration` for a POST without an idempotency
    ///   key, a key that is empty or longer than 255 characters, a path that does not start
    ///   with `/`, or a header value with control characters.
    public func buildRequest(
        _ method: HTTPMethod, _ path: String, params: FormParams,
        options: RequestOptions
    ) throws(StripeError) -> StripeHTTPRequest {
        guard path.hasPrefix("/") else {
            throw StripeError(kind: .invalidConfiguration, message: "path must start with /: \(redact(path))")
        }
        var base = options.host == .connect ? config.connectBase : config.apiBase
        while base.hasSuffix("/") { base.removeLast() }
        var url = base + path
        var body: [UInt8] = []
        let encoded = params.encoded()
        if method == .post {
            body = Array(encoded.utf8)
        } else if !encoded.isEmpty {
            url += (path.contains("?") ? "&" : "?") + encoded
        }
        var headers: [(name: String, value: String)] = [
            ("Authorization", "Bearer \(config.apiKey)"),
            ("Stripe-Version", options.stripeVersion ?? config.apiVersion),
            ("User-Agent", "ConnectBus/\(config.clientVersion)"),
            ("Accept", "application/json"),
        ]
        if method == .post { headers.append(("Content-Type", "application/x-www-form-urlencoded")) }
        if let account = options.stripeAccount { headers.append(("Stripe-Account", account)) }
        if let traceparent { headers.append(("traceparent", traceparent)) }
        if let key = options.idempotencyKey {
            guard !key.isEmpty, key.count <= 255 else {
                throw StripeError(
                    kind: .invalidConfiguration, code: "idempotency_key_invalid",
                    message: "Idempotency-Key must have 1 to 255 characters")
            }
            headers.append(("Idempotency-Key", key))
        } else if method == .post {
            throw StripeError(
                kind: .invalidConfiguration, code: "idempotency_key_missing",
                message: "POST \(path) needs RequestOptions.idempotencyKey (derive it from the command's message_id and step)")
        }
        for header in headers where header.value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw StripeError(kind: .invalidConfiguration, message: "header \(header.name) contains control characters")
        }
        return StripeHTTPRequest(method: method, url: url, headers: headers, body: body)
    }
}
