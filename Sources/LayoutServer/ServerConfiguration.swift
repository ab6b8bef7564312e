import Foundation
import LayoutDocument

/// What `texture-layout serve` is told on its command line (the README's section on `serve`).
public struct ServerConfiguration: Sendable {
    /// The address to listen on.
    public var host: String
    /// The port; 0 picks any free one (the one picked is in the `listening on` line).
    public var port: Int
    /// The only folder a served document's font files may be in; `nil`: documents may not name font files.
    public var fonts: FontFolder?
    /// The only folder a served document's image files may be in; `nil`: documents may show only `data:` URL images.
    /// Nothing is ever fetched over the network.
    public var images: FontFolder?
    /// The largest request body accepted; larger ones are answered `413`.
    public var maxBodyBytes: Int
    /// How long a layout may take (seconds) before it is abandoned and answered `503`.
    public var timeoutSeconds: Double
    /// The folder of example documents the playground offers in its menu (`nil` or missing: none).
    public var examples: String?
    /// How many documents are read, laid out or drawn at once; more requests wait for a turn. Layout is CPU-bound,
    /// so more than the cores would only make every request slower.
    public var concurrentLayouts: Int

    /// The contract's defaults: `127.0.0.1:8080`, no fonts or images folder, 8 MiB bodies, 10 seconds, one layout
    /// per core.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, fonts: FontFolder? = nil, images: FontFolder? = nil,
        maxBodyBytes: Int = 8 << 20, timeoutSeconds: Double = 10, examples: String? = nil,
        concurrentLayouts: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.host = host
        self.port = port
        self.fonts = fonts
        self.images = images
        self.maxBodyBytes = maxBodyBytes
        self.timeoutSeconds = timeoutSeconds
        self.examples = examples
        self.concurrentLayouts = concurrentLayouts
    }
}
