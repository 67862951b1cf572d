import Foundation
import Testing
@testable import ConnectBusCLI

@Suite("catalogue verb")
struct CatalogueVerbTests {
    /// The checkout this test file belongs to.
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func arguments(_ words: [String]) throws -> ParsedArguments {
        try ParsedArguments(words, verb: "catalogue", options: CatalogueVerb.options, flags: CatalogueVerb.flags)
    }

    @Test func asyncAPIReadsTheBrokerUsersFromTheDefinitionsGiven() throws {
        let definitions = Self.repo.appendingPathComponent("docker/rabbitmq/definitions.json").path
        let document = try CatalogueVerb.asyncAPI(Self.arguments(["--asyncapi", "--definitions", definitions]))
        #expect(document.hasPrefix("asyncapi: \"3.0.0\"\n"))
        #expect(document.contains("  securitySchemes:\n    monitor:\n"))
    }

    @Test func asyncAPIWithoutReadableDefinitionsIsAClearError() throws {
        #expect(throws: CLIError.self) {
            try CatalogueVerb.asyncAPI(Self.arguments(["--asyncapi", "--definitions", "/nonexistent/definitions.json"]))
        }
        #expect(ConnectBusCLI.run(["catalogue", "--asyncapi", "--definitions", "/nonexistent/definitions.json"], environment: [:]) == 1)
    }
}
