// Example bodies of the payment method domain commands, in the catalogue (`examples`).

extension RegisterPaymentMethodDomain: ExampleDocumented {
    /// The shop's domain on its seller.
    public static var examples: [JSONValue] {
        [["account": "acct_1Nv0FGQ9RKHgCVdK", "domain_name": "shop.ceramics.example"]]
    }
}

extension ListPaymentMethodDomains: ExampleDocumented {
    /// Every domain of a seller, and whether one hostname is registered and enabled.
    public static var examples: [JSONValue] {
        [
            ["account": "acct_1Nv0FGQ9RKHgCVdK"],
            ["account": "acct_1Nv0FGQ9RKHgCVdK", "domain_name": "shop.ceramics.example", "enabled": true],
        ]
    }
}
