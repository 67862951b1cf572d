/// The payment method types a Checkout Session can offer (Stripe API reference: Checkout
/// Sessions create, `allowed_payment_method_types` / `payment_method_types` — the same list in
/// 2025-03-31.basil and 2026-11-18.endive for every type named here). `card_present` and other
/// in-person types are not Checkout types.
public enum CheckoutPaymentMethodTypes {
    /// Every type Checkout takes, in Stripe's (alphabetical) order.
    public static let known: [String] = [
        "acss_debit", "affirm", "afterpay_clearpay", "alipay", "alma", "amazon_pay", "au_becs_debit", "bacs_debit",
        "bancontact", "billie", "bizum", "blik", "boleto", "card", "cashapp", "crypto", "customer_balance", "eps", "fpx",
        "giropay", "grabpay", "ideal", "kakao_pay", "klarna", "konbini", "kr_card", "link", "mb_way", "mobilepay",
        "multibanco", "naver_pay", "nz_bank_account", "oxxo", "p24", "pay_by_bank", "payco", "paynow", "paypal", "payto",
        "pix", "promptpay", "revolut_pay", "samsung_pay", "satispay", "scalapay", "sepa_debit", "sofort", "sunbit",
        "swish", "twint", "upi", "us_bank_account", "wechat_pay", "zip",
    ]
}
