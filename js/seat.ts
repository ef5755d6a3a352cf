// The page's half of a shared room's seat handshake (docs/classroom.md, "Identity, seats and credentials").
//
// The kernel asks the room service for a seat and shows its page the claim's id (`seat_claim`); the page,
// which the Jupyter server has authenticated (its login cookie, its `_xsrf` cookie), confirms the claim
// into its user's name and tells the kernel how that went. While the table is shown the page also tells
// the kernel every 10 s that it is open (`page_alive`), so a closed page frees the seat.
// No secret passes through here: a claim's id is worthless without the key only the kernel holds.
import type { Model } from "./types.js";

/** How often the page tells its kernel it is open (the service calls a page gone after 75 s). */
export const PAGE_ALIVE_MS = 10_000;

/** The service's refusal: `{"rule": "ROOM", "key": "room.…", "params": {…}}` (the kernel words it). */
export interface RoomRefusal {
  rule: string;
  key: string;
  params: Record<string, unknown>;
}

/** kernel -> page: confirm this claim (`api`: the service's path under the server's base URL). */
export interface SeatClaim {
  kind: "seat_claim";
  claim: string;
  api: string;
  take_over?: boolean;
}

/** page -> kernel: the handshake's outcome, and the page's heartbeat. */
export type PageMessage =
  | { kind: "seat_claim_confirmed"; claim: string }
  | { kind: "seat_claim_refused"; claim: string; error: RoomRefusal }
  | { kind: "page_alive" };

/** The refusal that offers the "take over" button: the seat is played in another tab or notebook. */
export const OTHER_TAB = "room.other_tab";

const CLAIM_ID = /^[A-Za-z0-9_-]{1,200}$/;
// A path under the server's base URL: no scheme, no leading slash, no "..", ending in "/".
const API_PATH = /^(?:[A-Za-z0-9_.-]+\/)+$/;

/** Whether a custom message is a well-formed `seat_claim` (anything else is not the handshake's). */
export function isSeatClaim(content: unknown): content is SeatClaim {
  if (!content || typeof content !== "object") return false;
  const message = content as Record<string, unknown>;
  return (
    message.kind === "seat_claim" &&
    typeof message.claim === "string" &&
    CLAIM_ID.test(message.claim) &&
    typeof message.api === "string" &&
    API_PATH.test(message.api) &&
    !message.api.split("/").includes("..") &&
    (message.take_over === undefined || typeof message.take_over === "boolean")
  );
}

/** The server's base URL from the page's `jupyter-config-data` (JupyterLab, Notebook 7, Voila), "/" if absent. */
export function serverBase(doc: Document = document): string {
  const script = doc.getElementById("jupyter-config-data");
  let base: unknown;
  try {
    base = script && JSON.parse(script.textContent || "{}").baseUrl;
  } catch {
    base = undefined;
  }
  if (typeof base !== "string" || !base.startsWith("/") || base.startsWith("//")) return "/";
  return base.endsWith("/") ? base : `${base}/`;
}

/** The `_xsrf` cookie's value ("" if the page has none), sent back as `X-XSRFToken` as JupyterLab does. */
export function xsrfToken(cookies: string): string {
  for (const part of cookies.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "_xsrf") return decodeURIComponent(value.join("="));
  }
  return "";
}

/** A refusal in the service's form, or null if `body` is not one. */
function refusalOf(body: unknown): RoomRefusal | null {
  const error = body && typeof body === "object" ? (body as Record<string, unknown>).error : null;
  if (!error || typeof error !== "object") return null;
  const { rule, key, params } = error as Record<string, unknown>;
  if (typeof key !== "string") return null;
  return {
    rule: typeof rule === "string" ? rule : "ROOM",
    key,
    params: params && typeof params === "object" && !Array.isArray(params) ? (params as Record<string, unknown>) : {},
  };
}

/** What the page needs from its browser (replaced in the tests). */
export interface PageEnv {
  fetch: typeof fetch;
  document: Document;
}

