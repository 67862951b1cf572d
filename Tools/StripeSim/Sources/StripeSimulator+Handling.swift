import Foundation
public import HTTPServer

extension StripeSimulator {
    /// Answers one HTTP request exactly as the running server would (usable in-process
    /// without a socket). Order: hosted pages bypass the API pipeline; otherwise fault
    /// latency, rate limit, injected 500, auth, parameter parsing, route, unknown
    /// parameters, then idempotency and execution under the state lock.
    ///
    /// Every API answer carries `Sim-Duration-Us`: the simulator's own time for the request in
    /// microseconds, from the start of this function to the answer (injected latency
    /// included, the HTTP server's parsing and the network not), also logged as
    /// `duration_us` in the request log, so a benchmark can take Stripe's time out of a
    /// caller's measurement.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == "GET", request.path == "/metrics" {
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8"],
                body: Array((metrics.render() + rateLimitMetrics()).utf8))
        }
        let started = ContinuousClock.now
        let requestId = requestIds.make("req", length: 14)
        if request.path.hasPrefix("/sim/") { return handlePage(request, requestId: requestId) }
        if request.path.hasPrefix("/oauth/") { return handleOAuth(request, requestId: requestId) }
        let decision = faultInjector.decide(method: request.method, path: request.path, header: request.headers["x-sim-fault"])
        if decision.latencyMs > 0 { Thread.sleep(forTimeInterval: Double(decision.latencyMs) / 1000) }
        var exchange = Exchange(
            request: request, requestId: requestId, fault: decision.label,
            defaultVersion: config.apiVersion, time: Date(timeIntervalSince1970: clock.now), logBase: state.baseURL)
        var response = process(&exchange, decision: decision)
        if decision.drop { response = .dropConnection }
        let elapsed = ContinuousClock.now - started
        let micros = Int(elapsed.components.seconds) * 1_000_000 + Int(elapsed.components.attoseconds / 1_000_000_000_000)
        if response.status != 0 { response.headers["Sim-Duration-Us"] = String(micros) }
        log.append(
            RequestLogEntry(
                time: exchange.time, method: request.method, path: request.path, account: exchange.account,
                idempotencyKey: exchange.idempotencyKey, params: exchange.paramsJSON,
                status: response.status, requestId: requestId, replayed: exchange.replayed, fault: decision.label,
                durationMicros: micros))
        recorder?.record(method: request.method, path: request.path, response: response)
        metrics.record(method: request.method, status: response.status, fault: decision.label)
        return response
    }

    /// What the pipeline learns about a request as it goes.
    struct Exchange {
        let request: HTTPRequest
        let requestId: String
        let fault: String?
        let time: Date
        let account: String?
        let idempotencyKey: String?
        var version: String
        var paramsJSON: JSONValue = .object([:])
        var replayed = false
        /// For a replay, the `Request-Id` of the request whose result it replays (sent back as
        /// `Original-Request`, as Stripe does).
        var originalRequest: String?
        /// The simulator's base URL, for errors' `request_log_url`.
        let logBase: String

        init(request: HTTPRequest, requestId: String, fault: String?, defaultVersion: String, time: Date, logBase: String) {
            self.logBase = logBase
            self.request = request
            self.time = time
            self.requestId = requestId
            self.fault = fault
            account = request.headers["stripe-account"].flatMap { $0.isEmpty ? nil : $0 }
            idempotencyKey = request.headers["idempotency-key"].flatMap { $0.isEmpty ? nil : $0 }
            version = request.headers["stripe-version"] ?? defaultVersion
        }

        /// A JSON answer with Stripe's standard headers.
        func answer(_ status: Int, _ body: [UInt8], extra: [String: String] = [:]) -> HTTPResponse {
            var headers = extra
            headers["Request-Id"] = requestId
            headers["Stripe-Version"] = version
            headers["Cache-Control"] = "no-cache, no-store"
            if let idempotencyKey { headers["Idempotency-Key"] = idempotencyKey }
            if let account { headers["Stripe-Account"] = account }
            if replayed { headers["Idempotent-Replayed"] = "true" }
            if let originalRequest { headers["Original-Request"] = originalRequest }
            return .json(status, body, headers: headers)
        }

        func answer(_ error: SimError) -> HTTPResponse {
            answer(error.status, error.body(requestId: requestId, logBase: logBase).serialized(), extra: error.headers)
        }
    }

    private func process(_ exchange: inout Exchange, decision: FaultInjector.Decision) -> HTTPResponse {
        let request = exchange.request
        if decision.rateLimited {
            var error = SimError(
                status: 429, type: "invalid_request_error", code: "rate_limit",
                message: "Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.")
            error.headers["Stripe-Should-Retry"] = "true"
            return exchange.answer(error)
        }
        if decision.fail500 {
            var error = SimError(
                status: 500, type: "api_error", code: nil,
                message: "An unknown error occurred while processing the request (simulated).")
            error.headers["Stripe-Should-Retry"] = "true"
            return exchange.answer(error)
        }
        if let problem = Self.authorizationProblem(request.headers["authorization"]) {
            return exchange.answer(SimError(status: 401, type: "invalid_request_error", code: nil, message: problem))
        }
        if let reason = rateLimiter.check(
            key: Self.bearerKey(request.headers["authorization"]),
            method: request.method, path: request.path)
        {
            return exchange.answer(Self.rateLimitError(reason: reason))
        }
        if let problem = Self.headerProblem(exchange) {
            if exchange.version != config.apiVersion, !SimAPIVersion.isKnown(exchange.version) { exchange.version = config.apiVersion }
            return exchange.answer(problem)
        }
        let params: [String: FormValue]
        do {
            params = try Self.parameters(of: request)
        } catch {
            return exchange.answer(error)
        }
        exchange.paramsJSON = FormValue.dict(params).json
        guard let match = routes.match(method: request.method, path: request.path) else {
            return exchange.answer(
                SimError(
                    status: 404, type: "invalid_request_error", code: nil,
                    message:
                        "Unrecognized request URL (\(request.method): \(request.path)). Please see https://stripe.com/docs or we can help at https://support.stripe.com/."
                ))
        }
        do {
            try Params(params).requireOnly(match.handler.allowed(in: SimAPIVersion(raw: exchange.version)).union(["expand"]))
            try ExpandPaths.check(Params(params))
        } catch {
            return exchange.answer(error)
        }
        let fingerprint = exchange.paramsJSON.serialized()
        let (status, body) = execute(
            match.handler, parameters: match.parameters, params: params,
            fingerprint: fingerprint, exchange: &exchange)
        return exchange.answer(status, body)
    }

    /// Runs the endpoint under the lock with idempotency, then hands events and delayed jobs on.
    private func execute(
        _ endpoint: Endpoint, parameters: [String: String], params: [String: FormValue],
        fingerprint: [UInt8], exchange: inout Exchange
    ) -> (Int, [UInt8]) {
        let (status, body, handoff) = locked { () -> (Int, [UInt8], Handoff) in
            executeLocked(endpoint, parameters: parameters, params: params, fingerprint: fingerprint, exchange: &exchange)
        }
        deliver(handoff)
        return (status, body)
    }

    /// The body of ``execute``, run with the lock held; returns the events to deliver.
    private func executeLocked(
        _ endpoint: Endpoint, parameters: [String: String], params: [String: FormValue],
        fingerprint: [UInt8], exchange: inout Exchange
    ) -> (Int, [UInt8], Handoff) {
        let request = exchange.request
        let scope = exchange.account ?? SimState.platform
        let idempotencySlot = exchange.idempotencyKey.map { "\(scope) \($0)" }
        if let account = exchange.account, state.get(account, scope: SimState.platform)?["object"] != "account" {
            let error = SimError(
                status: 403, type: "invalid_request_error", code: "account_invalid",
                message:
                    "The provided key does not have access to account '\(account)' (or that account does not exist). Application access may have been revoked."
            )
            return (error.status, error.body(requestId: exchange.requestId, logBase: exchange.logBase).serialized(), Handoff())
        }
        if let slot = idempotencySlot, let previous = state.idempotency[slot],
            state.now >= previous.created + SimState.idempotencyKeyLifetime
        {
            state.idempotency[slot] = nil
        }
        if request.method == "POST", let slot = idempotencySlot, let previous = state.idempotency[slot] {
            guard previous.method == request.method, previous.path == request.path,
                previous.fingerprint == fingerprint
            else {
                let error = SimError(
                    status: 400, type: "idempotency_error", code: nil,
                    message:
                        "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '\(exchange.idempotencyKey ?? "")' if you meant to execute a different request."
                )
                return (error.status, error.body(requestId: exchange.requestId, logBase: exchange.logBase).serialized(), Handoff())
            }
            exchange.replayed = true
            exchange.originalRequest = previous.requestId
            return (previous.status, previous.body, Handoff())
        }
        let call = SimCall(
            state: state, params: Params(params), pathParameters: parameters,
            account: exchange.account, requestId: exchange.requestId,
            idempotencyKey: exchange.idempotencyKey, stripeVersion: request.headers["stripe-version"])
        var status = 200
        var body: [UInt8]
        var saved = true
        do {
            let result = try endpoint.run(call)
            let expand = (try? call.params.stringArray("expand")).flatMap { $0 } ?? []
            body = call.version.render(state.expand(result, paths: expand, scope: scope)).serialized()
        } catch {
            status = error.status
            body = error.body(requestId: exchange.requestId, logBase: exchange.logBase).serialized()
            // Stripe saves a result only once the endpoint's execution began: a request its
            // parameter validation refused keeps the key free for the corrected retry.
            saved = !error.isValidation
        }
        if request.method == "POST", let slot = idempotencySlot, saved {
            state.idempotency[slot] = SimState.IdempotentResult(
                method: request.method, path: request.path, fingerprint: fingerprint, status: status, body: body,
                created: state.now, requestId: exchange.requestId)
        }
        return (status, body, drainHandoff())
    }

    /// Stripe's refusal of a request's headers, checked after the key: an unknown
    /// `Stripe-Version` ("Invalid Stripe API version: …"), an `Idempotency-Key` over 255
    /// characters (docs.stripe.com/api/idempotent_requests: "Idempotency keys are up to 255
    /// characters long"; Stripe's wording "Idempotent key length is N, which is outside accepted
    /// lengths. …"). Both 400 `invalid_request_error` without a code.
    static func headerProblem(_ exchange: Exchange) -> SimError? {
        if let sent = exchange.request.headers["stripe-version"], !SimAPIVersion.isKnown(sent) {
            return SimError(status: 400, type: "invalid_request_error", code: nil, message: SimAPIVersion.invalidMessage(exchange.version))
        }
        if let key = exchange.idempotencyKey, key.count > idempotencyKeyLength {
            return SimError(
                status: 400, type: "invalid_request_error", code: nil,
                message:
                    "Idempotent key length is \(key.count), which is outside accepted lengths. Idempotent Keys must be 1-\(idempotencyKeyLength) characters long. If you're looking for a decent generator, try using a UUID defined by IETF RFC 4122."
            )
        }
        return nil
    }

    /// Stripe's longest `Idempotency-Key`, in characters.
    static let idempotencyKeyLength = 255

    /// 401 message for a missing or non-test key, nil when the key is acceptable.
    static func authorizationProblem(_ header: String?) -> String? {
        guard let header, !header.isEmpty else {
            return
                "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."
        }
        var key = ""
        if header.hasPrefix("Bearer ") {
            key = String(header.dropFirst("Bearer ".count))
        } else if header.hasPrefix("Basic "), let data = Data(base64Encoded: String(header.dropFirst("Basic ".count))) {
            key = String(decoding: data, as: UTF8.self).split(separator: ":", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        }
        if key.hasPrefix("sk_test_") || key.hasPrefix("rk_test_"), key.count > 8 { return nil }
        let shown = key.count > 8 ? String(key.prefix(8)) + "*****" : "*****"
        return "Invalid API Key provided: \(shown)"
    }

    /// Form body for POST, query arguments otherwise.
    static func parameters(of request: HTTPRequest) throws(SimError) -> [String: FormValue] {
        if request.method == "POST", !request.body.isEmpty {
            return try FormParser.parse(body: request.body)
        }
        return try FormParser.parse(pairs: request.queryItems.map { ($0.name, $0.value) })
    }
}
