// libxcrypt (Debian's libcrypt): the salted slow hashes /etc/shadow uses (yescrypt), for the
// kiosk's exit PIN. The per-call state is large, so it is allocated by the caller.
#include <crypt.h>
#include <stdlib.h>
#include <string.h>

/// Hashes `phrase` with a fresh yescrypt setting (random salt from the system, default cost)
/// into `out` (CRYPT_OUTPUT_SIZE bytes); 0 on success.
static inline int tactile_pin_hash(const char *phrase, char *out, size_t size) {
    char setting[CRYPT_GENSALT_OUTPUT_SIZE];
    if (crypt_gensalt_rn("$y$", 0, NULL, 0, setting, sizeof setting) == NULL) return -1;
    struct crypt_data *data = calloc(1, sizeof *data);
    if (data == NULL) return -1;
    const char *hash = crypt_r(phrase, setting, data);
    int ok = hash != NULL && hash[0] == '$' && strlen(hash) < size;
    if (ok) strcpy(out, hash);
    explicit_bzero(data, sizeof *data);
    free(data);
    return ok ? 0 : -1;
}

/// Whether `phrase` hashes to `hash` (its own setting and salt); compared in constant time.
static inline int tactile_pin_matches(const char *phrase, const char *hash) {
    struct crypt_data *data = calloc(1, sizeof *data);
    if (data == NULL) return 0;
    const char *again = crypt_r(phrase, hash, data);
    int same = 0;
    if (again != NULL && again[0] == '$') {
        size_t n = strlen(hash);
        same = strlen(again) == n;
        unsigned char diff = 0;
        for (size_t i = 0; same && i < n; i++) diff |= (unsigned char)(again[i] ^ hash[i]);
        same = same && diff == 0;
    }
    explicit_bzero(data, sizeof *data);
    free(data);
    return same;
}
