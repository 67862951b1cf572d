import Runtime

/// The `payments` service: its name, schema and how to build its host.
///
/// Placeholder until the service's handlers arrive: it consumes only `payments.ping`
/// (see `PingRoute`), so it starts, migrates the runtime tables of schema `payments`,
/// declares its queues, serves `/healthz`, `/readyz`, `/metrics` and drains on SIGTERM.
public enum PaymentsService {
    /// Service name (`app_id`, connection names, logs).
    public static let name = "payments"
    /// Postgres schema the service owns.
    public static let schema = "payments"

    /// The host for `config` with every route of the service.
    public static func make(config: ServiceConfig) -> ServiceHost {
        ServiceHost(name: name, config: config, schema: schema, migrations: [],
                    routes: [PingRoute.make(service: name)])
    }
}
