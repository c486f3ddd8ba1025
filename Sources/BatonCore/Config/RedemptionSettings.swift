import Foundation

/// Settings of the public half of the API: handoff signing keys, redeemer
/// JWTs, rate limits and Android App Links.
public struct RedemptionSettings: Sendable {
    /// The keys that MAC server-minted handoffs; the first listed signs.
    public var handoffKeyring: HandoffKeyring
    /// How long a minted handoff stays valid (never past its invite's expiry).
    public var handoffTTLSeconds: Int
    /// The HS256 secret of redeemer JWTs; nil turns JWT redeemers off.
    public var redeemerJWTSecret: [UInt8]?
    /// The audience, issuer and longest lifetime redeemer JWTs must have.
    public var redeemerTokenPolicy: RedeemerTokenPolicy
    /// The rate limits; nil when `BATON_RATE_LIMITS=off`.
    public var rateLimits: RateLimitPolicy?
    /// How often each replica adds its failed code lookups to the cluster's
    /// budget and reads the totals back (`GuessBudgetFlusher`).
    public var guessBudgetFlushInterval: Duration
    /// The Android package whose App Links the invite links are, if any.
    public var androidPackage: String?
    /// SHA-256 fingerprints (`AA:BB:…`) of the Android signing certificates.
    public var androidCertificateFingerprints: [String]

    /// The key id of the handoff key derived from `BATON_SECRET_KEY` when
    /// `BATON_HANDOFF_KEYS` is unset.
    public static let derivedKeyID = "derived"

    static func read(_ reader: inout SettingReader, secretKey: [UInt8]?) -> RedemptionSettings? {
        // Unset, the key derives from the server secret, whose own problems are reported already.
        let keyring =
            (reader.environment[Setting.handoffKeys.name] ?? "").isEmpty
            ? secretKey.flatMap(Self.derivedKeyring)
            : reader.parsed(.handoffKeys, expected: "comma-separated KEYID:HEX items, 32-byte keys", Self.keyring).flatMap {
                parsed in
                reader.refuseWeak(.handoffKeys, parsed.secrets.first { SecretStrength.weakness(of: $0) != nil })
                return parsed.keyring
            }
        let ttl = reader.integer(.handoffTTL, in: 60...2_592_000)
        let jwtSecret = reader.parsed(.redeemerJWTSecret, expected: "at least 32 bytes as hex or base64") { raw -> [UInt8]?? in
            if raw.isEmpty { return .some(nil) }
            let bytes = Sodium.bytes(fromHex: raw) ?? Data(base64Encoded: raw).map(Array.init)
            return bytes.flatMap { $0.count >= 32 ? .some($0) : nil }
        }
        let audience = reader.optional(.redeemerJWTAudience, expected: "1-256 printable ASCII characters", Self.claimValue)
        let issuer = reader.optional(.redeemerJWTIssuer, expected: "1-256 printable ASCII characters", Self.claimValue)
        let maxLifetime = reader.integer(.redeemerJWTMaxLifetime, in: 60...86_400)
        let rateLimits = reader.parsed(.rateLimits, expected: "off, or CLASS=N/UNIT items (see docs/redemption.md)", RateLimitPolicy.parse)
        let flushMilliseconds = reader.integer(.guessBudgetFlush, in: 10...60_000)
        let package = reader.parsed(.androidPackage, expected: "a Java package name such as com.example.family") { raw -> String?? in
            raw.isEmpty ? .some(nil) : (Self.isPackageName(raw) ? .some(raw) : nil)
        }
        let fingerprints = reader.parsed(.androidFingerprints, expected: "comma-separated SHA-256 fingerprints AA:BB:…") {
            raw -> [String]? in
            let items = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
            return items.allSatisfy(Self.isFingerprint) ? items : nil
        }
        guard let keyring, let ttl, let jwtSecret, let audience, let issuer, let maxLifetime, let rateLimits, let flushMilliseconds,
            let package, let fingerprints
        else { return nil }
        return RedemptionSettings(
            handoffKeyring: keyring, handoffTTLSeconds: ttl, redeemerJWTSecret: jwtSecret,
            redeemerTokenPolicy: RedeemerTokenPolicy(audience: audience, issuer: issuer, maxLifetimeSeconds: Int64(maxLifetime)),
            rateLimits: rateLimits, guessBudgetFlushInterval: .milliseconds(flushMilliseconds), androidPackage: package,
            androidCertificateFingerprints: fingerprints
        )
    }

    /// `k1:<hex>,k0:<hex>`: every key verifies, the first signs; with the
    /// keys' bytes, for judging their strength.
    static func keyring(_ raw: String) -> (keyring: HandoffKeyring, secrets: [[UInt8]])? {
        var keys: [String: [UInt8]] = [:]
        var first: String?
        for item in raw.split(separator: ",") {
            let pair = item.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
            guard pair.count == 2, let secret = Sodium.bytes(fromHex: String(pair[1])), keys[String(pair[0])] == nil else { return nil }
            keys[String(pair[0])] = secret
            first = first ?? String(pair[0])
        }
        guard let first, let keyring = try? HandoffKeyring(keys: keys, currentKeyID: first) else { return nil }
        return (keyring, Array(keys.values))
    }

