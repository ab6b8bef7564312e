import LayoutDocument
import LayoutJSON
import LayoutRendering
import LayoutTool
import Synchronization
import TextureLayout

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `render FILE... -o DIR`: every document drawn into its own picture in a folder by worker threads that share
/// only this object: the next file to take (an atomic counter) and, behind a lock, the failures so far. Nothing
/// goes to standard output; the failures' lines go to standard error at the end, in the order of the files.
final class RenderBatch: Sendable {
    let files: FileList
    /// Each file's picture, in the folder.
    let pictures: [String]
    let format: PictureFormat
    let options: PictureFormat.Options
    let overrides: SizeOverrides
    /// The most bytes a document may have.
    let maxInput: Int
    private let nextFile = Atomic<Int>(0)
    /// Each file's failure once drawn (`nil`: drawn, or not yet).
    private let failures: Mutex<[Failure?]>

    /// Checks the batch before anything is drawn: a folder is given, no file is standard input, no two files make
    /// the same picture name (usage errors); then makes the folder if missing (an input/output failure if it can't).
    init(
        files: FileList, folder: String?, format: PictureFormat, options: PictureFormat.Options,
        overrides: SizeOverrides, maxInput: Int
    ) throws(Failure) {
        guard let folder else { throw .usage("-o: several documents need a folder for their pictures (-o DIR)") }
        if files.containsStandardInput {
            throw .usage("-: standard input can be the only document, not one of several")
        }
        var names: [String: String] = [:]
        var pictures: [String] = []
        for file in files {
            let name = Self.pictureName(of: file, format: format)
            if let other = names[name] {
                throw .usage("\(file): its picture \(jsonString(name)) would overwrite the one of \(other)")
            }
            names[name] = file
            pictures.append(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
        }
        // The folder and whatever folders above it are missing.
        var path = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            path += "/" + part
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw .io("\(folder): cannot make the folder: \(IO.reason())")
            }
        }
        self.files = files
        self.pictures = pictures
        self.format = format
        self.options = options
        self.overrides = overrides
        self.maxInput = maxInput
        failures = Mutex(Array(repeating: nil, count: files.count))
    }

    /// The picture's file name: the document's without its folder and its last extension, with the format's.
    static func pictureName(of file: String, format: PictureFormat) -> String {
        var name = file.split(separator: "/").last.map(String.init) ?? file
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name + "." + format.fileExtension
    }

    /// Draws files until none is left.
    func work() {
        while true {
            let index = nextFile.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < files.count else { return }
            do throws(Failure) {
                let request = LayoutRequest(.picture(format, options), overrides: overrides, optionPrefix: "--")
                let picture = try answer(request, forFile: files[index], maxInput: maxInput)
                try IO.write(picture.bytes, to: pictures[index])
            } catch {
                failures.withLock { $0[index] = error }
            }
        }
    }

    /// Once every worker is done: the failure to report, if any. A document error's line starts with its file's
    /// name, as `validate` reports several files (an input/output failure's line already names the file).
    func finish() throws(Failure) {
        let failures = self.failures.withLock { $0 }
        var lines: [String] = []
        var status: Int32 = 0
        for (file, failure) in zip(files, failures) {
            guard let failure else { continue }
            lines += failure.status == Failure.ioStatus ? failure.lines : failure.lines.map { "\(file): \($0)" }
            status = max(status, failure.status)
        }
        if status != 0 { throw Failure(lines: lines, status: status) }
    }
}

extension PictureFormat {
    /// The extension of its files (`txt` for ASCII).
    var fileExtension: String { self == .ascii ? "txt" : rawValue }
}
