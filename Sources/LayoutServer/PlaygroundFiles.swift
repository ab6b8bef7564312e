import Foundation
import LayoutDocument
import LayoutJSON

/// The playground's files, read once and kept in memory (they are small, and a server that reads nothing from disk
/// per request is simpler to run in a container): the page, its style sheet and script from the target's
/// resources, and the example documents from the examples folder (the repository's `Examples/`, which lives outside
/// the target).
struct PlaygroundFiles: Sendable {
    /// `index.html`.
    let page: Answer
    /// Every other file by the path it is served at: `/playground.css`, `/playground.js`, `/examples.json` (the
    /// examples' names) and `/examples/NAME.json`.
    let others: [String: Answer]

    /// Why the files could not be read: the resources are missing next to the executable.
    struct Missing: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the resources and the `.json` files of the folder `examples` (none when `nil` or missing).
    init(examples: String?) throws {
        guard let folder = Bundle.module.url(forResource: "Playground", withExtension: nil) else {
            throw Missing(description: "the playground's files are missing from the server's resources")
        }
        func read(_ name: String, _ type: String) throws -> Answer {
            Answer(
                status: .ok, contentType: type, body: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
        }
        page = try read("index.html", "text/html; charset=utf-8")
        var others = [
            "/playground.css": try read("playground.css", "text/css; charset=utf-8"),
            "/playground.js": try read("playground.js", "text/javascript; charset=utf-8"),
        ]
        var names: [String] = []
        if let examples, let files = try? FileManager.default.contentsOfDirectory(atPath: examples) {
            names =
                files
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
            for name in names {
                let url = URL(fileURLWithPath: examples).appendingPathComponent("\(name).json")
                others["/examples/\(name).json"] = Answer(
                    status: .ok, contentType: "application/json",
                    body: Array(try Data(contentsOf: url)))
            }
        }
        let list = "[" + names.map(jsonString).joined(separator: ", ") + "]\n"
        others["/examples.json"] = Answer(status: .ok, contentType: "application/json", body: Array(list.utf8))
        self.others = others
    }
}
