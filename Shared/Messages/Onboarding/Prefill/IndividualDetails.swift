/// The person an individual account represents (Stripe API reference: Accounts, `individual`):
/// what the platform already knows, prefilled so onboarding does not ask for it again.
/// Only for `business_type` `individual`. Stripe takes the same fields for `individual` as
/// for a Person, so it is ``PersonDetails`` (same wire shape, same rules).
public typealias IndividualDetails = PersonDetails
