#include "CGlanceMosquitto.h"
#include <CGlanceLoader.h>
#include <errno.h>
#include <mosquitto.h>

static glance_library libmosquitto = GLANCE_LIBRARY("libmosquitto.so.1", "libmosquitto", "libmosquitto1", "libmosquitto1 2.0 or later");

const char *glance_mosquitto_load_error(void) { return glance_library_error(&libmosquitto); }

// Each definition has mosquitto.h's prototype and calls the library's own function;
// without the library it answers as the library would when it cannot do the work.
#define FORWARD(type, name, params, args, fallback) GLANCE_FORWARD(libmosquitto, type, name, params, args, fallback)
#define FORWARD_VOID(name, params, args) GLANCE_FORWARD_VOID(libmosquitto, name, params, args)

FORWARD(int, mosquitto_lib_init, (void), (), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(struct mosquitto *, mosquitto_new, (const char *id, bool clean_session, void *obj), (id, clean_session, obj), (errno = ENOSYS, NULL))
FORWARD_VOID(mosquitto_destroy, (struct mosquitto *mosq), (mosq))
FORWARD(int, mosquitto_will_set, (struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos, bool retain),
        (mosq, topic, payloadlen, payload, qos, retain), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_username_pw_set, (struct mosquitto *mosq, const char *username, const char *password),
        (mosq, username, password), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_connect_async, (struct mosquitto *mosq, const char *host, int port, int keepalive),
        (mosq, host, port, keepalive), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_disconnect, (struct mosquitto *mosq), (mosq), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_publish, (struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload, int qos, bool retain),
        (mosq, mid, topic, payloadlen, payload, qos, retain), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_subscribe, (struct mosquitto *mosq, int *mid, const char *sub, int qos), (mosq, mid, sub, qos), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_subscribe_v5, (struct mosquitto *mosq, int *mid, const char *sub, int qos, int options, const mosquitto_property *properties),
        (mosq, mid, sub, qos, options, properties), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop, (struct mosquitto *mosq, int timeout, int max_packets), (mosq, timeout, max_packets), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_socket, (struct mosquitto *mosq), (mosq), -1)
FORWARD(bool, mosquitto_want_write, (struct mosquitto *mosq), (mosq), false)
FORWARD(int, mosquitto_int_option, (struct mosquitto *mosq, enum mosq_opt_t option, int value), (mosq, option, value), MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_tls_set,
        (struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
         int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)),
        (mosq, cafile, capath, certfile, keyfile, pw_callback), MOSQ_ERR_NOT_SUPPORTED)
FORWARD_VOID(mosquitto_user_data_set, (struct mosquitto *mosq, void *obj), (mosq, obj))
FORWARD_VOID(mosquitto_connect_callback_set, (struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int)), (mosq, on_connect))
FORWARD_VOID(mosquitto_disconnect_callback_set, (struct mosquitto *mosq, void (*on_disconnect)(struct mosquitto *, void *, int)),
             (mosq, on_disconnect))
FORWARD_VOID(mosquitto_message_callback_set,
             (struct mosquitto *mosq, void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)), (mosq, on_message))
FORWARD_VOID(mosquitto_log_callback_set, (struct mosquitto *mosq, void (*on_log)(struct mosquitto *, void *, int, const char *)),
             (mosq, on_log))
FORWARD(const char *, mosquitto_strerror, (int mosq_errno), (mosq_errno), "libmosquitto is not loaded")
FORWARD(const char *, mosquitto_connack_string, (int connack_code), (connack_code), "libmosquitto is not loaded")
FORWARD(const char *, mosquitto_reason_string, (int reason_code), (reason_code), "libmosquitto is not loaded")
