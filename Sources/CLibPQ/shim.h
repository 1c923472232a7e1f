#ifndef QUARTET_CLIBPQ_SHIM_H
#define QUARTET_CLIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
