#include "CShims.h"
#include <string.h>
#include <arpa/inet.h>

struct MHD_Daemon *cbshim_mhd_start(unsigned int flags, uint16_t port, uint32_t ipv4_address,
                                    unsigned int thread_pool_size,
                                    unsigned int connection_limit,
                                    unsigned int connection_timeout_seconds,
                                    MHD_AcceptPolicyCallback accept_policy, void *accept_policy_cls,
                                    MHD_AccessHandlerCallback handler, void *handler_cls,
                                    MHD_RequestCompletedCallback completed, void *completed_cls) {
    struct sockaddr_in addr;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = ipv4_address;
    if (connection_limit < 1) connection_limit = 1024;
    if (thread_pool_size <= 1) {
        /* One internal polling thread: libmicrohttpd warns when given a pool size of 1. */
        return MHD_start_daemon(flags, port, accept_policy, accept_policy_cls, handler, handler_cls,
                                MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                                MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                                MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                                MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                                MHD_OPTION_END);
    }
    return MHD_start_daemon(flags, port, accept_policy, accept_policy_cls, handler, handler_cls,
                            MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
                            MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_END);
}

uint16_t cbshim_mhd_daemon_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}
