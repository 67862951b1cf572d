import CRabbitMQ
import Testing
@testable import Bus

@Suite("BusError")
struct BusErrorTests {
    @Test func libraryStatusesAreClassified() {
        let lost = BusError.library(AMQP_STATUS_SOCKET_ERROR.rawValue, "publish")
        #expect(lost.code == BusError.Code.connectionLost)
        #expect(lost.isConnectionLost && lost.requiresReconnect)
        #expect(lost.message.hasPrefix("publish: "))
        #expect(BusError.library(AMQP_STATUS_HEARTBEAT_TIMEOUT.rawValue, "x").isConnectionLost)
        let timeout = BusError.library(AMQP_STATUS_TIMEOUT.rawValue, "wait")
        #expect(timeout.code == BusError.Code.timeout)
        #expect(!timeout.requiresReconnect)
        #expect(BusError.library(AMQP_STATUS_BAD_AMQP_DATA.rawValue, "x").code == BusError.Code.protocolError)
    }

    @Test func onlyConnectionAndChannelFailuresRequireAReconnect() {
        func error(_ code: String) -> BusError { BusError(code: code, message: "m") }
        #expect(error(BusError.Code.channelClosed).requiresReconnect)
        #expect(!error(BusError.Code.channelClosed).isConnectionLost)
        #expect(error(BusError.Code.connectionClosed).isConnectionLost)
        #expect(error(BusError.Code.consumerCancelled).requiresReconnect)
        #expect(!error(BusError.Code.unroutable).requiresReconnect)
        #expect(!error(BusError.Code.nacked).requiresReconnect)
        #expect(error(BusError.Code.nacked).description == "bus.nacked: m")
    }
}
