/* The compiled Nestors search built natively, to count positions fast (experiments on the search's speed).
 *
 *   python benchmarks/analysis.py --cases nestors:2 --deals 10 --dump /tmp/t2.txt
 *   clang -O2 -o /tmp/core benchmarks/core_native.c && /tmp/core /tmp/t2.txt [log2 slots, 22] [replace 1 | clear 0]
 *
 * It includes cardwidgets/games/nestors/core/nestors.c unchanged (CORE can name another copy: -DCORE='"x.c"'),
 * gives it a table in 2 MB pages and the host's clock, and solves each dumped deal's root actions the way
 * DoubleDummy does (in legal order, each from the previous action's value, one table per deal):
 * per deal the values, the positions and the CPU time. The same positions as the module, node for node.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static unsigned char *heap;  /* the table's memory: nestors.c puts the table at __heap_base */
#define __heap_base (*heap)
#define __builtin_wasm_memory_size(memory) (1ul << 40)
#define __builtin_wasm_memory_grow(memory, pages) ((void)(pages), (unsigned long)-1)
#define __builtin_wasm_tls_size() 0ul /* natively, _Thread_local is the C library's */
#ifndef CORE
#define CORE "../cardwidgets/games/nestors/core/nestors.c"
#endif
#pragma clang diagnostic ignored "-Wunknown-attributes" /* the wasm import of now_ms */
#include CORE

void __wasm_init_tls(void *block) { (void)block; }

double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int read_ints(FILE *f, int count) {
    for (int i = 0; i < count; i++)
        if (fscanf(f, "%d", &io[i]) != 1) return 0;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s dump.txt [log2 slots] [1 replace | 0 clear]\n", argv[0]);
        return 2;
    }
    int log2 = argc > 2 ? atoi(argv[2]) : 22, replace = argc > 3 ? atoi(argv[3]) : 1;
    unsigned long huge = 2ul << 20, size = (sizeof(Entry) << log2) + huge + MAX_INSTANCES * area_bytes();
    unsigned char *memory = mmap(0, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) return 1;
    madvise(memory, size, MADV_HUGEPAGE);
    heap = (unsigned char *)(((unsigned long)memory + huge - 1) & ~(huge - 1));
    if (setup_table(log2, replace ? 1 << log2 : 1000000, replace) < 0) return 1;
    FILE *f = fopen(argv[1], "r");
    if (!f) return 1;
    double all_nodes = 0, all_seconds = 0;
    int deal = 0, actions, size_of;
    while (fscanf(f, " D %d", &actions) == 1 && read_ints(f, 52 * 6 + 5)) {
        new_deal();
        double start = cpu_seconds(), positions = 0;
        int guess = 0, has_guess = 0;
        printf("deal %2d:", ++deal);
        for (int a = 0; a < actions; a++) {
            int gain;
            if (fscanf(f, " P %d %d", &gain, &size_of) != 2 || !read_ints(f, size_of)) return 1;
            load_position();
            int value = solve(guess - gain, has_guess, 1e19, 0);
            positions += nodes_done();
            guess = gain + value;
            has_guess = 1;
            printf(" %d", guess);
        }
        double seconds = cpu_seconds() - start;
        all_nodes += positions;
        all_seconds += seconds;
        printf("  positions %.0f  cpu %.2f s\n", positions, seconds);
    }
    printf("all: positions %.0f  cpu %.2f s\n", all_nodes, all_seconds);
    return 0;
}
