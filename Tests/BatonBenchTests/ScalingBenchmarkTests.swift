@testable import BatonBench
import Testing

@Suite("ScalingBenchmark")
struct ScalingBenchmarkTests {
    @Test("a table size is labelled by its power of ten and its exact count", arguments: [
        (9_999, "10^3 (9999)"), (10_000, "10^4 (10000)"), (1_021_000, "10^6 (1021000)"), (0, "10^0 (0)"),
    ])
    func sizeLabels(count: Int, label: String) {
        #expect(ScalingBenchmark.sizeLabel(count) == label)
    }
}
