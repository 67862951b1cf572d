import Foundation
import Testing
@testable import Messages

/// `docs/asyncapi.yaml`, the AsyncAPI 3.0.0 document of the whole bus, is generated from the
/// same entries as the catalogue and the broker users of `docker/rabbitmq/definitions.json`:
/// it must be what the code renders today and cover every command, reply and event.
@Suite struct AsyncAPIFileTests {
    /// The checked-in document and how to regenerate it.
    static let file = CheckedInFile(
        path: "docs/asyncapi.yaml",
        regenerate: "regenerate it with `make catalogue-file` (connectbus catalogue --asyncapi --out docs/asyncapi.yaml) and commit it")

    /// The repository's broker definitions.
    static func definitions() throws -> JSONValue {
        let url = CheckedInFile.repository.appendingPathComponent("docker/rabbitmq/definitions.json")
        return try JSONDecoder().decode(JSONValue.self, from: try Data(contentsOf: url))
    }

    @Test func theCheckedInDocumentIsTheOneTheCodeRenders() throws {
        Self.file.expect(rendered: Catalogue.asyncAPIDocument(definitions: try Self.definitions()))
    }

    @Test func everyCommandReplyAndEventHasItsChannelMessageAndOperation() throws {
        let document = Catalogue.standard.asyncAPI(definitions: try Self.definitions())
        let keys = Set(Catalogue.all.map { Catalogue.asyncAPIKey($0.name) })
        #expect(keys.count == Catalogue.all.count, "two wire names share an AsyncAPI key")
        for entry in Catalogue.all {
            let id = Catalogue.asyncAPIKey(entry.name)
            #expect(document["components"]?["messages"]?[id]?["name"] == .string(entry.name))
            #expect(document["components"]?["schemas"]?[id] == entry.schema)
            let channel = document["channels"]?[id]
            #expect(channel?["messages"]?[id]?["$ref"] == .string("#/components/messages/\(id)"), "\(entry.name)")
            switch entry.kind {
            case .command:
                #expect(channel?["address"] == .string(entry.name))
                let send = document["operations"]?["send_\(id)"]
                #expect(send?["action"] == "send")
                let reply = Catalogue.asyncAPIKey(entry.related ?? "")
                #expect(send?["reply"]?["channel"]?["$ref"] == .string("#/channels/\(reply)"), "\(entry.name)")
            case .reply:
                #expect(channel?["address"] == .null)
            case .event:
                #expect(document["operations"]?["receive_\(id)"]?["action"] == "receive")
                #expect(document["channels"]?["connectbus_events_history"]?["messages"]?[id] != nil)
            }
        }
    }

    @Test func theOperationsNameTheBrokerUsersAllowedToDoThem() throws {
        let document = Catalogue.standard.asyncAPI(definitions: try Self.definitions())
        func users(_ operation: String) -> Set<String> {
            Set(
                (document["operations"]?[operation]?["security"]?.arrayValue ?? []).compactMap {
                    $0["$ref"]?.stringValue?.split(separator: "/").last.map(String.init)
                })
        }
        #expect(document["components"]?["securitySchemes"]?["connectbus"] == nil, "the administrator is left out")
        #expect(document["components"]?["securitySchemes"]?["platform"]?["type"] == "userPassword")
        #expect(users("send_payments_create_checkout_session") == ["platform"])
        #expect(users("send_terminal_reconcile") == ["platform", "terminal"])
        #expect(users("receive_payments_order_paid").isSuperset(of: ["platform", "monitor", "notifications"]))
        #expect(!users("receive_payments_order_paid").contains("onboarding"))
        #expect(users("receive_connectbus_events_history").contains("monitor"))
    }

    @Test func yamlQuotesEveryStringAndKeysThatCouldReadAsSomethingElse() {
        let value: JSONValue = [
            "on": "yes", "plain.key-1": ["a", 1, true, .null], "2xx": [:], "x": [["k": "v", "l": []]],
            "s": "line\n\"quoted\" \u{7}",
        ]
        #expect(
            value.yaml() == """
                "2xx": {}
                "on": "yes"
                plain.key-1:
                  - "a"
                  - 1
                  - true
                  - null
                s: "line\\n\\"quoted\\" \\u0007"
                x:
                  - k: "v"
                    l: []

                """)
    }
}
