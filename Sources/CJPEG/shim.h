// libjpeg-turbo's libjpeg API, found through pkg-config `libjpeg`. Its errors leave through longjmp, which Swift
// cannot catch: Swift calls CJPEGShim, which catches them in C.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
