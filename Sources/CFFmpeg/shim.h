#ifndef TACTILE_CFFMPEG_SHIM_H
#define TACTILE_CFFMPEG_SHIM_H
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/imgutils.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libavutil/display.h>
#include <libavutil/pixdesc.h>
#include <errno.h>
#include <malloc.h>

/* Function-like macros Swift cannot import, as static inline functions. */
static inline int tactile_AVERROR(int e) { return AVERROR(e); }
static inline int tactile_AVERROR_EOF(void) { return AVERROR_EOF; }
static inline int tactile_AVERROR_EAGAIN(void) { return AVERROR(EAGAIN); }
static inline int64_t tactile_AV_NOPTS_VALUE(void) { return AV_NOPTS_VALUE; }
static inline AVRational tactile_AV_TIME_BASE_Q(void) { AVRational q = {1, AV_TIME_BASE}; return q; }
static inline const char *tactile_av_err2str(int e, char *buf, size_t size) { return av_make_error_string(buf, size, e); }
/* Whether pixels of `format` carry an alpha channel (AV_PIX_FMT_FLAG_ALPHA). */
static inline int tactile_pixel_format_has_alpha(int format) {
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get((enum AVPixelFormat)format);
    return d && (d->flags & AV_PIX_FMT_FLAG_ALPHA);
}
/* glibc: serve allocations of `bytes` and more from mmap, so freed pictures go back to the system. */
static inline int tactile_set_mmap_threshold(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
static inline int tactile_set_trim_threshold(int bytes) { return mallopt(M_TRIM_THRESHOLD, bytes); }
static inline int tactile_set_arena_max(int arenas) { return mallopt(M_ARENA_MAX, arenas); }
#endif
