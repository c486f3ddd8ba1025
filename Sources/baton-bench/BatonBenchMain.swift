import BatonBenchCLI

@main
enum BatonBenchMain {
    static func main() {
        BenchCommandLine.main()
    }
}
