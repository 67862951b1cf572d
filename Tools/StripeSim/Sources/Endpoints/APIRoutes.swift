import HTTPServer

/// Every `/v1` route the simulator serves, in one router.
enum APIRoutes {
    static func make() -> Router<Endpoint> {
        var router = Router<Endpoint>()
        // First: `search` is a literal segment, not a `:id`.
        SearchEndpoints.register(&router)
        AccountEndpoints.register(&router)
        PersonEndpoints.register(&router)
        ExternalAccountEndpoints.register(&router)
        AccountLinkEndpoints.register(&router)
        AccountSessionEndpoints.register(&router)
        CustomerEndpoints.register(&router)
        CatalogEndpoints.register(&router)
        PaymentMethodObjects.register(&router)
        SavedPaymentMethods.register(&router)
        SetupIntentEndpoints.register(&router)
        PaymentIntentEndpoints.register(&router)
        RefundEndpoints.register(&router)
        DisputeEndpoints.register(&router)
        BalanceEndpoints.register(&router)
        PayoutEndpoints.register(&router)
        CheckoutEndpoints.register(&router)
        TerminalEndpoints.register(&router)
        EventEndpoints.register(&router)
        EventRetryEndpoint.register(&router)
        PaymentMethodDomainEndpoints.register(&router)
        ConfirmationTokens.register(&router)
        return router
    }
}
