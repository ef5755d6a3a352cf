// The page's half of a shared room's seat handshake (js/seat.ts): confirm, report, beat, take over.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fixture, mount, runIntervals } from "./harness.mjs";
import table from "../index.ts";
import { confirmClaim, isSeatClaim, serverBase, xsrfToken } from "../seat.ts";

const CLAIM = { kind: "seat_claim", claim: "c_7Hq-x_2", api: "cardwidgets/rooms/v1/", take_over: false };
const OTHER_TAB = { error: { rule: "ROOM", key: "room.other_tab", params: { seat: 2, room: "class-3-t1" } } };

/**
 * A page at `baseUrl` with an `_xsrf` cookie (unless `xsrf` is false: then the service's `GET /` sets it),
 * and a fake `fetch` answering the POSTs with `replies` in turn (recording every call).
 */
function page(baseUrl, replies, xsrf = true) {
  document.head.replaceChildren();
  if (baseUrl !== null) {
    const config = document.createElement("script");
    config.id = "jupyter-config-data";
    config.type = "application/json";
    config.textContent = JSON.stringify({ baseUrl, kernelId: "k1" });
    document.head.appendChild(config);
  }
  // the test's DOM has no address, so no cookie jar: the page's cookies are given as they would read
  const cookies = (value) => Object.defineProperty(document, "cookie", { value, configurable: true });
  cookies(xsrf ? "theme=x; _xsrf=2|ab%7C12|x" : "theme=x");
  const calls = [];
  globalThis.fetch = async (url, init) => {
    if (init.method === "GET") {
      calls.push({ url, init });
      cookies("theme=x; _xsrf=2|cd%7C34|y");
      return { ok: true, status: 200, json: async () => ({ service: "cardwidgets-rooms" }) };
    }
    calls.push({ url, init, body: JSON.parse(init.body) });
    const reply = replies.shift();
    if (reply instanceof Error) throw reply;
    return {
      ok: reply.status < 400,
      status: reply.status,
      json: async () => {
        if (reply.body === undefined) throw new SyntaxError("not JSON");
        return reply.body;
      },
    };
  };
  return calls;
}

