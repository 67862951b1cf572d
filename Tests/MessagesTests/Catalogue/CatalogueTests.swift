import Foundation
import Testing
@testable import Messages

@Suite struct CatalogueTests {
    let catalogue = Catalogue.standard

    @Test func namesAreUniqueAndFollowTheConventions() {
        let names = catalogue.entries.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(Set(Catalogue.messageTypes.map { String(describing: $0) }).count == Catalogue.messageTypes.count)
        for entry in catalogue.entries {
            switch entry.kind {
            case .command:
                #expect(entry.name.split(separator: ".").count == 2, "\(entry.name)")
                #expect(entry.queue == entry.name)
                #expect(entry.exchange == "connectbus.commands")
                #expect(entry.related == entry.name + ".reply")
            case .event:
                #expect(entry.name.split(separator: ".").count == 3, "\(entry.name)")
                #expect(entry.exchange == "connectbus.events")
                #expect(entry.routingKey == entry.name)
            case .reply:
                #expect(entry.name.hasSuffix(".reply"))
                #expect(entry.routingKey == nil)
            }
            #expect(entry.version >= 1)
            #expect(!entry.description.isEmpty, "\(entry.name) has no description")
        }
    }

    /// The wire names of every message type Shared/Messages declares (each type's
    /// `static let messageName = "…"`), read from the sources: the domains' `.all` lists are
    /// the one list the catalogue, the routes' checks and the documents are built from, so a
    /// type left out of them would be invisible to every check but this one.
    static func declaredMessageNames() throws -> Set<String> {
        let declaration = try Regex(#"static let messageName = "([a-z_.]+)""#)
        var names: Set<String> = []
        for source in try messageSources() {
            for match in source.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// The text of every Swift source in Shared/Messages.
    static func messageSources() throws -> [String] {
        let messages = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Shared/Messages")
        let files = FileManager.default.enumerator(at: messages, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return try files.filter { $0.pathExtension == "swift" }.map { try String(contentsOf: $0, encoding: .utf8) }
    }

    /// The first paragraph of each message type's doc comment, by wire name: the `///` lines
    /// above the top-level `public struct`/`enum`/`final class` that declares the
    /// `messageName`, up to the first empty `///` line, joined with single spaces.
    static func declaredDocSummaries() throws -> [String: String] {
        let declaration = try Regex(#"static let messageName = "([a-z_.]+)""#)
        var summaries: [String: String] = [:]
        for source in try messageSources() {
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                guard let name = line.firstMatch(of: declaration)?.output[1].substring else { continue }
                let type = lines[..<index].lastIndex {
                    $0.hasPrefix("public struct ") || $0.hasPrefix("public enum ") || $0.hasPrefix("public final class ")
                }
                guard let type else { continue }
                let doc = lines[..<type].reversed().prefix { $0.hasPrefix("///") }.reversed()
                let summary = doc.prefix { $0 != "///" }.map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) }
                summaries[String(name)] = summary.joined(separator: " ")
            }
        }
        return summaries
    }

    @Test func everyDeclaredMessageIsCatalogued() throws {
        let declared = try Self.declaredMessageNames()
        #expect(declared.count >= 80, "the sources were not found: \(declared)")
        let commands = Set(catalogue.entries.filter { $0.kind == .command }.map(\.name))
        let events = Set(catalogue.entries.filter { $0.kind == .event }.map(\.name))
        #expect(declared.subtracting(commands.union(events)).sorted() == [], "declared but missing from their domain's .all list")
        #expect(commands.union(events).subtracting(declared).sorted() == [])
        #expect(Catalogue.messageTypes.count == declared.count)
        #expect(catalogue.entries.filter { $0.kind == .reply }.count == commands.count)
    }

    /// A message type describes itself once, in `messageDescription` (the text of the
    /// catalogue, the AsyncAPI document, the JSON Schemas and `connectbus` help): its doc
    /// comment's first paragraph only points there, so the two cannot drift apart. The text is
    /// read outside Swift, so it holds no DocC symbol links.
    @Test func everyMessageTypeDescribesItselfOnce() throws {
        let summaries = try Self.declaredDocSummaries()
        #expect(summaries.count == (try Self.declaredMessageNames()).count, "the type declaring a messageName was not found")
        let describedTwice = summaries.filter { name, summary in
            summary != "`\(name)`, described in ``messageDescription`` (the catalogue's text)."
        }
        #expect(describedTwice.keys.sorted() == [], "doc comments that describe the message again: \(describedTwice.sorted { $0.key < $1.key })")
        for entry in catalogue.entries {
            #expect(!entry.description.contains("``"), "\(entry.name): DocC syntax in the catalogue's text")
        }
    }

    @Test func commandSchemasAreClosedAndEventSchemasOpen() throws {
        for entry in catalogue.entries {
            let closed = entry.schema["additionalProperties"] == .bool(false)
            switch entry.kind {
            case .command: #expect(closed, "\(entry.name)")
            case .event: #expect(entry.schema["additionalProperties"] == .bool(true), "\(entry.name)")
            case .reply: break
            }
        }
        let account = try #require(catalogue.entry(named: "onboarding.create_account")).schema
        // type, controller or neither, never both.
        let notBoth: JSONValue = .object(["not": .object(["required": .array([.string("type"), .string("controller")])])])
        #expect(account["not"] == notBoth["not"] || (account["allOf"]?.arrayValue ?? []).contains(notBoth))
        let controller = account["properties"]?["controller"]
        #expect(controller?["additionalProperties"] == .bool(false))
        #expect(controller?["properties"]?["fees"]?["required"] == .array([.string("payer")]))
        // String maps stay open: any metadata key.
        #expect(account["properties"]?["metadata"]?["additionalProperties"]?["type"] == .string("string"))
        let checkout = try #require(catalogue.entry(named: "payments.create_checkout_session")).schema
        let checkoutRules = [checkout] + (checkout["allOf"]?.arrayValue ?? [])
        #expect(checkoutRules.contains { $0["if"] != nil && $0["then"] != nil && $0["else"] != nil })
        #expect(checkout["properties"]?["line_items"]?["items"]?["oneOf"] != nil)
    }

    @Test func everyCommandSchemaHasItsRequiredFields() throws {
        let checkout = try #require(catalogue.entry(named: "payments.create_checkout_session"))
        #expect(checkout.schema["required"] == .array(["account", "order_reference", "line_items"].map(JSONValue.string)))
        let lineItem = checkout.schema["properties"]?["line_items"]?["items"]
        #expect(lineItem?["required"] == .array([.string("quantity")]))
        #expect(
            lineItem?["properties"]?["price_data"]?["required"]
                == .array(["product_name", "unit_amount", "currency"].map(JSONValue.string)))
        #expect(
            checkout.schema["properties"]?["ui_mode"]?["enum"]
                == .array(["hosted_page", "embedded_page", "elements", "hosted", "embedded"].map(JSONValue.string)))
        #expect(
            checkout.schema["properties"]?["redirect_on_completion"]?["enum"]
                == .array(["always", "if_required", "never"].map(JSONValue.string)))
        for entry in catalogue.entries where entry.kind == .command {
            #expect(entry.schema["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
            #expect(entry.schema["type"] == .string("object"), "\(entry.name)")
            let required = entry.schema["required"]?.arrayValue ?? []
            let properties = entry.schema["properties"]
            for field in required {
                #expect(properties?[field.stringValue ?? ""] != nil, "\(entry.name): \(field)")
            }
            if entry.name != "terminal.reconcile", entry.name != "terminal.list_readers",
                entry.name != "terminal.create_connection_token", entry.name != "notifications.backfill"
            {
                #expect(!required.isEmpty, "\(entry.name) has no required field")
            }
        }
    }

    @Test func amountsAndCurrenciesDocumentTheirUnits() throws {
        let intent = try #require(catalogue.entry(named: "payments.create_payment_intent"))
        let amount = intent.schema["properties"]?["amount"]?["description"]?.stringValue ?? ""
        #expect(amount.contains("smallest unit"))
        #expect(intent.schema["properties"]?["currency"]?["pattern"] == .string("^[a-z]{3}$"))
        #expect(intent.schema["properties"]?["currency"]?["description"]?.stringValue?.contains("ISO 4217") == true)
        let fee = intent.schema["properties"]?["application_fee_amount"]?["description"]?.stringValue ?? ""
        #expect(fee.contains("smallest unit"))
    }

    @Test func replySchemaHasBothForms() throws {
        let reply = try #require(catalogue.entry(named: "payments.create_checkout_session.reply"))
        let forms = reply.schema["oneOf"]?.arrayValue ?? []
        #expect(forms.count == 2)
        #expect(forms.first?["properties"]?["result"]?["required"]?.arrayValue?.contains(.string("checkout_session")) == true)
        #expect(
            forms.last?["properties"]?["error"]?["required"]
                == .array(["code", "message", "retryable"].map(JSONValue.string)))
    }

    @Test func exportedDocumentIsValidJSON() throws {
        let bytes = Catalogue.jsonSchemaDocument()
        let object = try JSONSerialization.jsonObject(with: Data(bytes))
        let root = try #require(object as? [String: Any])
        let messages = try #require(root["messages"] as? [String: Any])
        #expect(messages.count == catalogue.entries.count)
        let checkout = try #require(messages["payments.create_checkout_session"] as? [String: Any])
        #expect(checkout["kind"] as? String == "command")
        #expect(checkout["queue"] as? String == "payments.create_checkout_session")
        #expect(checkout["routing_key"] as? String == "payments.create_checkout_session")
        #expect(checkout["reply"] as? String == "payments.create_checkout_session.reply")
        #expect(checkout["reply_schema"] is [String: Any])
        let paid = try #require(messages["payments.order.paid"] as? [String: Any])
        #expect(paid["kind"] as? String == "event")
        #expect(paid["queue"] == nil)
        #expect(try JSONValue(from: bytes) == catalogue.document)
    }
}

extension JSONValue {
    init(from bytes: [UInt8]) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }
}

@Suite struct CatalogueExampleTests {
    @Test func everyExampleBodyIsOneTheServiceAccepts() throws {
        var count = 0
        for entry in Catalogue.standard.entries where entry.kind == .command {
            for example in entry.schema["examples"]?.arrayValue ?? [] {
                count += 1
                let body = example.bytes()
                let type = try #require(Catalogue.messageType(named: entry.name) as? any CommandMessage.Type)
                #expect(
                    CommandCorpusTests.verdict(type, body) == nil,
                    "\(entry.name): \(String(decoding: body, as: UTF8.self))")
            }
        }
        #expect(count >= 7)
    }
}
