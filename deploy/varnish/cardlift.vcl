# The site's cache rules for Varnish 7 with vmods xkey and var (Debian: varnish, varnish-modules). Included by a
# main VCL that names the api as backend `api` and the addresses allowed to purge as acl `purgers`
# (default.vcl is an example; `npm run start:edge` writes one for its ports).
#
# - Only what the api marks `public` is kept, for its s-maxage; answers that set a cookie, private and
#   no-store ones (previews, the editor, form results, sign-in, /metrics, writes) pass.
# - Tags: the api names every build and content item an answer was built from in `xkey` (and in
#   Surrogate-Key and Cache-Tag for CDNs); a change purges exactly those (PURGE with xkey-purge or
#   xkey-softpurge), only from the purgers. BAN with x-ban-url bans by URL pattern, for emergencies.
#   None of these headers leaves the cache.
# - Canaries: each side is its own object: the hash holds the cardlift_side cookie, a label the api
#   signs; every other cookie is dropped, except those that make a request personal (which pass). A
#   label the api did not issue for the running canaries (made up, stale, or sent while none runs) is
#   answered with a new one, and that answer is kept under no key: junk labels make no objects.
# - Experiments: the same for the cardlift_arm cookie, the label of the arm a visitor is served in
#   (api/src/experiments/experiment-serving.ts): at most one object per page and arm.
# - Who sent it: this is the proxy facing visitors, so it writes X-Forwarded-For (the peer),
#   -Proto (https only from a TLS terminator speaking the PROXY protocol) and -Host itself, and
#   drops the client's own; the api believes them from this machine only (TRUST_PROXY_FROM).
# - Host: one site per cache, so the host is not in the key: any Host reaches the same objects.
# - Query strings: only the campaign parameters the contact form records (utm_*) stay in the URL and
#   the key, sorted; any other parameter is dropped before the lookup, so a random one cannot miss.
# - Origins down: copies are kept for the answer's stale-if-error (a day) and served while the
#   backend's probe says it is sick; a failed background refresh keeps the stale copy. A contact form
#   posted without script then gets the cached "message not sent" page, a scripted one a JSON 503.
# - Purges never serve errors: a hard purge (xkey-purge) marks its copies stale like a soft one and
#   notes its time; while the probe says the origin is up, a copy it invalidated is fetched again
#   before it is served (the next visitor sees the change), and while it is sick the copy is served.
#   Any fetch in a visitor's path that fails (an error, or a 5xx of an overloaded origin the probe has
#   not yet called sick) looks again for a stale copy and serves it rather than an error.
# - A fetch under way while a purge arrives may carry the page from before the change (the origin
#   rendered it first): it is served to its visitor and not kept, so a purge is never undone.

import std;
import header;
import proxy;
import var;
import xkey;

# Times in whole seconds and microseconds ("<s> <us>", task variable "us", from the REAL in task
# variable "t"): a REAL prints with three decimals and an INT holds 15 digits, and a soft purge sent a
# millisecond after a hard one, or a fetch started a millisecond before a purge, must not look alike.
sub cardlift_microseconds {
    var.set_int("s", std.real2integer(var.get_real("t") - 0.5, 0));
    var.set("us", "" + var.get_int("s") + " " + std.real2integer((var.get_real("t") - var.get_int("s")) * 1000000 - 0.5, 0));
}

# Task variable "a" minus task variable "b" (both as cardlift_microseconds writes them), in
# microseconds, into task variable "diff".
sub cardlift_microseconds_between {
    var.set_int("diff", (std.integer(regsub(var.get("a"), " .*$", ""), 0) - std.integer(regsub(var.get("b"), " .*$", ""), 0)) * 1000000
        + std.integer(regsub(var.get("a"), "^.* ", ""), 0) - std.integer(regsub(var.get("b"), "^.* ", ""), 0));
}

# What the api is told about the visitor: this cache's word, never the client's.
sub cardlift_forwarded {
    set req.http.X-Forwarded-For = client.ip;
    if (proxy.is_ssl()) {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }
    if (req.http.host) {
        set req.http.X-Forwarded-Host = req.http.host;
    } else {
        unset req.http.X-Forwarded-Host;
    }
}

