import HTTPServer

/// Terminal: `/v1/terminal/connection_tokens`, `/v1/terminal/locations`,
/// `/v1/terminal/readers` (simulated readers registered with `simulated-wpe` or
/// `simulated-s700`). Reader actions live in ``ReaderActions``.
/// See https://docs.stripe.com/api/terminal.
enum TerminalEndpoints {
    static let locationFields: Set<String> = ["display_name", "address", "metadata", "configuration_overrides"]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/terminal/connection_tokens",
            Endpoint(["location"]) { call throws(SimError) in
                var token: JSONValue = ["object": "terminal.connection_token", "secret": .string(SimIDs.make("pst_test", length: 24))]
                if let location = try call.params.string("location") {
                    _ = try call.state.require(location, type: "terminal.location", scope: call.scope, noun: "terminal.location", param: "location")
                    token["location"] = .string(location)
                }
                return token
            })
        paths.add(
            "POST", "/v1/terminal/locations",
            Endpoint(locationFields) { call throws(SimError) in
                let name = try call.params.requiredString("display_name")
                guard let address = try call.params.hash("address", allowed: ["line1", "line2", "city", "state", "postal_code", "country"]) else {
                    throw SimError.missing("address")
                }
                _ = try address.requiredString("country")
                var rendered = AccountObjects.nullAddress
                for (key, value) in address.values { rendered[key] = value.json }
                let location: JSONValue = [
                    "id": .string(SimIDs.make("tml")), "object": "terminal.location", "address": rendered,
                    "display_name": .string(name), "livemode": false, "metadata": try call.params.metadata() ?? [:],
                ]
                call.state.insert(location, scope: call.scope)
                return location
            })
        paths.add(
            "GET", "/v1/terminal/locations",
            Endpoint(SimList.parameters) { call throws(SimError) in
                try SimList.page(call.state.list(type: "terminal.location", scope: call.scope), url: "/v1/terminal/locations", params: call.params)
            })
        paths.add(
            "GET", "/v1/terminal/locations/:id",
            Endpoint([]) { call throws(SimError) in
                try call.state.require(call.id(), type: "terminal.location", scope: call.scope, noun: "terminal.location")
            })
        // Stripe's location update: `display_name`, `address` (merged into the stored one),
        // `metadata`, `configuration_overrides`.
        paths.add(
            "POST", "/v1/terminal/locations/:id",
            Endpoint(locationFields) { call throws(SimError) in
                var location = try call.state.require(call.id(), type: "terminal.location", scope: call.scope, noun: "terminal.location")
                if let name = try call.params.string("display_name") {
                    guard !name.isEmpty else { throw SimError.cannotUnset("display_name") }
                    location["display_name"] = .string(name)
                }
                if let address = try call.params.hash("address", allowed: ["line1", "line2", "city", "state", "postal_code", "country"]) {
                    var rendered = location["address"] ?? AccountObjects.nullAddress
                    for (key, value) in address.values { rendered[key] = value.json }
                    location["address"] = rendered
                }
                if let overrides = try call.params.string("configuration_overrides") {
                    location["configuration_overrides"] = overrides.isEmpty ? .null : .string(overrides)
                }
                if let metadata = try call.params.metadata() { location["metadata"] = metadata }
                call.state.replace(location)
                return location
            })
        paths.add(
            "DELETE", "/v1/terminal/locations/:id",
            Endpoint([]) { call throws(SimError) in
                _ = try call.state.require(call.id(), type: "terminal.location", scope: call.scope, noun: "terminal.location")
                call.state.remove(call.id())
                return call.deletedObject("terminal.location")
            })
        paths.add("POST", "/v1/terminal/readers", Endpoint(["registration_code", "label", "location", "metadata"], registerReader))
        paths.add(
            "GET", "/v1/terminal/readers",
            Endpoint(SimList.parameters.union(["location", "status", "device_type", "serial_number"])) { call throws(SimError) in
                let location = try call.params.string("location")
                let items = call.state.list(type: "terminal.reader", scope: call.scope) { location == nil || $0["location"]?.stringValue == location }
                return try SimList.page(items, url: "/v1/terminal/readers", params: call.params)
            })
        paths.add("GET", "/v1/terminal/readers/:id", Endpoint([]) { call throws(SimError) in try ReaderActions.reader(call) })
        // Stripe's reader update: `label` and `metadata`.
        paths.add(
            "POST", "/v1/terminal/readers/:id",
            Endpoint(["label", "metadata"]) { call throws(SimError) in
                var reader = try ReaderActions.reader(call)
                try SimUpdate.apply(call.params, to: &reader, strings: ["label"])
                call.state.replace(reader)
                return reader
            })
        paths.add(
            "DELETE", "/v1/terminal/readers/:id",
            Endpoint([]) { call throws(SimError) in
                _ = try ReaderActions.reader(call)
                call.state.remove(call.id())
                return call.deletedObject("terminal.reader")
            })
        ReaderActions.register(&paths)
    }

    private static func registerReader(_ call: SimCall) throws(SimError) -> JSONValue {
        let code = try call.params.requiredString("registration_code")
        let deviceType: String
        switch code {
        case "simulated-wpe": deviceType = "simulated_wisepos_e"
        case "simulated-s700": deviceType = "simulated_stripe_s700"
        default:
            throw SimError.invalidRequest(
                "The registration code \(code) is invalid. Use simulated-wpe or simulated-s700 with the simulator.",
                param: "registration_code", code: "resource_missing")
        }
        let location = try call.params.requiredString("location")
        _ = try call.state.require(location, type: "terminal.location", scope: call.scope, noun: "terminal.location", param: "location")
        let reader: JSONValue = [
            "id": .string(SimIDs.make("tmr")), "object": "terminal.reader", "action": nil, "device_sw_version": "2.37.2.0",
            "device_type": .string(deviceType), "ip_address": "0.0.0.0", "label": .string(try call.params.string("label") ?? deviceType),
            "last_seen_at": .int(call.now * 1000), "livemode": false, "location": .string(location),
            "metadata": try call.params.metadata() ?? [:], "serial_number": .string(SimIDs.make("sim", length: 16)), "status": "online",
        ]
        call.state.insert(reader, scope: call.scope)
        return reader
    }
}
