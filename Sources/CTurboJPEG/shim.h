#ifndef QUARTET_CTURBOJPEG_SHIM_H
#define QUARTET_CTURBOJPEG_SHIM_H
#include <stddef.h>
#include <turbojpeg.h>
#endif
