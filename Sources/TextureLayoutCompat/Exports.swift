// One `import TextureLayoutCompat` gives a Texture user the engine, Texture's spellings and the CoreGraphics
// value types (see CoreGraphicsBridge.swift for where those come from on each platform).
@_exported import TextureLayout
