/// Entry point of the `baton` command line.
public enum BatonCommandLine {
    /// Parses the process arguments, runs the command and exits.
    public static func main() {}
}
