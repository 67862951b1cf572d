import NotificationsSchema
import OnboardingSchema
import PaymentsSchema
public import Store
import TerminalGatewaySchema

/// `connectbus migrate [--service S]`: runs services' schema migrations (the same lists
/// the services run at start-up, under the same advisory lock).
public enum MigrateVerb: Verb {
    /// `migrate`.
    public static let name = "migrate"
    /// One line for the verb list.
    public static let summary = "run the services' Postgres migrations"
    /// Options that take a value.
    public static let options: Set<String> = ["service"]
    /// Options without value.
    public static let flags: Set<String> = ["list"]
    /// The help text.
    public static let help = """
        usage: connectbus migrate [--service onboarding|payments|terminal|notifications] [--list]

        Applies the missing migrations of each service's schema (all four by default), in
        order, under the schema's advisory lock; safe beside running services. Tables
        belong to the schema's owner (the service's role) whoever runs this: logged in as
        another role (e.g. the admin), each schema is migrated after SET ROLE <owner>, and
        tables that role created there before are given to the owner.
          --list   print the migrations known to this build without connecting
        Environment: DATABASE_DIRECT_URL, else DATABASE_URL (default the local admin role);
        migrations need a direct session, not a transaction-mode pooler.
        """

    /// Each service's schema and migrations (from the services' schema targets, so the CLI
    /// links the migrations and not the services).
    public static let services: [(name: String, schema: String, migrations: [Migration])] = [
        ("onboarding", OnboardingMigrations.schema, OnboardingMigrations.all),
        ("payments", PaymentsMigrations.schema, PaymentsMigrations.all),
        ("terminal", TerminalMigrations.schema, TerminalMigrations.all),
        ("notifications", NotificationsMigrations.schema, NotificationsMigrations.all),
    ]

    /// Runs the verb; see ``help``.
    public static func run(_ arguments: ParsedArguments, environment: CLIEnvironment) throws -> Int32 {
        var chosen = services
        if let service = arguments.value("service") {
            chosen = services.filter { $0.name == service || $0.schema == service }
            guard !chosen.isEmpty else {
                throw CLIError.usage("unknown service \(service) (onboarding, payments, terminal, notifications)", verb: name)
            }
        }
        if arguments.has("list") {
            for service in chosen {
                for m in service.migrations { Output.line("\(service.schema) \(m.version) \(m.name)") }
            }
            return 0
        }
        let connection: PGConnection
        do {
            connection = try PGConnection(url: environment.sessionDatabaseURL, applicationName: "connectbus-migrate")
        } catch {
            throw CLIError(
                "cannot connect to Postgres: \(error.message)",
                hint: "start it with `make up` or set DATABASE_URL")
        }
        for service in chosen {
            do {
                let applied = try Migrator(schema: service.schema, migrations: service.migrations).migrate(connection)
                let names = applied.map { "\($0.version) \($0.name)" }.joined(separator: ", ")
                Output.line("\(service.schema): \(applied.isEmpty ? "up to date" : "applied \(names)")")
            } catch let error where error.sqlState == "0A000" {
                throw CLIError(
                    "\(service.schema): migration failed: \(error.message)",
                    hint: "set DATABASE_DIRECT_URL to a URL that reaches Postgres directly")
            } catch {
                throw CLIError(
                    "\(service.schema): migration failed: \(error.message)",
                    hint: "log in as the schema's owner (DATABASE_URL with the \(service.schema) role) or as a role that may SET ROLE to it")
            }
        }
        return 0
    }
}
