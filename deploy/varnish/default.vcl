vcl 4.1;

# An example main VCL: the api on this machine, purges from this machine only. Copy it, name your
# api instances (a director for several) and the addresses of every api instance that purges, and
# keep the include. The probe lets Varnish serve kept copies at once when every origin is down.

backend api {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = {
        .url = "/api/health";
        .interval = 1s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

acl purgers {
    "127.0.0.1";
    "::1";
}

include "cardlift.vcl";
