extension Migrator {
    /// Makes sure the schema exists and that what the migrations create belongs to the
    /// schema's owner, whichever role runs them (the service's own, an operator's
    /// `connectbus migrate` or a benchmark logged in as the admin role):
    ///
    /// - a missing schema is created, owned by the role of the same name when one exists
    ///   and the session may act as it (the layout of docker/postgres: role `payments` owns
    ///   schema `payments`), else by the session's role;
    /// - when the session's role is not the owner but a member of it (a superuser always
    ///   is), tables, views and sequences the session's role created in the schema before
    ///   (by migrating it as itself) are given to the owner (`ALTER … OWNER TO`), and the
    ///   session does `SET ROLE <owner>` until ``leaveOwnerRole(on:)``;
    /// - a session that can neither be nor become the owner migrates as itself (a role given
    ///   `CREATE` on the schema): its objects are its own.
    ///
    /// Acting as the owner, it then refuses to go on when a table of the schema belongs to
    /// another role and the owner may not read and write it, naming the tables and what
    /// to do, instead of failing later with `permission denied`.
    /// - Returns: `true` when the session did `SET ROLE` (undo it with ``leaveOwnerRole(on:)``).
    /// - Throws: `StoreError` (`store.query_failed`, SQLSTATE 42501, for tables the owner
    ///   cannot use; the server's error for a failing statement).
    func actAsSchemaOwner(_ schema: SQLIdentifier, on conn: PGConnection) throws(StoreError) -> Bool {
        let owner = try schemaOwner(schema, on: conn)
        let session = try conn.query(
            """
            SELECT current_user AS me, pg_has_role(current_user, $1, 'MEMBER') AS member
            """, [.text(owner)]
        ) { row in (try row.string("me"), try row.bool("member")) }
        guard let (me, member) = session.first else { return false }
        var switched = false
        if me != owner {
            guard member else { return false }
            try reclaimObjects(in: schema, ownedBy: me, on: conn)
            try conn.execute("SELECT set_config('role', $1, false)", [.text(owner)])
            switched = true
        }
        do {
            try checkOwnerCanUseTables(of: schema, owner: owner, on: conn)
        } catch {
            if switched { leaveOwnerRole(on: conn) }
            throw error
        }
        return switched
    }

    /// Undoes the `SET ROLE` of ``actAsSchemaOwner(_:on:)`` (`RESET ROLE`); errors are ignored
    /// (a broken connection is discarded anyway).
    func leaveOwnerRole(on conn: PGConnection) {
        _ = try? conn.execute("RESET ROLE")
    }

    /// The schema's owner, creating the schema first when it is missing.
    private func schemaOwner(_ schema: SQLIdentifier, on conn: PGConnection) throws(StoreError) -> String {
        let ownerQuery = "SELECT pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = $1"
        if let owner = try conn.query(ownerQuery, [.text(schema.name)], { try $0.string("owner") }).first {
            return owner
        }
        // The role named like the schema, if it exists and this session may act as it.
        let namesake = try conn.query(
            """
            SELECT 1 AS found FROM pg_roles
            WHERE rolname = $1 AND rolname <> current_user AND pg_has_role(current_user, oid, 'MEMBER')
            """, [.text(schema.name)]
        ) { try $0.int("found") }
        let authorization = namesake.isEmpty ? "" : " AUTHORIZATION \(schema.quoted)"
        try conn.command("CREATE SCHEMA IF NOT EXISTS \(schema.quoted)\(authorization)")
        return try conn.query(ownerQuery, [.text(schema.name)], { try $0.string("owner") }).first ?? ""
    }

    /// Gives the schema's owner the tables, views and sequences (those not tied to a
    /// table's column, which follow their table) that `role` owns in the schema.
    private func reclaimObjects(
        in schema: SQLIdentifier, ownedBy role: String,
        on conn: PGConnection
    ) throws(StoreError) {
        let statements = try conn.query(
            """
            SELECT format('ALTER %s %I.%I OWNER TO %I',
                          CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                                         WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE'
                                         ELSE 'TABLE' END,
                          n.nspname, c.relname, pg_get_userbyid(n.nspowner)) AS statement
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relowner <> n.nspowner AND pg_get_userbyid(c.relowner) = $2
              AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
              AND NOT (c.relkind = 'S' AND EXISTS (
                  SELECT 1 FROM pg_depend d
                  WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
            ORDER BY c.relkind, c.relname
            """, [.text(schema.name), .text(role)]
        ) { try $0.string("statement") }
        for statement in statements {
            try conn.command(statement)
        }
    }

    /// Throws when a table of the schema belongs to another role and `owner` may not
    /// select, insert, update and delete in it.
    private func checkOwnerCanUseTables(
        of schema: SQLIdentifier, owner: String,
        on conn: PGConnection
    ) throws(StoreError) {
        let foreign = try conn.query(
            """
            SELECT c.relname || ' (owner ' || pg_get_userbyid(c.relowner) || ')' AS described
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND c.relowner <> n.nspowner
              AND NOT (has_table_privilege(n.nspowner, c.oid, 'SELECT') AND has_table_privilege(n.nspowner, c.oid, 'INSERT')
                       AND has_table_privilege(n.nspowner, c.oid, 'UPDATE') AND has_table_privilege(n.nspowner, c.oid, 'DELETE'))
            ORDER BY c.relname
            """, [.text(schema.name)]
        ) { try $0.string("described") }
        guard !foreign.isEmpty else { return }
        throw StoreError(
            code: StoreError.Code.queryFailed, sqlState: "42501",
            message: """
                schema \(schema.name): tables \(foreign.joined(separator: ", ")) belong to another role, and \
                the schema's owner \(owner) may not use them; run the migrations once as the role that \
                created them (e.g. `connectbus migrate --service \(schema.name)` with the admin role), which gives \
                them to \(owner), or ALTER TABLE … OWNER TO \(owner)
                """)
    }
}
