import Foundation
import Testing
@testable import Messages

/// Every command declares the error codes its reply can carry (``DeclaresErrorCodes``), and the
/// catalogue states them: the reply's `error_codes` and its schema's `error.code`.
/// `Tests/deployment/test_error_codes.py` checks the lists against the corpus and the handlers.
@Suite struct ErrorCodeDeclarationTests {
    static var commands: [any CommandMessage.Type] {
        Catalogue.messageTypes.compactMap { $0 as? any CommandMessage.Type }
    }

    @Test func everyCommandDeclaresItsErrorCodes() {
        var undeclared: [String] = []
        for command in Self.commands where !(command is any DeclaresErrorCodes.Type) {
            undeclared.append(command.messageName)
        }
        #expect(
            undeclared.isEmpty,
            """
            \(undeclared.joined(separator: ", ")) declare no error codes: add `extension <Command>: DeclaresErrorCodes { public static let \
            errorCodes = <Domain>ErrorCodes.stripeBound([its validate() and handler codes]) }` (or `CommandErrorCodes(.database, [...])` for a batched route) \
            to its domain's Shared/Messages/<Domain>/<Domain>ErrorCodes.swift (ARCHITECTURE "Adding a command"), then `make catalogue-file`
            """)
    }

    @Test func everyReplyListsTheRuntimeCodesOnceAndItsSchemaAllowsExactlyThem() throws {
        for entry in Catalogue.all where entry.kind == .reply {
            let codes = try #require(entry.errorCodes, "\(entry.name) lists no error codes")
            #expect(Set(codes.map(\.code)).count == codes.count, "\(entry.name) lists a code twice")
            for runtime in CommandErrorCodes.runtime {
                #expect(codes.contains(runtime), "\(entry.name) misses \(runtime.code)")
            }
            let error = entry.schema["oneOf"]?.arrayValue?.last?["properties"]?["error"]?["properties"]?["code"]
            let exact = codes.filter { !$0.isFamily }.map { JSONValue.string($0.code) }
            #expect(error?["anyOf"]?.arrayValue?.first?["enum"] == JSONValue.array(exact), "\(entry.name)")
        }
    }

    @Test func stripeBoundCommandsAddStripesFamilyAndTheirDomainsMapping() throws {
        let checkout = try #require(Catalogue.errorCodes(of: CreateCheckoutSession.self)).map(\.code)
        #expect(checkout.contains("stripe.*") && checkout.contains(ReplyError.Code.priceNotFound))
        let capture = try #require(Catalogue.errorCodes(of: CapturePayment.self)).map(\.code)
        #expect(capture.contains(ReplyError.Code.readerBusy) && capture.contains("stripe.*"))
        let complete = try #require(Catalogue.errorCodes(of: CompleteOrder.self)).map(\.code)
        #expect(!complete.contains("stripe.*") && !complete.contains(ReplyError.Code.readerBusy))
        #expect(complete.contains(ReplyError.Code.invalidState))
    }

    @Test func theLimitCodesComeFromTheCommandsFields() throws {
        let checkout = try #require(Catalogue.errorCodes(of: CreateCheckoutSession.self)).map(\.code)
        for code in [
            ReplyError.Code.tooManyItems, ReplyError.Code.tooLong, ReplyError.Code.amountTooLarge, ReplyError.Code.amountTooSmall,
            ReplyError.Code.invalidMetadata,
        ] {
            #expect(checkout.contains(code), "\(code)")
        }
        // No amount, metadata, reference or list in the command: none of the limits.
        let sync = try #require(Catalogue.errorCodes(of: SyncAccount.self)).map(\.code)
        #expect(!sync.contains(ReplyError.Code.amountTooLarge) && !sync.contains(ReplyError.Code.invalidMetadata))
    }

    @Test func aFamilyMatchesItsMembersOnly() {
        #expect(CommandErrorCodes.stripeFamily.matches("stripe.card_declined"))
        #expect(!CommandErrorCodes.stripeFamily.matches("store.decode"))
        #expect(DeclaredErrorCode.invalidId.matches(ReplyError.Code.invalidId) && !DeclaredErrorCode.invalidId.matches("validation.invalid"))
    }
}
