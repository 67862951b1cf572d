extension Envelope {
    /// Decodes and checks a command exactly as every service does before its handler runs:
    /// the `type` must be `C`'s name, the body is decoded strictly (an unknown field at any
    /// depth is an error) and, when `C` adopts ``Validatable``, every field rule is checked.
    ///
    /// A body this accepts is one the catalogue's JSON Schema for `C` accepts, and the other
    /// way round (checked by the command corpus tests).
    /// - Throws: ``MessageDecodingError`` (`wrong_message_type`, `unknown_field`, `missing`,
    ///   `wrong_type`, `invalid_value`, `malformed`) or the first broken rule as a
    ///   `validation.*` ``ReplyError``; both are poison input (never retried).
    public func decodeCommand<C: CommandMessage>(_: C.Type) throws -> C {
        let command = try decode(C.self)
        if let validatable = command as? any Validatable { try validatable.validate() }
        return command
    }
}
