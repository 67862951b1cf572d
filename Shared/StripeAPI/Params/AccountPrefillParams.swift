/// `company[…]` of an account (https://docs.stripe.com/api/accounts/create#create_account-company).
public struct CompanyParams: Sendable, Equatable {
    /// Legal name.
    public var name: String?
    /// Phone.
    public var phone: String?
    /// Business tax id (EIN in the US).
    public var taxId: String?
    /// `address[…]`.
    public var address: AddressParams?
    /// Whether every director has been provided.
    public var directorsProvided: Bool?
    /// Whether every owner has been provided.
    public var ownersProvided: Bool?
    /// Whether every executive has been provided.
    public var executivesProvided: Bool?

    /// Company parameters; absent parts are not sent.
    public init(
        name: String? = nil, phone: String? = nil, taxId: String? = nil, address: AddressParams? = nil,
        directorsProvided: Bool? = nil, ownersProvided: Bool? = nil, executivesProvided: Bool? = nil
    ) {
        self.name = name; self.phone = phone; self.taxId = taxId; self.address = address
        self.directorsProvided = directorsProvided; self.ownersProvided = ownersProvided
        self.executivesProvided = executivesProvided
    }

    var formParams: FormParams {
        var p = FormParams()
        p.set("name", name); p.set("phone", phone); p.set("tax_id", taxId)
        p.set("address", address?.formParams)
        p.set("directors_provided", directorsProvided); p.set("owners_provided", ownersProvided)
        p.set("executives_provided", executivesProvided)
        return p
    }
}

/// `external_account` of an account: a token (`btok_…`) or a bank account's details
/// (https://docs.stripe.com/api/accounts/create#create_account-external_account).
public enum ExternalAccountParams: Sendable, Equatable {
    /// `external_account=<token>`.
    case token(String)
    /// `external_account[object]=bank_account` with the details.
    case bankAccount(BankAccount)

    /// A bank account's details.
    public struct BankAccount: Sendable, Equatable {
        /// Two-letter country code.
        public var country: String?
        /// Three-letter currency.
        public var currency: String?
        /// Account number.
        public var accountNumber: String?
        /// Routing number (where the country has one).
        public var routingNumber: String?
        /// Holder's name.
        public var accountHolderName: String?
        /// `individual` or `company`.
        public var accountHolderType: String?

        /// Bank account details; absent parts are not sent.
        public init(
            country: String? = nil, currency: String? = nil, accountNumber: String? = nil, routingNumber: String? = nil,
            accountHolderName: String? = nil, accountHolderType: String? = nil
        ) {
            self.country = country; self.currency = currency; self.accountNumber = accountNumber
            self.routingNumber = routingNumber; self.accountHolderName = accountHolderName
            self.accountHolderType = accountHolderType
        }
    }

    func set(into params: inout FormParams) {
        switch self {
        case .token(let token):
            params.set("external_account", token)
        case .bankAccount(let b):
            var p = FormParams()
            p.set("object", "bank_account"); p.set("country", b.country); p.set("currency", b.currency)
            p.set("account_number", b.accountNumber); p.set("routing_number", b.routingNumber)
            p.set("account_holder_name", b.accountHolderName); p.set("account_holder_type", b.accountHolderType)
            params.set("external_account", p)
        }
    }
}

/// `tos_acceptance[…]`: when and from where the account holder accepted Stripe's terms.
public struct TosAcceptanceParams: Sendable, Equatable {
    /// Unix seconds of the acceptance.
    public var date: Int?
    /// The IP address it was made from.
    public var ip: String?
    /// The browser's user agent.
    public var userAgent: String?
    /// `full` or `recipient`.
    public var serviceAgreement: String?

    /// Terms acceptance; absent parts are not sent.
    public init(date: Int? = nil, ip: String? = nil, userAgent: String? = nil, serviceAgreement: String? = nil) {
        self.date = date; self.ip = ip; self.userAgent = userAgent; self.serviceAgreement = serviceAgreement
    }

    var formParams: FormParams {
        var p = FormParams()
        p.set("date", date); p.set("ip", ip); p.set("user_agent", userAgent)
        p.set("service_agreement", serviceAgreement)
        return p
    }
}

/// `settings[…]` of an account: the statement descriptor and the payout schedule
/// (https://docs.stripe.com/api/accounts/create#create_account-settings).
public struct AccountSettingsParams: Sendable, Equatable {
    /// `settings[payments][statement_descriptor]`.
    public var statementDescriptor: String?
    /// `settings[payouts][schedule][…]`.
    public var payoutSchedule: PayoutSchedule?

    /// `settings[payouts][schedule][…]`.
    public struct PayoutSchedule: Sendable, Equatable {
        /// `manual`, `daily`, `weekly` or `monthly`.
        public var interval: String?
        /// Days a charge waits before it is paid out.
        public var delayDays: Int?
        /// Day of the week for `weekly` (`monday`, …).
        public var weeklyAnchor: String?
        /// Day of the month for `monthly` (1–31).
        public var monthlyAnchor: Int?

        /// A payout schedule; absent parts are not sent.
        public init(interval: String? = nil, delayDays: Int? = nil, weeklyAnchor: String? = nil, monthlyAnchor: Int? = nil) {
            self.interval = interval; self.delayDays = delayDays; self.weeklyAnchor = weeklyAnchor
            self.monthlyAnchor = monthlyAnchor
        }
    }

    /// Settings; absent parts are not sent.
    public init(statementDescriptor: String? = nil, payoutSchedule: PayoutSchedule? = nil) {
        self.statementDescriptor = statementDescriptor; self.payoutSchedule = payoutSchedule
    }

    var formParams: FormParams {
        var p = FormParams()
        var payments = FormParams()
        payments.set("statement_descriptor", statementDescriptor)
        p.set("payments", payments)
        if let s = payoutSchedule {
            var schedule = FormParams()
            schedule.set("interval", s.interval); schedule.set("delay_days", s.delayDays)
            schedule.set("weekly_anchor", s.weeklyAnchor); schedule.set("monthly_anchor", s.monthlyAnchor)
            p["payouts"] = ["schedule": .object(schedule)]
        }
        return p
    }
}
