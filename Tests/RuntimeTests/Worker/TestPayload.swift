import Messages

/// The body of the test commands: `{"n": 3}`.
struct TestPayload: Codable, Sendable, Equatable {
    var n: Int
}

/// The result a test handler replies with.
struct TestResult: Codable, Sendable, Equatable {
    var doubled: Int
}
