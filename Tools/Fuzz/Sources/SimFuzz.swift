import HTTPServer
import StripeSimCore

/// The simulator's request handling without a socket: method, path, query and a form (or
/// JSON) body from the input, with a valid test key. Any answer is fine; a crash is not,
/// and every answer is a JSON object (Stripe's shape) for /v1.
enum SimFuzz {
    static let simulator = StripeSimulator(config: SimulatorConfig())

    static func request(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        let method = ["GET", "POST", "DELETE", "PUT"][Int(reader.byte()) % 4]
        let roots = [
            "/v1/customers", "/v1/payment_intents", "/v1/checkout/sessions", "/v1/accounts", "/v1/refunds",
            "/v1/products", "/v1/prices", "/v1/terminal/readers", "/sim/faults", "/sim/webhooks/chaos",
            "/sim/clock", "/v1/events", "/sim/requests",
        ]
        var path = roots[Int(reader.byte()) % roots.count]
        if reader.byte() % 2 == 0 { path += "/" + reader.string(max: 24) }
        var query: [QueryItem] = []
        for _ in 0..<Int(reader.byte() % 3) { query.append(QueryItem(name: reader.string(max: 16), value: reader.string())) }
        var headers = ["authorization": "Bearer sk_test_fuzz"]
        if reader.byte() % 3 == 0 { headers["stripe-account"] = reader.string(max: 24) }
        if method == "POST" { headers["idempotency-key"] = reader.string(max: 16) }
        headers["content-type"] = reader.byte() % 4 == 0 ? "application/json" : "application/x-www-form-urlencoded"
        let request = HTTPRequest(method: method, path: path, headers: headers, body: reader.rest(), queryItems: query)
        let response = simulator.handle(request)
        if path.hasPrefix("/v1") {
            fuzzCheck(response.body.first == UInt8(ascii: "{"), "\(method) \(path) answered a non-JSON body")
        }
    }
}
