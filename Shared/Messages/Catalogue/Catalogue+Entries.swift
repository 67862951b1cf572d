extension Catalogue {
    /// The entries of one message type: one for an event, two (command, reply) for a command.
    static func entries<M: BusMessage>(for type: M.Type) -> [CatalogueEntry] {
        if let command = type as? any CommandMessage.Type {
            return commandEntries(command)
        }
        let isEvent = type is any EventMessage.Type
        return [
            CatalogueEntry(
                name: M.messageName, kind: isEvent ? .event : .command, version: M.schemaVersion,
                swiftType: String(describing: M.self), description: M.messageDescription,
                exchange: isEvent ? CatalogueEntry.eventsExchange : CatalogueEntry.commandsExchange,
                routingKey: M.messageName, queue: nil, related: nil,
                schema: messageSchema(
                    M.self, title: String(describing: M.self), description: M.messageDescription,
                    strict: !isEvent),
                messageType: M.self)
        ]
    }

    static func commandEntries<C: CommandMessage>(_ type: C.Type) -> [CatalogueEntry] {
        let name = String(describing: C.self)
        var schema = messageSchema(C.self, title: name, description: C.messageDescription, strict: true)
        if let examples = (C.self as? any ExampleDocumented.Type)?.examples, case .object(var object) = schema {
            object["examples"] = .array(examples)
            schema = .object(object)
        }
        let command = CatalogueEntry(
            name: C.messageName, kind: .command, version: C.schemaVersion, swiftType: name,
            description: C.messageDescription, exchange: CatalogueEntry.commandsExchange,
            routingKey: C.messageName, queue: C.queueName, related: C.replyName,
            schema: schema, messageType: C.self)
        let replyText = "Reply to \(C.messageName): {\"ok\":true,\"result\":…} or {\"ok\":false,\"error\":…}."
        let codes = errorCodes(of: C.self)
        let reply = CatalogueEntry(
            name: C.replyName, kind: .reply, version: C.schemaVersion, swiftType: "Reply<\(name).Result>",
            description: replyText, exchange: "", routingKey: nil, queue: nil, related: C.messageName,
            schema: replySchema(C.Result.self, title: "\(name).Reply", description: replyText, errorCodes: codes), messageType: nil,
            errorCodes: codes)
        return [command, reply]
    }

    /// Every error code the command `C` can answer: its declaration (``DeclaresErrorCodes``)
    /// with the limit codes of its fields and the runtime's; nil when `C` declares none.
    public static func errorCodes<C: CommandMessage>(of _: C.Type) -> [DeclaredErrorCode]? {
        guard let declared = (C.self as? any DeclaresErrorCodes.Type)?.errorCodes else { return nil }
        return declared.answerable(limits: KnownFields.shape(of: C.self).map(CommandLimits.errorCodes(of:)) ?? [])
    }

    /// The schema of a message body with `$schema`, `title` and `description`; `strict`
    /// (commands) closes every object (`additionalProperties: false`).
    static func messageSchema<T: Decodable>(
        _ type: T.Type, title: String, description: String,
        strict: Bool = false
    ) -> JSONValue {
        var schema: [String: JSONValue] = [:]
        if case .object(let o) = recordedSchema(T.self, strict: strict) { schema = o }
        schema["$schema"] = .string("https://json-schema.org/draft/2020-12/schema")
        schema["title"] = .string(title)
        schema["description"] = .string(description)
        return .object(schema)
    }

    /// The schema of a reply: `oneOf` the success and the error form. With `errorCodes`, the
    /// error's `code` is one of them (`enum`) or a member of one of their families (`pattern`).
    static func replySchema<R: Decodable>(
        _ type: R.Type, title: String, description: String, errorCodes: [DeclaredErrorCode]? = nil
    ) -> JSONValue {
        func form(_ ok: Bool, _ key: String, _ body: JSONValue) -> JSONValue {
            .object([
                "type": .string("object"),
                "properties": .object(["ok": .object(["const": .bool(ok)]), key: body]),
                "required": .array([.string("ok"), .string(key)]),
            ])
        }
        return .object([
            "$schema": .string("https://json-schema.org/draft/2020-12/schema"),
            "title": .string(title), "description": .string(description),
            "oneOf": .array([
                form(true, "result", recordedSchema(R.self)),
                form(false, "error", errorSchema(codes: errorCodes)),
            ]),
        ])
    }

    /// The recorded schema of a type, or `{}` (anything) when it cannot be recorded.
    static func recordedSchema<T: Decodable>(_ type: T.Type, strict: Bool = false) -> JSONValue {
        guard let (_, node) = try? SchemaRecorder.record(T.self) else { return .object([:]) }
        return node.jsonSchema(strict: strict)
    }

    /// The schema of ``ReplyError``, its `code` limited to `codes` when given.
    static func errorSchema(codes: [DeclaredErrorCode]?) -> JSONValue {
        let schema = recordedSchema(ReplyError.self)
        guard let codes, case .object(var object) = schema, case .object(var properties)? = object["properties"] else { return schema }
        let exact = codes.filter { !$0.isFamily }.map { JSONValue.string($0.code) }
        let families = codes.filter(\.isFamily).map { String($0.code.dropLast(2)) }
        var choices: [JSONValue] = [["enum": .array(exact)]]
        if !families.isEmpty {
            choices.append(["pattern": .string("^(\(families.joined(separator: "|")))\\.")])
        }
        properties["code"] = [
            "type": "string",
            "description": "One of the codes this command can answer (the reply's error_codes, with their meanings).",
            "anyOf": .array(choices),
        ]
        object["properties"] = .object(properties)
        return .object(object)
    }
}
