public import Messages

/// Keeps a replica from handling a command written for a newer release (DESIGN §5 "Schema
/// changes across releases").
///
/// A command whose `x-schema-version` header is above the version of the replica's type
/// may carry fields or meanings this release does not know (during a rolling upgrade, a
/// platform already on the new version meets an old replica). It is neither decoded nor
/// dead-lettered as poison: it is retried through the delay queues (code
/// `version.schema_too_new`), so a replica of the newer release can take it meanwhile, and
/// after the last retry it is parked in `<queue>.dlq` with the reply `retryable: true,
/// parked: true`; `connectbus dlq replay` completes it once the upgrade is done. A version
/// at or below the replica's own is handled (a release reads the previous version too).
/// Events are tolerant readers and pass whatever their version.
public enum SchemaVersionGate {
    /// The code of the retry a too-new command gets.
    public static let tooNewCode = ReplyError.Code.schemaTooNew

    /// Admits `envelope` when its `x-schema-version` is at most `knownVersion`.
    /// - Throws: ``HandlerError`` asking for a retry (``tooNewCode``) otherwise.
    public static func admit(_ envelope: Envelope, command: String, knownVersion: Int) throws(HandlerError) {
        let version = envelope.headers.schemaVersion
        guard version > knownVersion else { return }
        throw HandlerError.retry(
            code: tooNewCode,
            message:
                "\(command) x-schema-version \(version) is newer than this replica's \(knownVersion): "
                + "retried until a replica of the newer release takes it, then parked for `connectbus dlq replay`")
    }
}
