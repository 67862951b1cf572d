/// Fixed-argument wrappers for the C functions Swift cannot import (variadic
/// functions and function-like macros) of libcurl, rabbitmq-c and libmicrohttpd.
/// Each wrapper forwards its arguments unchanged; see the library's own docs.
#pragma once
#include <stdint.h>
#include <stddef.h>
#include <curl/curl.h>
#include <amqp.h>
#include <microhttpd.h>
#if defined(__linux__)
#include <malloc.h> /* mallopt, M_ARENA_MAX, M_MMAP_THRESHOLD */
#endif

/* ---- libcurl: curl_easy_setopt / curl_easy_getinfo (variadic) ---- */
CURLcode cbshim_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode cbshim_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode cbshim_curl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode cbshim_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
CURLcode cbshim_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
typedef size_t (*cbshim_curl_data_cb)(char *ptr, size_t size, size_t nmemb, void *userdata);
CURLcode cbshim_curl_setopt_write_function(CURL *handle, cbshim_curl_data_cb cb);
CURLcode cbshim_curl_setopt_header_function(CURL *handle, cbshim_curl_data_cb cb);
CURLcode cbshim_curl_setopt_read_function(CURL *handle, cbshim_curl_data_cb cb);
typedef int (*cbshim_curl_xferinfo_cb)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
CURLcode cbshim_curl_setopt_xferinfo_function(CURL *handle, cbshim_curl_xferinfo_cb cb);
CURLcode cbshim_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode cbshim_curl_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLcode cbshim_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/* ---- rabbitmq-c: amqp_login (variadic), SASL PLAIN ---- */
amqp_rpc_reply_t cbshim_amqp_login_plain(amqp_connection_state_t state, const char *vhost,
                                         int channel_max, int frame_max, int heartbeat,
                                         const char *user, const char *password);
/// amqp_login_with_properties with SASL PLAIN: `client_properties` (may be NULL) is
/// merged by rabbitmq-c into its default client properties (product, version,
/// capabilities...), so it can name the connection (`connection_name`) and advertise
/// capabilities such as `consumer_cancel_notify`. The table is only read during the call.
amqp_rpc_reply_t cbshim_amqp_login_plain_with_properties(amqp_connection_state_t state,
                                                         const char *vhost, int channel_max,
                                                         int frame_max, int heartbeat,
                                                         const amqp_table_t *client_properties,
                                                         const char *user, const char *password);
/// Sends one heartbeat frame on channel 0 (keeps the broker from closing a
/// connection whose thread is busy elsewhere). Returns AMQP_STATUS_OK or an error.
int cbshim_amqp_send_heartbeat(amqp_connection_state_t state);

/* ---- libmicrohttpd: MHD_start_daemon / MHD_get_daemon_info (variadic) ---- */
/// Starts a daemon bound to the IPv4 address `ipv4_address` (network byte order:
/// INADDR_LOOPBACK for 127.0.0.1, INADDR_ANY for every interface, or one interface's address)
/// on `port` (0 = any free port) with an internal thread pool of `thread_pool_size`
/// threads (0 or 1 = one internal polling thread). `accept_policy` (may be NULL) is
/// asked before each new connection is served: MHD_NO closes it at once.
/// Returns NULL on failure.
struct MHD_Daemon *cbshim_mhd_start(unsigned int flags, uint16_t port, uint32_t ipv4_address,
                                    unsigned int thread_pool_size,
                                    unsigned int connection_limit,
                                    unsigned int connection_timeout_seconds,
                                    MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
                                    MHD_AccessHandlerCallback handler, void *handler_cls,
                                    MHD_RequestCompletedCallback completed, void *completed_cls);
/// The port a running daemon listens on (useful after starting with port 0).
uint16_t cbshim_mhd_daemon_port(struct MHD_Daemon *daemon);
