extension ServiceHost {
    /// Installs the process's ``Tracer`` from the `OTEL_*` variables and starts its export
    /// thread; tracing stays off without an endpoint.
    /// - Throws: ``ConfigError`` naming the variable with a bad value.
    func startTracing(environment: [String: String]) throws(ConfigError) {
        do {
            guard let tracer = try Tracer.fromEnvironment(environment, serviceName: name, log: log) else { return }
            Tracer.install(tracer)
            tracer.exporter.start()
            log.info("tracing on", ["otlp_url": tracer.exporter.url, "service_name": tracer.serviceName])
        } catch {
            throw ConfigError(problems: [.init(variable: error.variable, message: error.message)])
        }
    }

    /// Sends the spans still queued and stops the export thread (the last shutdown step).
    func stopTracing() {
        guard let tracer = Tracer.current else { return }
        tracer.exporter.stop()
        Tracer.install(nil)
    }
}
