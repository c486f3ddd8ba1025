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
