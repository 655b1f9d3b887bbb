// Every function of this target is `static inline` in include/CWiringAtomics.h; SwiftPM needs
// one source file to build a C target.
#include "CWiringAtomics.h"
