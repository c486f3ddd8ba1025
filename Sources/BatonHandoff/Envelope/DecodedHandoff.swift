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

/// What the decoder could establish about who wrote an envelope.
public enum HandoffAuthenticity: String, Sendable {
    /// HS256, and the MAC verified under a server key (server path).
    case verified
    /// HS256, read on the device that holds no key: the MAC was not checked;
    /// the server checks it when the app sends the envelope.
    case unverified
    /// Minted on the device (`alg: none`): untrusted input, like a typed code.
    case deviceMinted = "device_minted"
}
