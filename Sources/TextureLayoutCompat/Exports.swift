@_exported import TextureLayout
