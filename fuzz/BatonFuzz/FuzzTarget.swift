/// One fuzz target: a name for `fuzz/run`, and a check that runs one input
/// and traps (`precondition`) when a property that must hold for every input
/// does not. A crash, a sanitizer report or a trap is a finding.
struct FuzzTarget: Sendable {
    /// The name on the command line and the folder of its seeds, `fuzz/<name>/corpus`.
    let name: String
    /// Longest input worth trying; `fuzz/run` passes it as `-max_len`.
    let maxLength: Int
    /// Runs one input through the code under test and checks its properties.
    let check: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `fuzz/run all` runs them.
    static let all: [FuzzTarget] = [handoff, invocation, credential, routes, paste, clipSize, referrer, destination]

    /// The target called `name`, if there is one.
    static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}
