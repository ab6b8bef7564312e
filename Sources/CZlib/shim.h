// zlib, found through pkg-config `zlib`: the streaming compression of large PNG pictures (LayoutRendering's
// PNGWriter), which can stop between bands of rows. libpng links it already.
#include <zlib.h>

// deflateInit2 is a macro (it passes zlib's version and the stream's size), which Swift cannot call.
static inline int texture_layout_deflate_init(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY);
}
