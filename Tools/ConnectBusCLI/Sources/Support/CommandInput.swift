import Messages

/// Turns the JSON an operator typed into a checked command body: looks the command up in
/// the ``Catalogue``, decodes the JSON into its Swift type strictly, as the services do
/// (unknown, missing or mistyped fields are reported by wire name) and runs its ``Validatable/validate()`` rules.
/// Stateless; thread-safe.
public enum CommandInput {
    /// A checked command: its catalogue type and the body to publish.
    public struct Checked: Sendable {
        /// The wire name, e.g. `payments.create_product`.
        public var name: String
        /// `x-schema-version` of the body.
        public var schemaVersion: Int
        /// The body as decoded and re-encoded (snake_case, sorted keys).
        public var body: [UInt8]
    }

    /// Checks `json` as the body of command `name`.
    ///
    /// When `account` is given and the body is an object without `account`, the account is
    /// added to it (every command on a connected account names it in its body).
    /// - Throws: ``CLIError`` for an unknown command (with the closest names), for JSON
    ///   that does not parse, for a field that does not decode (naming the field) and for a
    ///   broken validation rule (naming the field and the rule's code).
    public static func check(name: String, json: [UInt8], account: String?) throws(CLIError) -> Checked {
        guard let type = Catalogue.messageType(named: name), type is any CommandMessage.Type else {
            throw unknownCommand(name)
        }
        var body = json
        if let account, var object = JSONDisplay.parse(json) as? [String: Any], object["account"] == nil {
            object["account"] = account
            body = Array(JSONDisplay.render(object, pretty: false).utf8)
        }
        guard JSONDisplay.parse(body) != nil else {
            throw CLIError(
                "the body of \(name) is not valid JSON",
                hint: "pass an object, e.g. --json '{\"account\":\"acct_…\"}'; see `connectbus catalogue` for its schema",
                exitCode: 2)
        }
        return Checked(name: name, schemaVersion: type.schemaVersion, body: try decodeAndValidate(type, body, name: name))
    }

    /// Decodes into `M`, validates and re-encodes.
    static func decodeAndValidate<M: BusMessage>(_ type: M.Type, _ bytes: [UInt8], name: String) throws(CLIError) -> [UInt8] {
        let message: M
        do {
            message = try MessageCoder.decodeMessage(M.self, from: bytes)
        } catch {
            let field = error.field.isEmpty ? "" : "field \(error.field): "
            throw CLIError(
                "\(name): \(field)\(error.reason)",
                hint: "see the schema with `connectbus catalogue | jq '.messages[\"\(name)\"].schema'`",
                exitCode: 2)
        }
        if let validatable = message as? any Validatable {
            do {
                try validatable.validate()
            } catch {
                let field = error.field.map { "field \($0): " } ?? ""
                throw CLIError(
                    "\(name): \(field)\(error.message) (\(error.code))",
                    hint: "fix the field and send again; nothing was published", exitCode: 2)
            }
        }
        do {
            return try MessageCoder.encode(message)
        } catch {
            throw CLIError("\(name): cannot encode the command: \(error)")
        }
    }

    /// The error for a name that is not a command, listing commands that share its prefix.
    static func unknownCommand(_ name: String) -> CLIError {
        let commands = Catalogue.all.filter { $0.kind == .command }.map(\.name)
        let prefix = name.split(separator: ".").first.map(String.init) ?? name
        let close = commands.filter { $0.hasPrefix(prefix + ".") }
        let list = (close.isEmpty ? commands : close).joined(separator: ", ")
        return CLIError(
            "\(name) is not a command of the catalogue",
            hint: "commands\(close.isEmpty ? "" : " of \(prefix)"): \(list)", exitCode: 2)
    }
}
