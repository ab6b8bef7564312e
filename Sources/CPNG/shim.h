// libpng, found through pkg-config `libpng`; called from C (CImageDecoders), which catches its errors' longjmp.
#include <png.h>
