/* The Nestors double-dummy search, the hot core of cardwidgets.analysis.
 *
 * A faithful port of NestorsPosition (position/, beside this folder) and Solver
 * (analysis/solver.py): the same moves in the same order, the same
 * transposition keys (up to encoding: equal here exactly when equal there),
 * the same killer moves and table, hence the same values AND the same node
 * counts (tests/test_wasm_core.py checks both).  The Python code is the
 * reference; read its docstrings for why each rule is exact.
 *
 * Freestanding C (no libc): built by `make wasm` with
 *   clang --target=wasm32 -nostdlib -O2 ... -Wl,--no-entry -Wl,--export=...
 * into nestors.wasm, which the loader (analysis/wasm_core.py) runs through
 * wasmtime in CPython and through the browser's WebAssembly in Pyodide.
 *
 * The host writes a deal and a position as int32s into `io` (layout in
 * games/nestors/compiled.py), then calls solve().  Only the play and the
 * leave (NES-6, NES-7) happen inside the core: the opening (NES-6a) is played
 * by the Python root.
 *
 * Threads: several instances of the module may share one
 * memory (a shared WebAssembly memory): they share the deal and the table, and
 * search at once.  What is each instance's own (the position, its undo stack,
 * the killers, the budget, io) is thread-local (`MINE`); each instance gets its
 * own stack and thread-local block from attach().  A bucket of the table is
 * written by one instance at a time and read without a lock, again when it
 * changed meanwhile (a sequence lock), so an entry is never seen half-written.  With
 * one instance (and in the browser, where Pyodide has no threads) nothing of
 * that changes an answer or a node count.
 *
 * Cards are Card.index (suit * 13 + rank place; spades are suit 0).  A card's
 * code: GONE once out of the play, IN_TRICK in the open trick, else its
 * holder's seat + 8 * its point class.
 */

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long long u64;
typedef int i32;

#define CORE_VERSION 5

#define GONE 255
#define IN_TRICK 254
#define NO_MOVE (-1)
#define LEAVE_MOVE 64        /* a leave: the card | LEAVE_MOVE (cards are 0..52) */
#define INFINITY 1000000
#define LOSERS_LAST 1000000
#define NUM_TRICKS 12      /* NES-6 */
#define TRICK_POINTS 5     /* NES-2 */
#define SPADE_BONUS 10     /* NES-2 */
#define SPADE_MAJORITY 5   /* NES-2 */
#define SPADES 0
#define STEP 5             /* every value is a multiple of 5 (NES-2) */

enum { PLAY = 0, LEAVE = 1, DONE = 2 };

/* The host's clock in milliseconds (checked every 4096 positions when a deadline is set). */
__attribute__((import_module("env"), import_name("now_ms"))) double now_ms(void);

/* What each instance has of its own (thread-local: one block per instance, set up by attach()). */
#define MINE _Thread_local

/* ----- freestanding helpers ------------------------------------------------------------------- */
__attribute__((no_builtin("memset"))) void *memset(void *dst, int value, unsigned long n) {
    u8 *d = dst;
    while (n--) *d++ = (u8)value;
    return dst;
}

