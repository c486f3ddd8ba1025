import BatonLinks

// The App Thinning Size Report reader behind `baton clip-size`. The input is
// the report's bytes; the seeds are the reports in Tests/Fixtures/thinning.
//
// Properties: reading never crashes and is deterministic; an accepted report
// has variants with names and sizes of at least zero bytes whose text form
// reads back to the same size when it is whole; each variant's headroom is
// the limit minus its size; a refusal has a snake_case code and a message
// without hidden characters.
extension FuzzTarget {
    // A few reports' worth; the 8 MiB limit itself is checked by a unit test.
    static let clipSize = FuzzTarget(name: "clip-size", maxLength: 16_384) { bytes in
        ClipSizeProperties.check(bytes)
    }
}

/// The clip-size target's checks.
enum ClipSizeProperties {
    static func check(_ bytes: [UInt8]) {
        let read = Result { () throws(ClipSizeError) in try ThinningReport(bytes) }
        precondition(Result { () throws(ClipSizeError) in try ThinningReport(bytes) } == read, "not deterministic")
        switch read {
        case .success(let report):
            precondition(!report.variants.isEmpty && !report.product.isEmpty)
            let budget = ClipSizeBudget(minimumIOS: report.variants.compactMap(\.lowestOSMajor).min() ?? 16, invocations: .digital)
            let lines = Result { () throws(ClipSizeError) in try budget.lines(for: report) }
            guard case .success(let lines) = lines else { preconditionFailure("a report without clip name has no variants") }
            for line in lines {
                let size = line.variant.uncompressed
                precondition(!line.variant.name.isEmpty && size.bytes >= 0 && line.variant.compressed.bytes >= 0)
                precondition(line.headroom.bytes == budget.limit.bytes - size.bytes)
                if size.bytes % 10_000 == 0 || size.bytes < 1000 {
                    precondition(ReportedSize(parsing: size.text[...]) == size, "a size's text does not read back")
                }
            }
        case .failure(let error):
            Showable.requireMachineCode(error.code)
            Showable.require(error.message, "clip-size error \(error.code)")
        }
    }
}
