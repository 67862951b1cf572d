import HTTPServer

/// `/v1/accounts/:id/persons` (create, retrieve, update, list, delete; `person.created`,
/// `person.updated`, `person.deleted` on the connected account). A representative
/// (`relationship[representative]=true`) clears the `representative.*` requirements.
/// See https://docs.stripe.com/api/persons.
enum PersonEndpoints {
    static let writable: Set<String> = [
        "first_name", "last_name", "email", "phone", "dob", "address", "relationship", "metadata",
        "id_number", "ssn_last_4", "nationality", "verification",
    ]
    static let relationshipKeys: Set<String> = [
        "representative", "owner", "director", "executive", "title", "percent_ownership", "authorizer",
    ]

    static func register(_ paths: inout PathTable<Endpoint>) {
        paths.add(
            "POST", "/v1/accounts/:id/persons",
            Endpoint(writable) { call throws(SimError) in
                _ = try AccountEndpoints.visible(call, call.id())
                var person: JSONValue = [
                    "id": .string(SimIDs.make("person")), "object": "person", "account": .string(call.id()),
                    "created": .int(call.now), "metadata": [:],
                    "relationship": [
                        "director": false, "executive": false, "owner": false, "representative": false,
                        "percent_ownership": nil, "title": nil, "authorizer": nil,
                    ],
                    "requirements": AccountObjects.personRequirements,
                    "future_requirements": AccountObjects.personRequirements,
                    "additional_tos_acceptances": ["account": ["date": nil, "ip": nil, "user_agent": nil]],
                    "verification": ["status": "unverified"], "id_number_provided": false, "ssn_last_4_provided": false,
                    "first_name": nil, "last_name": nil, "email": nil, "phone": nil,
                    "dob": ["day": nil, "month": nil, "year": nil], "address": AccountObjects.nullAddress,
                ]
                try apply(call.params, to: &person)
                call.state.insert(person, scope: SimState.platform)
                call.state.emit("person.created", person, scope: call.id(), requestId: call.requestId, idempotencyKey: call.idempotencyKey)
                try updateRequirements(call, person: person)
                return person
            })
        paths.add(
            "DELETE", "/v1/accounts/:id/persons/:person",
            Endpoint([]) { call throws(SimError) in
                let person = try person(call)
                call.state.remove(person["id"]?.stringValue ?? "")
                call.state.emit("person.deleted", person, scope: call.id(), requestId: call.requestId, idempotencyKey: call.idempotencyKey)
                try updateRequirements(call, person: person)
                return ["id": .string(call.id("person")), "object": "person", "deleted": true]
            })
        paths.add(
            "GET", "/v1/accounts/:id/persons",
            Endpoint(SimList.parameters.union(["relationship"])) { call throws(SimError) in
                _ = try AccountEndpoints.visible(call, call.id())
                let persons = call.state.list(type: "person", scope: SimState.platform) { $0["account"]?.stringValue == call.id() }
                return try SimList.page(persons, url: "/v1/accounts/\(call.id())/persons", params: call.params)
            })
        paths.add(
            "GET", "/v1/accounts/:id/persons/:person",
            Endpoint([]) { call throws(SimError) in
                try person(call)
            })
        paths.add(
            "POST", "/v1/accounts/:id/persons/:person",
            Endpoint(writable) { call throws(SimError) in
                var person = try person(call)
                try apply(call.params, to: &person)
                call.state.replace(person)
                call.state.emit(
                    "person.updated", person, scope: call.id(), requestId: call.requestId,
                    idempotencyKey: call.idempotencyKey)
                try updateRequirements(call, person: person)
                return person
            })
    }

    private static func person(_ call: SimCall) throws(SimError) -> JSONValue {
        _ = try AccountEndpoints.visible(call, call.id())
        let person = try call.state.require(call.id("person"), type: "person", scope: SimState.platform)
        guard person["account"]?.stringValue == call.id() else { throw SimError.missingResource("person", call.id("person")) }
        return person
    }

    private static func apply(_ params: Params, to person: inout JSONValue) throws(SimError) {
        for key in ["first_name", "last_name", "email", "phone", "nationality"] {
            if let value = try params.string(key) { person[key] = .string(value) }
        }
        for key in ["dob", "address"] {
            if let value = params.json(key) {
                person[key] = AccountEndpoints.merge(person[key], AccountEndpoints.typed(value, integers: ["day", "month", "year"]))
            }
        }
        if try params.string("id_number") != nil { person["id_number_provided"] = true }
        if try params.string("ssn_last_4") != nil { person["ssn_last_4_provided"] = true }
        if let metadata = try params.metadata() { person["metadata"] = metadata }
        if let relationship = try params.hash("relationship", allowed: relationshipKeys) {
            var current = person["relationship"]?.objectValue ?? [:]
            for key in ["representative", "owner", "director", "executive", "authorizer"] {
                if let value = try relationship.bool(key) { current[key] = .bool(value) }
            }
            if let title = try relationship.string("title") { current["title"] = .string(title) }
            if let percent = try relationship.string("percent_ownership") {
                current["percent_ownership"] = Double(percent).map { .double($0) } ?? .string(percent)
            }
            person["relationship"] = .object(current)
        }
    }

    /// Recomputes the account's requirements now that a person changed
    /// (``AccountRequirements``: representatives and owners with names clear theirs).
    private static func updateRequirements(_ call: SimCall, person: JSONValue) throws(SimError) {
        let old = try AccountEndpoints.visible(call, call.id())
        var account = old
        AccountRequirements.recompute(&account, state: call.state)
        guard account != old else { return }
        call.state.replace(account)
        call.state.emit(
            "account.updated", account, scope: call.id(),
            previous: SimState.previousAttributes(old: old, new: account),
            requestId: call.requestId, idempotencyKey: call.idempotencyKey)
    }
}
