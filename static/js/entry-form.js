/* The entry form of a table (a Roimat donne, another game's round) on a phone with poor wifi:
 * a table never gets stuck, an entry is never lost nor stored twice. One module for every
 * game: the form it serves is form[data-entry], whose value names an entry ("Donne",
 * "Manche"); its hidden fields are key, expected (a new entry's number, empty for a
 * correction, whose number is data-number) and, where the game has it, version.
 * - A total's complement (O/E's plis and points, 9 − and 128 − N/S's) is shown as N/S's is
 *   typed: output.other[data-from][data-total].
 * - What is typed is kept in the phone as a draft of this table and this entry's number. A
 *   draft of an entry the server already has (another phone entered it) leaves the form and
 *   is offered in the status: sent to compare (the server keeps different numbers beside the
 *   recorded ones, for the table to choose) or discarded. Hidden fields (key, number,
 *   version) are never restored from a draft: they are always the page's own.
 * - Every problem is listed at once at the top of the form, which comes into view; the first
 *   field to correct gets the focus.
 * - An entry recorded goes into a queue kept in the phone, then the form moves on to the next
 *   one (so that a phone without network can enter several). The queue is sent one entry at
 *   a time, each with its idempotency key (an entry sent twice is stored once). A network
 *   failure or a 5xx is tried again later (1 s, 2 s, 4 s … 30 s, and as soon as the network
 *   returns); any other refusal stops the queue and is shown with what to do; nothing is
 *   dropped unless the player discards it. An entry the server refused on its content comes
 *   back in the form, with what to correct; the entries queued after it wait for it.
 */