sub vcl_recv {
    call cardlift_forwarded;
    # The refetch and fallback marks below are this file's own, never a client's.
    if (req.restarts == 0) {
        unset req.http.x-edge-fresh;
        unset req.http.x-edge-refetch;
        unset req.http.x-edge-stale-ok;
    }
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is not allowed from this address"));
        }
        set req.http.x-purged = "0";
        var.set_real("t", std.time2real(now, 0.0));
        call cardlift_microseconds;
        # Any purge: a fetch that was on its way meanwhile may carry the page from before (vcl_backend_response).
        var.global_set("purged-at", var.get("us"));
        if (req.http.xkey-purge) {
            # Kept as stale copies, for when the origin cannot give a fresh one (vcl_hit).
            set req.http.x-purged = xkey.softpurge(req.http.xkey-purge);
            var.global_set("hard-purged-at", var.get("us"));
        }
        if (req.http.xkey-softpurge) {
            set req.http.x-purged = xkey.softpurge(req.http.xkey-softpurge);
        }
        return (synth(200, "Purged " + req.http.x-purged));
    }
    if (req.method == "BAN") {
        if (client.ip !~ purgers || !req.http.x-ban-url) {
            return (synth(403, "Banning is not allowed from this address"));
        }
        ban("obj.http.x-url ~ " + req.http.x-ban-url);
        return (synth(200, "Banned"));
    }
    # A contact form that could not be sent, fetched again as the cached "message not sent" page
    # (looked up below like any page).
    if (req.restarts > 0 && req.http.x-edge-unsent) {
        unset req.http.Cookie;
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.http.Authorization
        || req.http.Cookie ~ "(^|;\s*)(cardlift_preview|cardlift_content_preview|cardlift_editor)="
        || req.url ~ "[?&]contact=sent(&|#|$)") {
        return (pass);
    }
    # Of the api, only the reads that are the same for everyone are looked up.
    if (req.url ~ "^/api/" && req.url !~ "^/api/(banners|casestudies|blog|jobs|remotes|navigation)(/[^?]*)?(\?.*)?$") {
        return (pass);
    }
    if (req.url ~ "^/(metrics|editor)(/|\?|$)") {
        return (pass);
    }

    # Cookies: only the canary's and the experiments' matter; the side and arm labels join the hash.
    if (req.http.Cookie) {
        set req.http.Cookie = ";" + req.http.Cookie;
        set req.http.Cookie = regsuball(req.http.Cookie, "; +", ";");
        set req.http.Cookie = regsuball(req.http.Cookie, ";(cardlift_canary|cardlift_side|cardlift_arm)=", "; \1=");
        set req.http.Cookie = regsuball(req.http.Cookie, ";[^ ][^;]*", "");
        set req.http.Cookie = regsuball(req.http.Cookie, "^[; ]+|[; ]+$", "");
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
    }
    unset req.http.x-edge-side;
    if (req.http.Cookie ~ "(^|; )cardlift_side=") {
        set req.http.x-edge-side = regsub(req.http.Cookie, "^(.*; )?cardlift_side=([^;]*).*$", "\2");
    }
    unset req.http.x-edge-arm;
    if (req.http.Cookie ~ "(^|; )cardlift_arm=") {
        set req.http.x-edge-arm = regsub(req.http.Cookie, "^(.*; )?cardlift_arm=([^;]*).*$", "\2");
    }

    # The query: campaign parameters only, in one order; the menus' answer keeps the builds a page
    # names (`builds`, its registry snapshot), which is what it answers from.
    if (req.url ~ "\?") {
        set req.http.x-query = regsub(req.url, "^[^?]*\?", "&");
        if (req.url ~ "^/api/navigation\?") {
            set req.http.x-query = regsuball(req.http.x-query, "&(?!builds=)[^&]*", "");
        } else {
            set req.http.x-query = regsuball(req.http.x-query, "&(?!utm_(source|medium|campaign|term|content)=)[^&]*", "");
        }
        set req.url = regsub(req.url, "\?.*$", "");
        if (req.http.x-query != "") {
            set req.url = std.querysort(req.url + "?" + regsub(req.http.x-query, "^&", ""));
        }
        unset req.http.x-query;
    }
    # A landing page drawn from the Referer would be one visitor's: pages are cached without it (the
    # script still records where a visit came from).
    unset req.http.Referer;

    # Brotli for browsers that take it, as its own object (Varnish itself only speaks gzip). Read on
    # the first pass only: Varnish rewrites Accept-Encoding to "gzip" before the lookup, so a restart
    # (a purged copy fetched again, a stale copy looked for) would otherwise look under gzip, and a
    # brotli visitor's purged copy would be refetched on every request, never replaced.
    if (req.restarts == 0) {
        if (req.http.Accept-Encoding ~ "br") {
            set req.http.x-edge-encoding = "br";
        } elsif (req.http.Accept-Encoding ~ "gzip") {
            set req.http.x-edge-encoding = "gzip";
        } else {
            unset req.http.x-edge-encoding;
        }
    }
    # Under a kilobyte, never compressed: one copy for every browser, there when a post needs it.
    if (req.url == "/contact-not-sent") {
        unset req.http.x-edge-encoding;
    }

    # Stale copies are served for a short while when the origin is up (stale-while-revalidate), for
    # as long as they are kept (stale-if-error) when its probe says it is down.
    # A copy taken after a failed fetch is served whatever its age (within its stale-if-error).
    if (std.healthy(req.backend_hint) && !req.http.x-edge-stale-ok) {
        set req.grace = 60s;
    }
    if (req.http.x-edge-fresh) {
        set req.hash_always_miss = true;
    } else {
        set req.hash_always_miss = false;
    }
    return (hash);
}

