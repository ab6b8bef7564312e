// fontconfig (finding a font file by family name), found through pkg-config `fontconfig`.
#include <fontconfig/fontconfig.h>
