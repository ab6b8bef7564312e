import ArgumentParser
import TextureLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the tool on `arguments` (the process's, runs of files folded by ``FileRuns``) and returns its exit status. Usage errors of the argument parser (its own status 64) are mapped to
/// 2 and reported in one line; help goes to standard output with status 0.
func runTool(_ arguments: [String]) -> Int32 {
    do {
        // A subcommand's `run` forwards to its `execute`, whose ``Failure`` is caught below.
        var command = try TextureLayoutTool.parseAsRoot(arguments)
        defer { keepUntilExit(command) }
        try command.run()
        return 0
    } catch let failure as Failure {
        IO.printError(failure.lines)
        return failure.status
    } catch {
        if TextureLayoutTool.exitCode(for: error) == .success {
            let text = TextureLayoutTool.fullMessage(for: error)
            if !text.isEmpty { try? IO.write(Array((text + "\n").utf8), to: nil) }
            return 0
        }
        let message = TextureLayoutTool.message(for: error)
        let line = message.split(separator: "\n").first.map(String.init) ?? "usage error"
        IO.printError([line.hasPrefix("Error: ") ? String(line.dropFirst(7)) : line])
        return Failure.documentStatus
    }
}

// Documents nest without limit: reading, building, rendering and freeing them loop rather than recurse, and a
// layout pass continues on large-stack threads of its own when the stack runs low.
let status = runTool(FileRuns.processArguments())
ThreadTimes.report()
exit(status)
