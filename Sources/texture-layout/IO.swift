// Unsafe room: POSIX.
// Invariants: system calls read and write only within the byte arrays they are lent (`withUnsafe(Mutable)Bytes`,
// with the arrays' counts).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing files with the system calls, so that every failure names the file and its reason.
enum IO {
    /// How a file argument is named in messages: `-` is standard input.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// How many bytes ``read(_:limit:checkingBeginning:)`` reads before it shows them to its check.
    static let beginningSize = 1 << 16

    /// The whole content of `path`, or of standard input for `-`, read in pieces: more than `limit` bytes is a
    /// document error (`--max-input`) as soon as that shows (at once for a file whose size is known), and the first
    /// ``beginningSize`` bytes (all of a shorter input) go to `checkBeginning` as soon as they are read, so that
    /// input that is wrong from its start is refused without reading the rest.
    static func read(
        _ path: String, limit: Int = .max,
        checkingBeginning checkBeginning: ([UInt8]) throws(Failure) -> Void = { _ in }
    ) throws(Failure)
        -> [UInt8]
    {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY)
            if descriptor < 0 { throw readFailure(path) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        var size: Int?
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 0 {
            size = Int(status.st_size)
        }
        if let size, size > limit { throw tooLarge(path, limit, size: size) }
        // Never more room than one byte past the limit, which is enough to tell that the input is over it.
        let most = limit < Int.max ? limit + 1 : limit
        var bytes = [UInt8](repeating: 0, count: min(beginningSize, size.map { $0 + 1 } ?? beginningSize, most))
        var count = 0
        var checked = false
        while true {
            if count == bytes.count {
                if !checked {
                    try checkBeginning(bytes)
                    checked = true
                }
                let grown = max(size.map { $0 + 1 } ?? 0, bytes.count * 2)
                bytes += [UInt8](repeating: 0, count: min(grown, most) - bytes.count)
            }
            let received = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if received == 0 { break }
            if received < 0 {
                if errno == EINTR { continue }
                throw readFailure(path)
            }
            count += received
            if count > limit { throw tooLarge(path, limit, size: nil) }
        }
        bytes.removeSubrange(count...)
        if !checked { try checkBeginning(bytes) }
        return bytes
    }

    /// The input is over `--max-input`.
    static func tooLarge(_ path: String, _ limit: Int, size: Int?) -> Failure {
        let what = size.map { "is \($0) bytes, more than" } ?? "is longer than"
        return .document("document: \(displayName(path)) \(what) --max-input allows (\(limit) bytes)")
    }

    /// Writes `bytes` to `path` (created or truncated), or to standard output when `path` is `nil`.
    static func write(_ bytes: [UInt8], to path: String?) throws(Failure) {
        let descriptor: Int32
        if let path {
            descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            if descriptor < 0 { throw writeFailure(path) }
        } else {
            descriptor = STDOUT_FILENO
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let failure = writeFailure(path ?? "standard output")
                if descriptor != STDOUT_FILENO { close(descriptor) }
                throw failure
            }
            written += count
        }
        if descriptor != STDOUT_FILENO && close(descriptor) != 0 { throw writeFailure(path ?? "") }
    }

    /// Writes lines to standard error.
    static func printError(_ lines: [String]) {
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                systemWrite(STDERR_FILENO, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return }
            written += count
        }
    }

    static func readFailure(_ path: String) -> Failure {
        .io("\(displayName(path)): cannot read: \(reason())")
    }

    static func writeFailure(_ path: String) -> Failure {
        .io("\(path): cannot write: \(reason())")
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}

/// The C library's `read` and `write` (inside ``IO`` those names are its own methods).
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
