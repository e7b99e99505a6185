#ifndef TACTILE_CSDL2TTF_SHIM_H
#define TACTILE_CSDL2TTF_SHIM_H
#include <SDL2/SDL_ttf.h>
#endif
