import NotificationsService
import Store
import StripeAPI
import StripeSimCore
import Testing
import TestKit

/// The backfill sweep's session advisory lock cannot live behind a transaction-mode pooler
/// (it would be taken on one server connection and released on another): a connection whose
/// string says `prepared_statements=off` is refused before anything is locked or listed.
@Suite(
    "Backfill behind a transaction-mode pooler (integration)", .serialized,
    .enabled(if: IntegrationEnvironment.current?.pgBouncerURL != nil))
struct BackfillPoolerTests {
    @Test("a sweep on a connection through the pooler is refused, naming DATABASE_DIRECT_URL; nothing is swept")
    func refusesThePooler() async throws {
        let sim = try BackfillIntegrationTests.simulator()
        defer { sim.stop() }
        try await NotificationsTestBed.run(patterns: [], start: false) { bed in
            let sweeper = try BackfillIntegrationTests.sweeper(bed, sim)
            let pooledURL = IntegrationEnvironment.current?.pgBouncerURL ?? ""
            let apiBase = sim.baseURL
            let error = try await onThread { () throws -> StoreError? in
                let db = try PGConnection(url: pooledURL, applicationName: "notifications-tests.backfill")
                let client = try StripeClient(config: StripeConfig(apiKey: NotificationsTestBed.apiKey, apiBase: apiBase))
                do {
                    _ = try sweeper.sweep(conn: db, stripe: client)
                    return nil
                } catch let error as StoreError {
                    return error
                }
            }
            #expect(error?.sqlState == "0A000")
            #expect(error?.message.contains("DATABASE_DIRECT_URL") == true)
            let direct = try PGConnection(url: bed.env.databaseURL, applicationName: "notifications-tests")
            #expect(try BackfillStore(schema: try SQLIdentifier(bed.schema)).progress(on: direct).isEmpty)
        }
    }
}
