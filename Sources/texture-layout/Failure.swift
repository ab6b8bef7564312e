/// Why the tool stops without success: the lines for standard error and the exit status.
struct Failure: Error {
    /// 1: a file could not be read or written.
    static let ioStatus: Int32 = 1
    /// 2: a document error or a command-line usage error.
    static let documentStatus: Int32 = 2

    var lines: [String]
    var status: Int32

    static func io(_ line: String) -> Failure { Failure(lines: [line], status: ioStatus) }
    static func document(_ line: String) -> Failure { Failure(lines: [line], status: documentStatus) }
    static func usage(_ line: String) -> Failure { Failure(lines: [line], status: documentStatus) }
}
