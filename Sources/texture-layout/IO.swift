#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading and writing files with the system calls, so that every failure names the file and its reason.
enum IO {
    /// How a file argument is named in messages: `-` is standard input.
    static func displayName(_ path: String) -> String { path == "-" ? "standard input" : path }

    /// The whole content of `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor: Int32
        if path == "-" {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(path, O_RDONLY)
            if descriptor < 0 { throw readFailure(path) }
        }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var status = stat()
        var capacity = 1 << 16
        if fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && status.st_size > 0 {
            capacity = Int(status.st_size) + 1
        }
        var bytes = [UInt8](repeating: 0, count: capacity)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
            let received = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if received == 0 { break }
            if received < 0 {
                if errno == EINTR { continue }
                throw readFailure(path)
            }
            count += received
        }
        bytes.removeSubrange(count...)
        return bytes
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
            let count = bytes.withUnsafeBytes { systemWrite(STDERR_FILENO, $0.baseAddress! + written, $0.count - written) }
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
