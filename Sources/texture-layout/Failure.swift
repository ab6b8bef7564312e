import LayoutTool

/// The tool's failures are the shared library's, so that the server words them the same way.
typealias Failure = ToolFailure
