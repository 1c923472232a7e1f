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
#include <openssl/hmac.h>

/// BIO_get_mem_data is a function-like macro.
static inline long copenssl_bio_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
/// OPENSSL_free is a function-like macro.
static inline void copenssl_free(void *pointer) { OPENSSL_free(pointer); }
/// BN_num_bytes is a function-like macro.
static inline int copenssl_bn_num_bytes(const BIGNUM *bn) { return BN_num_bytes(bn); }
/// EVP_PKEY_PUBLIC_KEY is a compound macro (a selection of key parts for EVP_PKEY_fromdata).
static inline int copenssl_evp_pkey_public_key_selection(void) { return EVP_PKEY_PUBLIC_KEY; }
/// The RSA modulus parameter name, with static storage: OSSL_PARAM_BLD_push_BN keeps the name pointer until
/// OSSL_PARAM_BLD_to_param, which a Swift string bridged for one call would not outlive.
static inline const char *copenssl_param_rsa_n(void) { return OSSL_PKEY_PARAM_RSA_N; }
/// The RSA public exponent parameter name, with static storage (see copenssl_param_rsa_n).
static inline const char *copenssl_param_rsa_e(void) { return OSSL_PKEY_PARAM_RSA_E; }
#endif
