/// A message that checks its own fields beyond what decoding checks (amounts, currencies,
/// fees, URLs, ids). Handlers call ``validate()`` right after decoding; a failure is poison
/// input: the reply carries the error and the message is not retried.
public protocol Validatable {
    /// Checks every field rule of the message.
    /// - Throws: the first broken rule as a `validation.*` ``ReplyError`` naming the wire field.
    func validate() throws(ReplyError)
}
