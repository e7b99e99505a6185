#ifndef TACTILE_CSDL2_SHIM_H
#define TACTILE_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <fcntl.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#include <time.h>

/* Function-like macros and macro constants Swift cannot import, as static inline functions. */
static inline int tactile_SDL_WINDOWPOS_CENTERED(void) { return (int)SDL_WINDOWPOS_CENTERED; }
static inline Uint32 tactile_SDL_TOUCH_MOUSEID(void) { return (Uint32)SDL_TOUCH_MOUSEID; }
static inline SDL_TouchID tactile_SDL_MOUSE_TOUCHID(void) { return (SDL_TouchID)SDL_MOUSE_TOUCHID; }
static inline Uint32 tactile_SDL_PIXELFORMAT_RGBA32(void) { return (Uint32)SDL_PIXELFORMAT_RGBA32; }
static inline Uint32 tactile_SDL_PIXELFORMAT_ARGB8888(void) { return (Uint32)SDL_PIXELFORMAT_ARGB8888; }
static inline int tactile_SDL_MUSTLOCK(SDL_Surface *s) { return SDL_MUSTLOCK(s); }

/* evdev ioctl requests (Linux input devices, /dev/input/eventN): function-like macros. */
static inline unsigned long tactile_EVIOCGNAME(int len) { return (unsigned long)EVIOCGNAME(len); }
static inline unsigned long tactile_EVIOCGABS(int axis) { return (unsigned long)EVIOCGABS(axis); }
static inline unsigned long tactile_EVIOCSCLOCKID(void) { return (unsigned long)EVIOCSCLOCKID; }
static inline unsigned long tactile_EVIOCGVERSION(void) { return (unsigned long)EVIOCGVERSION; }
#endif
