public import Store

/// The SQL of `account_controls`: who collects an account's requirements, its dashboard,
/// and when onboarding started (the first account link or session). One row per account,
/// written when the account is recorded. Stateless; runs on the caller's connection. Throws `StoreError`.
public struct AccountControlStore: Sendable {
    /// The service's schema.
    public let schema: SQLIdentifier

    /// A store for the tables in `schema`.
    public init(schema: SQLIdentifier) { self.schema = schema }

    /// Records the control of `accountId` (kept if already recorded).
    public func insert(_ control: AccountControl, accountId: String, on db: PGConnection) throws {
        try db.execute(Self.insertSQL(schema), Self.insertParameters(control, accountId: accountId))
    }

    /// ``insert(_:accountId:on:)`` inside the caller's open transaction, deferred: it travels
    /// with the transaction's next statement or its `COMMIT` (no round trip of its own; a
    /// failure of it fails that statement).
    public func insertDeferred(_ control: AccountControl, accountId: String, on db: PGConnection) throws {
        try db.deferWrite(Self.insertSQL(schema), Self.insertParameters(control, accountId: accountId)) { _ in }
    }

    private static func insertSQL(_ schema: SQLIdentifier) -> String {
        """
        INSERT INTO \(schema.quoted).account_controls (stripe_account_id, requirement_collection, dashboard_type)
        VALUES ($1, $2, $3) ON CONFLICT (stripe_account_id) DO NOTHING
        """
    }

    private static func insertParameters(_ control: AccountControl, accountId: String) -> [PGValue?] {
        [
            .text(accountId), control.requirementCollection.map { .text($0) } ?? .null,
            control.dashboardType.map { .text($0) } ?? .null,
        ]
    }

    /// The control of `accountId`, or nil when none is recorded (accounts recorded before it was kept).
    public func find(accountId: String, on db: PGConnection) throws -> AccountControl? {
        try db.query(
            """
            SELECT requirement_collection, dashboard_type, onboarding_started_at IS NOT NULL AS started
            FROM \(schema.quoted).account_controls WHERE stripe_account_id = $1
            """, [.text(accountId)]
        ) { row in
            AccountControl(
                requirementCollection: try row.optionalString("requirement_collection"),
                dashboardType: try row.optionalString("dashboard_type"),
                onboardingStarted: try row.bool("started"))
        }.first
    }

    /// Marks onboarding as started for `accountId` (the first time only).
    public func markOnboardingStarted(accountId: String, on db: PGConnection) throws {
        try db.execute(
            """
            INSERT INTO \(schema.quoted).account_controls (stripe_account_id, onboarding_started_at) VALUES ($1, now())
            ON CONFLICT (stripe_account_id) DO UPDATE
            SET onboarding_started_at = coalesce(account_controls.onboarding_started_at, now())
            """, [.text(accountId)])
    }
}
