"""HTTP calls to stripe-sim: what a buyer's browser, an app or a reader does (hosted pages,
test helpers) and the control plane under /sim/. Calls to /v1 carry an Idempotency-Key and
are retried on Stripe's retryable answers (409, 429, 5xx, a dropped connection), as a
Stripe SDK does, so the simulator's injected faults never lose a step."""
import base64
import json
import time
import urllib.error
import urllib.parse
import urllib.request


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A hosted page's 302 is the answer (the platform's own pages are never opened)."""

    def redirect_request(self, *args, **kwargs):
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class SimClient:
    def __init__(self, base, api_key):
        self.base = base.rstrip("/")
        self.auth = "Basic " + base64.b64encode((api_key + ":").encode()).decode()

    def call(self, method, path, params=None, account=None, key=None, json_body=None, attempts=8, timeout=30):
        """(status, parsed JSON or text). Retries retryable answers with the same key."""
        url = self.base + path
        data = None
        headers = {"Authorization": self.auth}
        if json_body is not None:
            data = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif params is not None and method != "GET":
            data = urllib.parse.urlencode(params).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif params:
            url += "?" + urllib.parse.urlencode(params)
        if account:
            headers["Stripe-Account"] = account
        if key:
            headers["Idempotency-Key"] = key
        status, body = 0, None
        for attempt in range(attempts):
            request = urllib.request.Request(url, data=data, method=method, headers=headers)
            try:
                with _OPENER.open(request, timeout=timeout) as response:
                    status, body = response.status, response.read()
            except urllib.error.HTTPError as error:
                status, body = error.code, error.read()
            except (urllib.error.URLError, OSError, ConnectionError):
                status, body = 0, b""
            retryable = status == 0 or status in (409, 429) or status >= 500
            if not retryable or not path.startswith("/v1") and status != 0:
                break
            time.sleep(min(0.2 * 2 ** attempt, 3))
        try:
            return status, json.loads(body) if body else None
        except ValueError:
            return status, body.decode(errors="replace")

    def list_all(self, path, account=None, params=None):
        """Every object of a Stripe list (auto-paging, 100 at a time)."""
        out, after = [], None
        while True:
            query = dict(params or {}, limit=100)
            if after:
                query["starting_after"] = after
            status, page = self.call("GET", path, query, account=account)
            if status != 200:
                raise RuntimeError("GET %s: HTTP %s %s" % (path, status, page))
            out.extend(page["data"])
            if not page.get("has_more") or not page["data"]:
                return out
            after = page["data"][-1]["id"]

    def control(self, method, path, body=None):
        status, answer = self.call(method, "/sim/" + path, json_body=body, attempts=3)
        if status != 200:
            raise RuntimeError("%s /sim/%s: HTTP %s %s" % (method, path, status, answer))
        return answer
