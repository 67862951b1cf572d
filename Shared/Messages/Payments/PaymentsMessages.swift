/// Every message type of the payments domain, for the catalogue and for routing.
public enum PaymentsMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = [
        CreateCheckoutSession.self,
        CreateProduct.self,
        CreatePrice.self,
        CreatePaymentSheet.self,
        CreatePaymentIntent.self,
        CreateEphemeralKey.self,
        ConfirmPayment.self,
        RefundPayment.self,
        GetCheckoutSession.self,
        GetPaymentIntent.self,
        CreateSetupSheet.self,
        ListPaymentMethods.self,
        DetachPaymentMethod.self,
        ChargeSavedPaymentMethod.self,
        RegisterPaymentMethodDomain.self,
        ListPaymentMethodDomains.self,
        SubmitDisputeEvidence.self,
        AcceptDispute.self,
        OrderPaid.self,
        OrderAwaitingPayment.self,
        OrderPaymentFailed.self,
        OrderRefunded.self,
        OrderRequiresAction.self,
        CheckoutSessionCreated.self,
        OrderDisputed.self,
        DisputeOpened.self,
        DisputeEvidenceDueSoon.self,
        DisputeClosed.self,
    ]
}
