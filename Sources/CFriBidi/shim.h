#ifndef TACTILE_CFRIBIDI_SHIM_H
#define TACTILE_CFRIBIDI_SHIM_H
#include <fribidi.h>

/// FRIBIDI_PAR_ON (a macro Swift cannot import): the paragraph's direction from its first strong letter.
static inline FriBidiParType tactile_fribidi_par_auto(void) { return FRIBIDI_PAR_ON; }
/// FRIBIDI_PAR_RTL and FRIBIDI_PAR_LTR.
static inline FriBidiParType tactile_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType tactile_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
/// FRIBIDI_IS_RTL(level parity of a resolved paragraph type).
static inline int tactile_fribidi_dir_is_rtl(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }
#endif
