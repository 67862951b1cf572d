public import StripeAPI

/// One recipe of `connectbus sim trigger`: the calls that make an event happen for real at
/// stripe-sim, in the manner of the Stripe CLI's fixtures (github.com/stripe/stripe-cli,
/// `pkg/fixtures`). Thread-safe (immutable).
///
/// Values may refer to earlier steps' answers as `{step.path}` (`{payment_intent.id}`,
/// `{account_link.url}`) and to the connected account as `{account}`.
public struct SimTriggerFixture: Sendable {
    /// Where a step's call goes and as whom.
    public enum Scope: Sendable, Equatable {
        /// The Stripe API, on the connected account when there is one (`Stripe-Account`).
        case connected
        /// The Stripe API as the platform itself (no `Stripe-Account`): accounts, persons.
        case platform
        /// A page of the simulator for people (hosted Checkout, onboarding): a form POST or
        /// a GET, no key; a redirect counts as success.
        case page
    }

    /// One call.
    public struct Step: Sendable {
        /// The name `{name.…}` and `--override name:param=value` use (the resource's, as the Stripe CLI names them).
        public var name: String
        /// GET, POST or DELETE.
        public var method: HTTPMethod
        /// The path (or a `{step.url}` reference to a page the simulator gave).
        public var path: String
        /// Form parameters in order (Stripe's bracket notation).
        public var params: [(String, String)]
        /// As whom and where.
        public var scope: Scope
        /// Whether the call is meant to be refused with a card error (HTTP 402: a decline
        /// makes `payment_intent.payment_failed`); any other answer is then a failure.
        public var declines = false
        /// For a GET of something the simulator makes on its scheduler (a dispute opened
        /// after the charge): the path in the answer that must hold a value; the GET is
        /// repeated every 0.1 s until it does, for at most ``SimTrigger/eventDeadlineSeconds``.
        public var until: String?

        /// A step; `scope` defaults to the connected account's API.
        public init(_ name: String, _ method: HTTPMethod, _ path: String, _ params: [(String, String)] = [], scope: Scope = .connected) {
            self.name = name
            self.method = method
            self.path = path
            self.params = params
            self.scope = scope
        }
    }

    /// The event type that must appear (`payment_intent.succeeded`).
    public var event: String
    /// One line for `--help`.
    public var summary: String
    /// The calls, in order.
    public var steps: [Step]
    /// Whether the event belongs to a connected account even without `--stripe-account`
    /// (account, capability, person events): one is created first (`type=express`).
    public var needsAccount = false
    /// Whether the event is the platform's even when the calls run on a connected account
    /// (`application_fee.*`: the fee is the platform's object).
    public var eventOnPlatform = false
}