__attribute__((no_builtin("memcpy"))) void *memcpy(void *dst, const void *src, unsigned long n) {
    u8 *d = dst;
    const u8 *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

/* ----- the deal: per card, fixed for a deal (CardTable in base.py) ---------------------------- */
static i32 suit_of[53], strength[53], points[53], point_class[53], is_trump[53], is_spade[53];
static i32 group_of[53];          /* suit * 64 + points: cards alike share it (_group) */
static i32 lose_rank[53];         /* points * 1000 + strength (_ranks[2]) */
static i32 win_rank[53];          /* -points * 1000 + strength (_ranks[1]) */
static i32 lead_rank[53];         /* -strength (_ranks[0]) */
static i32 orders[4][13], order_len[4], place[53];
static i32 declarers[4], bidder;

/* Remembered per pair of cards: C's outcomes (_c_rows) and B's sort key (_b_rank).  Shared by the
 * instances: a row depends on the deal only; whichever instance needs it first fills it, and marks
 * it known (an atomic store after the row, read atomically) - two filling it at once write the same. */
static i32 c_row_known[53 * 64];
static u8 c_row[53 * 64][53];     /* _position_winning(a, b, c) */
static i32 c_rank[53 * 64][53];   /* _reply_rank of "A or C collects" */
static i32 b_rank_known[53];
static i32 b_rank[53][53];

/* ----- the position (NestorsPosition's fields) ------------------------------------------------ */
typedef struct {
    u8 codes[53];
    i32 phase, to_act, number, table_card, collector;
    i32 order[3], order_len;
    i32 trick_seat[3], trick_card[3], trick_len;
    i32 pending[4], pending_len;
    i32 spades, live_points, live_spades;
    unsigned short live[4];  /* per suit, the places (in orders[suit]) of the cards not GONE */
} __attribute__((aligned(8))) State;

static MINE State st;
static MINE i32 hands[4][13], hand_len[4];

/* The undo stack: the whole small state before each move, and where the card left its hand. */
typedef struct {
    State before;
    i32 seat, card, at;  /* at < 0: no card left a hand (a leave) */
} Undo;

static MINE Undo undo_stack[64];
static MINE i32 undo_top;

/* ----- the search's memory: killers and the table of bounds ----------------------------------- */
static MINE i32 killers[64];   /* per slot (number * 4 + cards in the trick); NO_MOVE if none */

typedef struct {
    u64 k0, k1, k2;       /* the key; k0's top byte: the generation that wrote it */
    u8 low, high;         /* bounds on the future points: 0..190 (a deal's points, NES-2) */
    short move;
    u32 seq;              /* the first slot's of a bucket: its writes so far, twice; odd while one is under way */
} Entry;

static Entry *table;
static u32 table_mask;       /* slots - 1 (a power of two) */
static u32 table_count;      /* CLEAR's entries (one instance: REPLACE counts none, see table_entries) */
static u32 max_entries;      /* emptied when it holds this many (solver.MAX_ENTRIES) */

/* ----- budgets -------------------------------------------------------------------------------- */
static MINE u64 nodes, node_limit;
static MINE double deadline;      /* <= 0: none */
static MINE i32 stopped;

/* ----- the exchange area with the host -------------------------------------------------------- */
static MINE i32 io[1024];

i32 core_version(void) { return CORE_VERSION; }
i32 *io_buffer(void) { return io; }

/* ===== NES-6: who collects (the A-or-B rule, W1-W3b) ========================================= */
/* W3's A-or-B rule: 0 for A, 1 for B. */
static i32 a_or_b(i32 a, i32 b) {
    if (is_trump[a] != is_trump[b]) return is_trump[a] ? 0 : 1;
    if (is_trump[a]) return 0;
    if (suit_of[a] == suit_of[b]) return strength[a] > strength[b] ? 0 : 1;
    return 0;
}

/* The position (0 A, 1 B, 2 C) that collects the trick a, b, c (Decision E-7). */
static i32 position_winning(i32 a, i32 b, i32 c) {
    i32 suit = suit_of[a];
    if (suit_of[b] == suit && suit_of[c] == suit) {
        /* W1: the trump among three cards of one suit; W2: else the highest */
        if (is_trump[a]) return 0;
        if (is_trump[b]) return 1;
        if (is_trump[c]) return 2;
        i32 best = 0, top = strength[a];
        if (strength[b] > top) { best = 1; top = strength[b]; }
        if (strength[c] > top) best = 2;
        return best;
    }
    if (!is_trump[b]) {
        if (is_trump[a] || is_trump[c]) return 2;  /* W3a */
    } else if (is_trump[c] && suit_of[c] != suit && suit_of[c] != suit_of[b]) {
        return 2;  /* W3b */
    }
    return a_or_b(a, b);  /* W3 */
}

/* _c_rows: per card of C after a and b, who collects, and C's sort key (A or C first). */
static i32 c_rows(i32 a, i32 b) {
    i32 pair = a * 64 + b;
    if (!__atomic_load_n(&c_row_known[pair], __ATOMIC_ACQUIRE)) {
        for (i32 c = 0; c < 53; c++) {
            i32 w = c < 52 && order_len[suit_of[c]] && place[c] >= 0 ? position_winning(a, b, c) : 0;
            c_row[pair][c] = (u8)w;
            c_rank[pair][c] = w != 1 ? win_rank[c] : LOSERS_LAST + lose_rank[c];
        }
        __atomic_store_n(&c_row_known[pair], 1, __ATOMIC_RELEASE);
    }
    return pair;
}

/* _b_rank: B's sort key after an opponent's a (B's winners by the A-or-B rule first). */
static i32 *b_ranks(i32 a) {
    if (!__atomic_load_n(&b_rank_known[a], __ATOMIC_ACQUIRE)) {
        for (i32 b = 0; b < 53; b++)
            b_rank[a][b] = a_or_b(a, b) == 1 ? win_rank[b] : LOSERS_LAST + lose_rank[b];
        __atomic_store_n(&b_rank_known[a], 1, __ATOMIC_RELEASE);
    }
    return b_rank[a];
}

/* ===== moves ================================================================================= */
/* A stable insertion sort by key[card] (Python's sort is stable: same order, same node counts). */
static void sort_by(i32 *cards, i32 n, const i32 *key) {
    for (i32 i = 1; i < n; i++) {
        i32 card = cards[i], k = key[card], j = i - 1;
        while (j >= 0 && key[cards[j]] > k) { cards[j + 1] = cards[j]; j--; }
        cards[j + 1] = card;
    }
}

/* tricks.binds_c (NES-6): a card of suit s binds C after A's card of suit sa and B's of suit sb. */
static i32 binds_c(i32 sa, i32 sb, i32 s) { return sa == sb ? s == sa : (s != sa && s != sb); }

/* rules.c_allowed (NES-6): the cards of C's hand he may play after A's suit sa and B's suit sb -
 * a binding card, or a trump if he holds a binding card; else any - written to out (may be hand). */
static i32 c_allowed(const i32 *hand, i32 n, i32 sa, i32 sb, i32 *out) {
    i32 bound_held = 0, m = 0;
    for (i32 i = 0; i < n && !bound_held; i++) bound_held = binds_c(sa, sb, suit_of[hand[i]]);
    for (i32 i = 0; i < n; i++)
        if (!bound_held || binds_c(sa, sb, suit_of[hand[i]]) || is_trump[hand[i]]) out[m++] = hand[i];
    return m;
}

/* _c_replies: after A's a and B's b, C's distinct replies (NES-6 duties; per suit and points,
 * collecting for A or C or not) - the cards C's side must all try when B's card cuts off. */
static i32 c_replies(i32 a, i32 b) {
    i32 seat = st.order[2], allowed[13];
    i32 n = c_allowed(hands[seat], hand_len[seat], suit_of[a], suit_of[b], allowed);
    const u8 *row = c_row[c_rows(a, b)];
    i32 seen[13], m = 0;
    for (i32 i = 0; i < n; i++) {
        i32 c = allowed[i];
        i32 reply = group_of[c] * 2 + (row[c] == 1), k = 0;
        while (k < m && seen[k] != reply) k++;
        if (k == m) seen[m++] = reply;
    }
    return m;
}

/* _fastest_cut_first (B before C): B's winners first, then its losers (_b_rank); within each,
 * the card that leaves C the fewest distinct replies first (Furtak & Buro's fastest-cut-first:
 * when B's card cuts off, C's replies are what its proof must try), then as _b_rank says. */
static void fastest_cut_first(i32 *cards, i32 n) {
    static MINE i32 key[53];
    i32 a = st.trick_card[0];
    const i32 *rank = b_ranks(a);
    for (i32 i = 0; i < n; i++) {
        i32 b = cards[i], losing = rank[b] >= LOSERS_LAST;
        key[b] = losing * 200000000 + c_replies(a, b) * 10000000 + rank[b] - losing * LOSERS_LAST + 500000;
    }
    sort_by(cards, n, key);
}

/* _sure_beaters (A's lead, B and C still to play): B's cards that win against A's lead a by the
 * A-or-B rule (W3) and that no card C may then play (NES-6's duties) takes back for A's side. */
static i32 sure_beaters(i32 a) {
    i32 seat_b = st.order[1], seat_c = st.order[2], m = 0;
    const i32 *hand = hands[seat_b];
    for (i32 i = 0; i < hand_len[seat_b]; i++) {
        i32 b = hand[i], allowed[13], back = 0;
        if (a_or_b(a, b) != 1) continue;
        i32 n = c_allowed(hands[seat_c], hand_len[seat_c], suit_of[a], suit_of[b], allowed);
        const u8 *row = c_row[c_rows(a, b)];
        for (i32 j = 0; j < n && !back; j++) back = row[allowed[j]] != 1;
        m += !back;
    }
    return m;
}

/* _order: leads with the fewest sure beaters in B's hand first, then strongest first (the lead B
 * cannot surely beat is the likeliest to cut off: fastest cut first again); B and C cheap winners for
 * one's side first, then cheap losers. */
static void order_moves(i32 *cards, i32 n) {
    static MINE i32 lead_key[53];
    if (st.trick_len == 0 && st.order_len == 3) {
        for (i32 i = 0; i < n; i++) lead_key[cards[i]] = sure_beaters(cards[i]) * 1000 + lead_rank[cards[i]];  /* strength < 1000 */
        sort_by(cards, n, lead_key);
        return;
    }
    if (st.trick_len == 0) { sort_by(cards, n, lead_rank); return; }
    if (st.trick_len == 2) { sort_by(cards, n, c_rank[c_rows(st.trick_card[0], st.trick_card[1])]); return; }
    if (declarers[st.trick_seat[0]] == declarers[st.to_act]) sort_by(cards, n, win_rank);
    else if (st.order_len == 3) fastest_cut_first(cards, n);
    else sort_by(cards, n, b_ranks(st.trick_card[0]));
}

/* _equal: two cards of one suit and points are one move when no live card of the other side
 * (held, or in this trick) lies between them (partners' cards only meet as A and C, NES-6). */
static i32 equal(i32 prev, i32 card) {
    i32 mine = declarers[st.to_act];
    i32 a = place[prev], b = place[card];
    i32 lo = a < b ? a : b, hi = a < b ? b : a;
    const i32 *order = orders[suit_of[card]];
    for (i32 i = lo + 1; i < hi; i++) {
        i32 x = order[i], code = st.codes[x];
        if (code < IN_TRICK && declarers[code & 3] != mine) return 0;
        if (code == IN_TRICK)
            for (i32 t = 0; t < st.trick_len; t++)
                if (st.trick_card[t] == x && declarers[st.trick_seat[t]] != mine) return 0;
    }
    return 1;
}

/* _merged (the last trick, NES-7): cards without those equal to the card before them. */
static i32 merged(const i32 *hand, i32 n, i32 *out) {
    i32 m = 0;
    for (i32 i = 0; i < n; i++)
        if (i == 0 || group_of[hand[i - 1]] != group_of[hand[i]] || !equal(hand[i - 1], hand[i])) out[m++] = hand[i];
    return m;
}

/* _lowest_alike (A and B): of cards alike in this trick (no card of an opponent still to play, or
 * played, between them), the lowest only. */
static i32 lowest_alike(const i32 *hand, i32 n, i32 *out) {
    i32 rival = st.trick_len ? st.order[2] : st.order[1];
    i32 kept_group[13], kept_place[13], kept = 0, m = 0;
    for (i32 i = n - 1; i >= 0; i--) {
        i32 card = hand[i], group = group_of[card];
        if (i && group == group_of[hand[i - 1]] && equal(hand[i - 1], card)) continue;
        i32 here = place[card], k;
        for (k = 0; k < kept && kept_group[k] != group; k++) {}
        if (k < kept) {
            const i32 *order = orders[suit_of[card]];
            i32 blocked = 0;
            for (i32 x = here + 1; x < kept_place[k]; x++) {
                i32 code = st.codes[order[x]];
                if (code == IN_TRICK || (code & 7) == rival) { blocked = 1; break; }
            }
            if (!blocked) continue;
        } else {
            kept_group[kept++] = group;
        }
        kept_place[k] = here;
        out[m++] = card;
    }
    for (i32 i = 0, j = m - 1; i < j; i++, j--) { i32 t = out[i]; out[i] = out[j]; out[j] = t; }
    return m;
}

/* _c_choices (NES-6: C plays last): per suit and points, the lowest card winning for C's side
 * and the lowest losing. */
static i32 c_choices(const i32 *hand, i32 n, i32 *out) {
    const u8 *row = c_row[c_rows(st.trick_card[0], st.trick_card[1])];
    i32 seen[26], seen_n = 0, m = 0;
    for (i32 i = n - 1; i >= 0; i--) {
        i32 card = hand[i], group = group_of[card];
        if (i && group == group_of[hand[i - 1]] && equal(hand[i - 1], card)) continue;
        group = group * 2 + (row[card] == 1);
        i32 k;
        for (k = 0; k < seen_n && seen[k] != group; k++) {}
        if (k < seen_n) continue;
        seen[seen_n++] = group;
        out[m++] = card;
    }
    for (i32 i = 0, j = m - 1; i < j; i++, j--) { i32 t = out[i]; out[i] = out[j]; out[j] = t; }
    order_moves(out, m);
    return m;
}

static i32 spades_open(void) {  /* NES-2: the bidders may still reach the majority and lack it */
    return st.spades < SPADE_MAJORITY && SPADE_MAJORITY <= st.spades + st.live_spades;
}

/* _leaves_of (NES-7): the cheapest card; while the spade bonus is open the cheapest spade too,
 * when it is cheaper than every other card. */
static i32 leaves_of(const i32 *pending, i32 n, i32 *out) {
    if (!spades_open()) {
        i32 best = pending[0];
        for (i32 i = 1; i < n; i++) if (lose_rank[pending[i]] < lose_rank[best]) best = pending[i];
        out[0] = best;
        return 1;
    }
    i32 spade = -1, other = -1;
    for (i32 i = 0; i < n; i++) {
        i32 c = pending[i];
        if (is_spade[c]) { if (spade < 0 || lose_rank[c] < lose_rank[spade]) spade = c; }
        else if (other < 0 || lose_rank[c] < lose_rank[other]) other = c;
    }
    if (spade < 0 || other < 0) { out[0] = spade > other ? spade : other; return 1; }
    if (points[other] <= points[spade]) { out[0] = other; return 1; }
    out[0] = spade; out[1] = other;
    return 2;
}

/* NestorsPosition.moves(merge=True) in the play and the leave. */
static i32 moves(i32 *out) {
    if (st.phase == LEAVE) {
        i32 n = leaves_of(st.pending, st.pending_len, out);
        for (i32 i = 0; i < n; i++) out[i] |= LEAVE_MOVE;
        return n;
    }
    i32 hand[13], n = 0, seat = st.to_act;
    i32 third = st.trick_len == 2;  /* C (the last trick has no C) */
    for (i32 i = 0; i < hand_len[seat]; i++) hand[n++] = hands[seat][i];
    if (third) n = c_allowed(hand, n, suit_of[st.trick_card[0]], suit_of[st.trick_card[1]], hand);  /* NES-6 */
    i32 alike = 0;  /* two cards of one suit and points? (most often not: nothing merged) */
    for (i32 i = 0; i < n && !alike; i++)
        for (i32 j = i + 1; j < n; j++) if (group_of[hand[i]] == group_of[hand[j]]) { alike = 1; break; }
    if (st.order_len == 2) {  /* the last trick (NES-7) */
        if (alike) n = merged(hand, n, out);
        else for (i32 i = 0; i < n; i++) out[i] = hand[i];
        order_moves(out, n);
        return n;
    }
    if (third) {
        if (alike) return c_choices(hand, n, out);
        for (i32 i = 0; i < n; i++) out[i] = hand[i];
        order_moves(out, n);
        return n;
    }
    if (alike) n = lowest_alike(hand, n, out);
    else for (i32 i = 0; i < n; i++) out[i] = hand[i];
    order_moves(out, n);
    return n;
}

/* ===== play and undo ========================================================================= */
/* A card leaves the play (taken, or left on the table). */
static void gone(i32 card) {
    st.codes[card] = GONE;
    if (place[card] >= 0) st.live[suit_of[card]] &= (unsigned short)~(1u << place[card]);
}

/* _gain (NES-2): cards worth pts with spd spades go to collector; the bidders' gain. */
static i32 gain(i32 pts, i32 spd, i32 collector) {
    st.live_points -= pts;
    st.live_spades -= spd;
    if (!declarers[collector]) return 0;
    i32 before = st.spades;
    st.spades += spd;
    i32 bonus = before < SPADE_MAJORITY && SPADE_MAJORITY <= st.spades ? SPADE_BONUS : 0;
    return pts + TRICK_POINTS + bonus;
}

/* _start_trick (E-6): trick k led by (bidder + k - 1) mod 4; NES-7: the last by the two with cards. */
static void start_trick(i32 number) {
    st.number = number;
    i32 leader = (bidder + number - 1) % 4;
    st.order_len = 0;
    if (number < NUM_TRICKS) {
        for (i32 i = 0; i < 3; i++) st.order[st.order_len++] = (leader + i) % 4;
    } else {
        for (i32 i = 0; i < 4; i++) if (hand_len[(leader + i) % 4]) st.order[st.order_len++] = (leader + i) % 4;
    }
    st.phase = PLAY;
    st.to_act = st.order[0];
}

static i32 take_from_hand(i32 seat, i32 card) {
    i32 at = 0;
    while (hands[seat][at] != card) at++;
    for (i32 i = at; i < hand_len[seat] - 1; i++) hands[seat][i] = hands[seat][i + 1];
    hand_len[seat]--;
    return at;
}

static void return_to_hand(i32 seat, i32 card, i32 at) {
    for (i32 i = hand_len[seat]; i > at; i--) hands[seat][i] = hands[seat][i - 1];
    hands[seat][at] = card;
    hand_len[seat]++;
}

/* A state copied word by word: a struct assignment would be a memory.copy, which wasmtime runs as a
 * call into its runtime (costly for a state of 160 bytes, twice per position). */
__attribute__((no_builtin("memcpy"))) static void copy_state(State *to, const State *from) {
    u64 *t = (u64 *)to;
    const u64 *f = (const u64 *)from;
    for (i32 i = 0; i < (i32)(sizeof(State) / 8); i++) t[i] = f[i];
}

/* NestorsPosition.play with auto_leave (the search's view): the bidders' gain. */
static i32 play(i32 move) {
    Undo *u = &undo_stack[undo_top++];
    copy_state(&u->before, &st);
    if (move & LEAVE_MOVE) {  /* NES-7: the collector takes three of the four cards, leaves one */
        i32 card = move & 63, pts = 0, spd = 0;
        u->at = -1;
        for (i32 i = 0; i < st.pending_len; i++) {
            i32 c = st.pending[i];
            if (c == card) continue;
            pts += points[c]; spd += is_spade[c]; gone(c);
        }
        st.pending_len = 0;
        st.table_card = card;
        st.trick_len = 0;
        i32 g = gain(pts, spd, st.collector);
        start_trick(st.number + 1);
        return g;
    }
    i32 seat = st.to_act, count = st.trick_len + 1;
    u->seat = seat; u->card = move;
    u->at = take_from_hand(seat, move);
    if (count < st.order_len) {
        st.codes[move] = IN_TRICK;
        st.trick_seat[st.trick_len] = seat; st.trick_card[st.trick_len++] = move;
        st.to_act = st.order[count];
        return 0;
    }
    i32 a = st.trick_card[0];
    if (count == 3) {
        i32 b = st.trick_card[1];
        i32 four[4] = {a, b, move, st.table_card}, leaves[2];
        if (leaves_of(four, 4, leaves) == 1) {  /* _trick_and_leave: the only card worth leaving */
            i32 position = c_row[c_rows(a, b)][move];
            i32 collector = position == 2 ? seat : st.trick_seat[position];
            i32 leave = leaves[0];
            st.collector = collector;
            i32 table_card = st.table_card;
            st.table_card = leave;
            gone(a); gone(b); gone(move);
            st.trick_len = 0;
            i32 g = gain(points[a] + points[b] + points[move] + points[table_card] - points[leave],
                         is_spade[a] + is_spade[b] + is_spade[move] + is_spade[table_card] - is_spade[leave],
                         collector);
            start_trick(st.number + 1);
            return g;
        }
        st.trick_seat[2] = seat; st.trick_card[2] = move; st.trick_len = 3;
        st.collector = st.trick_seat[position_winning(a, b, move)];  /* NES-6 W1-W3b */
        st.pending[0] = a; st.pending[1] = b; st.pending[2] = move; st.pending[3] = st.table_card;
        st.pending_len = 4;
        for (i32 i = 0; i < 4; i++) gone(st.pending[i]);
        st.phase = LEAVE;
        st.to_act = st.collector;
        return 0;
    }
    /* NES-7: the last trick, two cards; the collector (A-or-B rule) takes both and the table card */
    i32 collector = a_or_b(a, move) == 0 ? st.trick_seat[0] : seat;
    st.collector = collector;
    st.phase = DONE;
    gone(a); gone(move); gone(st.table_card);
    st.trick_len = 0;
    return gain(points[a] + points[move] + points[st.table_card],
                is_spade[a] + is_spade[move] + is_spade[st.table_card], collector);
}

static void undo(void) {
    Undo *u = &undo_stack[--undo_top];
    copy_state(&st, &u->before);
    if (u->at >= 0) return_to_hand(u->seat, u->card, u->at);
}

/* ===== the key (NestorsPosition.key / _suits_key) ============================================ */
/* Each live card's nibble (its holder's seat | its point class << 2) by suit and place, as the
 * loaded positions gave it (cards never change hands in the play); NO_NIBBLE: not seen held yet. */
#define NO_NIBBLE 0xFF
static u8 nibble[4][13];

/* A suit's part of the key depends only on which of its cards are live (st.live): remembered per
 * suit and set of live places (KNOWN marks a remembered one), shared by the instances like the rows
 * above. Computing it was a fifth of the search's time. */
#define KNOWN (1ull << 63)
static u64 part_memo[4][1 << 13];

/* One suit's live cards, strongest first, as nibbles (seat | point class << 2) above a count;
 * each run of one side's cards (no card of the other side between) in a fixed (ascending) order:
 * partners' cards only meet as A and C, so their order among themselves never changes the points. */
static u64 suit_part_of(i32 s, u32 mask) {
    i32 live[13], n = 0;
    for (i32 i = 0; i < order_len[s]; i++)
        if (mask >> i & 1) live[n++] = nibble[s][i];
    i32 start = 0;
    for (i32 i = 1; i <= n; i++) {
        if (i == n || declarers[live[i] & 3] != declarers[live[start] & 3]) {
            for (i32 x = start + 1; x < i; x++) {  /* sort the run */
                i32 v = live[x], y = x - 1;
                while (y >= start && live[y] > v) { live[y + 1] = live[y]; y--; }
                live[y + 1] = v;
            }
            start = i;
        }
    }
    u64 part = (u64)n;
    for (i32 i = 0; i < n; i++) part |= (u64)live[i] << (4 + 4 * i);
    return part;
}

static u64 suit_part(i32 s) {
    u64 *memo = &part_memo[s][st.live[s]];
    u64 part = __atomic_load_n(memo, __ATOMIC_RELAXED);
    if (!part) {
        part = suit_part_of(s, st.live[s]) | KNOWN;
        __atomic_store_n(memo, part, __ATOMIC_RELAXED);
    }
    return part & ~KNOWN;
}

/* The loaded position's live cards and their nibbles.  A card seen held by another seat than
 * before (a position of another deal with the same context) forgets its suit's parts. */
static void load_parts(void) {
    for (i32 s = 0; s < 4; s++) {
        st.live[s] = 0;
        for (i32 i = 0; i < order_len[s]; i++) {
            i32 code = st.codes[orders[s][i]];
            if (code == GONE) continue;
            st.live[s] |= (unsigned short)(1u << i);
            if (code == IN_TRICK) continue;  /* gone before any key is made */
            u8 held = (u8)((code & 3) | ((code >> 3) << 2));
            if (nibble[s][i] != held) {
                if (nibble[s][i] != NO_NIBBLE) memset(part_memo[s], 0, sizeof part_memo[s]);
                nibble[s][i] = held;
            }
        }
    }
}

/* The key at a trick boundary: trick number, the bidders' spades while the bonus is open (else
 * -1), the table card's points and spade-ness, and the four suits in a canonical order (NES-1:
 * hearts, diamonds and clubs are alike; spades too once the bonus is decided). */
static void make_key(i32 open, u64 *k0, u64 *k1, u64 *k2) {
    u64 s[4];
    for (i32 i = 0; i < 4; i++) s[i] = suit_part(i);
    i32 first = open ? 1 : 0;  /* spades stay first while the bonus is open */
    for (i32 i = first + 1; i < 4; i++) {
        u64 v = s[i];
        i32 j = i - 1;
        while (j >= first && s[j] > v) { s[j + 1] = s[j]; j--; }
        s[j + 1] = v;
    }
    i32 token = points[st.table_card] * 2 + (open && suit_of[st.table_card] == SPADES);
    u64 head = (u64)st.number | (u64)(open ? st.spades + 1 : 0) << 4 | (u64)token << 8 | (u64)1 << 15;
    /* 40 bits per suit (a count and 9 nibbles), 16 bits of head: 176 bits in three words */
    *k0 = s[0] | head << 40;
    *k1 = s[1] | (s[3] & 0xFFFFFF) << 40;
    *k2 = s[2] | (s[3] >> 24) << 40;
}

static u32 slot_of(u64 k0, u64 k1, u64 k2) {
    u64 h = k0 * 0x9E3779B97F4A7C15ull ^ k1 * 0xC2B2AE3D27D4EB4Full ^ k2 * 0x165667B19E3779F9ull;
    h ^= h >> 29;
    return (u32)h & table_mask;
}

/* A slot is in use when its generation (the top byte of k0) is the table's: emptying the table
 * is one step (the next generation), a full wipe only every 255 times. */
static u64 generation = 1;

#define GEN_SHIFT 56
#define IN_USE(e) (((e)->k0 >> GEN_SHIFT) == generation)

static i32 same_key(const Entry *e, u64 tagged, u64 k1, u64 k2) {
    return e->k0 == tagged && e->k1 == k1 && e->k2 == k2;
}

/* The table's policy: CLEAR empties it at max_entries, as the Python solver does (the same node
 * counts; one instance only); REPLACE keeps it full: buckets of BUCKET slots, a new key takes an
 * empty slot or the one nearest the end of the deal (the highest trick number: the cheapest to
 * find again), so what was learnt near the root stays. */
enum { CLEAR = 0, REPLACE = 1 };
#define BUCKET 4
static i32 policy = CLEAR;

/* What the table knows of a key: its bounds and move (found = 0: nothing). */
typedef struct { i32 found, low, high, move; } Known;

/* REPLACE's buckets under a sequence lock (the first slot's seq): one instance writes a bucket at a
 * time (seq odd meanwhile), and a reader reads it again when seq was odd or changed while it read, so
 * an instance never uses an entry another one was writing. Readers write nothing: a lookup does not
 * make the bucket's cache line dirty. A writer holds a bucket for a few stores: the others spin. */
static Entry *locked_bucket(u32 i) {
    Entry *bucket = &table[i & ~(u32)(BUCKET - 1)];
    for (;;) {
        u32 seq = __atomic_load_n(&bucket->seq, __ATOMIC_RELAXED);
        if (!(seq & 1) && __atomic_compare_exchange_n(&bucket->seq, &seq, seq + 1, 0, __ATOMIC_ACQUIRE,
                                                      __ATOMIC_RELAXED))
            return bucket;
    }
}

static void unlock_bucket(Entry *bucket) { __atomic_store_n(&bucket->seq, bucket->seq + 1, __ATOMIC_RELEASE); }

static Known known_of(const Entry *e) {
    Known k = {0, 0, 0, NO_MOVE};
    if (e) { k.found = 1; k.low = e->low; k.high = e->high; k.move = e->move; }
    return k;
}

static Known lookup(u64 k0, u64 k1, u64 k2) {
    u64 tagged = k0 | generation << GEN_SHIFT;
    u32 i = slot_of(k0, k1, k2);
    const Entry *found = 0;
    if (policy == REPLACE) {
        const Entry *bucket = &table[i & ~(u32)(BUCKET - 1)];
        for (;;) {
            u32 seq = __atomic_load_n(&bucket->seq, __ATOMIC_ACQUIRE);
            if (seq & 1) continue;  /* being written */
            for (i32 j = 0; j < BUCKET && !found; j++) if (same_key(&bucket[j], tagged, k1, k2)) found = &bucket[j];
            Known k = known_of(found);
            __atomic_thread_fence(__ATOMIC_ACQUIRE);  /* what was read, read before seq again */
            if (__atomic_load_n(&bucket->seq, __ATOMIC_RELAXED) == seq) return k;
            found = 0;
        }
    }
    while (IN_USE(&table[i]) && !found) {
        if (same_key(&table[i], tagged, k1, k2)) found = &table[i];
        i = (i + 1) & table_mask;
    }
    return known_of(found);
}

/* REPLACE: where a key goes in its (locked) bucket (its own slot, an empty one, else the deepest). */
static Entry *bucket_slot(Entry *bucket, u64 tagged, u64 k1, u64 k2) {
    Entry *victim = 0;
    u32 deepest = 0;
    for (i32 j = 0; j < BUCKET; j++) {
        Entry *e = &bucket[j];
        if (!IN_USE(e) || same_key(e, tagged, k1, k2)) return e;
        u32 number = (u32)(e->k0 >> 40) & 15;  /* the trick number in the key's head */
        if (!victim || number > deepest) { victim = e; deepest = number; }
    }
    return victim;
}

static void clear_table(void) {
    if (++generation == 256) {
        memset(table, 0, (unsigned long)(table_mask + 1) * sizeof(Entry));
        generation = 1;
    }
    table_count = 0;
}

static void write_entry(Entry *e, u64 tagged, u64 k1, u64 k2, i32 low, i32 high, i32 move) {
    if (policy == CLEAR && !IN_USE(e)) table_count++;  /* a shared counter would be a cache line all the
                                                        * instances write at every new entry */
    e->k0 = tagged; e->k1 = k1; e->k2 = k2;
    e->low = (u8)low; e->high = (u8)high; e->move = (short)move;
}

/* Solver._store: narrow the key's bounds by a result found in the window (alpha, beta). */
static void store(u64 k0, u64 k1, u64 k2, i32 low, i32 high, i32 alpha, i32 beta, i32 best, i32 move) {
    if (best <= alpha) { if (best < high) high = best; }
    else if (best >= beta) { if (best > low) low = best; }
    else low = high = best;
    if (policy == CLEAR && table_count >= max_entries) clear_table();
    u64 tagged = k0 | generation << GEN_SHIFT;
    u32 i = slot_of(k0, k1, k2);
    if (policy == REPLACE) {
        Entry *bucket = locked_bucket(i);
        write_entry(bucket_slot(bucket, tagged, k1, k2), tagged, k1, k2, low, high, move);
        unlock_bucket(bucket);
        return;
    }
    while (IN_USE(&table[i]) && !same_key(&table[i], tagged, k1, k2)) i = (i + 1) & table_mask;
    write_entry(&table[i], tagged, k1, k2, low, high, move);
}

/* ===== the search (Solver._search / Solver.value) ============================================ */
static i32 search(i32 alpha, i32 beta) {
    if (st.phase == DONE) return 0;
    nodes++;
    if (nodes > node_limit || (deadline > 0 && !(nodes & 4095) && now_ms() > deadline)) stopped = 1;
    if (stopped) return 0;
    i32 open = spades_open();
    i32 high = st.live_points + TRICK_POINTS * (NUM_TRICKS + 1 - st.number) + open * SPADE_BONUS;
    i32 keyed = st.phase == PLAY && st.trick_len == 0 && st.number != NUM_TRICKS;
    i32 slot = st.number * 4 + (keyed ? 0 : st.trick_len);
    i32 killer = st.trick_len != 1;  /* B's card: no killer (its order is fastest_cut_first's) */
    i32 low = 0, first = killer ? killers[slot] : NO_MOVE;
    u64 k0 = 0, k1 = 0, k2 = 0;
    if (keyed) {
        make_key(open, &k0, &k1, &k2);
        Known known = lookup(k0, k1, k2);
        if (known.found) {
            low = known.low;
            first = known.move;  /* the table's move, or none */
            if (known.high < high) high = known.high;
        }
    }
    if (low >= beta || low == high) return low;
    if (high <= alpha) return high;
    if (low > alpha) alpha = low;
    if (high < beta) beta = high;
    i32 list[13];
    i32 n = moves(list);
    if (first != NO_MOVE && list[0] != first) {  /* the table's or the killer's move first */
        i32 at = 1;
        while (at < n && list[at] != first) at++;
        if (at < n) {
            for (i32 i = at; i > 0; i--) list[i] = list[i - 1];
            list[0] = first;
        }
    }
    i32 window_alpha = alpha, window_beta = beta, best_move = NO_MOVE, best;
    if (declarers[st.to_act]) {
        best = -INFINITY;
        for (i32 i = 0; i < n; i++) {
            i32 g = play(list[i]);
            i32 value = g + search(alpha - g, beta - g);
            undo();
            if (stopped) return 0;
            if (value > best) {
                best = value;
                if (best > alpha) {
                    alpha = best;
                    if (alpha >= beta) { best_move = list[i]; break; }
                }
            }
        }
    } else {
        best = INFINITY;
        for (i32 i = 0; i < n; i++) {
            i32 g = play(list[i]);
            i32 value = g + search(alpha - g, beta - g);
            undo();
            if (stopped) return 0;
            if (value < best) {
                best = value;
                if (best < beta) {
                    beta = best;
                    if (alpha >= beta) { best_move = list[i]; break; }
                }
            }
        }
    }
    if (best_move != NO_MOVE && killer) killers[slot] = best_move;
    if (keyed) store(k0, k1, k2, low, high, window_alpha, window_beta, best, best_move);
    return best;
}

/* ===== the host's calls ====================================================================== */
/* The memory after the module's data: one area per instance (its thread-local block, then its
 * stack), then the table. */
extern u8 __heap_base;
extern void __wasm_init_tls(void *block);
#define MAX_INSTANCES 8
#define STACK_BYTES 65536

static unsigned long heap_start(void) { return ((unsigned long)&__heap_base + 63) & ~63ul; }
static unsigned long area_bytes(void) { return ((__builtin_wasm_tls_size() + 63) & ~63ul) + STACK_BYTES; }

/* The memory reaches `end` (grown when it does not): 0, or -1 when it cannot grow that far. */
static i32 reach(unsigned long end) {
    unsigned long have = __builtin_wasm_memory_size(0) * 65536ul;
    if (end <= have) return 0;
    return __builtin_wasm_memory_grow(0, (end - have + 65535) / 65536) == (unsigned long)-1 ? -1 : 0;
}

/* Gives instance `index` (0 .. MAX_INSTANCES - 1) of the memory its thread-local block and stack;
 * returns the stack's top, which the host makes the instance's __stack_pointer (0: no such index).
 * Called first, once per instance, before anything else. */
i32 attach(i32 index) {
    if (index < 0 || index >= MAX_INSTANCES) return 0;
    unsigned long area = heap_start() + (unsigned long)index * area_bytes();
    if (reach(area + area_bytes()) < 0) return 0;
    __wasm_init_tls((void *)area);
    return (i32)(area + area_bytes());
}

/* Sets up the table: 2^log2_slots slots; policy CLEAR (emptied at max entries) or REPLACE.
 * Returns its bytes, or -1 when the memory cannot grow that far (or the arguments are wrong).
 * Once per memory: the instances attached to it later share the table. */
i32 setup_table(i32 log2_slots, i32 max, i32 replace) {
    if (log2_slots < 4 || log2_slots > 24 || max < 1) return -1;  /* at most 512 MB */
    if (!replace && (u32)max > (7u << log2_slots) / 8) return -1;  /* linear probing needs empty slots */
    unsigned long bytes = (unsigned long)sizeof(Entry) << log2_slots;
    unsigned long base = heap_start() + MAX_INSTANCES * area_bytes();
    static unsigned long dirty;  /* the bytes any table has used so far */
    if (reach(base + bytes) < 0) return -1;
    table = (Entry *)base;
    table_mask = (1u << log2_slots) - 1;
    max_entries = (u32)max;
    policy = replace ? REPLACE : CLEAR;
    memset(table, 0, dirty < bytes ? dirty : bytes);  /* memory new from memory.grow is zero already */
    if (bytes > dirty) dirty = bytes;
    generation = 1;
    table_count = 0;
    return (i32)bytes;
}

/* This instance's part of a new deal: no killers yet. */
void join_deal(void) {
    for (i32 i = 0; i < 64; i++) killers[i] = NO_MOVE;
}

/* A new deal (io: per card 0..51 suit, strength, points, point class, trump?, in the deck?; then
 * declarers[4], bidder).  Empties the table and this instance's killers (DoubleDummy's context
 * change); the other instances sharing the memory then join_deal(). */
void new_deal(void) {
    const i32 *p = io;
    for (i32 s = 0; s < 4; s++) order_len[s] = 0;
    for (i32 c = 0; c < 53; c++) {
        suit_of[c] = strength[c] = points[c] = point_class[c] = is_trump[c] = is_spade[c] = 0;
        place[c] = -1;
    }
    for (i32 c = 0; c < 52; c++, p += 6) {
        suit_of[c] = p[0]; strength[c] = p[1]; points[c] = p[2]; point_class[c] = p[3]; is_trump[c] = p[4];
        if (p[5]) {
            is_spade[c] = p[0] == SPADES;
            orders[p[0]][order_len[p[0]]++] = c;
        }
    }
    for (i32 s = 0; s < 4; s++) {  /* each suit's cards, strongest first */
        for (i32 i = 1; i < order_len[s]; i++) {
            i32 c = orders[s][i], j = i - 1;
            while (j >= 0 && strength[orders[s][j]] < strength[c]) { orders[s][j + 1] = orders[s][j]; j--; }
            orders[s][j + 1] = c;
        }
        for (i32 i = 0; i < order_len[s]; i++) place[orders[s][i]] = i;
    }
    for (i32 c = 0; c < 53; c++) {
        group_of[c] = suit_of[c] * 64 + points[c];
        lose_rank[c] = points[c] * 1000 + strength[c];
        win_rank[c] = -points[c] * 1000 + strength[c];
        lead_rank[c] = -strength[c];
    }
    for (i32 s = 0; s < 4; s++) declarers[s] = p[s];
    bidder = p[4];
    memset(c_row_known, 0, sizeof c_row_known);
    memset(b_rank_known, 0, sizeof b_rank_known);
    memset(nibble, NO_NIBBLE, sizeof nibble);
    memset(part_memo, 0, sizeof part_memo);
    join_deal();
    clear_table();
}

/* A position of the deal (io: phase, to_act, number, table card, collector, spades, live points,
 * live spades; order (count + 3); trick (count + 3 seats + 3 cards); pending (count + 4); hands
 * (4 x count + 12 cards); codes[53]). */
void load_position(void) {
    const i32 *p = io;
    st.phase = p[0]; st.to_act = p[1]; st.number = p[2]; st.table_card = p[3]; st.collector = p[4];
    st.spades = p[5]; st.live_points = p[6]; st.live_spades = p[7];
    p += 8;
    st.order_len = p[0];
    for (i32 i = 0; i < 3; i++) st.order[i] = p[1 + i];
    p += 4;
    st.trick_len = p[0];
    for (i32 i = 0; i < 3; i++) { st.trick_seat[i] = p[1 + i]; st.trick_card[i] = p[4 + i]; }
    p += 7;
    st.pending_len = p[0];
    for (i32 i = 0; i < 4; i++) st.pending[i] = p[1 + i];
    p += 5;
    for (i32 s = 0; s < 4; s++, p += 13) {
        hand_len[s] = p[0];
        for (i32 i = 0; i < 12; i++) hands[s][i] = p[1 + i];
    }
    for (i32 c = 0; c < 53; c++) st.codes[c] = (u8)p[c];
    load_parts();
    undo_top = 0;
}

/* Solver.value: the exact future points of the bidders from the loaded position, by null-window
 * tests (MTD(f) from guess when has_guess, else halving the range).  Stops past max_nodes
 * positions (counted from this call) or the host's clock passing deadline_ms (when > 0): then
 * returns -1 and the host answers "not finished".  nodes_done() tells the positions searched. */
i32 solve(i32 guess, i32 has_guess, double max_nodes, double deadline_ms) {
    nodes = 0;
    node_limit = max_nodes >= 1e18 ? (u64)-1 : (u64)max_nodes;
    deadline = deadline_ms;
    stopped = 0;
    i32 lower = 0;
    i32 upper = st.live_points + TRICK_POINTS * (NUM_TRICKS + 1 - st.number) + spades_open() * SPADE_BONUS;
    i32 value = has_guess && lower <= guess && guess <= upper ? guess : -INFINITY;
    while (lower < upper) {
        i32 beta;
        if (value == -INFINITY) beta = lower + ((upper - lower) / STEP + 1) / 2 * STEP;
        else beta = value == lower ? value + 1 : value;
        value = search(beta - 1, beta);
        if (stopped) return -1;
        if (value < beta) upper = value;
        else lower = value;
        if (!has_guess) value = -INFINITY;
    }
    return lower;
}

double nodes_done(void) { return (double)nodes; }
/* The entries in the table (REPLACE: counted slot by slot; a diagnostic for tests). */
i32 table_entries(void) {
    if (policy == CLEAR) return (i32)table_count;
    u32 count = 0;
    for (u32 i = 0; i <= table_mask; i++) count += IN_USE(&table[i]);
    return (i32)count;
}
