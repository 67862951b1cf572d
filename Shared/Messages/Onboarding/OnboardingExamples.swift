// Example bodies of the onboarding commands, in the catalogue (`examples`).

extension CreateAccount: ExampleDocumented {
    /// A prefilled Express-style seller, and a bare account with the platform's defaults.
    public static var examples: [JSONValue] {
        [
            [
                "seller_reference": "shop-42", "country": "US", "email": "ada@ceramics.example",
                "controller": [
                    "fees": ["payer": "application"], "losses": ["payments": "application"],
                    "stripe_dashboard": ["type": "express"],
                ],
                "business_type": "individual",
                "business_profile": ["name": "Lovelace Ceramics", "mcc": "5719", "url": "https://ceramics.example"],
                "individual": [
                    "first_name": "Ada", "last_name": "Lovelace", "email": "ada@ceramics.example",
                    "phone": "+14155550100", "dob": ["day": 10, "month": 12, "year": 1985],
                    "address": [
                        "line1": "1 Main St", "city": "San Francisco", "state": "CA",
                        "postal_code": "94110", "country": "US",
                    ],
                    "id_number": "000000000",
                ],
                "external_account": ["token": "btok_us_verified"],
                "settings": [
                    "payments": ["statement_descriptor": "LOVELACE CERAMICS"],
                    "payouts": ["schedule": ["interval": "weekly", "weekly_anchor": "friday"]],
                ],
                "metadata": ["plan": "pro"],
            ],
            ["seller_reference": "shop-43"],
        ]
    }
}

extension UpdateAccount: ExampleDocumented {
    /// An "edit business details" screen.
    public static var examples: [JSONValue] {
        [
            [
                "account": "acct_1Nv0FGQ9RKHgCVdK",
                "business_profile": [
                    "name": "Lovelace Ceramics & Glass",
                    "support_email": "help@ceramics.example",
                ],
                "settings": ["payouts": ["schedule": ["interval": "daily"]]],
            ]
        ]
    }
}

extension AddPerson: ExampleDocumented {
    /// An owner with 60%.
    public static var examples: [JSONValue] {
        [
            [
                "account": "acct_1Nv0FGQ9RKHgCVdK",
                "person": [
                    "first_name": "Grace", "last_name": "Hopper", "email": "grace@acme.example",
                    "dob": ["day": 9, "month": 12, "year": 1976],
                ],
                "relationship": ["owner": true, "percent_ownership": 60, "title": "Co-founder"],
            ]
        ]
    }
}

extension UpdatePerson: ExampleDocumented {
    /// The representative's new title.
    public static var examples: [JSONValue] {
        [
            [
                "account": "acct_1Nv0FGQ9RKHgCVdK", "person": "person_1Nv0FGQ9RKHgCVdKxYz",
                "relationship": ["representative": true, "title": "CEO"],
            ]
        ]
    }
}

extension CreateLoginLink: ExampleDocumented {
    /// An Express account.
    public static var examples: [JSONValue] { [["account": "acct_1Nv0FGQ9RKHgCVdK"]] }
}

extension CreateAccountSession: ExampleDocumented {
    /// Onboarding, the notification banner, payments and payouts inside the platform's app.
    public static var examples: [JSONValue] {
        [
            [
                "account": "acct_1Nv0FGQ9RKHgCVdK",
                "components": [
                    "account_onboarding": ["enabled": true, "features": ["external_account_collection": true]],
                    "notification_banner": ["enabled": true],
                    "payments": ["enabled": true, "features": ["refund_management": true, "dispute_management": true]],
                    "payouts": ["enabled": true, "features": ["edit_payout_schedule": true]],
                ],
            ]
        ]
    }
}

extension CreateOAuthLink: ExampleDocumented {
    /// A seller with an existing Standard account, sent back to the platform's callback.
    public static var examples: [JSONValue] {
        [["seller_reference": "shop-42", "redirect_uri": "https://platform.example/stripe/oauth/callback", "email": "ada@ceramics.example"]]
    }
}

extension CompleteOAuth: ExampleDocumented {
    /// The code and state Stripe appended to the redirect.
    public static var examples: [JSONValue] { [["code": "ac_Q1hC8wB2nE4pL0x9", "state": "q3Vh0d2Yl1s9q3Vh0d2Yl1s9q3Vh0d2Yl1s9q3Vh0d2"]] }
}

extension DisconnectAccount: ExampleDocumented {
    /// A connected account.
    public static var examples: [JSONValue] { [["account": "acct_1Nv0FGQ9RKHgCVdK"]] }
}
