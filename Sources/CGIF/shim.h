#ifndef QUARTET_CGIF_SHIM_H
#define QUARTET_CGIF_SHIM_H
#include <gif_lib.h>
#endif
