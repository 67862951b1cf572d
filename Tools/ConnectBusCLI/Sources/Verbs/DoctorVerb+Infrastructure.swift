import Foundation
import NotificationsSchema
import OnboardingSchema
import PaymentsSchema
import Store
import TerminalGatewaySchema

extension DoctorVerb {
    /// The broker's users against the definitions file the deployment loads
    /// (`docker/rabbitmq/definitions.json`): each user there exists and has exactly the
    /// rights written there, per vhost, topic rules included; one line per user.
    static func brokerChecks(definitions path: String, environment: CLIEnvironment) -> [Check] {
        guard let data = FileManager.default.contents(atPath: path),
            let root = JSONDisplay.parse(Array(data)) as? [String: Any]
        else {
            return [
                Check(
                    name: "broker rights", ok: false, detail: "cannot read the definitions file \(path)",
                    fix: "pass --definitions FILE (the file the broker loads), or run from the checkout")
            ]
        }
        let users = (root["users"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let permissions = root["permissions"] as? [[String: Any]] ?? []
        let topics = root["topic_permissions"] as? [[String: Any]] ?? []
        let api: ManagementAPI
        do { api = try ManagementAPI(baseURL: environment.managementURL) } catch {
            return [Check(name: "broker rights", ok: false, detail: error.message, fix: error.hint)]
        }
        let load = "rabbitmqctl import_definitions \(path) (docs/OPERATIONS.md \"Credentials\")"
        return users.map { user in
            let expected = ManagementAPI.rights(
                permissions: permissions.filter { $0["user"] as? String == user },
                topicPermissions: topics.filter { $0["user"] as? String == user })
            let name = "broker " + user
            let live: ManagementAPI.UserRights?
            do { live = try api.rights(of: user) } catch let error as CLIError {
                return Check(name: name, ok: false, detail: error.message, fix: error.hint)
            } catch {
                return Check(name: name, ok: false, detail: String(describing: error))
            }
            guard let live else {
                return Check(name: name, ok: false, detail: "no such user at the broker", fix: load)
            }
            let differences = rightsDifferences(expected: expected, live: live)
            guard differences.isEmpty else {
                return Check(name: name, ok: false, detail: differences.joined(separator: "; "), fix: load)
            }
            let rules = expected.topicPermissions.values.reduce(0) { $0 + $1.count }
            return Check(
                name: name, ok: true,
                detail: "rights as in \(URL(fileURLWithPath: path).lastPathComponent) (\(expected.permissions.count) vhost, \(rules) topic rules)")
        }
    }

    /// What differs between the rights a definitions file gives and the broker's, per vhost.
    static func rightsDifferences(expected: ManagementAPI.UserRights, live: ManagementAPI.UserRights) -> [String] {
        var out: [String] = []
        for vhost in Set(expected.permissions.keys).union(live.permissions.keys).sorted() {
            let want = expected.permissions[vhost], have = live.permissions[vhost]
            if want != have { out.append("vhost \(vhost): \(have ?? "no rights") (definitions: \(want ?? "no rights"))") }
        }
        for vhost in Set(expected.topicPermissions.keys).union(live.topicPermissions.keys).sorted() {
            let want = expected.topicPermissions[vhost] ?? [], have = live.topicPermissions[vhost] ?? []
            let missing = want.filter { !have.contains($0) }, extra = have.filter { !want.contains($0) }
            if !missing.isEmpty { out.append("topic rules missing on \(vhost): \(missing.joined(separator: ", "))") }
            if !extra.isEmpty { out.append("topic rules not in the definitions on \(vhost): \(extra.joined(separator: ", "))") }
        }
        return out
    }

    /// The services' schemas, each owned by its own role (DESIGN §5): the owner is no
    /// superuser and cannot create roles or databases, owns no other schema, owns every table
    /// of its schema, and holds no right on another service's tables. One line per schema.
    static func databaseChecks(environment: CLIEnvironment) -> [Check] {
        let schemas = [
            OnboardingMigrations.schema, PaymentsMigrations.schema, TerminalMigrations.schema, NotificationsMigrations.schema,
        ]
        let db: PGConnection
        do { db = try PGConnection(url: environment.sessionDatabaseURL, applicationName: "connectbus-doctor") } catch {
            return [
                Check(
                    name: "database roles", ok: false, detail: "cannot connect: \(error.message)",
                    fix: "set DATABASE_URL to the admin role's URL")
            ]
        }
        return schemas.map { schema in
            let name = "schema " + schema
            do {
                let rows = try db.query(
                    """
                    SELECT r.rolname AS owner, r.rolsuper AS superuser, r.rolcreaterole OR r.rolcreatedb AS creates,
                      (SELECT string_agg(n2.nspname, ',' ORDER BY n2.nspname) FROM pg_namespace n2
                        WHERE n2.nspowner = r.oid AND n2.nspname <> n.nspname) AS other_schemas,
                      (SELECT string_agg(t.tablename, ',' ORDER BY t.tablename) FROM pg_tables t
                        WHERE t.schemaname = n.nspname AND t.tableowner <> r.rolname) AS foreign_tables,
                      (SELECT string_agg(DISTINCT g.table_schema, ',') FROM information_schema.role_table_grants g
                        WHERE g.grantee = r.rolname AND g.table_schema = ANY($2::text[]) AND g.table_schema <> n.nspname)
                        AS other_grants
                    FROM pg_namespace n JOIN pg_roles r ON r.oid = n.nspowner WHERE n.nspname = $1
                    """, [.text(schema), .text("{" + schemas.joined(separator: ",") + "}")]
                ) { row in
                    (
                        try row.string("owner"), try row.bool("superuser"), try row.bool("creates"),
                        try row.optionalString("other_schemas"), try row.optionalString("foreign_tables"),
                        try row.optionalString("other_grants")
                    )
                }
                guard let (owner, superuser, creates, otherSchemas, foreignTables, otherGrants) = rows.first else {
                    return Check(
                        name: name, ok: false, detail: "no such schema",
                        fix: "run docker/postgres/02-service-roles.sql, then connectbus migrate")
                }
                var problems: [String] = []
                if superuser { problems.append("its owner \(owner) is a superuser") }
                if creates { problems.append("\(owner) may create roles or databases") }
                if let otherSchemas { problems.append("\(owner) also owns \(otherSchemas)") }
                if let foreignTables { problems.append("tables not owned by \(owner): \(foreignTables)") }
                if let otherGrants { problems.append("\(owner) has rights on tables of \(otherGrants)") }
                guard problems.isEmpty else {
                    return Check(
                        name: name, ok: false, detail: problems.joined(separator: "; "),
                        fix: "one role per service owning only its schema: docker/postgres/02-service-roles.sql")
                }
                return Check(name: name, ok: true, detail: "owned by \(owner), which owns nothing else and has no superuser right")
            } catch let error as StoreError {
                return Check(name: name, ok: false, detail: error.message, fix: "set DATABASE_URL to the admin role's URL")
            } catch {
                return Check(name: name, ok: false, detail: String(describing: error))
            }
        }
    }

    /// `--definitions`, else `docker/rabbitmq/definitions.json` under `CONNECTBUS_REPO` or the
    /// current folder.
    static func definitionsPath(_ option: String?) -> String {
        if let option { return option }
        let base = ProcessInfo.processInfo.environment["CONNECTBUS_REPO"] ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: base).appendingPathComponent("docker/rabbitmq/definitions.json").path
    }
}
