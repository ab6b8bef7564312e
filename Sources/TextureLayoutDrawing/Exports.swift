// `import TextureLayoutDrawing` is what Texture code that draws writes instead of `import AsyncDisplayKit`: it
// brings the compatibility module (and through it the engine and Foundation) with the drawing stand-ins.
@_exported import TextureLayoutCompat