sub vcl_hash {
    # No Host: the api's answers never depend on it (its URLs come from SITE_URL), so a made-up one
    # finds the site's objects instead of making its own.
    hash_data(req.url);
    hash_data(req.http.x-edge-side);
    hash_data(req.http.x-edge-arm);
    hash_data(req.http.x-edge-encoding);
    return (lookup);
}

# A copy a hard purge invalidated (its expiry at or before the last hard purge; one that had expired
# before it counts too) is fetched again before it is served while the origin is up.
sub vcl_hit {
    if (obj.ttl <= 0s && !req.http.x-edge-stale-ok && std.healthy(req.backend_hint)
        && var.global_get("hard-purged-at")) {
        var.set_real("t", std.time2real(now + obj.ttl, 0.0));
        call cardlift_microseconds;
        var.set("a", var.get("us"));
        var.set("b", var.global_get("hard-purged-at"));
        call cardlift_microseconds_between;
        # One microsecond for the sum's rounding: the copy's expiry is the purge's own time.
        if (var.get_int("diff") <= 1) {
            set req.http.x-edge-fresh = "1";
            return (restart);
        }
    }
}

# A fetch in a visitor's path that fails comes back once (vcl_synth) to look for a stale copy.
sub vcl_miss {
    if (!req.http.x-edge-stale-ok) {
        set req.http.x-edge-refetch = "1";
    }
}

sub vcl_backend_fetch {
    var.set_real("t", std.time2real(now, 0.0));
    call cardlift_microseconds;
    var.set("fetch-started", var.get("us"));
    if (bereq.http.x-edge-encoding == "br") {
        set bereq.http.Accept-Encoding = "br";
    }
}

