/// A libcurl failure of ``TestHTTPClient`` (e.g. code 52, "empty reply", for a dropped connection).
public struct TestHTTPError: Error, Sendable {
    /// The `CURLcode`, or `-1` when no curl handle could be made.
    public var curlCode: Int
    /// libcurl's description of the code (`curl_easy_strerror`).
    public var message: String

    /// An error of `curlCode` described by `message`.
    public init(curlCode: Int, message: String) {
        self.curlCode = curlCode
        self.message = message
    }
}
