#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Drive headless Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe), no
library needed: load a page, then run steps in order:

  width:N        lay the page out N CSS pixels wide
  click:CSS      a real mouse click (press and release) at the middle of the first element
                 CSS selects, scrolled into view first; fails when nothing matches
  click:CSS|F    the same at fraction F of the way from the top left of its box (where
                 the middle of a line is under another one)
  dom:FILE       write the DOM as it is now (document.documentElement.outerHTML)
  shot:FILE      write a PNG screenshot of the whole page
  view:FILE      write a PNG screenshot of what the window shows
  wait:MS        let the page run for MS milliseconds
  time:LABEL     print "LABEL SECONDS": the time since the navigation started (the load
                 event is printed as "load SECONDS" when it comes)

usage: cdp.py CHROMIUM PROFILE_DIR URL STEP...

The harness reads the page through the protocol's DOM and input domains and never evaluates
script in it, so what runs there is what the page's own Content-Security-Policy allows.  Exit 0 when every step worked.
"""
import base64
import json
import os
import subprocess
import sys
import time


class Browser:
    def __init__(self, chromium, profile):
        r_child, self.w = os.pipe()
        self.r, w_child = os.pipe()
        # Chromium reads commands on fd 3 and writes replies on fd 4.
        def fds():
            # through fresh copies: a pipe end may already be fd 3 or 4, and dup2 onto itself
            # would leave it close-on-exec
            r2, w2 = os.dup(r_child), os.dup(w_child)
            os.dup2(r2, 3)
            os.dup2(w2, 4)
        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--hide-scrollbars", "--remote-debugging-pipe", "--user-data-dir=" + profile,
             "about:blank"],
            close_fds=False, preexec_fn=fds,
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "chromium.log"), "w"), env=dict(os.environ, HOME=profile))
        os.close(r_child)
        os.close(w_child)
        self.buf = b""
        self.next_id = 0
        self.events = []
        self.session = None

    def _read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.r, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, name, timeout=60):
        end = time.time() + timeout
        while time.time() < end:
            for i, m in enumerate(self.events):
                if m.get("method") == name:
                    del self.events[i]
                    return m
            self.events.append(self._read())
        raise RuntimeError("no %s within %d s" % (name, timeout))

    def query(self, selector):
        root = self.call("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        return self.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main(argv):
    if len(argv) < 4:
        sys.stderr.write(__doc__)
        return 64
    chromium, profile, url, steps = argv[0], argv[1], argv[2], argv[3:]
    b = Browser(chromium, profile)
    try:
        targets = b.call("Target.getTargets", session=False)["targetInfos"]
        page = [t for t in targets if t["type"] == "page"][0]
        b.session = b.call("Target.attachToTarget", {"targetId": page["targetId"], "flatten": True},
                           session=False)["sessionId"]
        b.call("Page.enable")
        b.call("Emulation.setDeviceMetricsOverride",
               {"width": 1400, "height": 1000, "deviceScaleFactor": 1, "mobile": False})
        start = time.time()
        b.call("Page.navigate", {"url": url})
        b.wait_event("Page.loadEventFired", timeout=300)
        print("load %.2f" % (time.time() - start), flush=True)
        for step in steps:
            what, _, arg = step.partition(":")
            if what == "width":
                b.call("Emulation.setDeviceMetricsOverride",
                       {"width": int(arg), "height": 1000, "deviceScaleFactor": 1, "mobile": False})
            elif what == "click":
                arg, _, frac = arg.partition("|")
                f = float(frac) if frac else 0.5
                node = b.query(arg)
                if not node:
                    raise RuntimeError("nothing matches %s" % arg)
                b.call("DOM.scrollIntoViewIfNeeded", {"nodeId": node})
                q = b.call("DOM.getContentQuads", {"nodeId": node})["quads"][0]
                x = min(q[0::2]) + f * (max(q[0::2]) - min(q[0::2]))
                y = min(q[1::2]) + f * (max(q[1::2]) - min(q[1::2]))
                for kind in ("mousePressed", "mouseReleased"):
                    b.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y,
                                                        "button": "left", "clickCount": 1})
            elif what == "time":
                print("%s %.2f" % (arg, time.time() - start), flush=True)
            elif what == "wait":
                time.sleep(int(arg) / 1000.0)
            elif what == "dom":
                html = b.call("DOM.getOuterHTML", {"nodeId": b.query("html")})["outerHTML"]
                with open(arg, "w", encoding="utf-8") as f:
                    f.write(html)
            elif what in ("shot", "view"):
                data = b.call("Page.captureScreenshot", {"format": "png",
                                                         "captureBeyondViewport": what == "shot"})
                with open(arg, "wb") as f:
                    f.write(base64.b64decode(data["data"]))
            else:
                raise RuntimeError("unknown step %s" % step)
    except Exception as e:  # one line for the test log
        sys.stderr.write("cdp.py: %s\n" % e)
        return 1
    finally:
        b.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
