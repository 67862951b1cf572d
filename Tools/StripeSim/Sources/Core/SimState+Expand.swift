extension SimState {
    /// Replaces id strings at the dotted `paths` (e.g. `latest_charge`,
    /// `payment_intent.latest_charge`, `data.payment_intent` for lists) with the objects they
    /// name in `scope`, as Stripe's `expand[]` does. Unknown paths are left alone.
    func expand(_ value: JSONValue, paths: [String], scope: String) -> JSONValue {
        var result = value
        for path in paths {
            result = expand(result, segments: path.split(separator: ".").map(String.init)[...], scope: scope)
        }
        return result
    }

    private func expand(_ value: JSONValue, segments: ArraySlice<String>, scope: String) -> JSONValue {
        guard let first = segments.first else {
            if let id = value.stringValue, let object = lookup(id), object.scope == scope || object.scope == SimState.platform {
                return object.value
            }
            return value
        }
        if case .array(let items) = value {
            return .array(items.map { expand($0, segments: segments, scope: scope) })
        }
        guard var members = value.objectValue, let child = members[first] else { return value }
        members[first] = expand(child, segments: segments.dropFirst(), scope: scope)
        return .object(members)
    }
}
