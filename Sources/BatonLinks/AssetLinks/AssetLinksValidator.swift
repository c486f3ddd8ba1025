import Foundation

/// Checks a Digital Asset Links statement list (`/.well-known/assetlinks.json`)
/// the way Android's App Links verifier reads it: a JSON array of statements,
/// one of which grants `delegate_permission/common.handle_all_urls` to the
/// app's package with the SHA-256 fingerprints of its signing certificates,
/// written as upper-case colon hex. Without such a statement Android opens
/// invite links in the browser instead of the app, with no error anywhere.
///
/// A pure function of its inputs, so `baton doctor --android` (a file or a
/// live host) and tests share it. Every finding is an error.
public enum AssetLinksValidator {
    /// Largest document read: Baton's own bound (Google publishes none); a
    /// statement list for a few apps is a few hundred bytes.
    public static let sizeLimit = 128 * 1024
    /// The relation that lets an app open a site's links without asking.
    public static let appLinksRelation = "delegate_permission/common.handle_all_urls"

    /// Findings for `data`: its shape, an App Links statement for `package`
    /// (any package when nil), each listed fingerprint's format, and each of
    /// `fingerprints` listed for that package. Never throws: a document that
    /// is too large or not JSON is itself a finding.
    public static func validate(_ data: Data, package: String?, fingerprints: [String]) -> [Finding] {
        guard data.count <= sizeLimit else {
            return [Finding(.error, "assetlinks_too_large", "the document is \(data.count) bytes; the doctor reads at most \(sizeLimit)")]
        }
        guard let statements = (try? JSONSerialization.jsonObject(with: data)) as? [Any] else {
            return [Finding(.error, "assetlinks_not_json", "the document is not a JSON array of statements")]
        }
        var findings: [Finding] = []
        var granted: [String: [String]] = [:]
        for (index, element) in statements.enumerated() {
            guard let statement = AssetLinksStatement(element) else {
                findings.append(
                    Finding(
                        .error, "assetlinks_statement_malformed",
                        "statement \(index + 1) is not an object with a relation list and a target object"))
                continue
            }
            guard statement.relations.contains(appLinksRelation), statement.namespace == "android_app", let name = statement.package else {
                continue
            }
            for fingerprint in statement.fingerprints where !isFingerprint(fingerprint) {
                findings.append(
                    Finding(
                        .error, "assetlinks_fingerprint_format",
                        "\(Finding.quoted(fingerprint)) of \(Finding.quoted(name)) is not a SHA-256 fingerprint in upper-case colon hex"))
            }
            granted[name, default: []] += statement.fingerprints
        }
        guard !granted.isEmpty else {
            findings.append(
                Finding(.error, "assetlinks_no_app_links", "no android_app statement grants \(appLinksRelation): App Links will not verify")
            )
            return findings
        }
        guard let listed = package.map({ granted[$0] }) ?? granted.values.first else {
            findings.append(
                Finding(
                    .error, "assetlinks_package_missing",
                    "no App Links statement names \(Finding.quoted(package ?? "")); it names "
                        + granted.keys.sorted().map(Finding.quoted).joined(separator: ", ")))
            return findings
        }
        if listed.isEmpty {
            findings.append(Finding(.error, "assetlinks_no_fingerprints", "the App Links statement lists no sha256_cert_fingerprints"))
        }
        for fingerprint in fingerprints where !listed.contains(fingerprint.uppercased()) {
            findings.append(
                Finding(
                    .error, "assetlinks_fingerprint_missing", "the certificate \(Finding.quoted(fingerprint)) is not listed for the app"))
        }
        return findings
    }

    /// Whether `text` is a SHA-256 certificate fingerprint as Android lists
    /// it: 32 bytes of upper-case hex joined by colons (`AB:CD:…`, 95 characters).
    public static func isFingerprint(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 95 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index % 3 == 2 ? byte == UInt8(ascii: ":") : (48...57).contains(byte) || (65...70).contains(byte)
        }
    }
}

/// One statement of an asset links list, as far as App Links read it.
struct AssetLinksStatement {
    let relations: [String]
    let namespace: String?
    let package: String?
    let fingerprints: [String]

    /// The statement `element` holds, or nil when it is not an object with a
    /// `relation` list of strings and a `target` object.
    init?(_ element: Any) {
        guard let object = element as? [String: Any], let relations = object["relation"] as? [String],
            let target = object["target"] as? [String: Any]
        else { return nil }
        self.relations = relations
        namespace = target["namespace"] as? String
        package = target["package_name"] as? String
        fingerprints = target["sha256_cert_fingerprints"] as? [String] ?? []
    }
}
