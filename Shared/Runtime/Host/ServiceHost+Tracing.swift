import Synchronization

/// The tracer each running host installed, so a host stops only its own (tests and the
/// benchmark run several hosts in one process).
private let tracersByHost = Mutex<[ObjectIdentifier: Tracer]>([:])

extension ServiceHost {
    /// Installs the process's ``Tracer`` from the `OTEL_*` variables and starts its export
    /// thread; tracing stays off without an endpoint. One tracer serves the process: the
    /// last host started installs it.
    /// - Throws: ``ConfigError`` naming the variable with a bad value.
    func startTracing(environment: [String: String]) throws(ConfigError) {
        do {
            guard let tracer = try Tracer.fromEnvironment(environment, serviceName: name, log: log) else { return }
            tracersByHost.withLock { $0[ObjectIdentifier(self)] = tracer }
            Tracer.install(tracer)
            tracer.exporter.start()
            log.info("tracing on", ["otlp_url": tracer.exporter.url, "service_name": tracer.serviceName])
        } catch {
            throw ConfigError(problems: [.init(variable: error.variable, message: error.message)])
        }
    }

    /// Sends the spans still queued and stops the export thread of the tracer this host
    /// installed (the last shutdown step); uninstalls it unless another host replaced it.
    func stopTracing() {
        guard let tracer = tracersByHost.withLock({ $0.removeValue(forKey: ObjectIdentifier(self)) }) else { return }
        tracer.exporter.stop()
        Tracer.uninstall(tracer)
    }
}
