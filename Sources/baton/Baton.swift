import BatonCLI
import Foundation

@main
enum Baton {
    static func main() {
        // A reader that goes away (`baton worker 2>&1 | head -1`) must not
        // kill the process: with SIGPIPE ignored the write fails with EPIPE,
        // and the line is dropped and counted (baton_log_lines_dropped_total).
        // Children get SIGPIPE back at its default (Subprocess resets it).
        signal(SIGPIPE, SIG_IGN)
        BatonCommandLine.main()
    }
}
