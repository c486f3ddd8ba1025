extension Setting {
    /// The OTLP/HTTP base URL; `/v1/traces` is appended.
    public static let otelEndpoint = Setting(
        name: "OTEL_EXPORTER_OTLP_ENDPOINT",
        summary: "OTLP/HTTP collector base URL (http/json); spans go to its /v1/traces. Unset (and no traces endpoint): tracing is off.",
        defaultValue: "", isSecret: false
    )
    /// The OTLP/HTTP traces URL, used as given.
    public static let otelTracesEndpoint = Setting(
        name: "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
        summary: "OTLP/HTTP traces URL used as given (such as http://collector:4318/v1/traces); wins over OTEL_EXPORTER_OTLP_ENDPOINT.",
        defaultValue: "", isSecret: false
    )
    /// Headers sent with every export.
    public static let otelHeaders = Setting(
        name: "OTEL_EXPORTER_OTLP_HEADERS",
        summary: "Headers of every export, name=value pairs separated by commas, values percent-encoded (often a collector's key).",
        defaultValue: "", isSecret: true
    )
    /// The resource's `service.name`.
    public static let otelServiceName = Setting(
        name: "OTEL_SERVICE_NAME",
        summary: "The service.name of exported spans.",
        defaultValue: "baton", isSecret: false
    )
    /// Further resource attributes.
    public static let otelResourceAttributes = Setting(
        name: "OTEL_RESOURCE_ATTRIBUTES",
        summary: "More resource attributes of exported spans, key=value pairs separated by commas (deployment.environment.name=prod).",
        defaultValue: "", isSecret: false
    )
    /// The sampler.
    public static let otelTracesSampler = Setting(
        name: "OTEL_TRACES_SAMPLER",
        summary:
            "Which traces are recorded: always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio.",
        defaultValue: "parentbased_always_on", isSecret: false
    )
    /// The ratio of the `traceidratio` samplers.
    public static let otelTracesSamplerArg = Setting(
        name: "OTEL_TRACES_SAMPLER_ARG",
        summary: "The share of new traces the traceidratio samplers record (0-1).",
        defaultValue: "1.0", isSecret: false
    )
    /// Turns tracing off whatever else is set.
    public static let otelSDKDisabled = Setting(
        name: "OTEL_SDK_DISABLED",
        summary: "true turns span recording and export off; trace context is still passed on. true or false.",
        defaultValue: "false", isSecret: false
    )

    /// The tracing settings, in documentation order.
    static let tracing: [Setting] = [
        otelEndpoint, otelTracesEndpoint, otelHeaders, otelServiceName, otelResourceAttributes, otelTracesSampler,
        otelTracesSamplerArg, otelSDKDisabled,
    ]
}
