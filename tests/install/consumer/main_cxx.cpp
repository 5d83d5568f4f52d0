// The README's example (main.c), compiled as C++: the public headers must
// declare everything inside extern "C" and use nothing that C++ rejects.
#include "main.c"
