/// Names of ConnectBus's two exchanges (DESIGN §3). Both are durable topic exchanges.
public enum Exchanges {
    /// Commands; routing key = command name (`<service>.<verb_noun>`).
    public static let commands = "connectbus.commands"
    /// Events; routing key = event name (`<source>.<entity>.<past_tense>`, `stripe.<type>`).
    public static let events = "connectbus.events"
    /// The AMQP default exchange (routes by queue name): replies, retries, dead letters.
    public static let `default` = ""
}