(function () {
  "use strict";
  var BASE = location.pathname;
  // The phone's keys for this page (named when only Roimat's donnes were queued: kept so).
  var QUEUE = "donnes:" + BASE, NEXT = "next:" + BASE, DRAFT = "draft:" + BASE + ":";
  var STALE = "stale:" + BASE;  // drafts of entries another phone entered meanwhile
  var storage = null;
  try { storage = window.localStorage; storage.getItem(QUEUE); } catch (e) { storage = null; }
  var sending = false, timer = null, attempts = 0, problem = null, quiet = false;

  function text(name, values) {
    var node = document.getElementById("entry-strings"), strings = {};
    try { strings = JSON.parse(node.textContent); } catch (e) { /* English below */ }
    var s = strings[name] || name;
    Object.keys(values || {}).forEach(function (k) { s = s.replace("{" + k + "}", values[k]); });
    return s;
  }
  function load(key, fallback) {
    try { return JSON.parse(storage.getItem(key)) || fallback; } catch (e) { return fallback; }
  }
  function save(key, value) {
    try { storage.setItem(key, JSON.stringify(value)); } catch (e) { /* full: keep going */ }
  }
  function newKey() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID().replace(/-/g, ""); }
    return Date.now().toString(16) + Math.random().toString(16).slice(2);
  }
  function queue() { return load(QUEUE, []); }
  // The number of the next new entry: the server's next, then past those waiting in order.
  function nextNumber(serverNext) {
    var next = serverNext, numbers = queue().filter(function (e) { return !e.fix; })
      .map(function (e) { return e.number; });
    while (numbers.indexOf(next) >= 0) { next += 1; }
    return next;
  }
  // A new entry after a gap (an earlier one refused or discarded) waits for it: sent now, the
  // server would give it the earlier number.
  function held(entry) {
    var serverNext = load(NEXT, 0);
    return !entry.fix && serverNext > 0 && entry.number > serverNext;
  }
  function setQueue(entries) {
    entries.sort(function (a, b) {  // corrections first, then new entries in their order
      return (a.fix ? 0 : 1) - (b.fix ? 0 : 1) || a.number - b.number;
    });
    save(QUEUE, entries);
  }

  // O/E's complement, as N/S's number is typed.
  function complements(root) {
    root.querySelectorAll("output.other").forEach(function (out) {
      var input = document.getElementById(out.dataset.from);
      if (!input) { return; }
      var total = parseInt(out.dataset.total, 10);
      function update() {
        var value = input.value === "" ? NaN : Number(input.value);
        out.querySelector("b").textContent = (isNaN(value) || value < 0 || value > total ||
          value % 1) ? "–" : String(total - value);
      }
      input.addEventListener("input", update);
      update();
    });
  }

  var form, status;
  function named(number) { return form.dataset.entry + " " + number; }  // "Donne 3"

  function field(name) { return form.querySelector("[name='" + name + "']"); }
  function slot() {  // the draft's name: this table, this entry (and version, for a correction)
    var expected = field("expected"), version = field("version");
    if (expected && expected.value) { return "n" + expected.value; }
    return "c" + (form.dataset.number || "") + "v" + (version ? version.value : "");
  }
  function visibleFields() {
    var data = [];
    new FormData(form).forEach(function (value, name) {
      var input = field(name);
      if (name !== "csrfmiddlewaretoken" && input && input.type !== "hidden") {
        data.push([name, value]);
      }
    });
    return data;
  }
  function fill(pairs) {
    quiet = true;
    form.querySelectorAll("input, select").forEach(function (input) {
      if (input.type === "hidden") { return; }
      var values = pairs.filter(function (p) { return p[0] === input.name; })
        .map(function (p) { return p[1]; });
      if (input.type === "radio" || input.type === "checkbox") {
        input.checked = values.indexOf(input.value) >= 0;
      } else if (values.length) {
        input.value = values[0];
      } else if (input.tagName === "SELECT") {
        input.selectedIndex = 0;
      } else {
        input.value = /^faults_/.test(input.name) ? "0" : "";  // Roimat's fautes start at 0
      }
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
    quiet = false;
  }

  // The form moves on to entry `number`: a new key, empty fields (who enters it too: the
  // player names himself each time), and where the game has a dealer, the dealer of that
  // entry (one seat further each time, from the one the form had).
  function advance(number) {
    var dealer = form.querySelector("[name=dealer]:checked");
    var seats = Array.prototype.slice.call(form.querySelectorAll("[name=dealer]"));
    var steps = number - (parseInt(field("expected").value, 10) || number);
    fill([]);
    if (dealer) {
      var n = seats.length;
      seats[(((seats.indexOf(dealer) + steps) % n) + n) % n].checked = true;
    }
    field("expected").value = String(number);
    field("key").value = newKey();
    var heading = form.querySelector("h2");
    if (heading) { heading.textContent = named(number); }
    var draft = load(DRAFT + slot(), null);
    if (draft) { fill(draft); }
  }

  // Every problem at once, at the top of the form, in view; the focus on the first field.
  function showProblems(summary) {
    summary.hidden = false;
    summary.scrollIntoView({ block: "start" });
    var names = Array.prototype.map.call(summary.querySelectorAll("[data-field]"),
      function (li) { return li.dataset.field; });
    var first = Array.prototype.find.call(form.querySelectorAll("[name]"), function (input) {
      return input.type !== "hidden" && names.indexOf(input.name) >= 0;
    });
    // A field drawn by another script (Römer's team, tapped as cards: game-round.js) is
    // shown by what it names.
    if (first && first.dataset.picker) { first = document.getElementById(first.dataset.picker) || first; }
    (first || summary).focus({ preventScroll: true });
  }
  function labelOf(input) {
    if (input.dataset.label) { return input.dataset.label; }  // a player's field: his name too
    if (input.type === "radio") {
      var legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
      return legend ? legend.textContent.trim() : input.name;
    }
    var label = input.closest("label");
    return label ? label.textContent.trim() : input.name;
  }
  function problemOf(input) {  // in the site's language, not the browser's
    var v = input.validity;
    if (v.valueMissing) { return text(input.type === "radio" || input.tagName === "SELECT" ? "choose" : "fill"); }
    if (v.rangeUnderflow) { return text("min", { min: input.min }); }
    if (v.rangeOverflow) { return text("max", { max: input.max }); }
    if (v.badInput || v.stepMismatch) { return text("whole"); }
    return input.validationMessage;
  }
  function checkInPhone() {  // what the browser knows: a choice missing, a number out of range
    var summary = form.querySelector(".error-summary"), seen = {}, items = [];
    if (!summary) { return true; }
    form.querySelectorAll("input, select").forEach(function (input) {
      if (seen[input.name] || input.type === "hidden" || input.checkValidity()) { return; }
      seen[input.name] = true;
      var li = document.createElement("li"), link = document.createElement("a");
      li.dataset.field = input.name;
      link.href = "#" + input.id;
      link.textContent = labelOf(input) + " : " + problemOf(input);
      li.appendChild(link);
      items.push(li);
    });
    if (!items.length) { return true; }
    summary.querySelector("ul").replaceChildren.apply(summary.querySelector("ul"), items);
    showProblems(summary);
    return false;
  }

  // What the player typed, in words, one line a field: "Atout : rouge", "Plis N/S : 6".
  function typedSummary() {
    var lines = [];
    form.querySelectorAll("input, select").forEach(function (input) {
      if (input.type === "hidden" || input.name === "csrfmiddlewaretoken") { return; }
      var value;
      if (input.type === "radio" || input.type === "checkbox") {
        if (!input.checked) { return; }
        var label = input.closest("label");
        value = label ? label.textContent.trim() : input.value;
      } else if (input.tagName === "SELECT") {
        value = input.selectedIndex >= 0 ? input.options[input.selectedIndex].text : "";
      } else {
        value = input.dataset.words || input.value;  // Römer's team: its cards in words
      }
      if (value === "" || (/^faults_/.test(input.name) && value === "0")) { return; }
      lines.push(labelOf(input) + " : " + value);
    });
    return lines;
  }

  // A draft's field the player typed (not the dealer the form proposes, nor a "0" faute).
  function typed(pair) {
    return pair[1] !== "" && pair[0] !== "dealer" && !(/^faults_/.test(pair[0]) && pair[1] === "0");
  }
  function staleDrafts() { return load(STALE, []); }
  function dropStale(draft) {
    save(STALE, staleDrafts().filter(function (d) { return d.number !== draft.number; }));
  }
  // A draft of an entry another phone entered: the player sends it to compare, or drops it.
  function showStale() {
    staleDrafts().forEach(function (draft) {
      var p = document.createElement("p"), send = document.createElement("button"),
        drop = document.createElement("button");
      p.textContent = text("stale", { entry: named(draft.number) });
      send.type = drop.type = "button";
      send.textContent = text("compare");
      drop.textContent = text("discard");
      send.addEventListener("click", function () {
        dropStale(draft);
        var entries = queue(), key = newKey();
        entries.push({
          key: key, number: draft.number, fix: false, url: location.href,
          fields: draft.fields.concat([["action", "enter"], ["key", key],
            ["expected", String(draft.number)]]),
        });
        setQueue(entries);
        flush();
      });
      drop.addEventListener("click", function () { dropStale(draft); showQueue(); });
      status.append(p, send, drop);
    });
  }

  // What waits in the phone, and what to do about a refusal.
  function showQueue(message) {
    if (!status) { return; }
    var entries = queue();
    status.replaceChildren();
    status.classList.toggle("problem", !!problem);
    showStale();
    if (!entries.length) { return; }
    var p = document.createElement("p");
    p.textContent = entries.length === 1 ? text("one") : text("many", { n: entries.length });
    var list = document.createElement("ul");
    entries.forEach(function (entry) {  // each entry waiting, its numbers one tap away
      var li = document.createElement("li");
      if (entry.summary && entry.summary.length) {
        var more = document.createElement("details"), title = document.createElement("summary");
        var lines = document.createElement("ul");
        title.textContent = named(entry.number);
        entry.summary.forEach(function (line) {
          var item = document.createElement("li");
          item.textContent = line;
          lines.appendChild(item);
        });
        more.append(title, lines);
        li.appendChild(more);
      } else {
        li.textContent = named(entry.number);
      }
      list.appendChild(li);
    });
    status.append(p, list);
    var note = message || (entries.length && held(entries[0]) ? text("paused") : "");
    if (problem) { note = text("refused", { status: problem.status }) + " " + problem.text; }
    if (note) {
      var more = document.createElement("p");
      more.textContent = note;
      status.appendChild(more);
    }
    if (!problem && timer && !sending) {  // waiting for the next try: the player may not wait
      var now = document.createElement("button");
      now.type = "button";
      now.textContent = text("now");
      now.addEventListener("click", function () { attempts = 0; flush(); });
      status.appendChild(now);
    }
    if (problem) {
      var retry = document.createElement("button"), discard = document.createElement("button");
      retry.type = discard.type = "button";
      retry.textContent = text("retry");
      discard.textContent = text("discard");
      retry.addEventListener("click", function () { problem = null; flush(); });
      discard.addEventListener("click", function () {
        var first = queue()[0];
        if (first && window.confirm(text("sure", { entry: named(first.number) }))) {
          setQueue(queue().filter(function (e) { return e.key !== first.key; }));
          problem = null;
          var expected = form && field("expected");
          if (expected && expected.value) { advance(nextNumber(load(NEXT, 0))); }
          flush();
        }
      });
      status.append(retry, discard);
    }
  }
  // Feedback where the player looks: what the phone keeps, or why it was refused.
  function inView(node) {
    if (node && node.getClientRects().length) { node.scrollIntoView({ block: "start" }); }
  }

  // A problem's note goes once its field holds an acceptable value.
  function clearProblem(input) {
    if (!input.name || !input.checkValidity()) { return; }
    var note = document.getElementById("id_" + input.name + "_error");
    if (note) { note.hidden = true; }
    form.querySelectorAll("[name='" + input.name + "']").forEach(function (same) {
      same.removeAttribute("aria-invalid");
    });
    var summary = form.querySelector(".error-summary");
    if (!summary) { return; }
    summary.querySelectorAll("li[data-field='" + input.name + "']").forEach(function (li) {
      li.remove();
    });
    if (!summary.querySelector("li")) { summary.hidden = true; }
  }

  function init() {
    form = document.querySelector("form[data-entry]");
    status = null;
    complements(document);
    if (!form) { return; }
    form.addEventListener("focusin", function (event) {  // a typed number replaces the shown one
      if (event.target.type === "number") { try { event.target.select(); } catch (e) { /* */ } }
    });
    var summary = form.querySelector(".error-summary");
    var refused = summary && !summary.hidden;
    if (refused) { showProblems(summary); }
    if (!storage || !window.fetch) { return; }  // the plain form, posted by the browser
    status = document.createElement("div");
    status.className = "queue-status";
    status.setAttribute("role", "status");
    form.prepend(status);

    var expected = field("expected"), key = field("key");
    if (key) { key.value = newKey(); }  // each showing of the form is a new entry
    if (expected && expected.value) {
      // A page from the phone's cache (no network) may be older than what was sent since.
      var next = parseInt(expected.value, 10);
      if (document.documentElement.hasAttribute("data-cached")) {
        next = Math.max(next, load(NEXT, 0));
      } else {
        save(NEXT, next);
      }
      // Drafts of entries the server has leave the form; one with something typed is kept
      // aside, for the player to send to compare or discard.
      Object.keys(storage).forEach(function (name) {
        var m = name.indexOf(DRAFT) === 0 && /^n(\d+)$/.exec(name.slice(DRAFT.length));
        if (!m || parseInt(m[1], 10) >= next) { return; }
        var fields = load(name, []);
        if (fields.some(typed)) {
          save(STALE, staleDrafts().filter(function (d) { return d.number !== parseInt(m[1], 10); })
            .concat([{ number: parseInt(m[1], 10), fields: fields }]));
        }
        storage.removeItem(name);
      });
      storage.removeItem("draft:" + BASE);  // the former single draft of this page
      if (staleDrafts().length) { showQueue(); inView(status); }
      next = nextNumber(next);
      if (!refused && next !== parseInt(expected.value, 10)) { advance(next); }
    }
    if (refused) {
      save(DRAFT + slot(), visibleFields());  // what the server refused survives a reload
    } else {
      var draft = load(DRAFT + slot(), null);
      if (draft && draft.some(typed)) {
        fill(draft);
        var kept = document.createElement("p");  // a restored draft says it was not sent
        kept.className = "hint draft-note";
        kept.textContent = text("draft");
        status.after(kept);
      }
    }
    function keepDraft(event) {
      if (quiet) { return; }
      save(DRAFT + slot(), visibleFields());
      clearProblem(event.target);
    }
    form.addEventListener("input", keepDraft);
    form.addEventListener("change", keepDraft);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!checkInPhone()) { return; }
      var summaryNow = form.querySelector(".error-summary");
      if (summaryNow) { summaryNow.hidden = true; }
      var data = [];
      new FormData(form).forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken") { data.push([name, value]); }
      });
      var expectedNow = field("expected");
      var isNew = !!(expectedNow && expectedNow.value);
      var entry = {
        summary: typedSummary(),
        key: field("key") ? field("key").value : newKey(),
        number: isNew ? parseInt(expectedNow.value, 10) : parseInt(form.dataset.number || "0", 10),
        fix: !isNew,
        url: form.getAttribute("action") || location.href,  // form.action may be an input
        fields: data,
      };
      var entries = queue().filter(function (e) { return e.key !== entry.key; });
      entries.push(entry);
      setQueue(entries);
      storage.removeItem(DRAFT + slot());
      problem = null;  // a new entry tries the queue again
      if (isNew) { advance(nextNumber(entry.number)); }
      showQueue();
      inView(status);
      flush();
    });
    showQueue();
  }

  // The page the server answered, shown in place of this one.
  function render(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var main = page.querySelector("main");
    if (!main) { return false; }
    document.querySelector("main").replaceWith(document.adoptNode(main));
    document.title = page.title;
    init();
    var summary = document.querySelector("main .error-summary");
    if (!summary || summary.hidden) { inView(document.querySelector("main .messages")); }
    return true;
  }

  function later() {
    clearTimeout(timer);
    var seconds = Math.min(30, Math.pow(2, attempts));
    attempts += 1;
    timer = setTimeout(flush, seconds * 1000);
    return seconds;
  }
  function csrf() {
    var input = document.querySelector("[name=csrfmiddlewaretoken]");
    if (input) { return input.value; }
    var m = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
    return m ? m[1] : "";
  }

  // One entry at a time, the first of the queue.
  function flush() {
    clearTimeout(timer);
    timer = null;
    if (!storage || sending || problem) { showQueue(); return; }
    var entry = queue()[0];
    if (!entry) { attempts = 0; showQueue(); return; }
    if (held(entry)) { showQueue(); return; }
    // A phone that knows it has no network does not try: the "online" event sends the queue
    // (and a timer tries again, in case that event never comes).
    if (navigator.onLine === false) { later(); showQueue(text("offline")); return; }
    sending = true;
    showQueue(text("sending"));
    var body = new FormData();
    entry.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.append("csrfmiddlewaretoken", csrf());
    fetch(entry.url, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (html) {
          sending = false;
          if (response.status >= 500) {
            showQueue(text("server", { status: response.status, s: later() }));
            return;
          }
          var done = response.ok && response.redirected;
          if (done || response.status === 200) {
            // Stored (or replayed), or the form shown again with the server's objections:
            // either way the player now sees it on the page.
            attempts = 0;
            setQueue(queue().filter(function (e) { return e.key !== entry.key; }));
            if (!done) { render(html); return; }  // its form, with what to correct
            if (!entry.fix) { save(NEXT, Math.max(load(NEXT, 0), entry.number + 1)); }
            if (queue().length) { flush(); return; }
            if (new URL(response.url).pathname !== location.pathname) {
              location.assign(response.url);  // the director's form: back to the sheet
            } else {
              render(html);
            }
            return;
          }
          // Refused (403, 429, 400…): kept, shown, sent again when the player says so.
          var page = new DOMParser().parseFromString(html, "text/html");
          var main = page.querySelector("main .messages .error, main .result, main p, main, body");
          problem = { status: response.status, text: main ? main.textContent.trim().slice(0, 300) : "" };
          showQueue();
          inView(status);
        });
      })
      .catch(function () {
        sending = false;
        var seconds = later();
        showQueue(navigator.onLine === false ? text("offline")
          : text("unreachable", { s: seconds }));
      });
  }

  // The table's page as the server now has it (read again after another phone's change:
  // table-live.js), shown without losing what is being typed: the form being filled in
  // stays as it is, focus and caret included, when the server's is the same entry, or when
  // something is typed in it (the server's form then shows as a note above it: a donne
  // refused meanwhile, to correct once this one is recorded). Otherwise the server's form
  // comes, with its draft. The messages of this phone's own last action stay.
  function sameEntry(live, next) {
    return ["expected", "correct", "version"].every(function (name) {
      var a = live.querySelector("[name=" + name + "]"), b = next.querySelector("[name=" + name + "]");
      return (a ? a.value : "") === (b ? b.value : "");
    });
  }
  function show(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var fresh = page.querySelector("main"), main = document.querySelector("main");
    if (!fresh || !main || page.documentElement.hasAttribute("data-cached")) { return false; }
    // The table as this page already shows it (its own change, told back): nothing to redo.
    var now = main.querySelector("#live-status"), then = fresh.querySelector("#live-status");
    if (now && then && now.dataset.stamp && now.dataset.stamp === then.dataset.stamp) {
      return false;
    }
    var live = form && form.parentNode === main ? form : null;
    var next = fresh.querySelector("form[data-entry]");
    var keep = live && next && next.parentNode === fresh &&
      (sameEntry(live, next) || visibleFields().some(typed));
    // What this phone was told of its own last action stays until it does something else.
    var said = main.querySelector(":scope > .messages");
    if (said && !fresh.querySelector(":scope > .messages")) { fresh.prepend(said); }
    // A choice tapped on a card (« Je suis », a reason) stays tapped on the same card.
    var tapped = Array.prototype.map.call(
      main.querySelectorAll("form:not([data-entry]) input:checked"), function (input) {
        return [input.form.getAttribute("action"), input.name, input.value];
      });
    function retap() {
      tapped.forEach(function (t) {
        document.querySelectorAll("main form").forEach(function (card) {
          if (card.getAttribute("action") !== t[0]) { return; }
          var input = card.querySelector("input[name='" + t[1] + "'][value='" + t[2] + "']");
          if (input) { input.checked = true; }
        });
      });
    }
    if (!keep) {
      main.replaceWith(document.adoptNode(fresh));
      init();
      retap();
      return true;
    }
    var before = [], after = [], seen = false;
    Array.prototype.slice.call(fresh.childNodes).forEach(function (node) {
      if (node === next) { seen = true; } else { (seen ? after : before).push(node); }
    });
    if (!sameEntry(live, next)) {  // the server's next form, as a note
      var note = document.createElement("div");
      note.className = "card live-note";
      note.setAttribute("role", "status");
      next.querySelectorAll("h2, .errors.refused").forEach(function (node) {
        note.appendChild(node.cloneNode(true));
      });
      before.push(note);
    }
    Array.prototype.slice.call(main.childNodes).forEach(function (node) {
      if (node !== live) { node.remove(); }
    });
    before.forEach(function (node) { main.insertBefore(document.adoptNode(node), live); });
    after.forEach(function (node) { main.appendChild(document.adoptNode(node)); });
    complements(main);
    retap();
    return true;
  }
  window.tablePage = { show: show };

  init();
  window.addEventListener("online", function () { attempts = 0; flush(); });
  window.addEventListener("storage", function (event) { if (event.key === QUEUE) { showQueue(); } });
  flush();
}());
