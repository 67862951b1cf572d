#include "CShims.h"
#include <string.h>

amqp_rpc_reply_t cbshim_amqp_login_plain(amqp_connection_state_t state, const char *vhost,
                                         int channel_max, int frame_max, int heartbeat,
                                         const char *user, const char *password) {
    return amqp_login(state, vhost, channel_max, frame_max, heartbeat,
                      AMQP_SASL_METHOD_PLAIN, user, password);
}

amqp_rpc_reply_t cbshim_amqp_login_plain_with_properties(amqp_connection_state_t state,
                                                         const char *vhost, int channel_max,
                                                         int frame_max, int heartbeat,
                                                         const amqp_table_t *client_properties,
                                                         const char *user, const char *password) {
    return amqp_login_with_properties(state, vhost, channel_max, frame_max, heartbeat,
                                      client_properties, AMQP_SASL_METHOD_PLAIN, user, password);
}

int cbshim_amqp_send_heartbeat(amqp_connection_state_t state) {
    amqp_frame_t frame;
    memset(&frame, 0, sizeof frame);
    frame.frame_type = AMQP_FRAME_HEARTBEAT;
    frame.channel = 0;
    return amqp_send_frame(state, &frame);
}
