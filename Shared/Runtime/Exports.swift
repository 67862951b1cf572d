/// Runtime is built on RuntimeCore (threads and ``BackgroundLoop``, logging, configuration
/// reading, metrics, JSON escaping: the parts with no C library under them) and re-exports
/// it, so a service, the CLI or a test that imports Runtime sees both as one module.
@_exported public import RuntimeCore
