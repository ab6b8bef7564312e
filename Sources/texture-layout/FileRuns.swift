/// Long lists of file arguments, handed to the argument parser as a few arguments.
///
/// The argument parser records where each value of an array argument came from in a set that it copies for every
/// value, so parsing n files costs about n² steps: 2,000 files took longer than laying all of them out, on one
/// thread before any worker starts. A run of consecutive arguments that are not options is therefore folded
/// into its first argument (which may be an option's value) and one argument holding the others joined by NUL,
/// a character no command-line argument can contain; the commands that take many files open the runs again.
enum FileRuns {
    /// Joins the arguments of a folded run.
    static let separator: Character = "\0"

    /// The subcommands whose positional arguments are all files (of one list).
    static let commands: Set<String> = ["layout", "validate", "render"]

    /// `arguments` (a subcommand and its arguments) with each run of three or more arguments that do not start
    /// with `-` folded; unchanged for other subcommands and after a `--`.
    static func folded(_ arguments: [String]) -> [String] {
        guard let command = arguments.first, commands.contains(command) else { return arguments }
        var result: [String] = []
        var run: [String] = []
        func endRun() {
            if run.count >= 3 {
                result += [run[0], String(separator) + run.dropFirst().joined(separator: String(separator))]
            } else {
                result += run
            }
            run = []
        }
        for (position, argument) in arguments.enumerated() {
            if argument == "--" {
                endRun()
                result += arguments[position...]
                return result
            }
            if position > 0, !argument.hasPrefix("-") {
                run.append(argument)
            } else {
                endRun()
                result.append(argument)
            }
        }
        endRun()
        return result
    }

    /// The files a command received, each folded run opened again.
    static func unfolded(_ files: [String]) -> [String] {
        files.flatMap { file in
            file.first == separator
                ? file.dropFirst().split(separator: separator, omittingEmptySubsequences: false)
                    .map(String.init) : [file]
        }
    }
}
