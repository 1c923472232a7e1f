#ifndef QUARTET_CWEBP_SHIM_H
#define QUARTET_CWEBP_SHIM_H
#include <stddef.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

// NB: these are static inline in the headers, passing the ABI version; plain functions are easier on Swift.
static inline int quartet_webp_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features) == VP8_STATUS_OK;
}
static inline int quartet_webp_anim_decoder_options(WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderOptionsInit(options);
}
static inline WebPAnimDecoder *quartet_webp_anim_decoder(const WebPData *data, const WebPAnimDecoderOptions *options) {
    return WebPAnimDecoderNew(data, options);
}
static inline int quartet_webp_anim_encoder_options(WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderOptionsInit(options);
}
static inline WebPAnimEncoder *quartet_webp_anim_encoder(int width, int height, const WebPAnimEncoderOptions *options) {
    return WebPAnimEncoderNew(width, height, options);
}
static inline int quartet_webp_config(WebPConfig *config) { return WebPConfigInit(config); }
static inline int quartet_webp_picture(WebPPicture *picture) { return WebPPictureInit(picture); }
#endif
