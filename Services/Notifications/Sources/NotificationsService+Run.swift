public import Runtime
import Store

extension NotificationsService {
    /// Runs the service with its database gauges (``NotificationsGauges``) until
    /// SIGTERM/SIGINT; returns the exit code (see ``ServiceHost/run()``).
    /// - Throws: `StoreError` only for an invalid schema name (never for the default).
    public static func run(config: ServiceConfig, settings: NotificationsSettings) throws -> Int32 {
        let host = try make(config: config, settings: settings)
        host.sampleDatabaseGauges(NotificationsGauges.all(schema: try SQLIdentifier(schema)))
        return host.run()
    }
}
