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
/* Output to a file descriptor the caller opened (never through a link: see AtomicFile.open),
   instead of avio_open's path, which follows a symbolic link planted in its place. */
#include <unistd.h>
static int tactile_fd_write(void *opaque, uint8_t *buf, int size) {
    int fd = (int)(intptr_t)opaque;
    int done = 0;
    while (done < size) {
        ssize_t n = write(fd, buf + done, (size_t)(size - done));
        if (n < 0) { if (errno == EINTR) continue; return AVERROR(errno); }
        done += (int)n;
    }
    return size;
}
static int64_t tactile_fd_seek(void *opaque, int64_t offset, int whence) {
    int fd = (int)(intptr_t)opaque;
    if (whence & AVSEEK_SIZE) {
        off_t here = lseek(fd, 0, SEEK_CUR), end = lseek(fd, 0, SEEK_END);
        lseek(fd, here, SEEK_SET);
        return end < 0 ? AVERROR(errno) : end;
    }
    off_t at = lseek(fd, (off_t)offset, whence & ~AVSEEK_FORCE);
    return at < 0 ? AVERROR(errno) : at;
}
/* An AVIOContext writing to `fd` (which it closes in tactile_avio_close_fd); <0 on failure. */
static inline int tactile_avio_open_fd(AVIOContext **pb, int fd) {
    const int size = 64 * 1024;
    unsigned char *buffer = av_malloc(size);
    if (!buffer) return AVERROR(ENOMEM);
    *pb = avio_alloc_context(buffer, size, 1, (void *)(intptr_t)fd, NULL, tactile_fd_write, tactile_fd_seek);
    if (!*pb) { av_free(buffer); return AVERROR(ENOMEM); }
    return 0;
}
/* Flushes and frees what tactile_avio_open_fd made, closing its descriptor; <0 when a write
   or the close failed (a full disk). */
static inline int tactile_avio_close_fd(AVIOContext **pb) {
    if (!*pb) return 0;
    avio_flush(*pb);
    int rc = (*pb)->error;
    int fd = (int)(intptr_t)(*pb)->opaque;
    av_freep(&(*pb)->buffer);
    avio_context_free(pb);
    if (close(fd) != 0 && rc >= 0) rc = AVERROR(errno);
    return rc;
}
#endif
