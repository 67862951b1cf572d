@testable import StripeAPI

/// A transport that answers from a script and records every request it was given.
final class ScriptedTransport: StripeTransport {
    enum Step {
        case respond(Int, [String: String], String)
        case fail(StripeTransportError)
    }

    var script: [Step]
    private(set) var requests: [StripeHTTPRequest] = []

    init(_ script: [Step]) { self.script = script }

    func perform(_ request: StripeHTTPRequest, whileWaiting: (() -> Void)?) throws(StripeTransportError) -> StripeHTTPResponse {
        requests.append(request)
        whileWaiting?()
        guard !script.isEmpty else { throw StripeTransportError(code: "script_empty", message: "no scripted answer left") }
        switch script.removeFirst() {
        case .respond(let status, let headers, let body):
            return StripeHTTPResponse(status: status, headers: headers, body: Array(body.utf8))
        case .fail(let error):
            throw error
        }
    }
}

/// Records the delays the client asked to sleep instead of sleeping.
final class RecordingSleeper: @unchecked Sendable {
    private(set) var delays: [Duration] = []
    func sleep(_ delay: Duration) { delays.append(delay) }
}
