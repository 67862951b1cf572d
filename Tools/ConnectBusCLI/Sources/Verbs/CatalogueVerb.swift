import Foundation
import Messages

/// `connectbus catalogue [--out FILE]`: the message catalogue as one JSON Schema document.
public enum CatalogueVerb: Verb {
    /// `catalogue`.
    public static let name = "catalogue"
    /// One line for the verb list.
    public static let summary = "print the message catalogue (JSON Schema of every command, reply and event)"
    /// Options that take a value.
    public static let options: Set<String> = ["out"]
    /// Options without value.
    public static let flags: Set<String> = ["names"]
    /// The help text.
    public static let help = """
        usage: connectbus catalogue [--out FILE] [--names]

        Prints the catalogue: conventions (encoding, units, headers) and, per message, its
        kind, version, exchange, routing key, queue, reply and JSON Schema (draft 2020-12).
        A platform service in any language can publish commands and read events from it.
          --out FILE   write it to FILE instead of standard output
          --names      print only the names, one per line, with their kind
        """

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        if arguments.has("names") {
            for entry in Catalogue.all { Output.line("\(entry.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(entry.name)") }
            return 0
        }
        let document = Catalogue.jsonSchemaDocument()
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
}
