import Foundation

/// The fetch both well-known files get: as the platform's verifier makes it.
extension LiveDoctor {
    /// Who fetches a well-known file, for the findings' codes and sentences.
    struct WellKnownReader {
        /// The findings' code prefix, such as `aasa`.
        let codePrefix: String
        /// Who follows no redirect, such as "Apple's CDN".
        let name: String
        /// The size limit's sentence, such as "Apple accepts at most that".
        let limitNote: String
    }

    /// `path` fetched with no redirect followed, at most `limit` bytes: the
    /// body of a 200 answer served as `application/json`, or the findings
    /// (unreachable, redirected, another status, too large, another media
    /// type) that say why the platform would not read it. A wrong media type
    /// comes with the body, so the document is checked too.
    func fetchWellKnown(_ path: String, limit: Int, reader: WellKnownReader) -> (body: Data?, findings: [Finding]) {
        let code = { (suffix: String) in reader.codePrefix + "_" + suffix }
        switch LiveFetch.get(site.appending(path: path), limit: limit) {
        case .failure(let failure):
            return (nil, [Finding(.error, code("unreachable"), "\(path) could not be fetched: \(Finding.quoted(failure.reason))")])
        case .success(let answer) where (300..<400).contains(answer.status):
            let target = answer.location.map { " to " + Finding.quoted($0) } ?? ""
            return (
                nil,
                [Finding(.error, code("redirected"), "\(path) answered HTTP \(answer.status)\(target); \(reader.name) follows no redirect")]
            )
        case .success(let answer) where answer.status != 200:
            return (nil, [Finding(.error, code("http_status"), "\(path) answered HTTP \(answer.status), not 200")])
        case .success(let answer) where answer.isTruncated:
            return (nil, [Finding(.error, code("too_large"), "\(path) is over \(limit) bytes; \(reader.limitNote)")])
        case .success(let answer):
            guard answer.mediaType != "application/json" else { return (answer.body, []) }
            let type = answer.mediaType.map(Finding.quoted) ?? "none"
            return (answer.body, [Finding(.error, code("content_type"), "\(path) is served as \(type), not application/json")])
        }
    }
}
