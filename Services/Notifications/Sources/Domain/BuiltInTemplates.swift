import Messages

/// The templates compiled into the binary: the same text as
/// `Services/Notifications/Templates/<template>.txt` (a unit test keeps them equal), used
/// when the templates folder does not hold the file (e.g. an image that ships only the
/// executable). Pure data; thread-safe.
enum BuiltInTemplates {
    /// The text of `template`.
    static func text(_ template: EmailTemplate) -> String {
        switch template {
        case .orderConfirmation:
            """
            Subject: Your order {{order_reference}} is confirmed

            Hello,

            thank you for your order {{order_reference}}. We received your payment of {{amount}}.

            The seller will prepare your order now.
            """ + "\n"
        case .paymentFailed:
            """
            Subject: Payment for order {{order_reference}} failed

            Hello,

            the payment of {{amount}} for your order {{order_reference}} did not go through: {{reason}}.

            Nothing was charged. Please place the order again with another payment method.
            """ + "\n"
        case .authenticationRequired:
            """
            Subject: Please confirm your payment for order {{order_reference}}

            Hello,

            your bank asks you to confirm the payment of {{amount}} for your order {{order_reference}}
            with your saved card. Nothing has been charged yet.

            Please confirm it here: {{authentication_url}}
            """ + "\n"
        case .paymentProcessing:
            """
            Subject: Payment for order {{order_reference}} received, confirming with your bank

            Hello,

            we received your payment of {{amount}} for your order {{order_reference}} by {{method}}.

            Your bank confirms such payments within a few business days. We will write again as soon
            as it is confirmed (or if it does not go through); there is nothing you need to do.
            """ + "\n"
        case .onboardingIncomplete:
            """
            Subject: Finish setting up your account

            Hello,

            your seller account {{seller_reference}} still needs some information before it can
            accept payments and receive payouts:

            {{requirements}}

            {{deadline}}

            Please sign in and complete your account setup.
            """ + "\n"
        case .disputeOpened:
            """
            Subject: A payment for order {{order_reference}} was disputed

            Hello,

            a buyer disputed the payment of {{amount}} for order {{order_reference}} with their bank
            (reason: {{reason}}). {{funds}}

            Please answer by {{due_by}}: send your evidence (receipt, proof of delivery, your messages
            with the buyer) through the shop, or accept the dispute if the buyer is right. Without an
            answer the dispute is lost.
            """ + "\n"
        case .disputeEvidenceDue:
            """
            Subject: Evidence for the dispute on order {{order_reference}} is due {{due_by}}

            Hello,

            the dispute on the payment of {{amount}} for order {{order_reference}} (reason: {{reason}})
            still needs your answer. {{draft}}

            Please submit your evidence, or accept the dispute, by {{due_by}}. Without an answer the
            dispute is lost.
            """ + "\n"
        case .payoutFailed:
            """
            Subject: Your payout of {{amount}} could not be paid to your bank

            Hello,

            the payout of {{amount}} to your bank account failed: {{failure}}

            The money is back in your balance and nothing is lost. {{what_to_do}}

            Update your bank account here (you will be asked to sign in): {{update_url}}
            Once it is updated, the next payout goes to the new account.
            """ + "\n"
        }
    }
}
