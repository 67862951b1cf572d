import TestKit

/// The simulator tests' name for the shared libcurl test client.
typealias SimHTTP = TestHTTPClient
