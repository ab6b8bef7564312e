import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `texture-layout serve` process on a free loopback port (`--port 0`), for tests that speak HTTP to the real
/// server. Stopped with SIGTERM by ``stop(_:)`` or, failing that, when released.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    /// The port from the `listening on http://127.0.0.1:PORT` line.
    let port: UInt16
    /// The whole first line of standard output.
    let listeningLine: String
    private let scratch: Scratch

    init(_ arguments: [String] = []) throws {
        scratch = try Scratch()
        let errorPath = scratch.path("stderr")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let output = Pipe()
        process.executableURL = executable
        process.arguments = ["serve", "--port", "0", "--examples", examplesDirectory.path] + arguments
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // The line comes once the server accepts connections; end of file means it stopped first.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        listeningLine = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard listeningLine.hasPrefix("listening on http://127.0.0.1:"),
            let port = UInt16(listeningLine.split(separator: ":").last ?? "")
        else {
            process.terminate()
            let log = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw ServerError(message: "no listening line: \(listeningLine); stderr: \(log)")
        }
        self.port = port
    }

    /// What the server logged on standard error so far.
    var log: String {
        (try? String(contentsOfFile: scratch.path("stderr"), encoding: .utf8)) ?? ""
    }

    /// Sends `signal` and waits for the process to end; returns its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -1
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

struct ServerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// One HTTP/1.1 answer.
struct HTTPAnswer {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The `error` member of an error body.
    var error: String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }
}

/// A raw TCP connection to the server, so that tests control exactly what is sent and when (slow clients, clients
/// that leave mid-request).
final class Connection {
    private let socket: Int32

    init(port: UInt16) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if status != 0 {
            close(socket)
            throw ServerError(message: "cannot connect to port \(port): errno \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends all of `data`; false when the server has closed the connection.
    @discardableResult
    func send(_ data: Data) -> Bool {
        var sent = 0
        while sent < data.count {
            let count = data.withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            if count <= 0 { return false }
            sent += count
        }
        return true
    }

    func send(_ text: String) { send(Data(text.utf8)) }

    /// Closes the sending side (the server sees the end of the request stream).
    func closeWriting() { shutdown(socket, Int32(SHUT_WR)) }

    /// Reads until the server closes the connection and parses the answer.
    func readAnswer() throws -> HTTPAnswer {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else {
            throw ServerError(message: "no complete answer: \(String(decoding: data, as: UTF8.self))")
        }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(head[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        return HTTPAnswer(status: status, headers: headers, body: Data(data[end.upperBound...]))
    }

    /// The head of a request that closes the connection after its answer.
    static func head(_ method: String, _ path: String, headers: [String: String]) -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return text + "\r\n"
    }
}

extension ServerProcess {
    /// Sends one request and returns the answer. A body is sent as JSON unless `headers` say otherwise.
    func request(
        _ method: String, _ path: String, body: Data? = nil, headers: [String: String] = [:]
    ) throws
        -> HTTPAnswer
    {
        let connection = try Connection(port: port)
        var headers = headers
        if let body {
            headers["Content-Length"] = headers["Content-Length"] ?? String(body.count)
            headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
        }
        connection.send(Connection.head(method, path, headers: headers))
        if let body { connection.send(body) }
        return try connection.readAnswer()
    }

    func post(_ path: String, _ document: String, headers: [String: String] = [:]) throws -> HTTPAnswer {
        try request("POST", path, body: Data(document.utf8), headers: headers)
    }

    func get(_ path: String) throws -> HTTPAnswer { try request("GET", path) }
}
