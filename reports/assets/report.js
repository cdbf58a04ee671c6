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
	if (table && bar) {
		var rows = Array.prototype.slice.call(table.tBodies[0].rows);
		var boxes = bar.querySelectorAll("input[type=checkbox]");
		var cat = d.getElementById("f-category"), dev = d.getElementById("f-device");
		var txt = d.getElementById("f-text"), shown = d.getElementById("f-shown");
		var apply = function () {
			var on = {}, n = 0, q = txt.value.toLowerCase();
			each.call(boxes, function (b) { on[b.value] = b.checked; });
			rows.forEach(function (r) {
				var ok = on[r.getAttribute("data-severity")] !== false &&
					(!cat.value || r.getAttribute("data-category") === cat.value) &&
					(!dev.value || r.getAttribute("data-devices").split("\n").indexOf(dev.value) >= 0) &&
					(!q || r.textContent.toLowerCase().indexOf(q) >= 0);
				r.hidden = !ok;
				if (ok)
					n++;
			});
			shown.textContent = n + " of " + rows.length + " shown";
		};
		each.call(boxes, function (b) { b.addEventListener("change", apply); });
		cat.addEventListener("change", apply);
		dev.addEventListener("change", apply);
		txt.addEventListener("input", apply);
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

