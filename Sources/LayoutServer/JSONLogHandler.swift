import Foundation
import LayoutDocument
import LayoutJSON
import Logging

/// `serve --log-format json`: each log entry as one JSON object on a line of standard error (`time`, `level`,
/// `label`, `message`, then the metadata's keys), for log collectors that read JSON rather than `key=value` text.
package struct JSONLogHandler: LogHandler {
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .info
    private let label: String

    /// A handler for the logger named `label`.
    package init(label: String) {
        self.label = label
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        var fields = [
            ("time", Date.now.formatted(.iso8601)), ("level", event.level.rawValue), ("label", label),
            ("message", event.message.description),
        ]
        let entries = metadata.merging(event.metadata ?? [:]) { _, new in new }
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            fields.append((key, value.description))
        }
        let line = "{" + fields.map { "\(jsonString($0)): \(jsonString($1))" }.joined(separator: ", ") + "}\n"
        // One write per entry, so that the lines of concurrent requests never interleave.
        FileHandle.standardError.write(Data(line.utf8))
    }
}
