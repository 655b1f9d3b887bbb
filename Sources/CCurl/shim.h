#ifndef WIRING_CCURL_SHIM_H
#define WIRING_CCURL_SHIM_H

// libcurl for Swift. curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call; these typed wrappers can be.

#include <curl/curl.h>

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

#endif
