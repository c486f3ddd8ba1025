import BatonCLI

@main
enum Baton {
    static func main() {
        BatonCommandLine.main()
    }
}
