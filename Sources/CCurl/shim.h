#ifndef WIRING_CCURL_SHIM_H
#define WIRING_CCURL_SHIM_H

// libcurl for Swift. curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic,
// which Swift cannot call; these typed wrappers can. Each wrapper passes exactly the C type that
// libcurl documents for the options it is used with, so nothing is converted on the way.

#include <curl/curl.h>

// MARK: - Global

/// curl_global_init(CURL_GLOBAL_ALL): the flags are a macro Swift cannot see.
static inline CURLcode ccurl_global_init_all(void) {
    return curl_global_init(CURL_GLOBAL_ALL);
}

/// curl_version_info(CURLVERSION_NOW): the version is a macro Swift cannot see.
static inline curl_version_info_data *ccurl_version_info_now(void) {
    return curl_version_info(CURLVERSION_NOW);
}

/// CURLOPT_CAINFO_BLOB with a copy of `length` bytes at `data`: libcurl keeps its own copy.
static inline CURLcode ccurl_easy_setopt_cainfo_blob(CURL *handle, const void *data, size_t length) {
    struct curl_blob blob;
    blob.data = (void *)data;
    blob.len = length;
    blob.flags = CURL_BLOB_COPY;
    return curl_easy_setopt(handle, CURLOPT_CAINFO_BLOB, &blob);
}

// MARK: - curl_easy_setopt

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share one prototype.
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// For CURLOPT_PREREQFUNCTION: called once the connection is up, just before the request is sent.
static inline CURLcode ccurl_easy_setopt_prereq_callback(CURL *handle, curl_prereq_callback value) {
    return curl_easy_setopt(handle, CURLOPT_PREREQFUNCTION, value);
}

// MARK: - curl_easy_getinfo

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}

// MARK: - curl_multi

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

/// The result of a finished transfer: CURLMsg keeps it in a union.
static inline CURLcode ccurl_message_result(const CURLMsg *message) {
    return message->data.result;
}

/// Whether a message says that a transfer finished (CURLMSG_DONE).
static inline int ccurl_message_is_done(const CURLMsg *message) {
    return message->msg == CURLMSG_DONE;
}

#endif
