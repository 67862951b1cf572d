#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Runtime

extension HandlerContext {
    /// The current time in Unix seconds.
    var now: Int { Int(Date().timeIntervalSince1970) }
}
