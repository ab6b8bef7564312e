// The module's one import for test files: with it, `assertSnapshot(of:as:)` and the strategies are in scope.
#if SnapshotTesting
@_exported import SnapshotTesting
#endif
@_exported import TextureLayoutDrawing
