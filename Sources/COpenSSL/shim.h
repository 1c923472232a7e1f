#ifndef QUARTET_COPENSSL_SHIM_H
#define QUARTET_COPENSSL_SHIM_H
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/kdf.h>

/// BIO_get_mem_data is a function-like macro.
static inline long copenssl_bio_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
/// OPENSSL_free is a function-like macro.
static inline void copenssl_free(void *pointer) { OPENSSL_free(pointer); }
#endif
