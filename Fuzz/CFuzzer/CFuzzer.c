// The declaration in include/CFuzzer.h is all there is; SwiftPM needs a source file for a C target.
#include "CFuzzer.h"