sub vcl_backend_response {
    set beresp.http.x-url = bereq.url;
    if (bereq.uncacheable) {
        return (deliver);
    }
    # An origin failing during a background refresh: keep serving the stale copy; in a visitor's
    # path, look for one first (vcl_synth).
    if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.x-edge-refetch)) {
        return (abandon);
    }
    # A side label the api replaced (not one it issued for the running canaries): no object under the
    # made-up key, not even a hit-for-miss marker, so junk labels cannot fill the cache.
    # Menus asked for builds the api does not have (its short 404): no object either, whatever the value.
    if ((bereq.http.x-edge-side && header.get(beresp.http.Set-Cookie, "^cardlift_side="))
        || (bereq.http.x-edge-arm && header.get(beresp.http.Set-Cookie, "^cardlift_arm="))
        || (bereq.url ~ "^/api/navigation\?" && beresp.status == 404)) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.keep = 0s;
        return (deliver);
    }
    if (beresp.http.Set-Cookie
        || beresp.http.Cache-Control !~ "(^|,)\s*public\s*(,|$)"
        || beresp.http.Cache-Control ~ "private|no-store") {
        set beresp.uncacheable = true;
        set beresp.ttl = 120s;
        return (deliver);
    }
    # A purge that came while this fetch was on its way may have been meant for what it carries (the
    # origin may have rendered it before the change): give it to this visitor, keep no copy of it.
    if (var.global_get("purged-at")) {
        var.set("a", var.get("fetch-started"));
        var.set("b", var.global_get("purged-at"));
        call cardlift_microseconds_between;
        if (var.get_int("diff") <= 0) {
            set beresp.uncacheable = true;
            set beresp.ttl = 0s;
            set beresp.grace = 0s;
            return (deliver);
        }
    }
    set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=([0-9]+).*$", "\1s"), 24h);
    # The hash holds the side label and the encoding: the answer's Vary on them would only split it.
    if (beresp.http.Vary) {
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*(Cookie|Accept-Encoding)\s*(?=,|$)", "");
        set beresp.http.Vary = regsub(beresp.http.Vary, "^\s*,\s*", "");
        if (beresp.http.Vary == "") {
            unset beresp.http.Vary;
        }
    }
    # One request's id, not every visitor's.
    unset beresp.http.X-Request-Id;
    return (deliver);
}

sub vcl_backend_error {
    if (bereq.is_bgfetch || bereq.http.x-edge-refetch) {
        return (abandon);
    }
    # No origin answered: say so plainly, and never that anything was stored.
    set beresp.http.x-edge-origin-down = "1";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "60";
    if (bereq.http.x-edge-unsent) {
        # The cached page that says so is gone too: say it here.
        set beresp.http.Content-Type = "text/html; charset=utf-8";
        synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Your message was not sent</title></head><body><main><h1>We could not take your message</h1><p>Our website cannot store messages right now, so your message was not sent. Please go back and send it again in a few minutes, or email our sales team.</p></main></body></html>"});
    } elsif (bereq.url ~ "^/api/") {
        set beresp.http.Content-Type = "application/json";
        synthetic({"{"code":"origin_unavailable","error":"We could not take your message: the site cannot store it right now, so nothing was sent. What you typed is still here; please try again in a few minutes." }"});
    } else {
        set beresp.http.Content-Type = "text/html; charset=utf-8";
        synthetic({"<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Temporarily unavailable</title></head><body><main><h1>This page is temporarily unavailable</h1><p>Please try again in a few minutes.</p></main></body></html>"});
    }
    return (deliver);
}

sub vcl_deliver {
    # A contact form posted without script that no origin took: the cached page that says so.
    if (resp.http.x-edge-origin-down && req.method == "POST" && req.url !~ "^/api/" && req.restarts == 0) {
        set req.http.x-edge-unsent = "1";
        set req.method = "GET";
        set req.url = "/contact-not-sent";
        return (restart);
    }
    if (req.http.x-edge-unsent) {
        set resp.status = 503;
        set resp.http.Cache-Control = "no-store";
        set resp.http.Retry-After = "60";
    }
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.x-edge-origin-down;
    unset resp.http.x-url;
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}

sub vcl_synth {
    # A visitor's fetch failed: look again, taking any stale copy there is (else the error below).
    if (req.http.x-edge-refetch && req.restarts < 3) {
        unset req.http.x-edge-fresh;
        unset req.http.x-edge-refetch;
        set req.http.x-edge-stale-ok = "1";
        return (restart);
    }
    set resp.http.Cache-Control = "no-store";
}
