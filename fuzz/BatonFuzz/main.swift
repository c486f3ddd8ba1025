import Foundation

// BatonFuzz TARGET [libFuzzer options] [CORPUS_DIR...]
//
// Built by fuzz/run with AddressSanitizer, libFuzzer's coverage and
// -DBATON_FUZZ, this runs libFuzzer on one of FuzzTarget.all. In a plain
// build it replays the files and directories given through the target once
// each: how a finding is reproduced, and how the seeds are checked in CI.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.named(arguments[1]) else {
    let names = FuzzTarget.all.map(\.name).joined(separator: "|")
    FileHandle.standardError.write(Data("usage: BatonFuzz \(names) [options] [inputs...]\n".utf8))
    exit(2)
}
exit(FuzzDriver.run(target, program: arguments[0], arguments: Array(arguments.dropFirst(2))))
