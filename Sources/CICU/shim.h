// ICU's common library, found through pkg-config `icu-uc`. Its functions are renamed with the library's version
// by macros (ubrk_open becomes ubrk_open_72), which Swift cannot import: Swift code calls CICUShim instead.
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
