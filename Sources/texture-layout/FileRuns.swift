/// Long lists of file arguments, handed to the argument parser as a few arguments and made into strings by the
/// threads that read the files.
///
/// The argument parser records where each value of an array argument came from in a set that it copies for every
/// value, so parsing n files costs about n² steps: 2,000 files took longer than laying all of them out, on one
/// thread before any worker starts. And making 20,000 file names into strings, then splitting and checking them,
/// took about as long as starting the program, again on that one thread. A run of consecutive arguments that do not
/// start with `-` is therefore folded into its first argument (which may be an option's value) and one argument
/// that says where the others are among the process's arguments: NUL, a character no command-line argument can
/// contain, and their first and last positions. The commands that take many files see them as a ``FileList``.
/// The process's arguments are read in place: the C library keeps them, unchanged, until the process exits.
enum FileRuns {
    /// Starts a folded run's argument.
    static let marker: Character = "\0"

    /// The subcommands whose positional arguments are all files (of one list).
    static let commands: Set<String> = ["layout", "validate", "render"]

    /// The process's arguments after the program's name, each run of three or more arguments that do not start with
    /// `-` folded (also after a `--`); unfolded for other subcommands. Only the arguments that are kept are made
    /// into strings.
    static func processArguments() -> [String] {
        let count = Int(CommandLine.argc)
        return folded(count: count) { position in
            String(cString: CommandLine.unsafeArgv[position]!)
        } startsWithDash: {
            position in
            CommandLine.unsafeArgv[position]![0] == 0x2D
        }
    }

    /// The arguments at positions 1..<`count` with their runs folded, where `argument` makes one into a string and
    /// `startsWithDash` tells whether one starts with `-` without making it one.
    static func folded(
        count: Int, argument: (Int) -> String, startsWithDash: (Int) -> Bool
    ) -> [String] {
        guard count > 1 else { return [] }
        let command = argument(1)
        guard commands.contains(command) else { return (1..<count).map(argument) }
        var result = [command]
        var runStart: Int?
        func endRun(at end: Int) {
            guard let start = runStart else { return }
            result.append(argument(start))
            if end - start >= 3 {
                result.append(String(marker) + "\(start + 1) \(end - 1)")
            } else {
                result += (start + 1..<end).map(argument)
            }
            runStart = nil
        }
        var position = 2
        while position < count {
            if !startsWithDash(position) {
                if runStart == nil { runStart = position }
            } else {
                endRun(at: position)
                result.append(argument(position))
            }
            position += 1
        }
        endRun(at: count)
        return result
    }

    /// The files a command received, each folded run standing for the process's arguments it names.
    static func unfolded(_ files: [String]) -> FileList {
        FileList(
            files.map { file in
                guard file.first == marker else { return .name(file) }
                let bounds = file.dropFirst().split(separator: " ").compactMap { Int($0) }
                return .arguments(bounds[0]..<bounds[1] + 1)
            })
    }
}

/// The files of a command in the order given: names the argument parser handed over, and runs of the process's
/// arguments, each made into a string when asked for (by the worker thread that reads the file).
struct FileList: RandomAccessCollection, Sendable {
    enum Part: Sendable {
        case name(String)
        /// Positions among the process's arguments.
        case arguments(Range<Int>)

        var count: Int {
            switch self {
            case .name: 1
            case .arguments(let range): range.count
            }
        }
    }

    private let parts: [Part]
    /// The index of each part's first file.
    private let starts: [Int]
    let endIndex: Int
    var startIndex: Int { 0 }

    init(_ parts: [Part]) {
        self.parts = parts
        var starts: [Int] = []
        var total = 0
        for part in parts {
            starts.append(total)
            total += part.count
        }
        self.starts = starts
        endIndex = total
    }

    subscript(position: Int) -> String {
        precondition(position >= 0 && position < endIndex, "file index out of range")
        // The last part that starts at or before `position` (a binary search: parts alternate with options).
        var low = 0
        var high = parts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        switch parts[low] {
        case .name(let name): return name
        case .arguments(let range):
            return String(cString: CommandLine.unsafeArgv[range.lowerBound + position - starts[low]]!)
        }
    }

    /// Whether `-` (standard input) is among the files, without making the runs' files strings: a folded run
    /// holds no argument that starts with `-`.
    var containsStandardInput: Bool {
        parts.contains { part in
            if case .name(let name) = part { name == "-" } else { false }
        }
    }
}
