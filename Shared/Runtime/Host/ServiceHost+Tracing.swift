import Synchronization

/// The tracer each running host installed, so a host stops only its own (tests and the
/// benchmark run several hosts in one process).
private let tracersByHost = Mutex<[ObjectIdentifier: Tracer]>([:])

extension ServiceHost {
    /// Installs the process's ``Tracer`` from the `OTEL_*` variables (its export thread is the
    /// host's first part, ``installedTracer``); tracing stays off without an endpoint. One
    /// tracer serves the process: the last host started installs it.
    /// - Throws: ``ConfigError`` naming the variable with a bad value.
    func startTracing(environment: [String: String]) throws(ConfigError) {
        do {
            guard let tracer = try Tracer.fromEnvironment(environment, serviceName: name, log: log) else { return }
            tracersByHost.withLock { $0[ObjectIdentifier(self)] = tracer }
            Tracer.install(tracer)
            log.info("tracing on", ["otlp_url": tracer.exporter.url, "service_name": tracer.serviceName])
        } catch {
            throw ConfigError(problems: [.init(variable: error.variable, message: error.message)])
        }
    }

    /// The tracer this host installed, if any.
    var installedTracer: Tracer? { tracersByHost.withLock { $0[ObjectIdentifier(self)] } }

    /// Uninstalls the tracer this host installed (after its exporter, a part, was stopped),
    /// unless another host replaced it.
    func stopTracing() {
        guard let tracer = tracersByHost.withLock({ $0.removeValue(forKey: ObjectIdentifier(self)) }) else { return }
        tracer.exporter.stopAndJoin(timeout: .seconds(10))  // At once when stopped with the parts.
        Tracer.uninstall(tracer)
    }
}
