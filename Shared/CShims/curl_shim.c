#include "CShims.h"

CURLcode cbshim_curl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
CURLcode cbshim_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
CURLcode cbshim_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
CURLcode cbshim_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
CURLcode cbshim_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
CURLcode cbshim_curl_setopt_write_function(CURL *h, cbshim_curl_data_cb cb) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, cb); }
CURLcode cbshim_curl_setopt_header_function(CURL *h, cbshim_curl_data_cb cb) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, cb); }
CURLcode cbshim_curl_setopt_read_function(CURL *h, cbshim_curl_data_cb cb) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, cb); }
CURLcode cbshim_curl_setopt_xferinfo_function(CURL *h, cbshim_curl_xferinfo_cb cb) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, cb); }
CURLcode cbshim_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }
CURLcode cbshim_curl_getinfo_double(CURL *h, CURLINFO i, double *v) { return curl_easy_getinfo(h, i, v); }
CURLcode cbshim_curl_getinfo_string(CURL *h, CURLINFO i, const char **v) { return curl_easy_getinfo(h, i, v); }
