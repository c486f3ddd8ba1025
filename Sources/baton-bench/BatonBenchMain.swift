import BatonBenchCLI
import Foundation

@main
enum BatonBenchMain {
    static func main() {
        // As in baton: a reader that goes away must not kill the process
        // (the benchmarks serve wrk in-process and pipe their children).
        signal(SIGPIPE, SIG_IGN)
        BenchCommandLine.main()
    }
}
