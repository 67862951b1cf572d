/// Typed parameters of one Stripe call, turned into ``FormParams`` in a fixed key order.
///
/// Every params struct also has an `extra` field: parameters this code does not model,
/// set last (they override modelled keys of the same name).
public protocol StripeParams: Sendable {
    /// The form parameters to send; `nil` fields are omitted.
    var formParams: FormParams { get }
    /// The form parameters as `apiVersion` names them (default: ``formParams``); params
    /// whose names differ between versions implement it.
    func formParams(apiVersion: String) -> FormParams
}

extension StripeParams {
    /// The same parameters for every version.
    public func formParams(apiVersion: String) -> FormParams { formParams }
}

extension FormParams: StripeParams {
    /// The parameters themselves.
    public var formParams: FormParams { self }
}
