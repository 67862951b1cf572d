import Foundation
import Messages

/// `connectbus catalogue [--out FILE] [--asyncapi [--definitions FILE]]`: the message
/// catalogue as one JSON Schema document, or the same walk as an AsyncAPI 3.0.0 document.
public enum CatalogueVerb: Verb {
    /// `catalogue`.
    public static let name = "catalogue"
    /// One line for the verb list.
    public static let summary = "print the message catalogue (JSON Schema of every command, reply and event)"
    /// Options that take a value.
    public static let options: Set<String> = ["out", "definitions"]
    /// Options without value.
    public static let flags: Set<String> = ["names", "asyncapi"]
    /// The help text.
    public static let help = """
        usage: connectbus catalogue [--out FILE] [--names] [--asyncapi [--definitions FILE]]

        Prints the catalogue: conventions (encoding, units, headers) and, per message, its
        kind, version, exchange, routing key, queue, reply and JSON Schema (draft 2020-12).
        A platform service in any language can publish commands and read events from it.
          --out FILE   write it to FILE instead of standard output
          --names      print only the names, one per line, with their kind
          --asyncapi   print the AsyncAPI 3.0.0 document instead (YAML; docs/asyncapi.yaml):
                       servers, a channel per command queue, reply, event and the history
                       stream, AMQP bindings, replies, payload schemas with examples, and the
                       broker users and rights as security schemes
          --definitions FILE  the RabbitMQ definitions the users and rights come from
                       (default docker/rabbitmq/definitions.json, from the repository root)
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        if arguments.has("names") {
            for entry in Catalogue.all { Output.line("\(entry.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.name)") }
            return 0
        }
        let document = try arguments.has("asyncapi") ? Array(asyncAPI(arguments).utf8) : Catalogue.jsonSchemaDocument()
        guard let path = arguments.value("out") else {
            Output.line(String(decoding: document, as: UTF8.self))
            return 0
        }
        guard FileManager.default.createFile(atPath: path, contents: Data(document)) else {
            throw CLIError("cannot write \(path)", hint: "check that the folder exists and is writable")
        }
        Output.error("wrote \(Catalogue.all.count) messages to \(path)")
        return 0
    }

    /// Where the broker users and rights are read from when `--definitions` is not given.
    static let defaultDefinitions = "docker/rabbitmq/definitions.json"

    /// The AsyncAPI document (YAML) with the users of `--definitions`.
    /// - Throws: ``CLIError`` when the definitions file is missing or not JSON.
    static func asyncAPI(_ arguments: ParsedArguments) throws -> String {
        let path = arguments.value("definitions") ?? defaultDefinitions
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError(
                "cannot read \(path)", hint: "run from the repository root or pass --definitions docker/rabbitmq/definitions.json")
        }
        guard let definitions = try? JSONDecoder().decode(JSONValue.self, from: data) else {
            throw CLIError("\(path) is not JSON", hint: "it is RabbitMQ's definitions export (docker/rabbitmq/definitions.json)")
        }
        return Catalogue.asyncAPIDocument(definitions: definitions)
    }
}
