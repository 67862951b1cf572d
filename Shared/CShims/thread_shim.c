#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include "CShims.h"

int cbshim_set_current_thread_name(const char *name) {
    char truncated[16];
    strncpy(truncated, name, sizeof truncated - 1);
    truncated[sizeof truncated - 1] = '\0';
    return pthread_setname_np(pthread_self(), truncated);
}
