// libdeflate, found through pkg-config `libdeflate`: the PNG pictures' compression (LayoutRendering's PNGWriter).
#include <libdeflate.h>
