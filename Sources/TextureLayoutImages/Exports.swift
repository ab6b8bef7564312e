// The header reading (format, size, EXIF orientation, limits, a file name's scale) is its own module, without C,
// so that the compatibility module's UIImage measures images as this module does without linking the decoders.
@_exported import ImageHeaders
