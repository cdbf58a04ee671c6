(function () {
	"use strict";
	var d = document, each = Array.prototype.forEach;
	d.documentElement.setAttribute("data-js", "ready");
	/* A finding's fix: copy its lines; execCommand where the clipboard API is not allowed. */
	each.call(d.querySelectorAll(".fix .copy"), function (b) {
		var pre = b.parentNode.parentNode.querySelector(".fix-cmds");
		b.hidden = false;
		b.addEventListener("click", function () {
			var done = function () { b.textContent = "Copied"; };
			var fallback = function () {
				var r = d.createRange(), sel = window.getSelection();
				r.selectNodeContents(pre);
				sel.removeAllRanges();
				sel.addRange(r);
				if (d.execCommand("copy"))
					done();
			};
			if (navigator.clipboard && window.isSecureContext)
				navigator.clipboard.writeText(pre.textContent).then(done, fallback);
			else
				fallback();
		});
	});
	var table = d.getElementById("findings-table"), bar = d.getElementById("filters");
	var rows = [], dev = null, apply = null, mapPorts = null, mapWhat = "";
	var lines = function (s) { return s ? s.split("\n") : []; };
	/* a port of @ports: one listed, or one under the node's prefix (viaPorts) */
	var onPorts = function (ports, p) {
		return ports.indexOf(p) >= 0 || (!!ports.prefix && p.indexOf(ports.prefix) === 0);
	};
	if (table && bar) {
		rows = Array.prototype.slice.call(table.tBodies[0].rows);
		var boxes = bar.querySelectorAll("input[type=checkbox]");
		var cat = d.getElementById("f-category");
		var txt = d.getElementById("f-text"), shown = d.getElementById("f-shown");
		dev = d.getElementById("f-device");
		apply = function () {
			var on = {}, n = 0, q = txt.value.toLowerCase();
			each.call(boxes, function (b) { on[b.value] = b.checked; });
			rows.forEach(function (r) {
				var ok = on[r.getAttribute("data-severity")] !== false &&
					(!cat.value || r.getAttribute("data-category") === cat.value) &&
					(!dev.value || lines(r.getAttribute("data-devices")).indexOf(dev.value) >= 0) &&
					(!mapPorts || lines(r.getAttribute("data-ports")).some(function (p) {
						return onPorts(mapPorts, p);
					})) &&
					(!q || r.textContent.toLowerCase().indexOf(q) >= 0);
				r.hidden = !ok;
				if (ok)
					n++;
			});
			shown.textContent = n + " of " + rows.length + " shown" +
				(mapPorts ? " (" + mapWhat + ")" : "");
		};
		var user = function () {
			mapPorts = null;
			apply();
		};
		each.call(boxes, function (b) { b.addEventListener("change", user); });
		cat.addEventListener("change", user);
		dev.addEventListener("change", user);
		txt.addEventListener("input", user);
		bar.hidden = false;
		apply();
	}
	var dbar = d.getElementById("diff-filters");
	if (dbar) {
		var changes = Array.prototype.slice.call(d.querySelectorAll("tr[data-status]"));
		var ddev = d.getElementById("f-diff-device"), dstat = d.getElementById("f-diff-status");
		var dfield = d.getElementById("f-diff-field"), dshown = d.getElementById("f-diff-shown");
		var dapply = function () {
			var n = 0, q = dfield.value.toLowerCase();
			changes.forEach(function (r) {
				var ok = (!ddev.value || r.getAttribute("data-devices").split("\n").indexOf(ddev.value) >= 0) &&
					(!dstat.value || r.getAttribute("data-status").split(" ").indexOf(dstat.value) >= 0) &&
					(!q || r.getAttribute("data-field").toLowerCase().indexOf(q) >= 0);
				r.hidden = !ok;
				if (ok)
					n++;
			});
			each.call(d.querySelectorAll(".change-group"), function (g) {
				g.hidden = !g.querySelector("tr[data-status]:not([hidden])");
			});
			dshown.textContent = n + " of " + changes.length + " changes shown";
		};
		ddev.addEventListener("change", dapply);
		dstat.addEventListener("change", dapply);
		dfield.addEventListener("input", dapply);
		dbar.hidden = false;
		dapply();
	}
	/* The fabric map: click a device or link to filter the findings, a box to see its devices. */
	var map = d.getElementById("map-svg");
	if (map) {
		var NS = map.namespaceURI;
		var panel = d.getElementById("device-panel"), detail = d.getElementById("map-detail");
		var dsvg = d.getElementById("map-detail-svg"), dtitle = d.getElementById("map-detail-title");
		var facts = {}, inBox = {}, FACTS = ["kind", "role", "platform", "status", "tier", "findings", "via"];
		var fromAttrs = function (g) {
			var f = {};
			FACTS.forEach(function (k) { f[k] = g.getAttribute("data-" + k) || ""; });
			return f;
		};
		/* what each device is: its node, or its line in a box's drill-down */
		each.call(map.querySelectorAll("[data-device]"), function (g) {
			facts[g.getAttribute("data-device")] = fromAttrs(g);
			if (g.hasAttribute("data-box"))
				inBox[g.getAttribute("data-device")] = g;
		});
		each.call(map.querySelectorAll("g.box[data-nodes]"), function (g) {
			lines(g.getAttribute("data-nodes")).forEach(function (l) {
				var v = l.split("\t");
				facts[v[0]] = { kind: v[5], role: v[6], platform: v[7], status: v[8], tier: v[9], findings: v[4] };
				inBox[v[0]] = g;
			});
		});
		var el = function (tag, attrs, text) {
			var e = d.createElementNS(NS, tag);
			Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
			if (text !== undefined)
				e.textContent = text;
			return e;
		};
		/* a box's devices, drawn where fabric-audit placed them */
		var drill = function (box) {
			var size = box.getAttribute("data-size").split(" "), nodes = [];
			var svg = el("svg", { "class": "fabric-map", id: "map-detail-map", width: size[0], height: size[1],
				viewBox: "0 0 " + size[0] + " " + size[1] });
			lines(box.getAttribute("data-nodes")).forEach(function (l) { nodes.push(l.split("\t")); });
			lines(box.getAttribute("data-links")).forEach(function (l) {
				var v = l.split("\t"), a = nodes[+v[0]], b = nodes[+v[1]];
				var line = el("line", { "class": "link s-" + v[4], x1: a[1], y1: a[2], x2: b[1], y2: b[2],
					"data-a": a[0], "data-ap": v[2], "data-b": b[0], "data-bp": v[3] });
				line.appendChild(el("title", {}, a[0] + ":" + v[2] + " -- " + b[0] + ":" + v[3]));
				svg.appendChild(line);
			});
			nodes.forEach(function (v) {
				var g = el("g", { "class": "node s-" + v[3], tabindex: "0", "data-device": v[0],
					transform: "translate(" + v[1] + " " + v[2] + ")" });
				g.appendChild(el("rect", { x: -52, y: -15, width: 104, height: 30, rx: 6 }));
				g.appendChild(el("text", { y: 4 }, v[0].length > 14 ? v[0].slice(0, 14) + "\u2026" : v[0]));
				g.appendChild(el("title", {}, v[0] + "\n" + [v[5], v[6], v[7]].filter(Boolean).join(", ") +
					"\nstatus " + v[8] + "\n" + v[4] + " findings"));
				svg.appendChild(g);
			});
			while (dsvg.firstChild)
				dsvg.removeChild(dsvg.firstChild);
			dsvg.appendChild(svg);
			dtitle.textContent = box.querySelector("title").textContent.split("\n")[0] +
				" \u00b7 " + nodes.length + " devices";
			each.call(map.querySelectorAll("g.box.open"), function (b) { b.classList.remove("open"); });
			box.classList.add("open");
			detail.hidden = false;
			detail.scrollIntoView({ block: "nearest" });
		};
		var allMaps = function () { return [map].concat(Array.prototype.slice.call(dsvg.querySelectorAll("svg"))); };
		var highlight = function (devices, ports, links) {
			allMaps().forEach(function (m) {
				m.classList.toggle("dim", devices.length + ports.length > 0);
				each.call(m.querySelectorAll(".hl"), function (e) { e.classList.remove("hl"); });
				each.call(m.querySelectorAll("[data-device]"), function (g) {
					if (devices.indexOf(g.getAttribute("data-device")) >= 0)
						g.classList.add("hl");
				});
				each.call(m.querySelectorAll("line[data-a]"), function (l) {
					if (ports.indexOf(l.getAttribute("data-a") + ":" + l.getAttribute("data-ap")) >= 0 ||
					    ports.indexOf(l.getAttribute("data-b") + ":" + l.getAttribute("data-bp")) >= 0 ||
					    (links && (devices.indexOf(l.getAttribute("data-a")) >= 0 ||
						       devices.indexOf(l.getAttribute("data-b")) >= 0)))
						l.classList.add("hl");
				});
			});
			devices.forEach(function (n) {
				if (inBox[n])
					inBox[n].classList.add("hl");
			});
		};
		/* the per-device panel: facts, ports on the map, findings, collection warnings */
		var add = function (parent, tag, text, cls) {
			var e = d.createElement(tag);
			if (text !== undefined)
				e.textContent = text;
			if (cls)
				e.className = cls;
			parent.appendChild(e);
			return e;
		};
		/* an InfiniBand node's ports as findings name them: its fabric device's */
		var viaPorts = function (name) {
			var via = (facts[name] || {}).via, ports = [];
			if (!via)
				return null;
			/* its ports without a link too (down, or nothing discovered behind): NODE/N */
			ports.prefix = via + ":" + name + "/";
			allMaps().forEach(function (m) {
				each.call(m.querySelectorAll("line[data-a]"), function (l) {
					if (l.getAttribute("data-a") === name)
						ports.push(via + ":" + l.getAttribute("data-ap"));
					if (l.getAttribute("data-b") === name)
						ports.push(via + ":" + l.getAttribute("data-bp"));
				});
			});
			return ports;
		};
		var findingsOf = function (name) {
			var ports = viaPorts(name);
			return rows.filter(function (r) {
				return ports ? lines(r.getAttribute("data-ports")).some(function (p) { return onPorts(ports, p); })
					: lines(r.getAttribute("data-devices")).indexOf(name) >= 0;
			});
		};
		var showPanel = function (name) {
			var f = facts[name] || {}, seen = {};
			while (panel.firstChild)
				panel.removeChild(panel.firstChild);
			var head = add(panel, "div", undefined, "panel-head");
			add(head, "h3", name, "mono");
			var close = add(head, "button", "\u00d7", "panel-close");
			close.type = "button";
			close.setAttribute("aria-label", "Close");
			close.addEventListener("click", function () { panel.hidden = true; });
			var dl = add(panel, "dl", undefined, "panel-facts");
			FACTS.forEach(function (k) {
				if (f[k] === undefined || f[k] === "")
					return;
				add(dl, "dt", k);
				add(dl, "dd", f[k]);
			});
			add(panel, "h4", "Ports on the map");
			var ul = add(panel, "ul", undefined, "panel-ports mono");
			allMaps().forEach(function (m) {
				each.call(m.querySelectorAll("line[data-a]"), function (l) {
					var a = l.getAttribute("data-a") === name, b = l.getAttribute("data-b") === name;
					if (!a && !b)
						return;
					var text = (a ? l.getAttribute("data-ap") + " \u2192 " + l.getAttribute("data-b") + ":" + l.getAttribute("data-bp")
						: l.getAttribute("data-bp") + " \u2192 " + l.getAttribute("data-a") + ":" + l.getAttribute("data-ap"));
					if (seen[text])
						return;
					seen[text] = true;
					add(ul, "li", text, "s-" + (l.getAttribute("class").match(/s-(\w+)/) || ["", "ok"])[1]);
				});
			});
			if (!ul.firstChild)
				add(ul, "li", inBox[name] ? "(links to other groups are drawn as the group's edges)" : "none", "none");
			var mine = findingsOf(name);
			add(panel, "h4", "Findings (" + mine.length + ")");
			var fl = add(panel, "ul", undefined, "panel-findings");
			mine.forEach(function (r) {
				var li = add(fl, "li");
				add(li, "span", r.getAttribute("data-severity"), "badge b-" + r.getAttribute("data-severity"));
				var rule = r.querySelector("td.k-rule"), subj = r.querySelector("td.k-subject_text");
				add(li, "span", " " + (rule ? rule.firstChild.textContent : "") + " ", "mono");
				add(li, "span", subj ? subj.textContent : "", "sub");
			});
			var warns = [];
			each.call(d.querySelectorAll("#warnings tbody tr"), function (r) {
				var c = r.querySelector("td.k-device"), msg = r.querySelector("td.k-message");
				if (c && c.textContent.trim() === name)
					warns.push(msg ? msg.textContent : "");
			});
			add(panel, "h4", "Collection log (" + warns.length + ")");
			var wl = add(panel, "ul", undefined, "panel-warnings");
			warns.forEach(function (w) { add(wl, "li", w); });
			if (!warns.length)
				add(wl, "li", f.status && f.status !== "ok" ? "not collected: " + f.status : "no warnings", "none");
			panel.hidden = false;
		};
		var pick = function (t) {
			var g = t.closest ? t.closest("[data-device], line[data-a], g.box") : null;
			if (!g) {
				/* the map's background: nothing selected */
				highlight([], []);
				if (dev && (dev.value || mapPorts)) {
					dev.value = "";
					mapPorts = null;
					apply();
				}
				return;
			}
			if (g.hasAttribute("data-device")) {
				var name = g.getAttribute("data-device"), ports = viaPorts(name);
				mapPorts = null;
				if (dev && ports) {
					/* an InfiniBand node: the findings on its ports */
					dev.value = "";
					mapPorts = ports;
					mapWhat = "ports of " + name;
					apply();
				} else if (dev) {
					var known = Array.prototype.some.call(dev.options, function (o) { return o.value === name; });
					if (!known) {
						var o = d.createElement("option");
						o.value = name;
						o.textContent = name;
						dev.appendChild(o);
					}
					dev.value = name;
					apply();
				}
				highlight([name], [], true);
				showPanel(name);
			} else if (g.hasAttribute("data-a")) {
				var ends = [g.getAttribute("data-a") + ":" + g.getAttribute("data-ap"),
					g.getAttribute("data-b") + ":" + g.getAttribute("data-bp")];
				if (dev) {
					dev.value = "";
					mapPorts = ends;
					mapWhat = "link " + ends.join(" -- ");
					apply();
				}
				highlight([], ends);
			} else if (g.hasAttribute("data-nodes")) {
				drill(g);
			}
		};
		[map, dsvg].forEach(function (c) {
			c.addEventListener("click", function (e) { pick(e.target); });
			c.addEventListener("keydown", function (e) {
				if (e.key === "Enter" || e.key === " ") {
					e.preventDefault();
					pick(e.target);
				}
			});
		});
		/* a finding's row shows where it is on the map (the table does not move: no panel) */
		rows.forEach(function (r) {
			r.addEventListener("click", function () {
				rows.forEach(function (o) { o.classList.remove("sel"); });
				r.classList.add("sel");
				highlight(lines(r.getAttribute("data-devices")), lines(r.getAttribute("data-ports")));
			});
		});
		/* a device's name in the warnings and the devices not collected opens its panel */
		each.call(d.querySelectorAll("td.k-device"), function (c) {
			var name = c.textContent.trim();
			if (!facts[name])
				return;
			c.classList.add("device-link");
			c.tabIndex = 0;
			var open = function () {
				highlight([name], [], true);
				showPanel(name);
				panel.scrollIntoView({ block: "nearest" });
			};
			c.addEventListener("click", open);
			c.addEventListener("keydown", function (e) {
				if (e.key === "Enter")
					open();
			});
		});
	}
	each.call(d.querySelectorAll("table.sortable"), function (t) {
		var heads = t.tHead.rows[0].cells;
		each.call(heads, function (th, col) {
			var sort = function () {
				var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
				var body = t.tBodies[0], rs = Array.prototype.slice.call(body.rows);
				var key = function (r) {
					var c = r.cells[col];
					return c.hasAttribute("data-sort") ? c.getAttribute("data-sort") : c.textContent.trim();
				};
				each.call(heads, function (h) { h.removeAttribute("aria-sort"); });
				th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
				rs.sort(function (a, b) {
					return dir * key(a).localeCompare(key(b), "en", { numeric: true });
				});
				rs.forEach(function (r) { body.appendChild(r); });
			};
			th.tabIndex = 0;
			th.title = "Sort";
			th.addEventListener("click", sort);
			th.addEventListener("keydown", function (e) {
				if (e.key === "Enter" || e.key === " ") {
					e.preventDefault();
					sort();
				}
			});
		});
	});
})();

