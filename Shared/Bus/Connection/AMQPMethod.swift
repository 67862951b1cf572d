import CRabbitMQ

/// AMQP 0-9-1 method numbers (class id << 16 | method id) that ConnectBus handles itself,
/// as `amqp_method_number_t` (rabbitmq-c's `AMQP_*_METHOD` macros carry casts Swift does
/// not import).
enum AMQPMethod {
    static let connectionClose: amqp_method_number_t = 0x000A_0032
    static let connectionCloseOk: amqp_method_number_t = 0x000A_0033
    static let channelClose: amqp_method_number_t = 0x0014_0028
    static let channelCloseOk: amqp_method_number_t = 0x0014_0029
    static let basicCancel: amqp_method_number_t = 0x003C_001E
    static let basicReturn: amqp_method_number_t = 0x003C_0032
    static let basicDeliver: amqp_method_number_t = 0x003C_003C
    static let basicAck: amqp_method_number_t = 0x003C_0050
    static let basicNack: amqp_method_number_t = 0x003C_0078
}
