#ifndef QUARTET_CHEIF_SHIM_H
#define QUARTET_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
