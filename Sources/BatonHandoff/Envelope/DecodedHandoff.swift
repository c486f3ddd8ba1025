/// An envelope that passed every check, with the exact text it came from.
///
/// `Payload` is the current schema's model: ``HandoffPayload`` for the
/// library's registry (see ``HandoffEnvelope``); a registry with another
/// current version decodes into its own model.
public struct DecodedHandoff<Payload: Sendable>: Sendable {
    /// The envelope exactly as received, for storing or forwarding verbatim.
    public let raw: String
    /// The protected header.
    public let header: HandoffHeader
    /// The payload, upgraded to the registry's current version.
    public let payload: Payload
    /// How far the contents can be trusted.
    public let authenticity: HandoffAuthenticity
}

/// A decoded envelope of the library's current schema.
public typealias HandoffEnvelope = DecodedHandoff<HandoffPayload>