/** Wait until the page has answered (the fetch and its reply are promises). */
async function settled() {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const env = () => ({ fetch: (...args) => globalThis.fetch(...args), document });

test("the base URL comes from jupyter-config-data; the XSRF token from the _xsrf cookie", () => {
  page("/user/anna/", []);
  assert.equal(serverBase(document), "/user/anna/");
  page("/voila", []);
  assert.equal(serverBase(document), "/voila/");
  page(null, []);
  assert.equal(serverBase(document), "/");
  page("//evil.example/", []);
  assert.equal(serverBase(document), "/");
  assert.equal(xsrfToken("a=1; _xsrf=2|ab%7C12|x; b=2"), "2|ab|12|x");
  assert.equal(xsrfToken("a=1"), "");
});

test("only a well-formed claim is taken up: its id and the service's path cannot point elsewhere", () => {
  assert.ok(isSeatClaim(CLAIM));
  for (const bad of [
    { ...CLAIM, kind: "seat" },
    { ...CLAIM, claim: "../../api/kernels" },
    { ...CLAIM, api: "https://evil.example/" },
    { ...CLAIM, api: "/cardwidgets/rooms/v1/" },
    { ...CLAIM, api: "cardwidgets/../api/" },
    { ...CLAIM, take_over: "yes" },
    null,
    "seat_claim",
  ]) {
    assert.ok(!isSeatClaim(bad), JSON.stringify(bad));
  }
});

test("a claim is confirmed by a same-origin POST with the XSRF token, and the kernel is told", async () => {
  const calls = page("/base/", [{ status: 200, body: { room: "class-3-t1", seat: 2, user: "anon" } }]);
  const { model } = mount(table, fixture("table-nimby-follow"));
  model.receive(CLAIM);
  await settled();
  assert.equal(calls.length, 1);
  const [{ url, init, body }] = calls;
  assert.equal(url, "/base/cardwidgets/rooms/v1/claims/c_7Hq-x_2/confirm");
  assert.equal(init.method, "POST");
  assert.equal(init.credentials, "same-origin");
  assert.equal(init.headers["X-XSRFToken"], "2|ab|12|x");
  assert.deepEqual(body, { take_over: false });
  assert.deepEqual(model.sent, [{ kind: "seat_claim_confirmed", claim: "c_7Hq-x_2" }]);
});

test("a refusal goes back to the kernel as the service gave it", async () => {
  const refusal = { error: { rule: "ROOM", key: "room.seat_taken", params: { seat: 2, room: "class-3-t1" } } };
  page("/", [{ status: 403, body: refusal }]);
  const { model, host } = mount(table, fixture("table-nimby-follow"));
  model.receive(CLAIM);
  await settled();
  assert.deepEqual(model.sent, [{ kind: "seat_claim_refused", claim: "c_7Hq-x_2", error: refusal.error }]);
  assert.equal(host.querySelector(".cw-take-over"), null); // not the other-tab case: nothing to take over
});

test("a service that cannot be reached, or answers with something else, is reported as unreachable", async () => {
  page("/", [new TypeError("Failed to fetch")]);
  const down = await confirmClaim(CLAIM, false, env());
  assert.equal(down.kind, "seat_claim_refused");
  assert.deepEqual(down.error, {
    rule: "ROOM",
    key: "room.unreachable",
    params: { store: "/cardwidgets/rooms/v1/", reason: "Failed to fetch" },
  });
  page("/", [{ status: 502 }]);
  const proxy = await confirmClaim(CLAIM, false, env());
  assert.deepEqual(proxy.error.params, { store: "/cardwidgets/rooms/v1/", reason: "HTTP 502" });
});

test("each claim is confirmed once, however many views show the table", async () => {
  const calls = page("/", [{ status: 200, body: {} }]);
  const { model } = mount(table, fixture("table-nimby-follow"));
  table.render({ model, el: document.createElement("div") }); // a second view of the same model
  model.receive(CLAIM);
  model.receive({ ...CLAIM }); // the kernel asking again
  await settled();
  assert.equal(calls.length, 1);
  assert.deepEqual(model.sent, [{ kind: "seat_claim_confirmed", claim: "c_7Hq-x_2" }]);
});

test("a malformed claim is not confirmed", async () => {
  const calls = page("/", [{ status: 200, body: {} }]);
  const { model } = mount(table, fixture("table-nimby-follow"));
  model.receive({ ...CLAIM, api: "//evil.example/" });
  await settled();
  assert.equal(calls.length, 0);
  assert.deepEqual(model.sent, []);
});

test("the page says it is open when drawn and at every beat, and stops when the view goes", () => {
  page("/", []);
  const { model, cleanup } = mount(table, fixture("table-nimby-follow"));
  assert.equal(model.beats, 1); // at once: a kernel waiting for its page learns it is there
  runIntervals();
  assert.equal(model.beats, 2);
  cleanup();
  runIntervals();
  assert.equal(model.beats, 2);
});

test("the seat held in another tab: a take-over button confirms the claim again with take_over", async () => {
  const calls = page("/", [{ status: 403, body: OTHER_TAB }, { status: 200, body: {} }]);
  const state = fixture("table-nimby-follow");
  state.ui = { ...state.ui, take_over: "Play here instead" };
  const { model, host } = mount(table, state);
  model.receive(CLAIM);
  await settled();
  assert.deepEqual(model.sent, [{ kind: "seat_claim_refused", claim: "c_7Hq-x_2", error: OTHER_TAB.error }]);
  const button = host.querySelector(".cw-take-over");
  assert.ok(button);
  assert.equal(button.textContent, "Play here instead");
  model.change("error", { text: "seat 2 is being played in another tab or notebook" }); // the kernel's words
  assert.ok(host.querySelector(".cw-take-over"), "the button stays while the refusal is shown");
  host.querySelector(".cw-take-over").click();
  await settled();
  assert.equal(calls.length, 2);
  assert.deepEqual(calls[1].body, { take_over: true });
  assert.deepEqual(model.sent.at(-1), { kind: "seat_claim_confirmed", claim: "c_7Hq-x_2" });
  assert.equal(host.querySelector(".cw-take-over"), null);
});

test("a claim the kernel sends with take_over is confirmed with it", async () => {
  const calls = page("/", [{ status: 200, body: {} }]);
  const { model } = mount(table, fixture("table-nimby-follow"));
  model.receive({ ...CLAIM, claim: "c_second", take_over: true });
  await settled();
  assert.deepEqual(calls[0].body, { take_over: true });
});

test("a page with no _xsrf cookie (Voila's) gets one from the service's GET / before it confirms", async () => {
  const calls = page("/voila-base/", [{ status: 200, body: {} }], false);
  const { model } = mount(table, fixture("table-nimby-follow"));
  model.receive(CLAIM);
  await settled();
  assert.deepEqual(calls.map((c) => [c.init.method, c.url]), [
    ["GET", "/voila-base/cardwidgets/rooms/v1/"],
    ["POST", "/voila-base/cardwidgets/rooms/v1/claims/c_7Hq-x_2/confirm"],
  ]);
  assert.equal(calls[0].init.credentials, "same-origin");
  assert.equal(calls[1].init.headers["X-XSRFToken"], "2|cd|34|y");
  assert.deepEqual(model.sent, [{ kind: "seat_claim_confirmed", claim: "c_7Hq-x_2" }]);
});
