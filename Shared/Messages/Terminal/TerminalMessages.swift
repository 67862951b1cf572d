/// Every message type of the terminal domain, for the catalogue and for routing.
public enum TerminalMessages {
    /// Commands first, then events.
    public static let all: [any BusMessage.Type] = [
        CreateConnectionToken.self,
        CreateLocation.self,
        RegisterReader.self,
        ListReaders.self,
        CreateTerminalPaymentIntent.self,
        ProcessPayment.self,
        CapturePayment.self,
        IncrementAuthorization.self,
        CancelPayment.self,
        CollectPaymentMethod.self,
        TerminalConfirmPayment.self,
        TerminalRefundPayment.self,
        CancelReaderAction.self,
        SetReaderDisplay.self,
        Reconcile.self,
        CompleteOrder.self,
        MarkPaidOtherwise.self,
        AbandonOrder.self,
        TerminalPaymentAuthorized.self,
        TerminalPaymentDeclined.self,
        TerminalPaymentMethodCollected.self,
        TerminalPaymentCaptured.self,
        TerminalPaymentFeeCorrected.self,
        TerminalPaymentCanceled.self,
        ReconciliationCompleted.self,
    ]
}
