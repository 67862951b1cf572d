import HTTPServer

/// Every `/v1` route the simulator serves, in one paths.
enum APIRoutes {
    static func make() -> PathTable<Endpoint> {
        var paths = PathTable<Endpoint>()
        // First: `search` is a literal segment, not a `:id`.
        SearchEndpoints.register(&paths)
        AccountEndpoints.register(&paths)
        PersonEndpoints.register(&paths)
        ExternalAccountEndpoints.register(&paths)
        AccountLinkEndpoints.register(&paths)
        AccountSessionEndpoints.register(&paths)
        CustomerEndpoints.register(&paths)
        CatalogEndpoints.register(&paths)
        PaymentMethodObjects.register(&paths)
        SavedPaymentMethods.register(&paths)
        SetupIntentEndpoints.register(&paths)
        PaymentIntentEndpoints.register(&paths)
        RefundEndpoints.register(&paths)
        DisputeEndpoints.register(&paths)
        BalanceEndpoints.register(&paths)
        PayoutEndpoints.register(&paths)
        CheckoutEndpoints.register(&paths)
        TerminalEndpoints.register(&paths)
        EventEndpoints.register(&paths)
        EventRetryEndpoint.register(&paths)
        PaymentMethodDomainEndpoints.register(&paths)
        ConfirmationTokens.register(&paths)
        return paths
    }
}