    private static func derivedKeyring(_ secretKey: [UInt8]) -> HandoffKeyring? {
        let key = Sodium.hmacSHA256(key: secretKey, message: Array("baton/handoff-key".utf8))
        return try? HandoffKeyring(keys: [derivedKeyID: key], currentKeyID: derivedKeyID)
    }

    /// An expected `aud` or `iss`: printable ASCII, as URLs and host names are.
    private static func claimValue(_ raw: String) -> String? {
        (1...256).contains(raw.utf8.count) && raw.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) ? raw : nil
    }

    private static func isPackageName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.utf8.count <= 255 && parts.count >= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, first.properties.isAlphabetic, first.isASCII else { return false }
                return part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
                }
            }
    }

    private static func isFingerprint(_ text: String) -> Bool {
        let bytes = text.split(separator: ":", omittingEmptySubsequences: false)
        return bytes.count == 32 && bytes.allSatisfy { $0.count == 2 && Sodium.bytes(fromHex: String($0)) != nil }
    }
}

extension Setting {
    /// Handoff signing keys.
    public static let handoffKeys = Setting(
        name: "BATON_HANDOFF_KEYS",
        summary:
            "Handoff MAC keys as KEYID:HEX (32 bytes) items, comma-separated; the first signs, all verify. Unset: one key derived from BATON_SECRET_KEY (id 'derived').",
        defaultValue: "", isSecret: true
    )
    /// Lifetime of minted handoffs.
    public static let handoffTTL = Setting(
        name: "BATON_HANDOFF_TTL_SECONDS",
        summary: "Seconds a server-minted handoff stays valid, never past its invite's expiry (60-2592000).",
        defaultValue: "86400", isSecret: false
    )
    /// Secret of redeemer JWTs.
    public static let redeemerJWTSecret = Setting(
        name: "BATON_REDEEMER_JWT_SECRET",
        summary: "HS256 secret (32+ bytes, hex or base64) of redeemer JWTs minted by the backend; unset: JWT redeemers are refused.",
        defaultValue: "", isSecret: true
    )
    /// The audience redeemer JWTs must name.
    public static let redeemerJWTAudience = Setting(
        name: "BATON_REDEEMER_JWT_AUDIENCE",
        summary: "The aud claim redeemer JWTs must carry (a string, or a list holding it); unset: not checked.",
        defaultValue: "", isSecret: false
    )
    /// The issuer redeemer JWTs must name.
    public static let redeemerJWTIssuer = Setting(
        name: "BATON_REDEEMER_JWT_ISSUER",
        summary: "The iss claim redeemer JWTs must carry; unset: not checked.",
        defaultValue: "", isSecret: false
    )
    /// The longest lifetime of a redeemer JWT.
    public static let redeemerJWTMaxLifetime = Setting(
        name: "BATON_REDEEMER_JWT_MAX_LIFETIME_SECONDS",
        summary: "Longest exp - iat (or exp - now) of a redeemer JWT, in seconds (60-86400).",
        defaultValue: "3600", isSecret: false
    )
    /// Rate limits of the public routes.
    public static let rateLimits = Setting(
        name: "BATON_RATE_LIMITS",
        summary:
            "off, or CLASS=N/UNIT items overriding the defaults (classes code, code_failures, client_code_failures, key_code_failures, token, invocation, handoff, key, auth_failures; units s, min, h, day).",
        defaultValue: RateLimitPolicy.defaults.description, isSecret: false
    )
    /// How often the failed-guess budget is exchanged with the cluster.
    public static let guessBudgetFlush = Setting(
        name: "BATON_GUESS_BUDGET_FLUSH_MS",
        summary:
            "Milliseconds between a replica's flushes of failed code lookups to the cluster-wide budget (10-60000); a replica sees the others' failures up to two of these late (docs/redemption.md).",
        defaultValue: "500", isSecret: false
    )
    /// Android package for App Links.
    public static let androidPackage = Setting(
        name: "BATON_ANDROID_PACKAGE",
        summary: "Android package name; with BATON_ANDROID_CERT_FINGERPRINTS, /.well-known/assetlinks.json is served.",
        defaultValue: "", isSecret: false
    )
    /// Android signing certificate fingerprints.
    public static let androidFingerprints = Setting(
        name: "BATON_ANDROID_CERT_FINGERPRINTS",
        summary: "Comma-separated SHA-256 fingerprints (AA:BB:…) of the Android app's signing certificates.",
        defaultValue: "", isSecret: false
    )
}
