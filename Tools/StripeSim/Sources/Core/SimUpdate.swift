/// The shared part of Stripe's update endpoints (`POST /v1/<objects>/:id`): `metadata` merged
/// key by key (an empty value removes its key, as at Stripe) and text fields replaced (an
/// empty value unsets them: `null`).
enum SimUpdate {
    /// Applies `metadata` and the text fields `strings` of `params` to `object`.
    /// - Throws: the metadata limits' refusals (``Params/metadata(_:)``).
    static func apply(_ params: Params, to object: inout JSONValue, strings: [String] = []) throws(SimError) {
        if let metadata = try params.metadata()?.objectValue, let sent = try params.hash("metadata") {
            var merged = object["metadata"]?.objectValue ?? [:]
            for key in sent.values.keys { merged[key] = metadata[key] }  // an empty value is not in `metadata`
            object["metadata"] = .object(merged)
        }
        for field in strings {
            if let text = try params.string(field) { object[field] = text.isEmpty ? .null : .string(text) }
        }
    }
}