/**
 * Confirm `claim` with the service in this page's name: `POST <base><api>claims/<claim>/confirm`.
 * Returns the message for the kernel: confirmed, or refused with the service's refusal (a service
 * that cannot be reached, or answers with something else, is `room.unreachable`).
 */
export async function confirmClaim(claim: SeatClaim, takeOver: boolean, env: PageEnv): Promise<PageMessage> {
  const where = `${serverBase(env.document)}${claim.api}`;
  const url = `${where}claims/${encodeURIComponent(claim.claim)}/confirm`;
  const unreachable = (reason: string): PageMessage => ({
    kind: "seat_claim_refused",
    claim: claim.claim,
    error: { rule: "ROOM", key: "room.unreachable", params: { store: where, reason } },
  });
  let response: Response;
  try {
    let token = xsrfToken(env.document.cookie);
    if (!token) {
      // A Voila page sets no `_xsrf` cookie (JupyterLab's does): the service's `GET /` sets one.
      await env.fetch(where, { method: "GET", credentials: "same-origin" });
      token = xsrfToken(env.document.cookie);
    }
    response = await env.fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-XSRFToken": token },
      body: JSON.stringify({ take_over: takeOver }),
    });
  } catch (error) {
    return unreachable(error instanceof Error ? error.message : String(error));
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok) return { kind: "seat_claim_confirmed", claim: claim.claim };
  const refusal = refusalOf(body);
  return refusal ? { kind: "seat_claim_refused", claim: claim.claim, error: refusal } : unreachable(`HTTP ${response.status}`);
}

// The claims a model's views have already taken up: two views of one table confirm a claim once.
const taken = new WeakMap<object, Set<string>>();

/**
 * One view's side of the handshake: it answers the kernel's `seat_claim` messages and sends
 * `page_alive` now and every `PAGE_ALIVE_MS` until `stop()`. `offer` is the claim a "take over"
 * button would confirm again (the last refusal was `room.other_tab`), null otherwise;
 * `changed` is called when it changes.
 */
export class SeatHandshake {
  offer: SeatClaim | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listener = (content?: unknown): void => {
    if (isSeatClaim(content)) void this.answer(content, Boolean(content.take_over));
  };

  constructor(
    private readonly model: Model<unknown>,
    private readonly changed: () => void,
    private readonly env: PageEnv = { fetch: (...args) => fetch(...args), document },
  ) {}

  /** Listen for claims and start the heartbeat (the first beat at once: a kernel waiting for its page learns it is there). */
  start(): void {
    this.model.on("msg:custom", this.listener);
    this.beat();
    this.timer = setInterval(() => this.beat(), PAGE_ALIVE_MS);
  }

  /** The view is gone: no more heartbeats from it, no more answers. */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.model.off?.("msg:custom", this.listener);
  }

  /** The "take over" button: confirm the refused claim again, asking for the seat from the other tab. */
  takeOver(): Promise<void> {
    const claim = this.offer;
    if (!claim) return Promise.resolve();
    this.setOffer(null);
    return this.answer(claim, true, true);
  }

  private beat(): void {
    const message: PageMessage = { kind: "page_alive" };
    this.model.send(message);
  }

  private setOffer(offer: SeatClaim | null): void {
    if (offer === this.offer) return;
    this.offer = offer;
    this.changed();
  }

  /** Confirm `claim` (once per model, unless it is the take-over's second try) and tell the kernel. */
  async answer(claim: SeatClaim, takeOver: boolean, again = false): Promise<void> {
    let claims = taken.get(this.model);
    if (!claims) taken.set(this.model, (claims = new Set()));
    if (claims.has(claim.claim) && !again) return;
    claims.add(claim.claim);
    if (!again) this.setOffer(null);
    const reply = await confirmClaim(claim, takeOver, this.env);
    this.model.send(reply);
    if (reply.kind === "seat_claim_refused" && reply.error.key === OTHER_TAB) this.setOffer(claim);
  }
}
